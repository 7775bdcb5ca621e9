/**
 * Push delivery (Cloudflare Queues consumer). For each job: load the event and the config from the
 * task's ContextAgent, check the callback URL again (and its name through DNS-over-HTTPS when
 * configured), POST the `StreamResponse` JSON (the 0.3 Task for a config registered through 0.3) without
 * following redirects (10 s time-out), then ack on 2xx, retry transient failures with exponential
 * backoff and jitter, and send permanent failures and exhausted retries to the dead-letter queue
 * with their last error. The dead-letter consumer records the failure in the task's delivery log.
 * Each message is acked or retried on its own, so one bad message never replays a batch.
 *
 * The messages of a batch are delivered concurrently, at most PUSH_BATCH_CONCURRENCY at a time, each
 * with its own time-out and retry decision: a receiver that takes 10 s delays only its own
 * notification, never the others of the batch (issue 23 item 7; before, a batch of 10 behind one
 * slow receiver waited up to 100 s).
 */
import type { PushJob } from "../push/push-job";
import { validateCallbackUrl } from "../push/callback-url";
import { buildPushHeaders } from "../push/push-headers";
import { checkCallbackHostByDns } from "../push/dns-check";
import { sanitizeErrorText } from "../a2a/sanitize-error";
import type { StreamResponse } from "../a2a/types";
import { pushBodyToV03 } from "../a2a/v0_3/from-v1";
import { configOf } from "../config/config";
import { contextAgentById } from "../durable/stubs";
import { decideDelivery, type DeliveryResult } from "./retry-policy";
import { parseTraceparent, traceHeaders, type TraceContext } from "../a2a/trace-context";

/**
 * Deliveries in flight at once in one batch: a Worker invocation keeps at most six outgoing
 * connections open at a time (Workers platform limit "simultaneous open connections: 6"); more would
 * only wait in the runtime's own queue, where their 10 s time-out would already be running.
 */
export const PUSH_BATCH_CONCURRENCY = 6;
/** Spec §4.3.3: a delivery SHOULD time out after 10–30 s. */
const DELIVERY_TIMEOUT_MS = 10_000;
export const PUSH_DLQ_NAME = "iac-code-a2a-push-dlq";
const EXHAUSTED_TEXT = "Delivery failed after all attempts.";

type Attempt = { result: DeliveryResult; error: string };

async function post(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
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

/** The object that holds the job's task; a job names only ids this server issued. */
function contextAgent(env: Env, job: PushJob) {
  const agent = contextAgentById(env, job.contextObjectId);
  if (!agent) throw new Error("push job names no context object");
  return agent;
}

async function deliver(message: Message<PushJob>, env: Env): Promise<void> {
  const job = message.body;
  const agent = contextAgent(env, job);
  const delivery = await agent.pushDelivery(job);
  if (!delivery) {
    message.ack(); // the config or the task was deleted: nothing left to notify
    return;
  }
  const deadLetter = async (lastError: string) => {
    await env.PUSH_DLQ.send({ ...job, lastError: sanitizeErrorText(lastError) });
    message.ack();
  };
  const config = configOf(env);
  const url = validateCallbackUrl(delivery.target.url, { allowPrivate: config.pushAllowPrivate, allowedHosts: config.pushAllowedHosts });
  if (!url.ok) return deadLetter(url.message);
  // Checked again before every delivery: the name may point elsewhere since it was stored.
  const dns = config.pushDohUrl && !config.pushAllowPrivate ? await checkCallbackHostByDns(url.url.hostname, config.pushDohUrl) : { ok: true as const };
  if (!dns.ok && dns.permanent) return deadLetter(dns.message);
  const headers = buildPushHeaders(delivery.target.secrets, job.notificationId);
  if (!headers.ok) return deadLetter(headers.message);

  // A config registered through A2A 0.3 is notified in the 0.3 shape (a Task).
  const body = delivery.target.payloadVersion === "0.3" ? JSON.stringify(pushBodyToV03(JSON.parse(delivery.body) as StreamResponse)) : delivery.body;
  // A resolver failure is retried like a network error, so the check fails closed.
  const attempt: Attempt = dns.ok
    ? await post(url.url.href, { ...headers.headers, ...traceHeaders(jobTrace(job.trace)) }, body)
    : { result: { networkError: true }, error: dns.message };
  const decision = decideDelivery(attempt.result, message.attempts);
  if (decision.action === "ack") {
    await agent.recordPushResult(job, "delivered");
    message.ack();
  } else if (decision.action === "retry") {
    message.retry({ delaySeconds: decision.delaySeconds });
  } else {
    await deadLetter(decision.reason === "exhausted" ? `${EXHAUSTED_TEXT} ${attempt.error}` : attempt.error);
  }
}

async function recordDead(message: Message<PushJob>, env: Env): Promise<void> {
  const job = message.body;
  await contextAgent(env, job).recordPushResult(job, "dead", sanitizeErrorText(job.lastError ?? EXHAUSTED_TEXT, 1000));
  message.ack();
}

/** Runs `work` on every item, at most `limit` at a time; resolves when all have settled. */
async function eachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export async function handlePushBatch(batch: MessageBatch<PushJob>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const handle = batch.queue === PUSH_DLQ_NAME ? recordDead : deliver;
  await eachConcurrently(batch.messages, PUSH_BATCH_CONCURRENCY, async (message) => {
    try {
      await handle(message, env);
    } catch (error) {
      console.error("push delivery error", error instanceof Error ? error.name : typeof error);
      message.retry({ delaySeconds: 1 });
    }
  });
}
