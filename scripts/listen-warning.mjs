/**
 * The warning `npm run dev` and `npm run dev:local` print when told to listen beyond loopback
 * (`--ip 0.0.0.0`, a LAN address): without an auth scheme the server is in the trusted-local mode,
 * which serves every caller as the one `anonymous` owner, so it would serve the whole network.
 * Shared by scripts/dev.mjs and scripts/local-server.mjs (issue 30 item 6; docs/security.md).
 */

/** True for an address only this machine can reach. */
export function isLoopbackIp(ip) {
  return ip === "localhost" || ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/** The warning for listening on `ip`, or undefined on loopback. */
export function listenWarning(ip) {
  if (isLoopbackIp(ip)) return undefined;
  return (
    `Warning: listening on ${ip}, reachable from other machines. Without an auth scheme (IACCODE_A2A_HTTP_TOKEN, ` +
    "Basic, API key or JWT, e.g. --var IACCODE_A2A_HTTP_TOKEN:<secret>) the server is in the trusted-local mode and " +
    "serves everyone who can reach it as the one anonymous owner, with one shared rate limit. See docs/security.md.\n"
  );
}
