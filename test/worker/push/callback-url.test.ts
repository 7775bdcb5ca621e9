import { describe, it, expect } from "vitest";
import {
  CALLBACK_URL_MAX_LENGTH,
  type CallbackUrlOptions,
  CALLBACK_URL_MESSAGES,
  classifyCallbackHost,
  validateCallbackUrl,
} from "../../../src/push/callback-url";

const strict: CallbackUrlOptions = { allowPrivate: false };
const lax: CallbackUrlOptions = { allowPrivate: true };

function messageOf(raw: string, options: CallbackUrlOptions = strict): string | undefined {
  const result = validateCallbackUrl(raw, options);
  return result.ok ? undefined : result.message;
}

// ── Private and local targets: every spelling (contract §8, spec §13.2) ──

const PRIVATE_TARGETS: ReadonlyArray<readonly [string, string]> = [
  // localhost names
  ["localhost", "http://localhost/hook"],
  ["localhost in capitals", "http://LOCALHOST/hook"],
  ["localhost with a trailing dot", "http://localhost./hook"],
  ["localhost with a port", "http://localhost:8080/hook"],
  ["a subdomain of localhost", "http://api.localhost/hook"],
  ["a subdomain of localhost, mixed case, trailing dot", "http://Api.LocalHost./hook"],
  ["full-width localhost", "http://ｌｏｃａｌｈｏｓｔ/hook"],
  ["percent-encoded localhost", "http://%6c%6f%63%61%6c%68%6f%73%74/hook"],
  ["localhost with a soft hyphen (IDNA drops it)", "http://local\u00adhost/hook"],
  ["localhost in circled letters", "http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/hook"],
  ["localhost with a zero-width space", "http://local\u200bhost/hook"],
  // IPv4 loopback in every spelling
  ["dotted loopback", "https://127.0.0.1/hook"],
  ["loopback with a trailing dot", "http://127.0.0.1./hook"],
  ["loopback elsewhere in 127/8", "http://127.255.0.9/hook"],
  ["short form 127.1", "http://127.1/hook"],
  ["short form 127.0.1", "http://127.0.1/hook"],
  ["decimal 2130706433", "http://2130706433/hook"],
  ["octal 0177.0.0.1", "http://0177.0.0.1/hook"],
  ["octal whole 017700000001", "http://017700000001/hook"],
  ["hex 0x7f.0.0.1", "http://0x7f.0.0.1/hook"],
  ["hex whole 0x7f000001", "http://0x7f000001/hook"],
  ["hex upper case 0X7F.1", "http://0X7F.1/hook"],
  ["mixed octal and hex 0177.0x0.0.01", "http://0177.0x0.0.01/hook"],
  ["mixed hex and decimal 0x7f.1.1", "http://0x7f.1.1/hook"],
  ["padded octal 0000177.0.0.1", "http://0000177.0.0.1/hook"],
  ["percent-encoded digits", "http://%31%32%37.0.0.1/hook"],
  ["full-width digits", "http://１２７.０.０.１/hook"],
  ["ideographic full stops", "http://127。0。0。1/hook"],
  ["backslashes instead of slashes", "http:\\\\127.0.0.1\\hook"],
  ["no slashes after the scheme", "http:127.0.0.1/hook"],
  ["three slashes after the scheme", "http:///127.0.0.1/hook"],
  ["with a port", "http://127.0.0.1:8787/hook"],
  ["with a fragment holding an @", "http://127.0.0.1#@hooks.example.com/"],
  // other private IPv4 ranges
  ["RFC 1918 10/8", "http://10.0.0.1/hook"],
  ["short form 10.1", "http://10.1/hook"],
  ["decimal 167772161 (10.0.0.1)", "http://167772161/hook"],
  ["RFC 1918 172.16/12, low end", "http://172.16.0.1/hook"],
  ["RFC 1918 172.16/12, high end", "http://172.31.255.255/hook"],
  ["RFC 1918 192.168/16", "http://192.168.1.1/hook"],
  ["hex 0xc0a80101 (192.168.1.1)", "http://0xc0a80101/hook"],
  ["link-local cloud metadata", "http://169.254.169.254/latest/meta-data/"],
  ["CGNAT 100.64/10, low end", "http://100.64.0.1/hook"],
  ["CGNAT 100.64/10, high end", "http://100.127.255.255/hook"],
  ["multicast 224.0.0.1", "http://224.0.0.1/hook"],
  ["multicast 239.255.255.250", "http://239.255.255.250/hook"],
  ["reserved 240/4", "http://240.0.0.1/hook"],
  ["broadcast", "http://255.255.255.255/hook"],
  ["unspecified 0.0.0.0", "http://0.0.0.0/hook"],
  ["unspecified as a single 0", "http://0/hook"],
  ["this-network 0/8", "http://0.1.2.3/hook"],
  ["IETF protocol assignments 192.0.0/24", "http://192.0.0.8/hook"],
  ["TEST-NET-1 192.0.2/24", "http://192.0.2.1/hook"],
  ["benchmarking 198.18/15, low end", "http://198.18.0.1/hook"],
  ["benchmarking 198.18/15, high end", "http://198.19.255.255/hook"],
  ["TEST-NET-2 198.51.100/24", "http://198.51.100.7/hook"],
  ["TEST-NET-3 203.0.113/24", "http://203.0.113.9/hook"],
  // IPv6
  ["IPv6 loopback", "http://[::1]/hook"],
  ["IPv6 loopback written in full", "http://[0:0:0:0:0:0:0:1]/hook"],
  ["IPv6 loopback with leading zeros", "http://[0000:0000::0001]/hook"],
  ["IPv6 unspecified", "http://[::]/hook"],
  ["unique local fc00::/7 (fc)", "http://[fc00::1]/hook"],
  ["unique local fc00::/7 (fd)", "http://[fd12:3456:789a::1]/hook"],
  ["link-local fe80::/10", "http://[fe80::1]/hook"],
  ["link-local in capitals", "http://[FE80::1]/hook"],
  ["link-local, high end of fe80::/10", "http://[febf::1]/hook"],
  ["link-local with a zone id", "http://[fe80::1%25eth0]/hook"],
  ["site-local fec0::/10", "http://[fec0::1]/hook"],
  ["multicast ff00::/8", "http://[ff02::1]/hook"],
  ["IPv4-mapped dotted loopback", "http://[::ffff:127.0.0.1]/hook"],
  ["IPv4-mapped hex loopback", "http://[::ffff:7f00:1]/hook"],
  ["IPv4-mapped written in full", "http://[0:0:0:0:0:ffff:7f00:1]/hook"],
  ["IPv4-mapped RFC 1918", "http://[::ffff:10.0.0.1]/hook"],
  ["IPv4-mapped cloud metadata", "http://[::ffff:169.254.169.254]/hook"],
  ["IPv4-translated loopback", "http://[::ffff:0:127.0.0.1]/hook"],
  ["IPv4-compatible loopback", "http://[::127.0.0.1]/hook"],
  ["IPv4-compatible RFC 1918", "http://[::10.0.0.1]/hook"],
  ["NAT64 with loopback inside", "http://[64:ff9b::127.0.0.1]/hook"],
  ["NAT64 with RFC 1918 inside, hex", "http://[64:ff9b::a00:1]/hook"],
  ["local-use NAT64 64:ff9b:1::/48", "http://[64:ff9b:1::8.8.8.8]/hook"],
  ["6to4 with loopback inside", "http://[2002:7f00:1::1]/hook"],
  ["6to4 with RFC 1918 inside", "http://[2002:c0a8:101::1]/hook"],
  ["documentation 2001:db8::/32", "http://[2001:db8::1]/hook"],
  ["documentation 3fff::/20", "http://[3fff::1]/hook"],
  ["Teredo 2001::/32", "http://[2001:0:4136:e378::1]/hook"],
  ["discard-only 100::/64", "http://[100::1]/hook"],
  // Issue 30 item 6: the anycast blocks of the IANA special-purpose registries (listed there as
  // globally reachable, but routing infrastructure, never a receiver).
  ["AS112-v4 192.31.196.0/24", "http://192.31.196.1/hook"],
  ["Direct Delegation AS112 192.175.48.0/24", "http://192.175.48.6/hook"],
  ["AMT 192.52.193.0/24", "http://192.52.193.1/hook"],
  ["6to4 relay anycast 192.88.99.0/24", "http://192.88.99.1/hook"],
  ["6to4 relay anycast in decimal", "http://3227017985/hook"],
  ["6to4 with the relay anycast inside", "http://[2002:c058:6301::1]/hook"],
  ["Direct Delegation AS112 2620:4f:8000::/48", "http://[2620:4f:8000::42]/hook"],
  ["AMT 2001:3::/32", "http://[2001:3::1]/hook"],
  ["AS112-v6 2001:4:112::/48", "http://[2001:4:112::1]/hook"],
  ["ORCHIDv2 2001:20::/28", "http://[2001:20::1]/hook"],
  ["DRIP 2001:30::/28", "http://[2001:30::1]/hook"],
];

