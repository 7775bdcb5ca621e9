/**
 * The per-task event log: every event a stream or a push notification carries, with its
 * monotonic `seq` (the SSE `id:`), written before it is sent, so `Last-Event-ID` replays what a
 * client missed. Events are deltas; a turn opens with one bounded Task snapshot (never the whole
 * history), so the bytes a turn writes do not depend on how many turns came before.
 *
 * A stream carries exactly one Task, first (A2A streams: one Task or Message, then updates only):
 * a resumed stream gets exactly the events it missed, less the Tasks that open later turns
 * (`isTaskSnapshot`, stream-hub.ts), behind the current Task when they do not start with one.
 *
 * Compaction rule: when a task's turn N starts, the events of its turns before N−1 are deleted,
 * except those a push delivery still needs. Replay is exact for the current and the previous turn;
 * a client that resumes from an older id gets the previous turn's events, which open with that
 * turn's Task snapshot: a consistent point to rebuild from (docs/decisions.md).
 *
 * Rows (issue 29: a row written is what Durable Objects bill a write by): the events one commit
 * logs for one task's turn are one row, keyed by the first event's `seq`, `last_seq` its last one's,
 * the events' JSON texts joined by a newline (JSON.stringify never writes one) and, when there
 * are several, their generations in `generations`. A row of the previous layout holds one event
 * and no `last_seq`; every read takes both.
 */
import type { StreamResponse } from "../../a2a/types";
import { applySchema } from "../schema";
import { fitRow } from "../row-guard";
import { ROW_CAP_BYTES, utf8Bytes } from "../../storage/limits";

const SCHEMA = [
  // Issue 29 item 3: WITHOUT ROWID, one B-tree keyed by (task_id, seq): a row is one row written,
  // not the row and its key index entry. An object created before keeps its rowid table, which
  // every statement here reads alike (none reads `rowid`).
  `CREATE TABLE IF NOT EXISTS events (
     task_id TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (task_id, seq)) WITHOUT ROWID`,
];

const ADDED = [
  { table: "events", column: "turn", definition: "INTEGER NOT NULL DEFAULT 0" },
  // The task's generation after the event (a2a/generation.ts); NULL for events logged before it existed.
  { table: "events", column: "generation", definition: "INTEGER" },
  // Issue 29: a row holds a commit's events, `seq` to `last_seq` (NULL: one event, `seq`), and their
  // generations comma-joined when it holds several (an empty entry: none).
  { table: "events", column: "last_seq", definition: "INTEGER" },
  { table: "events", column: "generations", definition: "TEXT" },
];

/** A stored row: one event or several (`seq`..`last_seq`). */
type EventRow = {
  seq: number;
  last_seq: number | null;
  event: string;
  generation: number | null;
  generations: string | null;
};

const ROW_COLUMNS = "seq, last_seq, event, generation, generations";

/** The events of a row, in order. */
function eventsOf(row: EventRow): LoggedEvent[] {
  if (row.last_seq === null || row.last_seq === row.seq) return [{ seq: row.seq, json: row.event, generation: row.generation ?? undefined }];
  const texts = row.event.split("\n");
  const generations = (row.generations ?? "").split(",");
  return texts.map((json, i) => {
    const generation = generations[i];
    return { seq: row.seq + i, json, generation: generation ? Number(generation) : undefined };
  });
}

/** Rows one INSERT writes: seven bound values each (Durable Object SQLite: at most 100 bound parameters a statement). */
const ROWS_PER_INSERT = 14;

/** Pending-delivery seqs one compaction can keep: two bound values each (Durable Object SQLite: at most 100 bound parameters). */
const MAX_KEPT_SEQS = 45;

/** Turns whose events are kept: the current and the previous one. */
export const REPLAY_TURNS = 2;

/** A logged event: its sequence number and its serialized `StreamResponse`. */
export interface LoggedEvent {
  seq: number;
  json: string;
  /** The task's generation after the event, shown only to streams that activated the extension. */
  generation?: number | undefined;
}

/** Whether a logged event is a turn's opening Task (`{"task":…}`, as `append` serializes it). */
export function isTaskSnapshot(event: LoggedEvent): boolean {
  return event.json.startsWith('{"task":');
}

export class EventLog {
  /** Each task's last seq, once read: only this object appends, so the copy stays exact. */
  private readonly seqs = new Map<string, number>();
  /**
   * Events appended in the current transaction, not yet written: `flush` writes them together, one
   * row for a commit's events of one task's turn (a turn's opening Task and WORKING, an artifact
   * and the status that ends its turn) and one INSERT for all rows. Every read of the log flushes first.
   */
  private pending: Array<{ taskId: string; turn: number; seq: number; json: string; generation: number | null }> = [];

  constructor(private readonly sql: SqlStorage) {
    applySchema(sql, SCHEMA, ADDED);
  }

  append(taskId: string, turn: number, event: StreamResponse, generation?: number): LoggedEvent {
    const json = fitRow("events", JSON.stringify(event));
    const seq = this.lastSeq(taskId) + 1;
    this.pending.push({ taskId, turn, seq, json, generation: generation ?? null });
    this.seqs.set(taskId, seq);
    return { seq, json, generation };
  }

