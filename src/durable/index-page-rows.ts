/**
 * Reads a ListTasks page of index rows (id, ts_ms, state, task, history, artifacts) out of SQLite.
 *
 * Why not `toArray()`: a page is up to 51 rows per shard and every row crosses from SQLite into
 * JavaScript on its own (a cursor step, six values). Measured in a Durable Object, 51 small rows
 * cost ~180 µs as objects, ~90 µs as arrays (`raw()`), ~50 µs packed by SQLite into one string
 * (`group_concat`) and split here. So the page is read packed: rows joined by U+001E, fields by
 * U+001F, a NULL written as U+001D. None of these can occur in the values: ids are
 * [A-Za-z0-9_.:-], states are names, and the JSON texts come from JSON.stringify, which escapes
 * every control character.
 *
 * The packed value is one SQLite value, so it is bounded by SQLITE_VALUE_LIMIT_BYTES (2 MB); a
 * page whose rows are larger together (history or artifacts asked for, long status messages) is
 * refused by SQLite with "string or blob too big", and is then read row by row instead.
 */
import { compareIndexOrder } from "./index-cursor";

export type IndexPageRow = [id: string, tsMs: number, state: string, task: string, history: string | null, artifacts: string | null];

const ROW = "\u001e";
const FIELD = "\u001f";
const NULL = "\u001d";

/** The rows of `select` (which yields the six columns in this order), newest first. */
export function readIndexPage(sql: SqlStorage, select: string, args: readonly (string | number)[]): IndexPageRow[] {
  const packed = `SELECT group_concat(id || char(31) || ts_ms || char(31) || state || char(31) || task || char(31) ||
      coalesce(history, char(29)) || char(31) || coalesce(artifacts, char(29)), char(30)) AS page FROM (${select})`;
  let text: string | null;
  try {
    text = sql.exec<{ page: string | null }>(packed, ...args).one().page;
  } catch (error) {
    if (!/too big/i.test(error instanceof Error ? error.message : "")) throw error;
    return [...sql.exec(select, ...args).raw()] as IndexPageRow[];
  }
  if (text === null) return [];
  const rows = text.split(ROW).map((line): IndexPageRow => {
    const [id = "", tsMs = "0", state = "", task = "", history = NULL, artifacts = NULL] = line.split(FIELD);
    return [id, Number(tsMs), state, task, history === NULL ? null : history, artifacts === NULL ? null : artifacts];
  });
  // An aggregate's input order is SQLite's to choose: the page's order is restored here.
  return rows.sort((a, b) => compareIndexOrder({ tsMs: a[1], id: a[0] }, { tsMs: b[1], id: b[0] }));
}
