/**
 * The outbox of TaskIndex writes: a turn marks its task here inside the same transaction as the
 * state change, and the index writer sends what is marked afterwards. A write that fails (the
 * index object unreachable, a deploy) stays marked and is sent again by the alarm, so the index
 * never silently misses a transition. Each mark bumps a version, so a mark made while a send was
 * under way is not cleared by that send.
 *
 * A mark the index has acknowledged leaves the in-memory outbox at once, but its row is deleted by
 * the object's next commit (`settle`, run first in every commit; an alarm also settles). Deleting
 * it at once would be a commit of its own between the index's acknowledgement and a blocking
 * SendMessage's answer, which the object's output gate holds until that commit is durable. A row
 * left by an eviction before the next commit is sent once more when the object wakes, beside the
 * first request: a send writes the task's current row (or its removal), which the index already
 * has, so that costs one RPC and changes nothing.
 *
 * A running turn's WORKING row (a stream, a non-blocking send, a blocking turn that runs long) is
 * marked in memory only (`markRunning`, issue 29 item 3: a mark's row is a row written, and its
 * deletion another). Losing such a mark (an eviction, a crash, a rolled-back commit) loses no state
 * the index must end with: the turn's end marks its task in the end's commit, and a turn a restart
 * cut off is ended FAILED, and marked, when the object starts (turn-end.ts `endInterrupted`). Until
 * then a failed send stays in memory and the alarm retries it like any mark.
 */

export interface OutboxEntry {
  taskId: string;
  version: number;
}

export class IndexOutbox {
  /** The marks, mirrored in memory (only this object writes them); reloaded after a rollback. */
  private marks: Map<string, number> | undefined;
  /** Acknowledged marks whose rows `settle` has still to delete, by task. */
  private acknowledged = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {
    // WITHOUT ROWID: one B-tree, not a table and its key index (a page less per object); an
    // object created before keeps its rowid table, which the same statements read.
    sql.exec("CREATE TABLE IF NOT EXISTS index_outbox (task_id TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID");
  }

  private all(): Map<string, number> {
    this.marks ??= new Map(
      this.sql
        .exec<{ task_id: string; version: number }>("SELECT task_id, version FROM index_outbox")
        .toArray()
        .map((r) => [r.task_id, r.version]),
    );
    return this.marks;
  }

  /** After a rolled-back transaction: memory is reloaded from the rows, which it may have settled. */
  forget(): void {
    this.marks = undefined;
    this.acknowledged.clear();
  }

  /** The next version of a task's mark: it outgrows an acknowledged one, so that one's pending deletion spares it. */
  private nextVersion(taskId: string): number {
    return Math.max(this.all().get(taskId) ?? 0, this.acknowledged.get(taskId) ?? 0) + 1;
  }

  /** Inside a transaction. */
  mark(taskId: string): void {
    const version = this.nextVersion(taskId);
    this.sql.exec("INSERT INTO index_outbox (task_id, version) VALUES (?, ?) ON CONFLICT(task_id) DO UPDATE SET version = excluded.version", taskId, version);
    this.all().set(taskId, version);
  }

  /** A running turn's WORKING row, to be sent: marked in memory only, since the turn's end marks its task durably (see above). */
  markRunning(taskId: string): void {
    this.all().set(taskId, this.nextVersion(taskId));
  }

  pending(limit: number): OutboxEntry[] {
    return [...this.all()].slice(0, limit).map(([taskId, version]) => ({ taskId, version }));
  }

  isEmpty(): boolean {
    return this.all().size === 0;
  }

  /** The index has these entries: they leave the outbox (a mark made since, with a newer version, stays). */
  clear(entries: readonly OutboxEntry[]): void {
    for (const entry of entries) {
      if (this.all().get(entry.taskId) !== entry.version) continue;
      this.all().delete(entry.taskId);
      this.acknowledged.set(entry.taskId, entry.version);
    }
  }

  /** Whether some acknowledged mark's row is still to be deleted. */
  unsettled(): boolean {
    return this.acknowledged.size > 0;
  }

  /**
   * Inside a transaction: deletes the rows of acknowledged marks (a newer mark's row is kept). An
   * older row goes too: the acknowledged send wrote the task's row as it was then, which covers it
   * (a row left by a durable mark that a later in-memory mark's send covered).
   */
  settle(): void {
    for (const [taskId, version] of this.acknowledged) {
      this.sql.exec("DELETE FROM index_outbox WHERE task_id = ? AND version <= ?", taskId, version);
    }
    this.acknowledged.clear();
  }
}
