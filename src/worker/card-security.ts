/**
 * The card's security schemes in both versions' shapes (issue 20 remainder, item 4). A2A 1.0 writes
 * a scheme as a proto `oneof` (`{"httpAuthSecurityScheme":{"scheme":"bearer"}}`) and requirements as
 * `securityRequirements: [{"schemes":{"bearerAuth":{}}}]`; A2A 0.3 writes OpenAPI's shape
 * (`{"type":"http","scheme":"bearer"}`) and `security: [{"bearerAuth":[]}]`. The key
 * `securitySchemes` is the same in both, so one card cannot hold two maps: each scheme object holds
 * both shapes, the 1.0 wrapper beside the 0.3 members, and the card holds both requirement lists.
 *
 * Why: the 0.3 Python SDK validates a scheme as a union of OpenAPI shapes and reads the 1.0 wrapper
 * alone as `MutualTLSSecurityScheme` (its only shape without a required member), and its auth
 * interceptor reads `security`, which a 1.0-only card lacks, so it never sends the credential;
 * the 0.3 JS SDK returns the extended card as it comes and types each scheme by `type`. 1.0 parsers
 * read the wrapper and ignore the other members (the 1.x Python SDK's card parser maps `type` back
 * to the same wrapper). The 1.0 view (`v1SecurityView`) drops the 0.3 members: what a 1.0 SDK parses
 * the card into, so what its signature verifier canonicalizes.
 */
import type { Config } from "../config/config";

type Scheme = Record<string, unknown>;

/** The members of a scheme object that only A2A 0.3 reads (OpenAPI's Security Scheme Object). */
export const V03_SCHEME_FIELDS = ["type", "scheme", "bearerFormat", "in", "name", "openIdConnectUrl"] as const;

/** One scheme in both shapes: the 1.0 `oneof` wrapper, then the 0.3 members. */
function bothShapes(v1: Record<string, Record<string, string>>, v03: Record<string, string>): Scheme {
  return { ...v1, ...v03 };
}

function schemesOf(config: Config): Record<string, Scheme> {
  const schemes: Record<string, Scheme> = {};
  const { auth } = config;
  if (auth.bearerToken) schemes.bearerAuth = bothShapes({ httpAuthSecurityScheme: { scheme: "bearer" } }, { type: "http", scheme: "bearer" });
  if (auth.basic) schemes.basicAuth = bothShapes({ httpAuthSecurityScheme: { scheme: "basic" } }, { type: "http", scheme: "basic" });
  if (auth.apiKey) {
    const name = auth.apiKey.header;
    schemes.apiKeyAuth = bothShapes({ apiKeySecurityScheme: { location: "header", name } }, { type: "apiKey", in: "header", name });
  }
  if (auth.jwt?.oidcUrl) {
    const url = auth.jwt.oidcUrl;
    schemes.oidcAuth = bothShapes({ openIdConnectSecurityScheme: { openIdConnectUrl: url } }, { type: "openIdConnect", openIdConnectUrl: url });
  } else if (auth.jwt) {
    schemes.jwtAuth = bothShapes(
      { httpAuthSecurityScheme: { scheme: "bearer", bearerFormat: "JWT" } },
      { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    );
  }
  return schemes;
}

export interface CardSecurity {
  securitySchemes?: Record<string, Scheme>;
  /** 1.0: one requirement per scheme, any one of them suffices. */
  securityRequirements?: unknown[];
  /** 0.3: the same alternatives in OpenAPI's form. */
  security?: Array<Record<string, string[]>>;
}

/** The card's security members, nothing when no scheme is configured (the trusted-local mode). */
export function cardSecurity(config: Config): CardSecurity {
  const schemes = schemesOf(config);
  const names = Object.keys(schemes);
  if (names.length === 0) return {};
  // `{}`: a StringList with no scopes, as ProtoJSON writes it (an empty `list` is a default value,
  // which spec §8.4.1 drops: serving none keeps the card free of defaults, so it is its own canonical form).
  return {
    securitySchemes: schemes,
    securityRequirements: names.map((name) => ({ schemes: { [name]: {} } })),
    security: names.map((name) => ({ [name]: [] })),
  };
}

/** The schemes as 1.0 reads them: each scheme's 0.3 members dropped. */
export function v1SecurityView(schemes: unknown): unknown {
  if (schemes === null || typeof schemes !== "object") return schemes;
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => {
      const view: Scheme = { ...(scheme as Scheme) };
      for (const field of V03_SCHEME_FIELDS) delete view[field];
      return [name, view];
    }),
  );
}
