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
  /** Set on the dead-letter queue by the consumer: why delivery gave up (sanitized). */
  lastError?: string;
}

export function notificationIdOf(taskId: string, seq: number, configId: string): string {
  return `${taskId}:${seq}:${configId}`;
}
