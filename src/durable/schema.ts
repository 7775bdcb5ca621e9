/**
 * Schema of a Durable Object's SQLite, applied at construction. Tables are created if missing;
 * columns added after the first release are added in place (`ALTER TABLE … ADD COLUMN`) with a
 * backfill, so an object written by an older version keeps its tasks when it wakes on a newer one.
 */

export interface AddedColumn {
  table: string;
  column: string;
  definition: string;
  /** Runs once, right after the column is added, to fill it for existing rows. */
  backfill?: string;
}

export function applySchema(sql: SqlStorage, statements: readonly string[], added: readonly AddedColumn[] = []): void {
  for (const statement of statements) sql.exec(statement);
  for (const change of added) {
    const columns = sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('${change.table}')`).toArray();
    if (columns.some((c) => c.name === change.column)) continue;
    sql.exec(`ALTER TABLE ${change.table} ADD COLUMN ${change.column} ${change.definition}`);
    if (change.backfill) sql.exec(change.backfill);
  }
}