describe("validateCallbackUrl: private and local targets", () => {
  for (const [name, raw] of PRIVATE_TARGETS) {
    it(`refuses ${name}: ${raw}`, () => {
      expect(messageOf(raw)).toBe(CALLBACK_URL_MESSAGES.privateHost);
    });
  }
});

// ── SSRF by name (issue 10 item 3) ──

const LOCAL_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["a single-label name (hosts file, search domain)", "http://vm/hook"],
  ["another single-label name", "https://runsc:8443/hook"],
  ["a single label with the root dot", "https://intranet./hook"],
  ["a name ending in localhost without a dot, single label", "https://notlocalhost/a2a"],
  ["an IPv4 address followed by two dots (kept as a name)", "http://127.0.0.1../"],
  ["an empty label inside a name", "https://hooks..example.com/a2a"],
  ["a leading empty label", "https://.example.com/a2a"],
  ["mDNS .local (RFC 6762)", "https://printer.local/a2a"],
  ["*.internal (ICANN private use)", "https://metadata.google.internal/computeMetadata"],
  ["*.home.arpa (RFC 8375)", "https://router.home.arpa/"],
  ["a reverse-lookup name", "https://1.0.0.127.in-addr.arpa/"],
  ["*.localdomain", "https://localhost.localdomain/"],
  ["*.lan (RFC 6762 App. G)", "https://nas.lan/"],
  ["*.corp", "https://jenkins.corp/"],
  ["*.home", "https://box.home/"],
  ["*.private", "https://db.private/"],
  ["*.intranet", "https://wiki.intranet/"],
  ["*.test (RFC 6761, never delegated)", "https://hooks.test/"],
  ["*.example (RFC 6761, never delegated)", "https://hooks.example/"],
  ["*.invalid (RFC 6761)", "https://hooks.invalid/"],
  ["*.onion (RFC 7686)", "https://abcdef.onion/"],
  ["*.alt (RFC 9476)", "https://x.alt/"],
  ["a special TLD in capitals with the root dot", "https://Printer.LOCAL./a2a"],
];

