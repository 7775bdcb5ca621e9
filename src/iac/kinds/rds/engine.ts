/**
 * Which database engine a request wants, and at which version (issue 27 item 6): "use PostgreSQL 15
 * instead of MySQL", "换成 PostgreSQL 15", "switch from MySQL 8.0 to PostgreSQL 16", "MariaDB rather
 * than MySQL". The engine a request moves *away from* ("instead of MySQL", "from MySQL", "不用 MySQL")
 * is not the one it asks for, and a version belongs to the engine written just before it, so
 * "from MySQL 8.0 to PostgreSQL 15" is PostgreSQL 15.0, never MySQL 8.0 nor `Engine: MySQL,
 * EngineVersion: 15.0`. One reading serves the generator (generation-request.ts), the value
 * grammar (index.ts) and the editor (an engine switch on the current template).
 * Linear: one pass over the engine words, a bounded look around each.
 */
import type { RdsEngine } from "../../read/infrastructure-request";

/** The engine words RDS offers. "pg" alone is PostgreSQL's usual short name. */
const ENGINE_WORD = /\b(?:mysql|postgres(?:ql)?|pg|mariadb|sql ?server|mssql)\b/gi;

/** Words just before an engine that move away from it: "instead of MySQL", "from MySQL", "not MySQL", "不用 MySQL", "从 MySQL". */
const AWAY_BEFORE =
  /(?:\binstead of|\brather than|\bfrom|\bnot|\bno|\bno longer|\breplac(?:e|ing)|\bdrop|\bditch|而不是|不用|不要|替换掉?|从)\s{0,3}(?:the\s{1,3}|an?\s{1,3})?(?:rds\s{1,3})?$/i;
/** Words just after an engine that move to another: "MySQL → PostgreSQL", "MySQL 换成 PostgreSQL", "MySQL to PostgreSQL" (not "MySQL to 8.0"). */
const AWAY_AFTER =
  /^\s{0,3}(?:(?:version\s{0,3})?\d{1,4}(?:\.\d{1,2})?\s{0,3})?(?:数据库\s{0,2})?(?:->|→|=>|\bto\b|换成|改成|改为|切换到|迁移到|迁到|替换为|替换成)\s{0,3}(?:the\s{1,3}|an?\s{1,3})?(?:rds\s{1,3})?(?:mysql|postgres|pg\b|mariadb|sql ?server|mssql)/i;
/** How far around an engine word the away cue may be, in characters. */
const CUE_REACH = 40;

/** A version written right after the engine's word (a port such as "MySQL 3306" is none: one or two digits, or a year): "PostgreSQL 15", "MySQL 8.0", "SQL Server 2019", "MySQL version 5.7", "MySQL to 8.0", "MySQL 升级到 8.0". */
const VERSION_AFTER =
  /^\s{0,3}(?:version\s{0,3}|版本\s{0,3}|v)?(?:(?:to|用|改成|改为|换成|升级到|升到)\s{0,3})?(\d{1,2}(?:\.\d{1,2})?|(?:19|20)\d{2})(?![\d.])(?!\s{0,2}(?:g|gb|gib|t|tb|%)\b)/i;

export interface EngineMention {
  engine: RdsEngine;
  /** The version as written next to the engine ("15", "8.0", "2019"), if any. */
  version?: string;
  /** True when the request moves away from this engine. */
  away: boolean;
}

export function engineOfWord(word: string): RdsEngine {
  const lower = word.toLowerCase().replace(" ", "");
  if (lower.startsWith("postgres") || lower === "pg") return "PostgreSQL";
  if (lower === "sqlserver" || lower === "mssql") return "SQLServer";
  return lower === "mariadb" ? "MariaDB" : "MySQL";
}

/** Every engine word of the request, each with its version and whether the request moves away from it. */
export function engineMentions(text: string): EngineMention[] {
  const mentions: EngineMention[] = [];
  for (const match of text.matchAll(ENGINE_WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - CUE_REACH), start);
    const after = text.slice(end, end + CUE_REACH);
    // "pg" in an instance class ("rds.pg.s2.large") is not an engine mention of its own.
    if (/[.]$/.test(text.slice(Math.max(0, start - 1), start)) || text[end] === ".") continue;
    const version = VERSION_AFTER.exec(after)?.[1];
    mentions.push({ engine: engineOfWord(match[0]), ...(version ? { version } : {}), away: AWAY_BEFORE.test(before) || AWAY_AFTER.test(after) });
  }
  return mentions;
}

/**
 * The engine the request asks for: the last one it does not move away from; undefined when it names
 * none (or only the ones it leaves: "drop MySQL" asks for no engine).
 */
export function wantedEngine(text: string): EngineMention | undefined {
  const mentions = engineMentions(text);
  const wanted = mentions.filter((mention) => !mention.away);
  // "PostgreSQL 15 instead of MySQL": the first wanted one is the subject; a later repeat without a version adds nothing.
  const withVersion = wanted.find((mention) => mention.version !== undefined);
  return withVersion ?? wanted[0];
}

/** True when the request moves away from one engine to another: an engine switch, not only a version change. */
export function switchesEngine(text: string): boolean {
  const mentions = engineMentions(text);
  const wanted = wantedEngine(text);
  return wanted !== undefined && mentions.some((mention) => mention.away && mention.engine !== wanted.engine);
}
