/**
 * The ListTasks page token: the `(status timestamp, task id)` of the last task of a page, in the
 * index's order `(ts desc, id desc)`. The order is global, so one token continues a page read from
 * one shard or merged from all of them. Opaque to clients: base64url of a JSON pair.
 */

import { trimEnd } from "../../a2a/trim-end";

export interface IndexCursor {
  tsMs: number;
  id: string;
}

export function encodeCursor(cursor: IndexCursor): string {
  return trimEnd(
    btoa(JSON.stringify([cursor.tsMs, cursor.id]))
      .replace(/\+/g, "-")
      .replace(/\//g, "_"),
    "=",
  );
}

export function decodeCursor(token: string): IndexCursor | undefined {
  try {
    const value: unknown = JSON.parse(atob(token.replace(/-/g, "+").replace(/_/g, "/")));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === "string") {
      return { tsMs: value[0] as number, id: value[1] };
    }
  } catch {
    // fall through: not a token we issued
  }
  return undefined;
}

/** Index order: newer status first, then the larger id first. */
export function compareIndexOrder(a: IndexCursor, b: IndexCursor): number {
  if (a.tsMs !== b.tsMs) return b.tsMs - a.tsMs;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
