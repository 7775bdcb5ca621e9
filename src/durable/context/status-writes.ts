/**
 * The two writes every part of a turn makes the same way, inside a commit: a status update (the
 * task's row and its logged event, with the generation the row now has) and an agent message of
 * the context. The run writes WORKING updates with them, the end the final status.
 */
import type { Artifact, JsonObject, Message, TaskStatus } from "../../a2a/types";
import type { LoggedEvent } from "./event-log";
import type { Writes } from "./context-state";

/**
 * Sets the task's status and logs its update event. An artifact added in the same commit (a turn's
 * `response`) is logged first, its generation raised by the status's one UPDATE (two changes): the
 * same generations as an UPDATE each, one statement less (issue 22 item 1).
 */
export function writeStatus(
  w: Writes,
  contextId: string,
  taskId: string,
  turn: number,
  status: TaskStatus,
  metadata?: JsonObject,
  artifact?: Artifact,
): LoggedEvent {
  const generation = w.records.setStatus(taskId, status, Date.now(), artifact ? 2 : 1);
  if (artifact) w.emit(taskId, turn, { artifactUpdate: { taskId, contextId, artifact, append: false, lastChunk: true } }, generation - 1);
  return w.emit(taskId, turn, { statusUpdate: { taskId, contextId, status, ...(metadata ? { metadata } : {}) } }, generation);
}

/** A text message from the agent, of the task and its context (with its metadata, when it has some). */
export function agentMessage(contextId: string, messageId: string, taskId: string, text: string, metadata?: JsonObject): Message {
  return { messageId, role: "ROLE_AGENT", parts: [{ text }], taskId, contextId, ...(metadata ? { metadata } : {}) };
}