  /** Writes the appended rows; the commit calls it before its transaction ends. */
  flush(): void {
    const rows: SqlStorageValue[][] = [];
    let group: typeof this.pending = [];
    const close = () => {
      const [first] = group;
      if (!first) return;
      const several = group.length > 1;
      const last = group[group.length - 1]?.seq ?? first.seq;
      const event = fitRow("events", group.map((e) => e.json).join("\n"));
      const generations = several ? group.map((e) => (e.generation === null ? "" : String(e.generation))).join(",") : null;
      rows.push([first.taskId, first.seq, first.turn, event, several ? null : first.generation, several ? last : null, generations]);
      group = [];
    };
    let bytes = 0;
    for (const entry of this.pending) {
      const previous = group[group.length - 1];
      // Each event fits the row cap alone (append checked it); a row of several stays under it too.
      const size = utf8Bytes(entry.json) + 1;
      if (previous && (previous.taskId !== entry.taskId || previous.turn !== entry.turn || previous.seq + 1 !== entry.seq || bytes + size > ROW_CAP_BYTES)) {
        close();
        bytes = 0;
      }
      group.push(entry);
      bytes += size;
    }
    close();
    for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
      const batch = rows.slice(from, from + ROWS_PER_INSERT);
      this.sql.exec(
        `INSERT INTO events (task_id, seq, turn, event, generation, last_seq, generations) VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        ...batch.flat(),
      );
    }
    this.pending = [];
  }

  /** A new task's log starts empty: its seq needs no read. */
  startTask(taskId: string): void {
    this.seqs.set(taskId, 0);
  }

  /** Drops the in-memory seqs (after a rolled-back transaction): the next read reloads them. */
  forget(): void {
    this.seqs.clear();
    this.pending = [];
  }

  lastSeq(taskId: string): number {
    let seq = this.seqs.get(taskId);
    if (seq === undefined) {
      // Compaction never deletes the newest turn's events, so the newest row holds the last seq.
      const row = this.sql
        .exec<{ seq: number; last_seq: number | null }>("SELECT seq, last_seq FROM events WHERE task_id = ? ORDER BY seq DESC LIMIT 1", taskId)
        .toArray()[0];
      seq = row ? (row.last_seq ?? row.seq) : 0;
      this.seqs.set(taskId, seq);
    }
    return seq;
  }

  at(taskId: string, seq: number): LoggedEvent | undefined {
    this.flush();
    // The row that starts at or before `seq`: the event is in it, or is gone.
    const row = this.sql.exec<EventRow>(`SELECT ${ROW_COLUMNS} FROM events WHERE task_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1`, taskId, seq).toArray()[0];
    return row ? eventsOf(row).find((event) => event.seq === seq) : undefined;
  }

  /**
   * The events a stream resumed after `lastEventId` missed, exactly (seq > lastEventId), less the
   * Tasks that open later turns: a stream carries one Task, first (task-reads.ts sends the
   * current Task ahead of them when the first missed event is not one).
   */
  missedAfter(taskId: string, lastEventId: number): LoggedEvent[] {
    return this.after(taskId, lastEventId).filter((event, index) => index === 0 || !isTaskSnapshot(event));
  }

  after(taskId: string, seq: number): LoggedEvent[] {
    this.flush();
    // From the row that holds `seq` (or the first after it), in order; then its events after `seq`.
    return this.sql
      .exec<EventRow>(
        `SELECT ${ROW_COLUMNS} FROM events WHERE task_id = ?1
         AND seq >= COALESCE((SELECT MAX(seq) FROM events WHERE task_id = ?1 AND seq <= ?2), 0) ORDER BY seq`,
        taskId,
        seq,
      )
      .toArray()
      .flatMap(eventsOf)
      .filter((event) => event.seq > seq);
  }

  /** Deletes the events of turns before `currentTurn − 1`, keeping the `kept` seqs (pending pushes). */
  compact(taskId: string, currentTurn: number, keptSeqs: () => readonly number[]): void {
    const before = currentTurn - (REPLAY_TURNS - 1);
    if (before <= 1) return;
    const kept = keptSeqs();
    // SQLite in a Durable Object binds at most 100 parameters a statement: with more pending
    // deliveries than fit, this turn leaves the log as it is (the next turn tries again).
    if (kept.length > MAX_KEPT_SEQS) return;
    this.flush();
    // A row that holds a kept seq is kept whole.
    const holds = kept.map(() => "(seq <= ? AND COALESCE(last_seq, seq) >= ?)").join(" OR ");
    this.sql.exec(
      `DELETE FROM events WHERE task_id = ? AND turn < ?${kept.length ? ` AND NOT (${holds})` : ""}`,
      taskId,
      before,
      ...kept.flatMap((k) => [k, k]),
    );
  }

  deleteTask(taskId: string): void {
    this.flush();
    this.sql.exec("DELETE FROM events WHERE task_id = ?", taskId);
    this.seqs.delete(taskId);
  }
}