describe("validateCallbackUrl: names that resolve only locally", () => {
  for (const [name, raw] of LOCAL_NAMES) {
    it(`refuses ${name}: ${raw}`, () => {
      expect(messageOf(raw)).toBe(CALLBACK_URL_MESSAGES.privateHost);
    });
  }

  it("IACCODE_A2A_PUSH_ALLOW_PRIVATE admits them, for local testing", () => {
    expect(validateCallbackUrl("http://vm/hook", { allowPrivate: true }).ok).toBe(true);
  });
});

describe("validateCallbackUrl: IACCODE_A2A_PUSH_ALLOWED_HOSTS", () => {
  const allowedHosts = ["hooks.example.com", "*.receivers.example.net", "203.0.114.7"];
  const check = (raw: string) => validateCallbackUrl(raw, { allowPrivate: false, allowedHosts });
  it.each([
    "https://hooks.example.com/a2a",
    "https://HOOKS.example.com./a2a",
    "https://a.receivers.example.net/x",
    "https://a.b.receivers.example.net/x",
    "http://203.0.114.7/x",
  ])("admits %s", (raw) => expect(check(raw).ok).toBe(true));
  it.each([
    "https://other.example.com/a2a",
    "https://receivers.example.net/x",
    "https://evilreceivers.example.net/x",
    "https://hooks.example.com.evil.net/a2a",
  ])("refuses %s", (raw) => {
    expect(check(raw)).toEqual({ ok: false, message: CALLBACK_URL_MESSAGES.notAllowed });
  });
  // Issue 23, minor: an entry with a port pins it; the scheme's default port counts as written.
  it.each([
    ["https://hooks.example.com:8443/a2a", true],
    ["https://hooks.example.com/a2a", false],
    ["https://hooks.example.com:8444/a2a", false],
    ["http://hooks.example.com:8443/a2a", true],
    ["https://a.pinned.example.net/x", true],
    ["https://a.pinned.example.net:443/x", true],
    ["https://a.pinned.example.net:8443/x", false],
    ["http://a.pinned.example.net/x", false],
    ["https://[2606:4700::1]:9000/x", true],
    ["https://[2606:4700::1]/x", false],
  ] as const)("an allowlist entry with a port pins it: %s -> %s", (raw, ok) => {
    const pinned = ["hooks.example.com:8443", "*.pinned.example.net:443", "[2606:4700::1]:9000"];
    const res = validateCallbackUrl(raw, { allowPrivate: false, allowedHosts: pinned });
    expect(res.ok ? true : res.message).toBe(ok ? true : CALLBACK_URL_MESSAGES.notAllowed);
  });

  it("narrows, never widens: a listed local name is still refused", () => {
    expect(validateCallbackUrl("https://hooks.internal/", { allowPrivate: false, allowedHosts: ["hooks.internal"] }).ok).toBe(false);
  });
});

