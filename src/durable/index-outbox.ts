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
  /** The marks, mirrored in memory (only this object writes them); reloaded after a rollback. */
  private marks: Map<string, number> | undefined;

  constructor(private readonly sql: SqlStorage) {
    sql.exec("CREATE TABLE IF NOT EXISTS index_outbox (task_id TEXT PRIMARY KEY, version INTEGER NOT NULL)");
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

  forget(): void {
    this.marks = undefined;
  }

  mark(taskId: string): void {
    const version = (this.all().get(taskId) ?? 0) + 1;
    this.sql.exec("INSERT INTO index_outbox (task_id, version) VALUES (?, ?) ON CONFLICT(task_id) DO UPDATE SET version = excluded.version", taskId, version);
    this.all().set(taskId, version);
  }

  pending(limit: number): OutboxEntry[] {
    return [...this.all()].slice(0, limit).map(([taskId, version]) => ({ taskId, version }));
  }

  isEmpty(): boolean {
    return this.all().size === 0;
  }

  clear(entries: readonly OutboxEntry[]): void {
    for (const entry of entries) {
      if (this.all().get(entry.taskId) !== entry.version) continue;
      this.sql.exec("DELETE FROM index_outbox WHERE task_id = ? AND version = ?", entry.taskId, entry.version);
      this.all().delete(entry.taskId);
    }
  }
}
