/**
 * The last line of the storage bounds: every row is checked against ROW_CAP_BYTES before it is
 * written. By construction nothing reaches it (parts go to R2, deltas are split, views are
 * trimmed); if something ever does, the write fails loudly inside its transaction, which then
 * writes nothing, instead of SQLite's 2 MB error leaving half a turn behind.
 */
import { ROW_CAP_BYTES, utf8Bytes } from "../storage/limits";

export class RowTooLargeError extends Error {
  constructor(table: string, bytes: number) {
    super(`a ${table} row of ${bytes} bytes is over the ${ROW_CAP_BYTES}-byte row cap`);
    this.name = "RowTooLargeError";
  }
}

/** Returns `json` when it fits the row cap; throws otherwise. */
export function fitRow(table: string, json: string): string {
  // A UTF-16 string of n units is at most 3n UTF-8 bytes: most rows need no count at all.
  if (json.length * 3 <= ROW_CAP_BYTES) return json;
  const bytes = utf8Bytes(json);
  if (bytes > ROW_CAP_BYTES) throw new RowTooLargeError(table, bytes);
  return json;
}
