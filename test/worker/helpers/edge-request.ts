/**
 * A request as Cloudflare's edge hands it to the Worker: under a DNS name, with `request.cf`, and
 * `CF-Connecting-IP` set to the client's address. Only such a request (or one through a configured
 * trusted proxy) has its `CF-Connecting-IP` believed (src/worker/client-address.ts); the suites that
 * prove per-address limits build their requests with this.
 */

/** The origin the edge requests name; auth suites serve any host, trusted-local ones set it as the public URL. */
export const EDGE_ORIGIN = "https://a2a.example.com";

/** What the edge puts in `request.cf` (a few of its fields; the Worker only checks that it is there). */
const EDGE_CF = { colo: "FRA", asn: 64500, country: "DE" };

/** A request to `path` from `address`, as it reaches the Worker through Cloudflare. */
export function edgeRequest(path: string, address: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", address);
  return new Request(`${EDGE_ORIGIN}${path}`, { ...init, headers, cf: EDGE_CF } as RequestInit);
}
