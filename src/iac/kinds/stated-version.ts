/**
 * A version written apart from its engine: "把 Redis 加上，版本 6.0", "a MySQL database, version 8.0".
 * The kinds' own grammars read "Redis 6.0" and "MySQL 版本 8.0"; a version a clause later was read by
 * nobody, generator or check, so "版本 6.0" went silently unapplied. Here it belongs to the engine
 * named last before it in the same sentence, within a bounded reach. Linear: one pass over the
 * version words, a bounded look back for each.
 */

/** "version 6.0", "版本 6.0", "版本用 8.0", "version to 7". */
const VERSION_WORD = /(?:\bversion|版本)\s{0,3}(?:用|为|是|改成|改为|换成|to)?\s{0,3}(\d{1,2}(?:\.\d{1,2})?)(?![\d.])/gi;
/** Engine words, the last of which before a version owns it. */
const ENGINE_WORD = /\b(?:redis|tair|mysql|postgres(?:ql)?|pg|mariadb|sql ?server)\b/gi;
/** How far back the engine may be: "把 Redis 加上，版本 6.0" is 9 characters. */
const ENGINE_REACH = 40;
/** A sentence ends here: the version is not that engine's. A list item's line break is no end ("- Redis\n- 版本 6.0"); a blank line is. */
const SENTENCE_END = /[。]|\.\s|\n\s{0,4}\n/g;

export type VersionedEngine = "redis" | "mysql" | "postgres" | "mariadb" | "sqlserver";

function engineOf(word: string): VersionedEngine {
  const lower = word.toLowerCase().replace(" ", "");
  if (lower === "tair" || lower === "redis") return "redis";
  if (lower.startsWith("postgres") || lower === "pg") return "postgres";
  if (lower === "sqlserver") return "sqlserver";
  return lower === "mariadb" ? "mariadb" : "mysql";
}

/** The version a request writes apart from `engine`, if the engine named last before a version word is it. */
export function detachedVersion(text: string, engine: VersionedEngine): string | undefined {
  for (const match of text.matchAll(VERSION_WORD)) {
    const reach = text.slice(Math.max(0, match.index - ENGINE_REACH), match.index);
    // Only the words after the last sentence end count.
    const ends = [...reach.matchAll(SENTENCE_END)];
    const lastEnd = ends[ends.length - 1];
    const window = lastEnd ? reach.slice((lastEnd.index ?? 0) + lastEnd[0].length) : reach;
    const engines = [...window.matchAll(ENGINE_WORD)];
    const last = engines[engines.length - 1];
    // "MySQL 版本 8.0" is the engine's own grammar: a version right after its word is not detached.
    if (!last || window.slice((last.index ?? 0) + last[0].length).trim() === "") continue;
    if (engineOf(last[0]) === engine && match[1]) return match[1];
  }
  return undefined;
}
