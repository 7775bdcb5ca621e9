/**
 * Push delivery (Cloudflare Queues consumer). The consumer hands each job to the ContextAgent that
 * holds its task and acks it once the object has taken it: the object loads the event and the
 * config, runs the delivery attempt (src/push/delivery-attempt.ts: the callback URL checked again,
 * the POST without following redirects, a 10 s time-out) and hands a retry back to the queue as a
 * new message with its backoff delay, or a permanent failure to the dead-letter queue
 * (durable/context/push-dispatch.ts). The dead-letter consumer records the failure in the task's
 * delivery log.
 *
 * Why the attempt does not run here (issue 30 item 4): a batch ends only when every delivery of
 * it has, and a consumer takes one batch after another (Miniflare always; Cloudflare per consumer
 * invocation), so one owner's slow or dead receivers held every later notification, another
 * owner's included: 10 s behind 6 slow receivers, over 100 s behind 60. Now a batch costs one
 * short RPC per message, whatever the receivers do; each attempt waits in its own owner's object.
 * Each message is acked or retried on its own, so one bad message never replays a batch.
 */
import type { PushJob } from "../push/push-job";
import { sanitizeErrorText } from "../a2a/sanitize-error";
import { EXHAUSTED_TEXT } from "../push/delivery-attempt";
import { contextAgentById } from "../durable/stubs";

/**
 * Hand-offs in flight at once in one batch: each is one RPC to a Durable Object, and a Worker
 * invocation keeps at most six connections open at a time (Workers platform limit "simultaneous
 * open connections: 6"); more would only wait in the runtime's own queue.
 */
export const PUSH_BATCH_CONCURRENCY = 6;
export const PUSH_DLQ_NAME = "iac-code-a2a-push-dlq";

/** The object that holds the job's task; a job names only ids this server issued. */
function contextAgent(env: Env, job: PushJob) {
  const agent = contextAgentById(env, job.contextObjectId);
  if (!agent) throw new Error("push job names no context object");
  return agent;
}

async function handOver(message: Message<PushJob>, env: Env): Promise<void> {
  await contextAgent(env, message.body).dispatchPush(message.body);
  message.ack(); // started, or nothing left to notify (the config, the task or the need is gone)
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
  const handle = batch.queue === PUSH_DLQ_NAME ? recordDead : handOver;
  await eachConcurrently(batch.messages, PUSH_BATCH_CONCURRENCY, async (message) => {
    try {
      await handle(message, env);
    } catch (error) {
      console.error("push delivery error", error instanceof Error ? error.name : typeof error);
      message.retry({ delaySeconds: 1 });
    }
  });
}
