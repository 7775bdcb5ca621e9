/**
 * The push callback allowlist (`IACCODE_A2A_PUSH_ALLOWED_HOSTS`): a deployment that knows its
 * receivers names them, and every other host is refused, whatever it resolves to. An entry is an
 * exact host (`hooks.example-corp.net`, an IP literal) or a suffix pattern `*.example-corp.net`, which
 * matches any name below it but not the name itself. Hosts compare lower-cased, without the root dot.
 * An entry may pin a port (`hooks.example-corp.net:8443`, `[2001:db8::1]:443`): then only that port
 * matches (the scheme's default port counts as written); an entry without one admits any port.
 * The configuration parses the variable and checks each entry's shape (src/config/allowed-host-entry.ts).
 */
import { bareHost, parseAllowedHost } from "../config/allowed-host-entry";

/** The port a URL reaches: its explicit port, or the scheme's default (RFC 9110 §4.2). */
function effectivePort(url: URL): string {
  if (url.port !== "") return url.port;
  return url.protocol === "https:" ? "443" : "80";
}

export function hostAllowed(url: URL, entries: readonly string[]): boolean {
  const host = bareHost(url.hostname);
  const port = effectivePort(url);
  return entries.some((raw) => {
    const e = parseAllowedHost(raw);
    if (e.port !== undefined && e.port !== port) return false;
    if (e.host.startsWith("*.")) return host.endsWith(e.host.slice(1)) && host.length > e.host.length - 1;
    return host === e.host;
  });
}
