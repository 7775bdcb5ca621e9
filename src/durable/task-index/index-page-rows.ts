/**
 * Reads a ListTasks page of index rows (id, ts_ms, state, task, history, artifacts) out of SQLite
 * as arrays (`raw()`): no object per row, and no value larger than the rows themselves.
 *
 * Measured in a Durable Object (`npm run bench:micro`), 51 rows of a shard cost least this way:
 * as objects (`toArray()`) they cost about half as much again, and packed by SQLite into one value
 * (`group_concat`, then split here; shipped for a while) they cost 1.4x as much with a conformance
 * task's summary, besides needing a row-by-row fallback past the 2 MB value limit.
 */
export type IndexPageRow = [id: string, tsMs: number, state: string, task: string, history: string | null, artifacts: string | null];

/** The rows of `select` (which yields the six columns in this order), in its order. */
export function readIndexPage(sql: SqlStorage, select: string, args: readonly (string | number)[]): IndexPageRow[] {
  return [...sql.exec(select, ...args).raw()] as IndexPageRow[];
}
