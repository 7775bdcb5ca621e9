/**
 * The reply where every client reads (issue 20 item 4). The assistant's text travels in status
 * messages (the original's contract, kept), but several A2A clients read a task's reply elsewhere:
 * Google ADK's RemoteA2aAgent and BeeAI's A2AAgent take the task's last artifact, and the official
 * Python client folds every status message into `history`, so its last one is a fragment. So a turn
 * that produced assistant text also ends with one text artifact of its final reply, named
 * `response`, appended as the task's newest artifact just before the final status (docs/decisions.md).
 *
 * Its parts are the final reply message's stored parts: inline text, or for a reply beyond
 * PART_INLINE_MAX_BYTES the same R2 `url` part the history keeps, so it costs no second blob and a
 * row stays within MESSAGE_INLINE_MAX_BYTES.
 */
import type { Artifact, Part } from "../../a2a/types";

export const RESPONSE_ARTIFACT_NAME = "response";

/** One per turn: the turn number keeps each turn's reply its own (newest last, never replaced in place). */
export function responseArtifact(taskId: string, turn: number, parts: Part[]): Artifact {
  return { artifactId: `${taskId}-response-${turn}`, name: RESPONSE_ARTIFACT_NAME, parts };
}
