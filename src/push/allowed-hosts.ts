/**
 * The push callback allowlist (`IACCODE_A2A_PUSH_ALLOWED_HOSTS`): a deployment that knows its
 * receivers names them, and every other host is refused, whatever it resolves to. An entry is an
 * exact host (`hooks.example-corp.net`, an IP literal) or a suffix pattern `*.example-corp.net`, which
 * matches any name below it but not the name itself. Hosts compare lower-cased, without the root dot.
 * An entry may pin a port (`hooks.example-corp.net:8443`, `[2001:db8::1]:443`): then only that port
 * matches (the scheme's default port counts as written); an entry without one admits any port.
 */

/** An entry as the configuration accepts it: a host name or literal, optionally `*.`-prefixed, optionally `:port`. */
export const ALLOWED_HOST_ENTRY = /^(?:\*\.)?(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** TCP ports are 16-bit; 0 is not a port a URL can name (RFC 6335 §6). */
const MAX_PORT = 65_535;

interface Entry {
  host: string;
  port: string | undefined;
}

function bare(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

/** Splits `host[:port]`; the port of a bracketed IPv6 literal follows its `]`. */
export function parseAllowedHost(entry: string): Entry {
  const colon = entry.lastIndexOf(":");
  if (colon === -1 || entry.endsWith("]") || colon < entry.lastIndexOf("]")) return { host: bare(entry), port: undefined };
  return { host: bare(entry.slice(0, colon)), port: String(Number(entry.slice(colon + 1))) };
}

/** True when an entry's port (if any) is one a URL can name. */
export function allowedHostPortValid(entry: string): boolean {
  const { port } = parseAllowedHost(entry);
  return port === undefined || (Number(port) >= 1 && Number(port) <= MAX_PORT);
}

/** The port a URL reaches: its explicit port, or the scheme's default (RFC 9110 §4.2). */
function effectivePort(url: URL): string {
  if (url.port !== "") return url.port;
  return url.protocol === "https:" ? "443" : "80";
}

export function hostAllowed(url: URL, entries: readonly string[]): boolean {
  const host = bare(url.hostname);
  const port = effectivePort(url);
  return entries.some((raw) => {
    const e = parseAllowedHost(raw);
    if (e.port !== undefined && e.port !== port) return false;
    if (e.host.startsWith("*.")) return host.endsWith(e.host.slice(1)) && host.length > e.host.length - 1;
    return host === e.host;
  });
}
