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

/** Whether one resource record of an answer points somewhere private or local. */
function isPrivateRecord(record: unknown): boolean {
  if (record === null || typeof record !== "object") return false;
  const { type, data } = record as { type?: unknown; data?: unknown };
  if (typeof data !== "string") return false;
  if (type === RR.A) return classifyCallbackHost(data) !== "public";
  if (type === RR.AAAA) return classifyCallbackHost(`[${data}]`) !== "public";
  if (type === RR.CNAME) return classifyCallbackHost(data) !== "public";
  return false;
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
  if (records.some(isPrivateRecord)) return { ok: false, permanent: true, message: CALLBACK_URL_MESSAGES.privateHost };
  const resolves = records.some((r) => {
    const type = (r as { type?: unknown } | null)?.type;
    return type === RR.A || type === RR.AAAA;
  });
  if (!resolves) return { ok: false, permanent: true, message: DNS_CHECK_MESSAGES.doesNotResolve };
  return { ok: true };
}
