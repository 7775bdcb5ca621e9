/**
 * The rows of one task that TaskRecords keeps in memory between a write and the next view: the
 * task created or viewed last, made to follow every write of it (write-through). A turn's end
 * composes the index row and the blocking answer from them, a follow-up turn's opening snapshot and
 * state check read nothing, and a GetTask right after a turn reads nothing either.
 *
 * Why it stays exact: only this object writes its tasks, every write goes through TaskRecords
 * (which applies it here or drops the copy), and a rolled-back transaction drops it (`forget`).
 * Why it is one task and small: the isolate's 128 MB are shared by every object in it.
 */
import type { ViewBounds } from "./view-bounds";

/** The rows of one task a view is composed from, newest first. */
export interface StoredRows {
  taskId: string;
  state: string;
  status: string;
  metadata: string | null;
  /** The task's turn count: the turn the current-turn snapshot shows. */
  turns: number;
  messages: string[];
  /** The turn each of `messages` was written in. */
  messageTurns: number[];
  /** True when `messages` holds every message of the task (fewer came back than were asked for). */
  allMessages: boolean;
  /** True when `messages` holds every message of turn `turns` (read for the current turn, or kept since it began). */
  allOfTurn: boolean;
  artifacts: string[];
  allArtifacts: boolean;
  /** The JSON characters of all of the above, held against VIEW_MEMO_MAX_CHARS. */
  chars: number;
}

/** What a view of the rows asks for: the newest messages (of every turn, or of the current one) and artifacts. */
type RowBounds = Pick<ViewBounds, "historyLength" | "currentTurnOnly" | "artifacts">;

/**
 * The largest set of rows kept between views, in JSON characters: a turn's answer (a few messages
 * and artifacts) fits; a long task's 100 messages are read again rather than held beside the 128 MB
 * the isolate shares with every other object in it.
 */
export const VIEW_MEMO_MAX_CHARS = 256 * 1024;

/**
 * The newest messages `bounds` shows, from rows that hold the task's newest messages; undefined
 * when the rows cannot tell (they stop before the bound and may not be all of them).
 */
export function shownMessages(rows: StoredRows, bounds: RowBounds): string[] | undefined {
  const { messages } = rows;
  const wanted = Math.max(bounds.historyLength, 0);
  if (!bounds.currentTurnOnly) return rows.allMessages || messages.length >= wanted ? messages.slice(0, wanted) : undefined;
  // The current turn's messages are the newest: a prefix of the rows.
  let current = 0;
  while (current < messages.length && current < wanted && rows.messageTurns[current] === rows.turns) current++;
  const complete = current === wanted || current < messages.length || rows.allMessages || rows.allOfTurn;
  return complete ? messages.slice(0, current) : undefined;
}

/** The newest artifacts `bounds` shows, or undefined when the rows cannot tell. */
export function shownArtifacts(rows: StoredRows, bounds: RowBounds): string[] | undefined {
  const wanted = Math.max(bounds.artifacts, 0);
  return rows.allArtifacts || rows.artifacts.length >= wanted ? rows.artifacts.slice(0, wanted) : undefined;
}

export class KeptView {
  private rows: StoredRows | undefined;

  /** The kept rows of `taskId`, if these are the ones kept. */
  of(taskId: string): StoredRows | undefined {
    return this.rows?.taskId === taskId ? this.rows : undefined;
  }

  /** Keeps `rows` (a new task's, or those just read) when they are small enough. */
  keep(rows: StoredRows): void {
    this.rows = rows.chars <= VIEW_MEMO_MAX_CHARS ? rows : undefined;
  }

  /** A write of `taskId` the copy cannot follow: it is stale from now on. */
  drop(taskId: string): void {
    if (this.rows?.taskId === taskId) this.rows = undefined;
  }

  /** Drops whatever is kept (a rolled-back transaction, an alarm). */
  forget(): void {
    this.rows = undefined;
  }

  /** Applies a write of `taskId` to the copy, if it is the one kept, and lets go of it once it outgrows VIEW_MEMO_MAX_CHARS. */
  follow(taskId: string, write: (rows: StoredRows) => void): void {
    const rows = this.of(taskId);
    if (!rows) return;
    write(rows);
    if (rows.chars > VIEW_MEMO_MAX_CHARS) this.rows = undefined;
  }
}
