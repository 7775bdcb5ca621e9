/**
 * How a host written in a URL would be reached: a public address or DNS name, a private or local
 * one (RFC 1918, loopback, link-local, unique-local, special-use names), or no valid host at all.
 * Shared by the push callback guard (src/push/callback-url.ts) and the configuration, which refuses
 * an https JWKS or DNS-over-HTTPS URL on a private host: both may import src/a2a, and the
 * configuration may not import src/push (shared/design.md).
 */

/** How a host would be reached: a public address or DNS name, a private or local one, or no valid host at all. */
export type CallbackHostKind = "public" | "private" | "invalid";

/**
 * Classifies a host as written in a URL: a DNS name, an IPv4 address in any WHATWG spelling
 * (decimal, octal, hex, one to four parts), or a bracketed IPv6 address, possibly with a zone id.
 * Percent-encoding, full-width characters and ideographic dots are undone first, as the URL parser
 * does.
 */
export function classifyCallbackHost(rawHost: string): CallbackHostKind {
  const host = normalizeHost(rawHost);
  if (host === "") return "invalid";
  if (host.startsWith("[")) return host.endsWith("]") ? classifyIPv6Literal(host.slice(1, -1)) : "invalid";
  if (host.includes(":")) return classifyIPv6Literal(host);

  const ipv4 = parseIPv4Host(host);
  if (ipv4 === "invalid") return "invalid";
  if (ipv4 === undefined) return isLocalName(host) ? "private" : "public";
  return isPrivateIPv4(ipv4) ? "private" : "public";
}

/** True for a host that is a DNS name (not an IPv4 or IPv6 literal), as the URL parser wrote it. */
export function isDnsName(hostname: string): boolean {
  return !hostname.startsWith("[") && !hostname.includes(":") && parseIPv4Host(hostname.toLowerCase()) === undefined;
}

/**
 * Top-level labels that never name a public host: RFC 6761 (`localhost`, `invalid`, and `test` and
 * `example`, which the root never delegates, so they resolve only through local configuration),
 * RFC 6762 (`local`) and its Appendix G (`intranet`, `internal`, `private`, `corp`, `home`, `lan`),
 * ICANN's private-use `internal`, RFC 7686 (`onion`), RFC 9476 (`alt`), the infrastructure zone
 * `arpa` (reverse lookups, `home.arpa` of RFC 8375, `ipv4only.arpa` of RFC 8880, `resolver.arpa`),
 * and the hosts-file habit `localdomain`. The delegated example domains (`example.com`…) resolve
 * publicly and stay names like any other (RFC 6761 §6.5).
 */
const SPECIAL_USE_TLDS = new Set([
  "localhost",
  "invalid",
  "test",
  "example",
  "local",
  "intranet",
  "internal",
  "private",
  "corp",
  "home",
  "lan",
  "onion",
  "alt",
  "arpa",
  "localdomain",
]);

/**
 * A name that resolves only locally, or means nothing: a single label, an empty label (one final
 * dot, the root, is allowed), or a special-use name.
 */
export function isLocalName(host: string): boolean {
  const labels = host.split(".");
  if (labels.length > 1 && labels[labels.length - 1] === "") labels.pop();
  if (labels.length < 2 || labels.some((label) => label === "")) return true;
  return SPECIAL_USE_TLDS.has(labels[labels.length - 1] ?? "");
}

/** Undoes what the URL parser undoes before it reads a host: percent-encoding, then IDNA-style mapping. */
function normalizeHost(host: string): string {
  const decoded = host.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return decoded
    .normalize("NFKC")
    .replace(/[\u3002\uff0e\uff61]/g, ".")
    .toLowerCase();
}

// ── IPv4 ──

/**
 * Reads a host the way the WHATWG IPv4 parser does: if its last dot-separated part is a number
 * (`17`, `0x11`, `0x`), the host is an IPv4 address of one to four parts, each decimal, octal
 * (leading `0`) or hex (`0x`), the last part filling the remaining bytes. Undefined for a DNS name,
 * "invalid" for a numeric host that is no address.
 */
function parseIPv4Host(host: string): number | "invalid" | undefined {
  const parts = host.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  const last = parts[parts.length - 1] ?? "";
  if (!/^(?:\d+|0x[0-9a-f]*)$/i.test(last)) return undefined;
  if (parts.length > 4) return "invalid";

  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === undefined) return "invalid";
    numbers.push(value);
  }
  const lastValue = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255) || lastValue >= 256 ** (4 - numbers.length)) return "invalid";
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), lastValue);
}

function parseIPv4Part(part: string): number | undefined {
  if (/^0x/i.test(part)) {
    const hex = part.slice(2);
    if (hex === "") return 0;
    return /^[0-9a-f]+$/i.test(hex) ? parseInt(hex, 16) : undefined;
  }
  if (part.length > 1 && part.startsWith("0")) {
    return /^[0-7]+$/.test(part.slice(1)) ? parseInt(part.slice(1), 8) : undefined;
  }
  return /^\d+$/.test(part) ? Number(part) : undefined;
}

/** Strict dotted-quad, as allowed at the end of an IPv6 address. */
function parseDottedQuad(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((sum, p) => sum * 256 + Number(p), 0);
}

