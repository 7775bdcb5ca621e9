/** Task states of A2A 1.0 (proto `TaskState`), and the groups the protocol reasons about. */

export const TASK_STATES = [
  "TASK_STATE_UNSPECIFIED",
  "TASK_STATE_SUBMITTED",
  "TASK_STATE_WORKING",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_AUTH_REQUIRED",
] as const;

export type TaskState = (typeof TASK_STATES)[number];

const TERMINAL: ReadonlySet<TaskState> = new Set(["TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_REJECTED"]);

/** A terminal task cannot restart (spec §4). */
export function isTerminal(state: TaskState): boolean {
  return TERMINAL.has(state);
}

/** The proto enum number, used in the original's status message ids (`<taskId>-<n>`). */
export function stateNumber(state: TaskState): number {
  return TASK_STATES.indexOf(state);
}