// ── Public targets ──

const PUBLIC_TARGETS: ReadonlyArray<readonly [string, string]> = [
  ["a DNS name over https", "https://hooks.example.com/a2a"],
  ["public IPv4 over http", "http://8.8.8.8/x"],
  ["public IPv6", "https://[2606:4700::1]/"],
  ["a port, query and fragment", "https://hooks.example.com:8443/a2a?task=1#end"],
  ["a DNS name in capitals", "https://HOOKS.Example.COM/a2a"],
  ["a punycode name", "https://xn--bcher-kva.de/a2a"],
  ["a name that merely contains localhost", "https://localhost.example.com/a2a"],
  ["a name ending in localhost without a dot", "https://notlocalhost.net/a2a"],
  ["a delegated example domain (RFC 6761 §6.5: not special)", "https://example.org/a2a"],
  ["a name with a trailing root dot", "https://hooks.example.com./a2a"],
  ["a label that merely starts like a special one", "https://internal-hooks.example.com/a2a"],
  ["a name with a private address in it (DNS: residual risk)", "https://127.0.0.1.nip.io/a2a"],
  ["172.32.0.1, just past 172.16/12", "http://172.32.0.1/a2a"],
  ["100.128.0.1, just past 100.64/10", "http://100.128.0.1/a2a"],
  ["192.169.0.1, just past 192.168/16", "http://192.169.0.1/a2a"],
  ["198.20.0.1, just past 198.18/15", "http://198.20.0.1/a2a"],
  ["192.175.49.1, just past 192.175.48.0/24", "http://192.175.49.1/a2a"],
  ["192.88.100.1, just past 192.88.99.0/24", "http://192.88.100.1/a2a"],
  ["2620:4f:8001::1, just past 2620:4f:8000::/48", "https://[2620:4f:8001::1]/a2a"],
  ["decimal public address 134744072 (8.8.8.8)", "http://134744072/a2a"],
  ["IPv4-mapped public address", "https://[::ffff:8.8.8.8]/a2a"],
  ["NAT64 with a public address inside", "https://[64:ff9b::808:808]/a2a"],
  ["6to4 with a public address inside", "https://[2002:808:808::1]/a2a"],
];

