/**
 * How a TaskIndex row becomes the Task that ListTasks shows, as JSON text: the row keeps the
 * task's summary (id, contextId, status, metadata), its newest messages and its newest artifact
 * references as JSON texts, so the common page (no history, no artifacts) is the summary passed
 * through, and a page with `includeArtifacts` splices the stored array in; only `historyLength`
 * needs a parse, to cut the message list.
 */
import type { Task } from "../../a2a/types";
import { viewTask } from "../../a2a/task-view";

export interface RowTexts {
  /** `{"id":…,"contextId":…,"status":…,"metadata":…}` */
  summary: string;
  /** JSON array text of the newest messages (oldest first); null on a row written before it existed. */
  history: string | null;
  /** JSON array text of the newest artifact references; null on a row written before it existed. */
  artifacts: string | null;
}

export interface RowView {
  historyLength: number;
  includeArtifacts: boolean;
}

export function rowTaskJson(row: RowTexts, view: RowView): string {
  if (row.history === null || row.artifacts === null) {
    // A row of the first index format held the whole task: show it as a view does.
    return JSON.stringify(viewTask(JSON.parse(row.summary) as Task, view));
  }
  let out = row.summary.slice(0, -1);
  if (view.historyLength > 0 && row.history !== "[]") {
    const messages = JSON.parse(row.history) as unknown[];
    out += `,"history":${JSON.stringify(messages.slice(Math.max(0, messages.length - view.historyLength)))}`;
  }
  if (view.includeArtifacts && row.artifacts !== "[]") out += `,"artifacts":${row.artifacts}`;
  return `${out}}`;
}
