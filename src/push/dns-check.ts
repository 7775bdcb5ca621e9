/**
 * The optional DNS check of push callback names (`IACCODE_A2A_PUSH_DOH_URL`): before a config is
 * stored and before every delivery, the callback's name is resolved through a DNS-over-HTTPS
 * resolver's JSON API (`application/dns-json`, as Cloudflare's and Google's resolvers serve it), A
 * and AAAA, and refused when any answer is a private or special address, or a CNAME to a local
 * name. A name that does not resolve is refused for good; a resolver that fails is a transient
 * error (the store is refused, a delivery is retried), so the check fails closed.
 *
 * The Worker's own `fetch` resolves the name again when it delivers and cannot be pinned to the
 * checked answer, so a resolver that answers differently a moment later (DNS rebinding with a
 * zero TTL) is the residual risk; checking before every delivery keeps the window to that moment.
 */
import { CALLBACK_URL_MESSAGES, classifyCallbackHost, isDnsName } from "./callback-url";

export const DNS_CHECK_MESSAGES = {
  doesNotResolve: "A2A push callback URL host does not resolve",
  resolverFailed: "A2A push callback URL host could not be checked (DNS resolver unavailable)",
} as const;

/** A resolver slower than this fails the check; a delivery has 10 s in all (spec §4.3.3). */
const DOH_TIMEOUT_MS = 3_000;
/** A JSON answer for one name and type is a few hundred bytes; anything past this is refused. */
const DOH_MAX_ANSWER_BYTES = 64 * 1024;
/** DNS RR types (RFC 1035, RFC 3596). */
const RR = { A: 1, CNAME: 5, AAAA: 28 } as const;
/** DNS RCODE 3 (RFC 1035 §4.1.1). */
const NXDOMAIN = 3;

export type DnsCheckResult = { ok: true } | { ok: false; permanent: boolean; message: string };

interface DohAnswer {
  Status?: unknown;
  Answer?: unknown;
}

async function query(dohUrl: string, name: string, type: "A" | "AAAA", fetcher: typeof fetch): Promise<DohAnswer | undefined> {
  const url = new URL(dohUrl);
  url.searchParams.set("name", name);
  url.searchParams.set("type", type);
  try {
    const res = await fetcher(url.href, { headers: { Accept: "application/dns-json" }, redirect: "manual", signal: AbortSignal.timeout(DOH_TIMEOUT_MS) });
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    const text = await res.text();
    if (text.length > DOH_MAX_ANSWER_BYTES) return undefined;
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? (parsed as DohAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** An A record's data as resolvers write it: four decimal octets, nothing else (RFC 1035 §3.4.1). */
const DOTTED_QUAD = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A CNAME target: dot-separated labels of at most 63 characters, 253 in all (RFC 1035 §2.3.4). */
const DNS_NAME = /^[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63})*\.?$/;
const DNS_NAME_MAX = 254;

/** True when the text is exactly one IPv6 address in the RFC 4291 §2.2 text forms. */
function isIPv6Text(data: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(data) || !data.includes(":")) return false;
  try {
    return new URL(`http://[${data}]/`).hostname !== "";
  } catch {
    return false;
  }
}

type RecordVerdict = "public" | "private" | "malformed" | "other";

/**
 * What one resource record of an answer says. Parsed strictly: an address record whose data is not
 * exactly an address (`"127.0.0.1 "`, `"10.0.0.1\n"`, `"::1%eth0"`) is malformed, never a name that
 * happens to look public, and makes the whole check fail closed.
 */
function recordVerdict(record: unknown): RecordVerdict {
  if (record === null || typeof record !== "object") return "malformed";
  const { type, data } = record as { type?: unknown; data?: unknown };
  if (type !== RR.A && type !== RR.AAAA && type !== RR.CNAME) return "other";
  if (typeof data !== "string") return "malformed";
  if (type === RR.A) return DOTTED_QUAD.test(data) ? (classifyCallbackHost(data) === "public" ? "public" : "private") : "malformed";
  if (type === RR.AAAA) return isIPv6Text(data) ? (classifyCallbackHost(`[${data}]`) === "public" ? "public" : "private") : "malformed";
  if (data.length > DNS_NAME_MAX || !DNS_NAME.test(data)) return "malformed";
  return classifyCallbackHost(data) === "public" ? "public" : "private";
}

function addresses(answer: DohAnswer): unknown[] {
  return Array.isArray(answer.Answer) ? answer.Answer : [];
}

/** Checks the host of a callback URL through the resolver; IP literals pass (checked already). */
export async function checkCallbackHostByDns(hostname: string, dohUrl: string, fetcher: typeof fetch = fetch): Promise<DnsCheckResult> {
  if (!isDnsName(hostname)) return { ok: true };
  const name = hostname.toLowerCase().replace(/\.$/, "");
  const answers = await Promise.all([query(dohUrl, name, "A", fetcher), query(dohUrl, name, "AAAA", fetcher)]);
  if (answers.some((a) => a === undefined || (a.Status !== 0 && a.Status !== NXDOMAIN))) {
    return { ok: false, permanent: false, message: DNS_CHECK_MESSAGES.resolverFailed };
  }
  const records = (answers as DohAnswer[]).flatMap(addresses);
  const verdicts = records.map(recordVerdict);
  if (verdicts.includes("malformed")) return { ok: false, permanent: false, message: DNS_CHECK_MESSAGES.resolverFailed };
  if (verdicts.includes("private")) return { ok: false, permanent: true, message: CALLBACK_URL_MESSAGES.privateHost };
  const resolves = records.some((r) => {
    const type = (r as { type?: unknown } | null)?.type;
    return type === RR.A || type === RR.AAAA;
  });
  if (!resolves) return { ok: false, permanent: true, message: DNS_CHECK_MESSAGES.doesNotResolve };
  return { ok: true };
}
