/**
 * `GET /.well-known/jwks.json`: the public keys of `IACCODE_A2A_SIGNING_KEYS` (RFC 7517), which the
 * card's signatures name through `jku`. Public and cacheable, with an ETag and 304 on
 * `If-None-Match`; built once per configuration per isolate. 404 when no asymmetric key is set.
 */
import type { Context } from "hono";
import type { Config } from "../config/config";
import { sha256Hex } from "../a2a/hex";
import { matchesEtag } from "./card-cache";

interface ServedJwks {
  body: string;
  etag: string;
}

const served = new WeakMap<Config, Promise<ServedJwks>>();

function jwksOf(config: Config): Promise<ServedJwks> | undefined {
  if (!config.signingKeys) return undefined;
  let entry = served.get(config);
  if (!entry) {
    const body = JSON.stringify({ keys: config.signingKeys.map((k) => k.publicJwk) });
    entry = sha256Hex(body).then((hex) => ({ body, etag: `"sha256-${hex}"` }));
    served.set(config, entry);
  }
  return entry;
}

export async function jwksRoute(c: Context<{ Bindings: Env; Variables: { config: Config } }>): Promise<Response> {
  const jwks = jwksOf(c.var.config);
  if (!jwks) return c.json({ error: "Not Found" }, 404);
  const { body, etag } = await jwks;
  const headers = { "Cache-Control": "public, max-age=300", ETag: etag };
  if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, "Content-Type": "application/jwk-set+json" });
}
