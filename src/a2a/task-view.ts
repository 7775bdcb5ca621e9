/** How a stored task is shown to a caller: `historyLength` and `includeArtifacts` (spec §11.3, §10). */
import type { Task } from "./types";

export interface TaskViewOptions {
  /** unset: everything; 0: no history; n: the n most recent messages. */
  historyLength?: number | undefined;
  /** false: the `artifacts` field is omitted entirely (ListTasks default). */
  includeArtifacts?: boolean | undefined;
}

export function viewTask(task: Task, options: TaskViewOptions): Task {
  const { history, artifacts, ...rest } = task;
  const view: Task = { ...rest };
  const length = options.historyLength;
  if (history && history.length > 0 && length !== 0) {
    view.history = length === undefined ? history : history.slice(Math.max(0, history.length - length));
  }
  if (options.includeArtifacts !== false && artifacts && artifacts.length > 0) view.artifacts = artifacts;
  return view;
}
