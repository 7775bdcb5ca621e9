/**
 * DNS rebinding guard for the trusted-local mode (no auth scheme configured). A web page can point
 * a name it controls at 127.0.0.1 and then make the victim's browser talk to this server as a
 * same-origin peer; the one thing such a request cannot choose is its `Host`, which stays the
 * attacker's name. So without authentication only a loopback host, or the host of
 * `IACCODE_A2A_PUBLIC_URL`, is served; any other gets 421 Misdirected Request (RFC 9110 §15.5.20),
 * and the card, which is built from the request origin only when no public URL is set, can never
 * name a host that was not accepted.
 */
import type { Config } from "../config/config";
import { isAuthConfigured } from "./auth";
import { isLoopbackHost } from "./loopback";

export const MISDIRECTED_BODY = {
  error: "Misdirected Request",
  detail: "Without an auth scheme this server answers only loopback hosts and the host of IACCODE_A2A_PUBLIC_URL",
} as const;

/** True when a request to `requestUrl` may be served under `config`. */
export function hostAccepted(config: Config, requestUrl: string): boolean {
  if (isAuthConfigured(config.auth)) return true;
  const url = new URL(requestUrl);
  if (isLoopbackHost(url.hostname)) return true;
  return config.publicUrl !== undefined && new URL(config.publicUrl).host.toLowerCase() === url.host.toLowerCase();
}