/**
 * Every block of the IANA IPv4 Special-Purpose Address Registry
 * (https://www.iana.org/assignments/iana-ipv4-special-registry/, RFC 6890), plus multicast. The
 * anycast blocks the registry lists as globally reachable (AS112, AMT, the 6to4 relay) are refused
 * too (issue 30 item 6): they are routing infrastructure, never a webhook receiver. The registry's
 * smaller entries inside 192.0.0.0/24 (192.0.0.0/29, .8, .9, .10, .170, .171) fall in that /24.
 */
const PRIVATE_IPV4_RANGES: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", including the unspecified address
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // carrier-grade NAT, RFC 6598
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata endpoints
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // TEST-NET-1
  ["192.31.196.0", 24], // AS112-v4, RFC 7535
  ["192.52.193.0", 24], // AMT, RFC 7450
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast, RFC 7526
  ["192.168.0.0", 16], // RFC 1918
  ["192.175.48.0", 24], // Direct Delegation AS112 Service, RFC 7534
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2
  ["203.0.113.0", 24], // TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including the broadcast address 255.255.255.255
];

const PRIVATE_IPV4_MASKS = PRIVATE_IPV4_RANGES.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: parseDottedQuad(base) ?? 0, mask };
});

function isPrivateIPv4(address: number): boolean {
  return PRIVATE_IPV4_MASKS.some(({ base, mask }) => (address & mask) >>> 0 === base);
}

// ── IPv6 ──

function classifyIPv6Literal(literal: string): CallbackHostKind {
  // A zone id (`fe80::1%eth0`, percent-decoded from `%25eth0`) only names an interface.
  const zone = literal.indexOf("%");
  const groups = parseIPv6(zone >= 0 ? literal.slice(0, zone) : literal);
  if (groups === undefined) return "invalid";
  const embedded = embeddedIPv4(groups);
  if (embedded !== undefined) return isPrivateIPv4(embedded) ? "private" : "public";
  // Outside 2000::/3 nothing is global unicast: ::1, ::, fc00::/7, fe80::/10, fec0::/10, ff00::/8,
  // 100::/64, 64:ff9b:1::/48, 5f00::/16 and the unassigned rest.
  if (((groups[0] ?? 0) & 0xe000) !== 0x2000) return "private";
  return PRIVATE_IPV6_PREFIXES.some((prefix) => inPrefix(groups, prefix)) ? "private" : "public";
}

/**
 * The blocks of the IANA IPv6 Special-Purpose Address Registry
 * (https://www.iana.org/assignments/iana-ipv6-special-registry/) inside 2000::/3 (those outside it
 * are refused above). 2001::/23 holds the registry's 2001::/32 Teredo, 2001:1::1–3, 2001:2::/48
 * benchmarking, 2001:3::/32 AMT, 2001:4:112::/48 AS112-v6, 2001:20::/28 ORCHIDv2 and 2001:30::/28
 * DRIP; 2002::/16 (6to4) is read through its embedded IPv4 address.
 */
const PRIVATE_IPV6_PREFIXES = (
  [
    ["2001::", 23], // IETF protocol assignments (the entries above)
    ["2001:db8::", 32], // documentation
    ["2620:4f:8000::", 48], // Direct Delegation AS112 Service, RFC 7534
    ["3fff::", 20], // documentation, RFC 9637
  ] as const
).map(([text, bits]) => ({ groups: parseIPv6(text) ?? [], bits }));

function inPrefix(groups: readonly number[], prefix: { groups: readonly number[]; bits: number }): boolean {
  for (let i = 0, remaining = prefix.bits; remaining > 0; i++, remaining -= 16) {
    const mask = remaining >= 16 ? 0xffff : (0xffff << (16 - remaining)) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((prefix.groups[i] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * The IPv4 address carried inside an IPv6 one, for the forms that reach that IPv4 host:
 * IPv4-mapped `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96`, IPv4-compatible `::/96` (which
 * makes `::` and `::1` fall in 0.0.0.0/8), NAT64 `64:ff9b::/96` and 6to4 `2002::/16`.
 */
function embeddedIPv4(g: readonly number[]): number | undefined {
  const at = (i: number) => g[i] ?? 0;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const join = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;
  if (zero(0, 5) && at(5) === 0xffff) return join(at(6), at(7));
  if (zero(0, 4) && at(4) === 0xffff && at(5) === 0) return join(at(6), at(7));
  if (zero(0, 6)) return join(at(6), at(7));
  if (at(0) === 0x64 && at(1) === 0xff9b && zero(2, 6)) return join(at(6), at(7));
  if (at(0) === 0x2002) return join(at(1), at(2));
  return undefined;
}

/** Eight 16-bit groups, or undefined. Accepts `::` compression and a trailing dotted-quad. */
export function parseIPv6(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? "", halves.length === 1);
  if (head === undefined) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const tail = parseGroups(halves[1] ?? "", true);
  if (tail === undefined || head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function parseGroups(text: string, mayEndInIPv4: boolean): number[] | undefined {
  if (text === "") return [];
  const parts = text.split(":");
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (mayEndInIPv4 && i === parts.length - 1 && part.includes(".")) {
      const ipv4 = parseDottedQuad(part);
      if (ipv4 === undefined) return undefined;
      groups.push(ipv4 >>> 16, ipv4 & 0xffff);
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}
