/**
 * Push secrets at rest need a real keyring (`IACCODE_A2A_PUSH_KEYRING`) wherever the server is
 * reachable by others. A deployed server with push on and no keyring is a configuration error (every
 * request answers `500 Server misconfigured`, naming the variable), while a plain local
 * `wrangler dev` from the repository keeps working with the fixed development key and says so once
 * in its log.
 *
 * "Local" is decided without a flag: the request's host is a loopback name or address, and
 * `IACCODE_A2A_PUBLIC_URL` (which a deployment sets) is unset or loopback too. Cloudflare routes a
 * request to a Worker by its hostname (a zone or workers.dev name), so a request that reaches a
 * deployed Worker never carries a loopback host.
 */
import { ConfigError, type Config } from "../config/config";
import { isLoopbackHost } from "./loopback";
import { logLine } from "../observability/log";

let warned = false;

export function requirePushKeyring(config: Config, requestUrl: string): void {
  if (!config.pushNotifications || config.pushKeyring) return;
  const local = isLoopbackHost(new URL(requestUrl).hostname) && (config.publicUrl === undefined || isLoopbackHost(new URL(config.publicUrl).hostname));
  if (!local) {
    throw new ConfigError("IACCODE_A2A_PUSH_KEYRING", "is required to serve push notifications on a deployed (non-loopback) server");
  }
  if (!warned) {
    warned = true;
    // Push secrets are sealed with the fixed development key: local use only.
    logLine("warn", "push.development_key", { unset: "IACCODE_A2A_PUSH_KEYRING" });
  }
}
