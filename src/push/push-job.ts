/**
 * The queue message of one push notification: references only, never secrets or payloads (a
 * Queues message is at most 128 KB; the consumer loads the event and the config from the task's
 * ContextAgent when it delivers). `notificationId` stays the same on every retry, so receivers can
 * drop duplicates of an at-least-once delivery.
 */
import type { TraceContext } from "../a2a/trace-context";

export interface PushJob {
  /** The hex id of the ContextAgent that holds the task. */
  contextObjectId: string;
  taskId: string;
  configId: string;
  /** The event-log sequence of the status update being notified. */
  seq: number;
  notificationId: string;
  /** The trace context of the turn that ended: each delivery attempt is a new child span of it. */
  trace?: TraceContext;
  /**
   * Which delivery attempt this message carries, from 1 (absent: 1). A retry is a new message with
   * the next number (the hand-off of durable/context/push-dispatch.ts), so Queues' own attempt count
   * only counts the consumer's failures to hand a job over.
   */
  attempt?: number;
  /** Set on the dead-letter queue by the task's object: why delivery gave up (sanitized). */
  lastError?: string;
}

export function notificationIdOf(taskId: string, seq: number, configId: string): string {
  return `${taskId}:${seq}:${configId}`;
}
