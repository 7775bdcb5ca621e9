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
 */
import type { StreamResponse } from "../../a2a/types";
import { applySchema } from "../schema";
import { fitRow } from "../row-guard";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS events (
     task_id TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (task_id, seq))`,
];

const ADDED = [
  { table: "events", column: "turn", definition: "INTEGER NOT NULL DEFAULT 0" },
  // The task's generation after the event (a2a/generation.ts); NULL for events logged before it existed.
  { table: "events", column: "generation", definition: "INTEGER" },
];

/** Events one INSERT writes: five bound values each (Durable Object SQLite: at most 100 bound parameters a statement). */
const EVENTS_PER_INSERT = 20;

/** Pending-delivery seqs one compaction can keep (Durable Object SQLite: at most 100 bound parameters). */
const MAX_KEPT_SEQS = 90;

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
   * Rows appended in the current transaction, not yet written: `flush` writes them together, one
   * INSERT for a commit's events (a turn's opening Task and WORKING, an artifact and the status
   * that ends its turn) instead of one each. Every read of the log flushes first.
   */
  private pending: SqlStorageValue[][] = [];

  constructor(private readonly sql: SqlStorage) {
    applySchema(sql, SCHEMA, ADDED);
  }

  append(taskId: string, turn: number, event: StreamResponse, generation?: number): LoggedEvent {
    const json = fitRow("events", JSON.stringify(event));
    const seq = this.lastSeq(taskId) + 1;
    this.pending.push([taskId, seq, turn, json, generation ?? null]);
    this.seqs.set(taskId, seq);
    return { seq, json, generation };
  }

  /** Writes the appended rows; the commit calls it before its transaction ends. */
  flush(): void {
    for (let from = 0; from < this.pending.length; from += EVENTS_PER_INSERT) {
      const rows = this.pending.slice(from, from + EVENTS_PER_INSERT);
      this.sql.exec(`INSERT INTO events (task_id, seq, turn, event, generation) VALUES ${rows.map(() => "(?, ?, ?, ?, ?)").join(", ")}`, ...rows.flat());
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
      // Compaction never deletes the newest turn's events, so the largest logged seq is the last one.
      seq = this.sql.exec<{ s: number | null }>("SELECT MAX(seq) AS s FROM events WHERE task_id = ?", taskId).one().s ?? 0;
      this.seqs.set(taskId, seq);
    }
    return seq;
  }

  at(taskId: string, seq: number): LoggedEvent | undefined {
    this.flush();
    const row = this.sql
      .exec<{ event: string; generation: number | null }>("SELECT event, generation FROM events WHERE task_id = ? AND seq = ?", taskId, seq)
      .toArray()[0];
    return row ? { seq, json: row.event, generation: row.generation ?? undefined } : undefined;
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
    return this.sql
      .exec<{ seq: number; event: string; generation: number | null }>(
        "SELECT seq, event, generation FROM events WHERE task_id = ? AND seq > ? ORDER BY seq",
        taskId,
        seq,
      )
      .toArray()
      .map((r) => ({ seq: r.seq, json: r.event, generation: r.generation ?? undefined }));
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
    const marks = kept.map(() => "?").join(",");
    this.sql.exec(`DELETE FROM events WHERE task_id = ? AND turn < ?${kept.length ? ` AND seq NOT IN (${marks})` : ""}`, taskId, before, ...kept);
  }

  deleteTask(taskId: string): void {
    this.flush();
    this.sql.exec("DELETE FROM events WHERE task_id = ?", taskId);
    this.seqs.delete(taskId);
  }
}
