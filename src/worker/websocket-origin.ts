/**
 * Cross-site WebSocket hijacking guard (issue 23 item 2). A browser lets any page open a WebSocket
 * to any host, and the handshake carries whatever the browser would send that host on its own
 * (cached Basic credentials; in the trusted-local mode nothing is needed at all): only the `Origin`
 * header, which a page cannot set, tells whose page asks. So an upgrade that sends `Origin` is
 * accepted only from this server's own origin (the request's), the origin of
 * `IACCODE_A2A_PUBLIC_URL`, or one of `IACCODE_A2A_WS_ALLOWED_ORIGINS`; `null` (a sandboxed or
 * file page) never. An upgrade without `Origin` comes from a non-browser client (browsers always
 * send it on a WebSocket handshake: Fetch §4.1, RFC 6455 §4.1), which authenticates like any HTTP
 * caller: see docs/decisions.md, "WebSocket Origin".
 */
import type { Config } from "../config/config";

export const ORIGIN_REFUSED_BODY = {
  error: "Forbidden",
  detail: "A WebSocket may be opened from this server's origin, that of IACCODE_A2A_PUBLIC_URL, or one of IACCODE_A2A_WS_ALLOWED_ORIGINS",
} as const;

/** True when the upgrade `request` may proceed under `config`'s origin rule. */
export function webSocketOriginAllowed(config: Config, request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return true;
  const given = origin.trim().toLowerCase();
  if (given === new URL(request.url).origin) return true;
  if (config.publicUrl !== undefined && given === new URL(config.publicUrl).origin) return true;
  return config.webSocket.allowedOrigins.includes(given);
}
