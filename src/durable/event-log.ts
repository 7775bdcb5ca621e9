/**
 * The per-task event log: every event a stream or a push notification carries, with its
 * monotonic `seq` (the SSE `id:`), written before it is sent, so `Last-Event-ID` replays exactly
 * what a client missed. Events are deltas; a turn opens with one bounded Task snapshot (never the
 * whole history), so the bytes a turn writes do not depend on how many turns came before.
 *
 * Compaction rule: when a task's turn N starts, the events of its turns before N−1 are deleted,
 * except those a push delivery still needs. Replay is exact for the current and the previous turn;
 * a client that resumes from an older id gets the previous turn's events, which open with that
 * turn's Task snapshot: a consistent point to rebuild from (docs/decisions.md).
 */
import type { StreamResponse } from "../a2a/types";
import { applySchema } from "./schema";
import { fitRow } from "./row-guard";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS events (
     task_id TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (task_id, seq))`,
  `CREATE TABLE IF NOT EXISTS event_seqs (task_id TEXT PRIMARY KEY, last_seq INTEGER NOT NULL)`,
];

const ADDED = [
  { table: "events", column: "turn", definition: "INTEGER NOT NULL DEFAULT 0" },
];

/** Turns whose events are kept: the current and the previous one. */
export const REPLAY_TURNS = 2;

/** A logged event: its sequence number and its serialized `StreamResponse`. */
export interface LoggedEvent {
  seq: number;
  json: string;
}

export class EventLog {
  constructor(private readonly sql: SqlStorage) {
    applySchema(sql, SCHEMA, ADDED);
    // Objects written before event_seqs existed: seed each task's counter from its log once.
    sql.exec(
      `INSERT OR IGNORE INTO event_seqs (task_id, last_seq) SELECT task_id, MAX(seq) FROM events GROUP BY task_id`,
    );
  }

  append(taskId: string, turn: number, event: StreamResponse): LoggedEvent {
    const json = fitRow("events", JSON.stringify(event));
    const seq = this.sql
      .exec<{ last_seq: number }>(
        `INSERT INTO event_seqs (task_id, last_seq) VALUES (?, 1)
         ON CONFLICT(task_id) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`,
        taskId,
      )
      .one().last_seq;
    this.sql.exec("INSERT INTO events (task_id, seq, turn, event) VALUES (?, ?, ?, ?)", taskId, seq, turn, json);
    return { seq, json };
  }

  lastSeq(taskId: string): number {
    return this.sql.exec<{ last_seq: number }>("SELECT last_seq FROM event_seqs WHERE task_id = ?", taskId).toArray()[0]?.last_seq ?? 0;
  }

  at(taskId: string, seq: number): LoggedEvent | undefined {
    const row = this.sql.exec<{ event: string }>("SELECT event FROM events WHERE task_id = ? AND seq = ?", taskId, seq).toArray()[0];
    return row ? { seq, json: row.event } : undefined;
  }

  after(taskId: string, seq: number): LoggedEvent[] {
    return this.sql
      .exec<{ seq: number; event: string }>("SELECT seq, event FROM events WHERE task_id = ? AND seq > ? ORDER BY seq", taskId, seq)
      .toArray()
      .map((r) => ({ seq: r.seq, json: r.event }));
  }

  /** Deletes the events of turns before `currentTurn − 1`, keeping the `kept` seqs (pending pushes). */
  compact(taskId: string, currentTurn: number, kept: readonly number[]): void {
    const before = currentTurn - (REPLAY_TURNS - 1);
    if (before <= 1) return;
    const marks = kept.map(() => "?").join(",");
    this.sql.exec(
      `DELETE FROM events WHERE task_id = ? AND turn < ?${kept.length ? ` AND seq NOT IN (${marks})` : ""}`,
      taskId,
      before,
      ...kept,
    );
  }

  /** Bytes of the task's logged events (what the storage tests and the bench measure). */
  bytes(taskId: string): number {
    return this.sql.exec<{ b: number | null }>("SELECT SUM(LENGTH(CAST(event AS BLOB))) AS b FROM events WHERE task_id = ?", taskId).one().b ?? 0;
  }

  deleteTask(taskId: string): void {
    this.sql.exec("DELETE FROM events WHERE task_id = ?", taskId);
    this.sql.exec("DELETE FROM event_seqs WHERE task_id = ?", taskId);
  }
}
