/**
 * What a bounded task view holds, and the two views a context serves: its own file because the
 * task records (which compose a view), their kept view (which keeps the rows one is composed
 * from), the reads and the turn's opening commit all need it, and none may import another both ways.
 */
import { DEFAULT_HISTORY_LENGTH, ROW_CAP_BYTES, SNAPSHOT_ARTIFACTS, TASK_VIEW_MAX_BYTES } from "../../storage/limits";

export interface ViewBounds {
  /** The newest this many messages (0: none). */
  historyLength: number;
  /** Only the messages of the task's current turn. */
  currentTurnOnly?: boolean;
  /** The newest this many artifacts (0: none). */
  artifacts: number;
  /** The whole view stays under this many UTF-8 bytes of JSON: oldest messages, then oldest artifacts, go first. */
  maxBytes: number;
}

/** GetTask shows at most this many newest artifacts (each a reference; the bytes stay in R2). */
const TASK_VIEW_ARTIFACTS = 100;

/** GetTask and the SendMessage answer: the newest messages and artifacts within TASK_VIEW_MAX_BYTES. */
export function taskViewBounds(historyLength: number | undefined): ViewBounds {
  return { historyLength: historyLength ?? DEFAULT_HISTORY_LENGTH, artifacts: TASK_VIEW_ARTIFACTS, maxBytes: TASK_VIEW_MAX_BYTES };
}

/** The Task that opens a stream or a turn's log: status, the current turn's messages, the newest artifacts (half a row, ROW_CAP_BYTES). */
export const SNAPSHOT_BOUNDS: ViewBounds = {
  historyLength: DEFAULT_HISTORY_LENGTH,
  currentTurnOnly: true,
  artifacts: SNAPSHOT_ARTIFACTS,
  maxBytes: ROW_CAP_BYTES / 2,
};
