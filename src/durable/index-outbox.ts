/**
 * The outbox of TaskIndex writes: a turn marks its task here inside the same transaction as the
 * state change, and the index writer sends what is marked afterwards. A write that fails (the
 * index object unreachable, a deploy) stays marked and is sent again by the alarm, so the index
 * never silently misses a transition. Each mark bumps a version, so a mark made while a send was
 * under way is not cleared by that send.
 */

export interface OutboxEntry {
  taskId: string;
  version: number;
}

export class IndexOutbox {
  constructor(private readonly sql: SqlStorage) {
    sql.exec("CREATE TABLE IF NOT EXISTS index_outbox (task_id TEXT PRIMARY KEY, version INTEGER NOT NULL)");
  }

  mark(taskId: string): void {
    this.sql.exec(
      "INSERT INTO index_outbox (task_id, version) VALUES (?, 1) ON CONFLICT(task_id) DO UPDATE SET version = version + 1",
      taskId,
    );
  }

  pending(limit: number): OutboxEntry[] {
    return this.sql
      .exec<{ task_id: string; version: number }>("SELECT task_id, version FROM index_outbox LIMIT ?", limit)
      .toArray()
      .map((r) => ({ taskId: r.task_id, version: r.version }));
  }

  isEmpty(): boolean {
    return this.sql.exec("SELECT 1 FROM index_outbox LIMIT 1").toArray().length === 0;
  }

  clear(entries: readonly OutboxEntry[]): void {
    for (const entry of entries) {
      this.sql.exec("DELETE FROM index_outbox WHERE task_id = ? AND version = ?", entry.taskId, entry.version);
    }
  }
}
