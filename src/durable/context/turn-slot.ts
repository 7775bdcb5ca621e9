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

/** Whether two requests name the same messageId or the same Idempotency-Key. */
const sameRequest = (a: StoredRequest, b: StoredRequest): boolean =>
  (a.messageId !== null && a.messageId === b.messageId) || (a.key !== null && a.key === b.key);

/** One start of a turn, from the busy check on: `opened` once its opening commit ran, `done` when the start is over either way. */
export interface TurnStart {
  opened(): void;
  done(): void;
}

export class TurnSlot {
  active: ActiveTurn | undefined;
  /** The request whose turn is being opened (at most one), settled once its commit ran or it failed. */
  private opening: { request: StoredRequest; settled: Promise<void> } | undefined;
  /** The start under way, from the busy check until its turn is active (or it failed). */
  private starting: TurnStart | undefined;
  /** Tasks whose end is being written. */
  readonly finishing = new Set<string>();

  activeTaskId(): string | undefined {
    return this.active?.taskId;
  }

  /** Whether a message must be refused as busy: a turn runs, or one is being started. */
  busy(): boolean {
    return this.active !== undefined || this.starting !== undefined;
  }

  /**
   * What a repeat of the request being opened waits on; undefined when `request` is not that one.
   * Not async: a caller that need not wait goes on without yielding.
   */
  openingOf(request: StoredRequest): Promise<void> | undefined {
    return this.opening && sameRequest(this.opening.request, request) ? this.opening.settled : undefined;
  }

  /**
   * A turn starts for `request` (the caller checked `busy` with no await since). Each mark clears
   * only what this start set: a start that is over after its turn ended (a blocking answer) must
   * not clear the mark of the next start, or a third message would pass the busy check beside it.
   */
  beginStart(request: StoredRequest): TurnStart {
    let settle = () => {};
    const opening = { request, settled: new Promise<void>((resolve) => (settle = resolve)) };
    const start: TurnStart = {
      opened: () => {
        if (this.opening === opening) this.opening = undefined;
        settle();
      },
      done: () => {
        if (this.starting === start) this.starting = undefined;
        start.opened();
      },
    };
    this.opening = opening;
    this.starting = start;
    return start;
  }

  /** The opened turn is the active one: the busy check now sees it instead of its start. */
  activate(turn: ActiveTurn): void {
    this.active = turn;
    this.starting = undefined;
  }

  /** The active turn when it is `taskId`'s, taken out of the slot: its end is being written. */
  release(taskId: string): ActiveTurn | undefined {
    const turn = this.active?.taskId === taskId ? this.active : undefined;
    if (turn) this.active = undefined;
    return turn;
  }
}
