/**
 * One delivery attempt of a push notification, from the loaded target to the decision: check the
 * callback URL again (and its name through DNS-over-HTTPS when configured), build the headers, POST
 * the `StreamResponse` JSON (the 0.3 Task for a config registered through 0.3) without following
 * redirects, and decide what follows (retry-policy.ts). It runs in the task's ContextAgent, never in
 * the shared queue consumer: a receiver that answers slowly, or not at all, holds only the object of
 * its own owner and context (issue 30 item 4).
 */
import { sanitizeErrorText } from "../a2a/sanitize-error";
import type { StreamResponse } from "../a2a/types";
import { pushBodyToV03 } from "../a2a/v0_3/from-v1";
import { traceHeaders, parseTraceparent, type TraceContext } from "../a2a/trace-context";
import type { Config } from "../config/config";
import { validateCallbackUrl } from "./callback-url";
import { checkCallbackHostByDns } from "./dns-check";
import { buildPushHeaders, type PushSecrets } from "./push-headers";
import type { PushJob } from "./push-job";
import type { PushPayloadVersion } from "../a2a/schemas";
import { decideDelivery, type DeliveryDecision, type DeliveryResult } from "./retry-policy";

/** Spec §4.3.3: a delivery SHOULD time out after 10–30 s. */
export const PUSH_DELIVERY_TIMEOUT_MS = 10_000;
export const EXHAUSTED_TEXT = "Delivery failed after all attempts.";

/** What an attempt needs from the task's object: where to, with which secrets, and the event. */
export interface DeliveryTarget {
  url: string;
  secrets: PushSecrets;
  payloadVersion?: PushPayloadVersion;
}

/** An attempt's decision, with the error text a dead letter records. */
export type AttemptOutcome = DeliveryDecision & { error: string };

type Attempt = { result: DeliveryResult; error: string };

async function post(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  try {
    const res = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(PUSH_DELIVERY_TIMEOUT_MS) });
    await res.body?.cancel();
    return { result: { status: res.status }, error: `The receiver answered HTTP ${res.status}.` };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") return { result: { timeout: true }, error: "The receiver did not answer within 10 s." };
    return { result: { networkError: true }, error: sanitizeErrorText(`Network error: ${error instanceof Error ? error.message : String(error)}`) };
  }
}

/** The job's trace, re-checked: a queue message is data, and only a valid context goes on a request. */
function jobTrace(trace: TraceContext | undefined): TraceContext | undefined {
  return trace ? parseTraceparent(`00-${trace.traceId}-${trace.spanId}-${trace.flags}`, trace.tracestate) : undefined;
}

const refused = (error: string): AttemptOutcome => ({ action: "dead-letter", reason: "rejected", error });

/** Runs attempt number `attempt` (1-based) of `job` against `target`, and says what follows. */
export async function attemptDelivery(job: PushJob, target: DeliveryTarget, eventJson: string, attempt: number, config: Config): Promise<AttemptOutcome> {
  const url = validateCallbackUrl(target.url, { allowPrivate: config.pushAllowPrivate, allowedHosts: config.pushAllowedHosts });
  if (!url.ok) return refused(url.message);
  // Checked again before every delivery: the name may point elsewhere since it was stored.
  const dns = config.pushDohUrl && !config.pushAllowPrivate ? await checkCallbackHostByDns(url.url.hostname, config.pushDohUrl) : { ok: true as const };
  if (!dns.ok && dns.permanent) return refused(dns.message);
  const headers = buildPushHeaders(target.secrets, job.notificationId);
  if (!headers.ok) return refused(headers.message);
  const body = target.payloadVersion === "0.3" ? JSON.stringify(pushBodyToV03(JSON.parse(eventJson) as StreamResponse)) : eventJson;
  // A resolver failure is retried like a network error, so the check fails closed.
  const done: Attempt = dns.ok
    ? await post(url.url.href, { ...headers.headers, ...traceHeaders(jobTrace(job.trace)) }, body)
    : { result: { networkError: true }, error: dns.message };
  const decision = decideDelivery(done.result, attempt);
  const error = decision.action === "dead-letter" && decision.reason === "exhausted" ? `${EXHAUSTED_TEXT} ${done.error}` : done.error;
  return { ...decision, error };
}
