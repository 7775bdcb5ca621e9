/**
 * Push delivery inside the task's own object (issue 30 item 4: push fair across owners). The queue
 * consumer only hands a job here and acks it; the attempt runs in this ContextAgent, one object per
 * owner and context, so a receiver that is slow or dead holds this object's attempt and nothing
 * else: the shared consumer is back for the next batch within one RPC, and another owner's
 * notification waits for no one's receiver (before, Miniflare's one-batch-at-a-time consumer held
 * every later batch behind the slowest delivery: 10 s behind 6 slow receivers, over 100 s behind 60).
 *
 * The retry hand-off: a failed attempt that may be retried is re-queued at once as a new message
 * carrying the next attempt's number, with the backoff as its delay; a permanent failure or the
 * last attempt goes to the dead-letter queue, whose consumer records it. Delivery stays at least
 * once: the delivery row stays `pending` until the receiver's 2xx or the dead letter is recorded,
 * and the alarm re-queues a row left pending (an object evicted mid-attempt) after
 * PUSH_REQUEUE_AFTER_MS (lifecycle.ts). Within one object a notification has at most one attempt in
 * flight, and a repeated message of a settled notification does nothing.
 */
import type { PushJob } from "../../push/push-job";
import { attemptDelivery } from "../../push/delivery-attempt";
import { sanitizeErrorText } from "../../a2a/sanitize-error";
import { withGeneration } from "../../a2a/generation";
import type { ContextState } from "./context-state";

/** What the consumer learns: the attempt runs here now, or the job has nothing left to deliver. */
export type DispatchAnswer = "started" | "gone";

export class PushDispatch {
  /** Notifications with an attempt running in this object. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly state: ContextState,
    /** Keeps the object's work alive after the RPC that started it has answered. */
    private readonly keepAlive: (work: Promise<unknown>) => void,
  ) {}

  /** Starts attempt `job.attempt` (1 when absent) of the job; answers without waiting for the receiver. */
  async start(job: PushJob): Promise<DispatchAnswer> {
    if (this.inFlight.has(job.notificationId)) return "started";
    const { push, log } = this.state;
    if (push.settled(job.notificationId)) return "gone";
    const event = log.at(job.taskId, job.seq);
    const target = event ? await push.target(job.taskId, job.configId) : undefined;
    if (!event || !target) return "gone"; // the config or the task was deleted: nothing left to notify
    const body = target.generation ? withGeneration(event.json, event.generation) : event.json;
    this.inFlight.add(job.notificationId);
    const run = this.run(job, target, body).finally(() => this.inFlight.delete(job.notificationId));
    this.keepAlive(run);
    return "started";
  }

  private async run(job: PushJob, target: Parameters<typeof attemptDelivery>[1], body: string): Promise<void> {
    const attempt = job.attempt ?? 1;
    try {
      const outcome = await attemptDelivery(job, target, body, attempt, this.state.config);
      if (outcome.action === "ack") {
        this.state.push.recordResult(job.notificationId, "delivered", undefined, Date.now());
      } else if (outcome.action === "retry") {
        await this.state.env.PUSH_QUEUE.send({ ...job, attempt: attempt + 1 }, { delaySeconds: outcome.delaySeconds });
      } else {
        await this.state.env.PUSH_DLQ.send({ ...job, lastError: sanitizeErrorText(outcome.error) });
      }
    } catch (error) {
      // Left pending: the alarm re-queues it (lifecycle.ts); nothing else is lost.
      console.error("push attempt error", error instanceof Error ? error.name : typeof error);
    }
  }
}