describe("validateCallbackUrl: public targets", () => {
  for (const [name, raw] of PUBLIC_TARGETS) {
    it(`accepts ${name}: ${raw}`, () => {
      const result = validateCallbackUrl(raw, strict);
      expect(result).toMatchObject({ ok: true });
      if (result.ok) expect(result.url).toBeInstanceOf(URL);
    });
  }

  it("returns the parsed URL to deliver to", () => {
    const result = validateCallbackUrl("https://hooks.example.com:8443/a2a?task=1", strict);
    expect(result.ok && result.url.href).toBe("https://hooks.example.com:8443/a2a?task=1");
  });
});

// ── Scheme, credentials, control characters, length ──

const REFUSED_WITH: ReadonlyArray<readonly [string, string, string]> = [
  ["ftp", "ftp://hooks.example.com/a2a", CALLBACK_URL_MESSAGES.scheme],
  ["file", "file:///etc/passwd", CALLBACK_URL_MESSAGES.scheme],
  ["javascript", "javascript:alert(1)", CALLBACK_URL_MESSAGES.scheme],
  ["ws", "ws://hooks.example.com/a2a", CALLBACK_URL_MESSAGES.scheme],
  ["data", "data:text/plain,hi", CALLBACK_URL_MESSAGES.scheme],
  ["no scheme", "hooks.example.com/a2a", CALLBACK_URL_MESSAGES.scheme],
  ["protocol-relative", "//hooks.example.com/a2a", CALLBACK_URL_MESSAGES.scheme],
  ["empty", "", CALLBACK_URL_MESSAGES.scheme],
  ["no host", "http://", CALLBACK_URL_MESSAGES.scheme],
  ["no host, three slashes", "https:///", CALLBACK_URL_MESSAGES.scheme],
  ["an unclosed IPv6 bracket", "http://[::1/hook", CALLBACK_URL_MESSAGES.scheme],
  ["five numeric parts", "http://1.2.3.4.5/hook", CALLBACK_URL_MESSAGES.scheme],
  ["an IPv4 part over 255", "http://256.0.0.1/hook", CALLBACK_URL_MESSAGES.scheme],
  ["an IPv4 number over 32 bits", "http://4294967296/hook", CALLBACK_URL_MESSAGES.scheme],
  ["user and password", "https://user:pass@hooks.example.com/a2a", CALLBACK_URL_MESSAGES.credentials],
  ["user only", "https://user@hooks.example.com/a2a", CALLBACK_URL_MESSAGES.credentials],
  ["an empty userinfo", "https://@hooks.example.com/a2a", CALLBACK_URL_MESSAGES.credentials],
  ["a public userinfo before a private host", "https://8.8.8.8@127.0.0.1/", CALLBACK_URL_MESSAGES.credentials],
  ["CR LF in the path", "https://hooks.example.com/a2a\r\nX-Injected: 1", CALLBACK_URL_MESSAGES.controlCharacters],
  ["LF in the host", "https://hooks.exa\nmple.com/a2a", CALLBACK_URL_MESSAGES.controlCharacters],
  ["a tab", "https://hooks.example.com/a\tb", CALLBACK_URL_MESSAGES.controlCharacters],
  ["NUL", "https://hooks.example.com/\u0000", CALLBACK_URL_MESSAGES.controlCharacters],
  ["DEL", "https://hooks.example.com/\u007f", CALLBACK_URL_MESSAGES.controlCharacters],
  ["C1 NEL", "https://hooks.example.com/\u0085", CALLBACK_URL_MESSAGES.controlCharacters],
  ["a control character before a private host", "http://127.0.0.1/\n", CALLBACK_URL_MESSAGES.controlCharacters],
  ["2049 characters", `https://hooks.example.com/${"a".repeat(CALLBACK_URL_MAX_LENGTH - 25)}`, CALLBACK_URL_MESSAGES.tooLong],
];

