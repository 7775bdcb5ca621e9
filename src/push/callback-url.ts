/**
 * The SSRF guard for push-notification callback URLs (contract §8, A2A 1.0 §13.2). It runs when a
 * config is stored and again before every delivery, because a config may outlive a change of
 * policy.
 *
 * Literal hosts are checked in every spelling. The URL parser (WHATWG, which workerd implements)
 * already turns `0x7f.1` or `2130706433` into `127.0.0.1`. The check does not rely on that: it
 * parses the raw authority itself and also re-parses the parser's hostname, so it holds whatever
 * the parser normalizes.
 *
 * Names are checked by their shape: a single-label name (`vm`, which a hosts file or a search
 * domain may send to loopback), an empty label (`127.0.0.1..`, which the parser keeps as a name),
 * and the special-use names of RFC 6761, RFC 6762 (and its Appendix G private TLDs), RFC 8375 and
 * IANA's Special-Use Domain Names registry are refused. An optional allowlist narrows the hosts
 * further (`allowed-hosts.ts`), and an optional DNS-over-HTTPS check refuses a name with any
 * private answer (`dns-check.ts`). A Worker's `fetch` resolves names itself and cannot pin the
 * address that was checked, so a name that changes its answer between the check and the delivery
 * stays a residual risk (README, "Security").
 */
import { classifyCallbackHost } from "../a2a/host-kind";
import { hostAllowed } from "./allowed-hosts";

/**
 * Long enough for any real endpoint, short enough to store in every config row; the same cap as the
 * Sitemaps protocol's URL limit, which many HTTP stacks also honour.
 */
export const CALLBACK_URL_MAX_LENGTH = 2048;

/** The first two are the original's exact texts (`push.py` `validate_push_callback_url`). */
export const CALLBACK_URL_MESSAGES = {
  scheme: "A2A push callback URL must be http or https",
  privateHost: "A2A push callback URL must not target private or local hosts",
  credentials: "A2A push callback URL must not contain credentials",
  controlCharacters: "A2A push callback URL must not contain control characters",
  tooLong: "A2A push callback URL is too long",
  notAllowed: "A2A push callback URL host is not in IACCODE_A2A_PUSH_ALLOWED_HOSTS",
} as const;

export interface CallbackUrlOptions {
  /** `IACCODE_A2A_PUSH_ALLOW_PRIVATE=true`: admits private and local hosts, for local testing only. */
  readonly allowPrivate: boolean;
  /** `IACCODE_A2A_PUSH_ALLOWED_HOSTS`: when non-empty, only these hosts (exact, or `*.suffix`; `:port` pins the port). */
  readonly allowedHosts?: readonly string[];
}

export type CallbackUrlResult = { ok: true; url: URL } | { ok: false; message: string };

export { classifyCallbackHost, isDnsName, isLocalName, type CallbackHostKind } from "../a2a/host-kind";

/**
 * Checks a push callback URL. On success, `url` is the parsed URL to deliver to; deliver to it
 * without following redirects, since a redirect could lead anywhere.
 */
export function validateCallbackUrl(raw: string, options: CallbackUrlOptions): CallbackUrlResult {
  if (raw.length > CALLBACK_URL_MAX_LENGTH) return refuse(CALLBACK_URL_MESSAGES.tooLong);
  // Checked on the raw text: the URL parser silently drops tabs and newlines.
  if (CONTROL_CHARACTER.test(raw)) return refuse(CALLBACK_URL_MESSAGES.controlCharacters);

  const authority = rawAuthority(raw);
  if (authority === undefined) return refuse(CALLBACK_URL_MESSAGES.scheme);
  if (authority.hasUserinfo) return refuse(CALLBACK_URL_MESSAGES.credentials);
  if (!options.allowPrivate && classifyCallbackHost(authority.host) === "private") {
    return refuse(CALLBACK_URL_MESSAGES.privateHost);
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(CALLBACK_URL_MESSAGES.scheme);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
    return refuse(CALLBACK_URL_MESSAGES.scheme);
  }
  if (url.username !== "" || url.password !== "") return refuse(CALLBACK_URL_MESSAGES.credentials);
  const kind = classifyCallbackHost(url.hostname);
  if (kind === "invalid") return refuse(CALLBACK_URL_MESSAGES.scheme);
  if (kind === "private" && !options.allowPrivate) return refuse(CALLBACK_URL_MESSAGES.privateHost);
  if (options.allowedHosts && options.allowedHosts.length > 0 && !hostAllowed(url, options.allowedHosts)) {
    return refuse(CALLBACK_URL_MESSAGES.notAllowed);
  }
  return { ok: true, url };
}

function refuse(message: string): CallbackUrlResult {
  return { ok: false, message };
}

/** C0 controls (CR, LF, tab, NUL…), DEL and C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The authority of an http(s) URL as the WHATWG parser reads it: any run of `/` or `\` after the
 * scheme, then everything up to the next `/`, `\`, `?` or `#`; userinfo ends at the last `@`; the
 * port starts at the first `:` outside brackets. Undefined when the scheme is not http(s).
 */
function rawAuthority(raw: string): { host: string; hasUserinfo: boolean } | undefined {
  const match = /^ *([A-Za-z][A-Za-z0-9+.-]*):[/\\]*([^/\\?#]*)/.exec(raw);
  const scheme = match?.[1]?.toLowerCase();
  if (scheme !== "http" && scheme !== "https") return undefined;
  const authority = match?.[2] ?? "";
  const at = authority.lastIndexOf("@");
  const hostAndPort = authority.slice(at + 1);
  const host = hostAndPort.startsWith("[") ? hostAndPort.slice(0, hostAndPort.indexOf("]") + 1 || hostAndPort.length) : (hostAndPort.split(":")[0] ?? "");
  return { host, hasUserinfo: at >= 0 };
}
