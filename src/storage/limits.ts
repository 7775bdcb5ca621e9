/**
 * The storage bounds of the server, each derived from a platform limit. Durable Object SQLite
 * refuses any string, BLOB or row over 2 MB, and an isolate has 128 MB of memory; so every row the
 * server writes has a fixed cap well below 2 MB, large content lives in R2, and every answer built
 * from rows has a byte budget. Each constant below says what it protects.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/** Cloudflare: "Maximum string, BLOB or table row size: 2 MB" (Durable Objects SQLite limits). */
export const SQLITE_VALUE_LIMIT_BYTES = 2_000_000;

/**
 * No row the server writes is larger than this: a quarter of the SQLite limit, so a row plus its
 * SQL text, its other columns and an index entry never come near it. Checked on every write.
 */
export const ROW_CAP_BYTES = 512 * KiB;

/** A message part whose JSON is larger than this is stored in R2; the row keeps a `url` part. */
export const PART_INLINE_MAX_BYTES = 64 * KiB;

/**
 * A message as stored (history row, status message, event) is at most this: larger parts are
 * moved to R2, largest first, until it fits; a message of many small parts that still does not
 * fit is refused (`A2A message content is too large.`).
 */
export const MESSAGE_INLINE_MAX_BYTES = 128 * KiB;

/** Task (and message) metadata is stored inline; larger metadata is refused with -32602. */
export const METADATA_MAX_BYTES = 64 * KiB;

/**
 * One streamed text delta is at most this many characters; a longer delta is split into several
 * status events, so an event row stays small whatever a provider emits at once.
 */
export const DELTA_MAX_CHARS = 32 * KiB;

/** GetTask's answer stays under this however long the history is (oldest messages dropped first). */
export const TASK_VIEW_MAX_BYTES = 1 * MiB;

/** GetTask without `historyLength` returns at most the newest this many messages. */
export const DEFAULT_HISTORY_LENGTH = 100;

/** Views that open a stream and index rows carry at most the newest this many artifact references. */
export const SNAPSHOT_ARTIFACTS = 10;

/** A TaskIndex row keeps at most this many newest messages: the most ListTasks can return per task. */
export const LIST_HISTORY_MAX = 10;

/** A TaskIndex row (the ListTasks view of one task) is at most this; oldest messages go first. */
export const INDEX_ROW_MAX_BYTES = 256 * KiB;

/** One ListTasks page stays under this: a page that would pass it ends early, with a next-page token. */
export const LIST_PAGE_MAX_BYTES = 4 * MiB;

/** The first character that is not ASCII (one UTF-8 byte each up to it). */
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * UTF-8 bytes of a string, counted without allocating its encoding (surrogate pairs are 4 bytes).
 * The ASCII run before the first other character is found by the regex engine, 3 to 4 times faster
 * than this loop over a JSON row of a few hundred characters (issue 29 item 4: a SendMessage counts
 * a dozen such texts); the loop counts the rest.
 */
export function utf8Bytes(text: string): number {
  const ascii = text.search(NON_ASCII);
  if (ascii < 0) return text.length;
  let bytes = ascii;
  for (let i = ascii; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
