/**
 * When a push delivery is retried, and when it goes to the dead-letter queue. The numbers are the
 * original's (`push_queue.py` `A2APushRetryPolicy`): the delay starts at 1 s and doubles, is capped
 * at 60 s, and gets ±20% jitter so that receivers coming back from an outage are not hit in step;
 * five attempts in all. The cap applies before jitter, as in the original.
 *
 * `attempt` is 1-based and counts the attempt that just ran (`PushJob.attempt`: each retry is a new
 * queue message carrying the next number). The task's object gives up through `shouldGiveUp`;
 * wrangler.toml's `max_retries = 4` only bounds the consumer's own failures to hand a job over.
 */

export const PUSH_RETRY = {
  initialDelaySeconds: 1,
  maxDelaySeconds: 60,
  jitterRatio: 0.2,
  maxAttempts: 5,
} as const;

export type DeliveryResult = { status: number } | { networkError: true } | { timeout: true };
export type DeliveryOutcome = "delivered" | "retry" | "dead";

export type DeliveryDecision = { action: "ack" } | { action: "retry"; delaySeconds: number } | { action: "dead-letter"; reason: "rejected" | "exhausted" };

/** 408 Request Timeout, 409 Conflict, 425 Too Early, 429 Too Many Requests: the receiver asks to try again. */
const RETRYABLE_4XX: ReadonlySet<number> = new Set([408, 409, 425, 429]);

/**
 * 2xx is delivered. Network errors, time-outs, 408/409/425/429 and every 5xx are transient. Anything
 * else is final, 3xx included: redirects are not followed, since the checked URL is the only target.
 */
export function classifyDeliveryOutcome(result: DeliveryResult): DeliveryOutcome {
  if (!("status" in result)) return "retry";
  const { status } = result;
  if (status >= 200 && status <= 299) return "delivered";
  if (RETRYABLE_4XX.has(status) || (status >= 500 && status <= 599)) return "retry";
  return "dead";
}

/**
 * Seconds to wait after failed attempt `attempt` before the next one. Whole seconds, because
 * Queues' `delaySeconds` takes an integer; at least 1. `random` returns values in [0, 1) like
 * `Math.random`; tests pass a fixed one.
 */
export function nextDelaySeconds(attempt: number, random: () => number = Math.random): number {
  assertAttempt(attempt);
  const base = Math.min(PUSH_RETRY.maxDelaySeconds, PUSH_RETRY.initialDelaySeconds * 2 ** (attempt - 1));
  const drawn = random();
  const unit = Number.isNaN(drawn) ? 0.5 : Math.min(1, Math.max(0, drawn));
  const jittered = base * (1 + PUSH_RETRY.jitterRatio * (2 * unit - 1));
  return Math.max(1, Math.round(jittered));
}

/** True once `attempt` attempts have run and none may follow. */
export function shouldGiveUp(attempt: number): boolean {
  assertAttempt(attempt);
  return attempt >= PUSH_RETRY.maxAttempts;
}

/** What the consumer does with a message after attempt `attempt` ended in `result`. */
export function decideDelivery(result: DeliveryResult, attempt: number, random: () => number = Math.random): DeliveryDecision {
  const outcome = classifyDeliveryOutcome(result);
  if (outcome === "delivered") return { action: "ack" };
  if (outcome === "dead") return { action: "dead-letter", reason: "rejected" };
  if (shouldGiveUp(attempt)) return { action: "dead-letter", reason: "exhausted" };
  return { action: "retry", delaySeconds: nextDelaySeconds(attempt, random) };
}

function assertAttempt(attempt: number): void {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`A push delivery attempt is a whole number from 1, not ${attempt}`);
  }
}
