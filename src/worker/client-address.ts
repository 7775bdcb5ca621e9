/**
 * The network address a request comes from, for the limits keyed on it (the public documents' rate
 * limit, failed authentication, and the caller of the trusted-local mode: its API rate limit and
 * WebSocket cap). Issue 30 item 6: a client-sent `CF-Connecting-IP` used to become the caller's
 * address on a local server, so one header per request escaped the rate limit and the socket cap.
 *
 * `CF-Connecting-IP` is believed only when something trustworthy wrote it:
 * - **Cloudflare's edge**: it sets the header on every request it passes to a Worker, overwriting a
 *   client's. Such a request carries `request.cf` and names the Worker by a DNS name (the edge
 *   answers an IP-literal host with error 1003 "Direct IP access not allowed" and never routes a
 *   loopback name). A local server (wrangler dev, `npm run dev:local`) also fills `request.cf`, with
 *   a placeholder, but it is reached at a loopback or IP-literal host, and there the header is the
 *   client's own if it sent one (Miniflare sets it from the socket only when it is absent).
 * - **A proxy the operator trusts** (`IACCODE_A2A_TRUSTED_PROXY=true`): it sets the header itself.
 * Anywhere else every caller is the one address `local`: a local server's callers share its limits.
 *
 * An IPv6 address is keyed by its /64 (`addressKey`): one subscriber usually holds a whole /64
 * (RFC 6177 §2 recommends at least that much per site), so counting single addresses would let one
 * host take 2^64 budgets.
 */
import { parseIPv6 } from "../a2a/host-kind";
import type { Config } from "../config/config";
import { isLoopbackHost } from "./loopback";

/** The address of every caller whose address is not known (see above). */
export const LOCAL_ADDRESS = "local";

/** The bits of an IPv6 address that name its owner's site: one /64. */
const IPV6_SITE_PREFIX_GROUPS = 4;

/** True when `request` reached this Worker through Cloudflare's edge (see the header comment). */
export function cameThroughCloudflare(request: Request): boolean {
  if (request.cf === undefined) return false;
  const host = new URL(request.url).hostname;
  return !isLoopbackHost(host) && !host.startsWith("[") && !/^[\d.]+$/.test(host);
}

/** The caller's address: `CF-Connecting-IP` where it can be believed, else `LOCAL_ADDRESS`. */
export function clientAddress(request: Request, config: Config): string {
  if (!config.trustedProxy && !cameThroughCloudflare(request)) return LOCAL_ADDRESS;
  return request.headers.get("CF-Connecting-IP")?.trim() || LOCAL_ADDRESS;
}

/** The key a limit counts `address` under: an IPv6 address's /64 (`2001:db8:1:2::/64`), any other as is. */
export function addressKey(address: string): string {
  if (!address.includes(":")) return address;
  const zone = address.indexOf("%");
  const groups = parseIPv6(zone === -1 ? address : address.slice(0, zone));
  if (groups === undefined) return address.slice(0, 64);
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 host, not a /64 all such addresses share.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return groups
      .slice(6)
      .flatMap((g) => [g >> 8, g & 0xff])
      .join(".");
  return `${groups
    .slice(0, IPV6_SITE_PREFIX_GROUPS)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The caller's address as the limits count it. */
export function clientAddressKey(request: Request, config: Config): string {
  return addressKey(clientAddress(request, config));
}
