/**
 * What a request passes before any route, shared by the router (app.ts) and the public front
 * (public-front.ts) so both answer it the same way: the DNS-rebinding host check (421), the push
 * keyring check (a deployment without one is misconfigured), and on the public paths the public
 * rate limit. Also the one answer to an error no route turned into a response.
 */
import { ConfigError, type Config } from "../config/config";
import { hostAccepted, MISDIRECTED_BODY } from "./host-check";
import { requirePushKeyring } from "./push-keyring-guard";
import { clientAddressKey } from "./client-address";
import { rateLimitResponse } from "./rate-limit";

/** Served before authentication, under the public rate limit. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set(["/health", "/.well-known/agent-card.json", "/.well-known/jwks.json"]);

/** The refusal of a request that may not reach a route, or undefined. Throws a ConfigError. */
export async function frontGate(config: Config, request: Request, path: string, env: Env): Promise<Response | undefined> {
  if (!hostAccepted(config, request.url)) return Response.json(MISDIRECTED_BODY, { status: 421 });
  requirePushKeyring(config, request.url);
  if (!config.rateLimit || !PUBLIC_PATHS.has(path)) return undefined;
  return rateLimitResponse(env.RATE_LIMIT_PUBLIC, `public:${clientAddressKey(request, config)}`);
}

/** A configuration error names the setting (never its value); anything else is a bare 500 (the log has its name). */
export function unhandledErrorResponse(error: unknown): Response {
  if (error instanceof ConfigError) {
    console.error(error.message);
    return Response.json({ error: "Server misconfigured", detail: error.message }, { status: 500 });
  }
  console.error("unhandled error", error instanceof Error ? error.name : typeof error);
  return Response.json({ error: "Internal Server Error" }, { status: 500 });
}
