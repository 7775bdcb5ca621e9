/**
 * The shape of an `IACCODE_A2A_PUSH_ALLOWED_HOSTS` entry: a host name or literal, optionally
 * `*.`-prefixed, optionally pinned to a port (`hooks.example-corp.net:8443`, `[2001:db8::1]:443`).
 * The configuration checks each entry with it; the push guard (src/push/allowed-hosts.ts) matches
 * URLs against the parsed entries. It lives here because push may import config, not the reverse.
 */

/** An entry as the configuration accepts it: a host name or literal, optionally `*.`-prefixed, optionally `:port`. */
export const ALLOWED_HOST_ENTRY = /^(?:\*\.)?(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** TCP ports are 16-bit; 0 is not a port a URL can name (RFC 6335 §6). */
const MAX_PORT = 65_535;

export interface AllowedHostEntry {
  host: string;
  port: string | undefined;
}

export function bareHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

/** Splits `host[:port]`; the port of a bracketed IPv6 literal follows its `]`. */
export function parseAllowedHost(entry: string): AllowedHostEntry {
  const colon = entry.lastIndexOf(":");
  if (colon === -1 || entry.endsWith("]") || colon < entry.lastIndexOf("]")) return { host: bareHost(entry), port: undefined };
  return { host: bareHost(entry.slice(0, colon)), port: String(Number(entry.slice(colon + 1))) };
}

/** True when an entry's port (if any) is one a URL can name. */
export function allowedHostPortValid(entry: string): boolean {
  const { port } = parseAllowedHost(entry);
  return port === undefined || (Number(port) >= 1 && Number(port) <= MAX_PORT);
}
