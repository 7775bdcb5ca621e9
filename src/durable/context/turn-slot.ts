/**
 * The one turn a context runs at a time, and the marks around it: the active turn; whether one
 * is being started (set from the busy check until the turn is active, so no await in between
 * admits a second); which request is being opened (a repeat of it waits, then finds its stored
 * message); and which tasks' ends are being written (a cancel racing a turn's end writes one end).
 *
 * Plain state, below everything that uses it: admission, the run, the end, the reads and the
 * lifecycle each hold this one object, and none of them holds another through it.
 */
import type { TurnLog } from "../../observability/turn-log";
import type { StoredRequest } from "./task-records";

export interface ActiveTurn {
  taskId: string;
  turn: number;
  baseUrl: string;
  controller: AbortController;
  finished: Promise<void>;
  markFinished: () => void;
  /** The turn's log line, metric and trace context (turn-log.ts). */
  log: TurnLog;
}

export class TurnSlot {
  active: ActiveTurn | undefined;
  /** The request whose turn is being opened (at most one: `starting`), settled once its commit ran or it failed. */
  opening: { request: StoredRequest; settled: Promise<void> } | undefined;
  /** Set from the busy check until the turn is active. */
  starting = false;
  /** Tasks whose end is being written. */
  readonly finishing = new Set<string>();

  activeTaskId(): string | undefined {
    return this.active?.taskId;
  }

  /** Whether a message must be refused as busy: a turn runs, or one is being started. */
  busy(): boolean {
    return this.active !== undefined || this.starting;
  }

  /** The active turn when it is `taskId`'s, taken out of the slot: its end is being written. */
  release(taskId: string): ActiveTurn | undefined {
    const turn = this.active?.taskId === taskId ? this.active : undefined;
    if (turn) this.active = undefined;
    return turn;
  }
}
