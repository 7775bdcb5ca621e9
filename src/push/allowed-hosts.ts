/**
 * The push callback allowlist (`IACCODE_A2A_PUSH_ALLOWED_HOSTS`): a deployment that knows its
 * receivers names them, and every other host is refused, whatever it resolves to. An entry is an
 * exact host (`hooks.example-corp.net`, an IP literal) or a suffix pattern `*.example-corp.net`, which
 * matches any name below it but not the name itself. Hosts compare lower-cased, without the root dot.
 * The configuration parses the variable and checks each entry's shape (src/config/config.ts).
 */

function bare(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

export function hostAllowed(hostname: string, entries: readonly string[]): boolean {
  const host = bare(hostname);
  return entries.some((entry) => {
    const e = bare(entry);
    if (e.startsWith("*.")) return host.endsWith(e.slice(1)) && host.length > e.length - 1;
    return host === e;
  });
}