describe("validateCallbackUrl: scheme, credentials, control characters, length", () => {
  for (const [name, raw, message] of REFUSED_WITH) {
    it(`refuses ${name} with "${message}"`, () => {
      expect(messageOf(raw)).toBe(message);
      expect(messageOf(raw, lax)).toBe(message);
    });
  }

  it("accepts exactly 2048 characters", () => {
    const raw = `https://hooks.example.com/${"a".repeat(CALLBACK_URL_MAX_LENGTH - 26)}`;
    expect(raw.length).toBe(CALLBACK_URL_MAX_LENGTH);
    expect(validateCallbackUrl(raw, strict).ok).toBe(true);
  });

  it("keeps the original's two messages word for word", () => {
    expect(CALLBACK_URL_MESSAGES.scheme).toBe("A2A push callback URL must be http or https");
    expect(CALLBACK_URL_MESSAGES.privateHost).toBe("A2A push callback URL must not target private or local hosts");
  });
});

// ── allowPrivate (IACCODE_A2A_PUSH_ALLOW_PRIVATE=true) ──

describe("validateCallbackUrl: allowPrivate", () => {
  const admitted = [
    "http://localhost:8080/hook",
    "http://api.localhost/hook",
    "http://127.0.0.1:9999/hook",
    "http://0x7f.1/hook",
    "http://10.1/hook",
    "http://192.168.1.20/hook",
    "http://[::1]:9999/hook",
    "http://[fd00::1]/hook",
  ];
  for (const raw of admitted) {
    it(`admits ${raw}`, () => {
      expect(validateCallbackUrl(raw, lax)).toMatchObject({ ok: true });
      expect(messageOf(raw, strict)).toBe(CALLBACK_URL_MESSAGES.privateHost);
    });
  }

  it("returns the parser's normalized URL", () => {
    const result = validateCallbackUrl("http://0x7f.1:9999/hook", lax);
    expect(result.ok && result.url.href).toBe("http://127.0.0.1:9999/hook");
  });

  it("still refuses what the URL parser refuses, such as a zone id", () => {
    expect(messageOf("http://[fe80::1%25eth0]/hook", lax)).toBe(CALLBACK_URL_MESSAGES.scheme);
  });
});

// ── The host check on its own, whatever the URL parser normalizes ──

describe("classifyCallbackHost", () => {
  const cases: ReadonlyArray<readonly [string, "public" | "private" | "invalid"]> = [
    ["127.0.0.1", "private"],
    ["127.0.0.1.", "private"],
    ["127.1", "private"],
    ["2130706433", "private"],
    ["0177.0.0.1", "private"],
    ["0x7f.0.0.1", "private"],
    ["0x7f000001", "private"],
    ["0x7F.1", "private"],
    ["0x", "private"],
    ["0", "private"],
    ["10.1", "private"],
    ["0xa.0x1", "private"],
    ["012.1", "private"],
    ["%31%30.0.0.1", "private"],
    ["localhost", "private"],
    ["LOCALHOST.", "private"],
    ["x.localhost", "private"],
    ["[::1]", "private"],
    ["::1", "private"],
    ["[::ffff:7f00:1]", "private"],
    ["[::ffff:127.0.0.1]", "private"],
    ["[fe80::1%eth0]", "private"],
    ["[fe80::1%25eth0]", "private"],
    ["8.8.8.8", "public"],
    ["0x8.0x8.0x8.0x8", "public"],
    ["hooks.example.com", "public"],
    ["[2606:4700::1]", "public"],
    ["", "invalid"],
    ["1.2.3.4.5", "invalid"],
    ["256.1.1.1", "invalid"],
    ["1.256.1.1", "invalid"],
    ["1.1.65536", "invalid"],
    ["08.0.0.1", "invalid"],
    ["0xg.1", "invalid"], // ends in a number, so IPv4, and 0xg is no IPv4 part
    ["1.0xg", "public"], // ends in no number, so a DNS name; the URL parser decides its fate
    ["1..1", "invalid"],
    ["[::1", "invalid"],
    ["[1::2::3]", "invalid"],
    ["[1:2:3:4:5:6:7:8:9]", "invalid"],
    ["[12345::1]", "invalid"],
    ["[::1.2.3]", "invalid"],
  ];
  for (const [host, kind] of cases) {
    it(`classifies ${JSON.stringify(host)} as ${kind}`, () => {
      expect(classifyCallbackHost(host)).toBe(kind);
    });
  }
});
