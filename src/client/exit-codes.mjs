// What a2a-client's exit status means, so that a script never mistakes a failed turn for a finished
// one (issue 28 item 4): a task that ends FAILED or REJECTED, CANCELED or waiting for authorization
// exits with a code of its own, an error answer exits 1, a usage mistake 2. The table below is
// printed by --help and documented in docs/cli.md; test/e2e/cli.test.ts proves each row.
import { stateWord } from "./cli-output.mjs";

export const EXIT = Object.freeze({
  ok: 0,
  error: 1,
  usage: 2,
  taskFailed: 3,
  taskCanceled: 4,
  authRequired: 5,
  interrupted: 130,
});

/** The help text's table: code, then when. */
export const EXIT_TABLE = [
  [EXIT.ok, "done: the turn ended completed or input-required (the agent's normal end), or was accepted (--no-wait)"],
  [EXIT.error, "an error: no connection, an error answer from the server, a refused card or credentials"],
  [EXIT.usage, "a usage mistake (unknown command or option, a bad value), found before any request"],
  [EXIT.taskFailed, "the task ended failed or rejected (send, get, subscribe)"],
  [EXIT.taskCanceled, "the task ended canceled (send, get, subscribe; cancel itself exits 0)"],
  [EXIT.authRequired, "the task waits for authorization: auth-required (send, get, subscribe)"],
  [EXIT.interrupted, "Ctrl-C while following a stream (the task goes on in the server)"],
];

const BY_STATE = {
  TASK_STATE_FAILED: EXIT.taskFailed,
  TASK_STATE_REJECTED: EXIT.taskFailed,
  TASK_STATE_CANCELED: EXIT.taskCanceled,
  TASK_STATE_AUTH_REQUIRED: EXIT.authRequired,
};

/** The exit status for a task last seen in `state`: 0 unless it ended failed, rejected, canceled or needs authorization. */
export function exitForState(state) {
  return BY_STATE[state] ?? EXIT.ok;
}

/**
 * The stderr line that goes with a non-zero state: the task, what became of it and, when the server
 * said why, its reason's first line. Undefined for a state that exits 0.
 */
export function stateProblem({ taskId, state, reason }) {
  if (exitForState(state) === EXIT.ok) return undefined;
  const why = reason ? `: ${String(reason).split("\n")[0].slice(0, 300)}` : "";
  if (state === "TASK_STATE_AUTH_REQUIRED") return `task ${taskId} needs authorization${why} — reply with: a2a-client send --task ${taskId} "…"`;
  return `task ${taskId} ended ${stateWord(state)}${why}`;
}
