/**
 * RDS storage autoscaling, as engineers write it: "storage 200GB to start with autoscale up to
 * 1000GB", "storage auto-expand to 2TB", "开启存储自动扩容，上限 2000G", "auto-grow storage when 80%
 * full, max 1TB". The database grows its own storage (ROS `StorageAutoScale`, `StorageUpperBound`,
 * `StorageThreshold`; Terraform `storage_auto_scale`, `storage_upper_bound`, `storage_threshold`):
 * no ESS scaling group, so these words are never named as "auto scaling (ESS)".
 *
 * Why a file of its own: the same words are read by the value grammar (index.ts) and by the reader
 * of products not built (read/request-values.ts), which must pass over them.
 *
 * ROS's threshold is the share of storage still free when the expansion starts, one of 10, 20, 30,
 * 40, 50: "when 80% full" is 20, "at 30% free" and "threshold 30%" are 30. None said: 20, and the
 * reply says it was a default. No upper bound said: nothing is enabled (RDS needs one) and the reply
 * asks for it. Every pattern runs on a bounded window of the text: linear.
 */
import { type Phrase, phrase } from "../../read/request-language";

export interface StorageAutoScale {
  /** GB the storage may grow to. */
  upperBound: number;
  /** Percent of storage free that starts an expansion. */
  threshold: number;
  /** The threshold was not said (or not one RDS offers): the default was taken. */
  thresholdDefault?: boolean;
}

/** The thresholds RDS offers (percent free). */
export const STORAGE_THRESHOLDS: readonly number[] = [10, 20, 30, 40, 50];
export const DEFAULT_STORAGE_THRESHOLD = 20;

/** "autoscale", "auto-scaling", "auto-expand", "auto-grow", "自动扩容": words that make something grow by itself. */
const AUTO_GROW =
  /\bauto[- ]?(?:scal(?:e|es|ed|ing)|expan(?:d|ds|ded|ding|sion)|grow(?:s|th|ing)?|extend(?:s|ed|ing)?|resiz(?:e|es|ed|ing))\b|自动扩容|自动扩展|自动扩|存储扩容|弹性扩容/gi;
/** Storage named beside them (or the database itself). */
const STORAGE_WORDS = /storage|disk space|\bspace\b|存储|空间|磁盘|\brds\b|database|数据库|mysql|postgres|\bdb\b/i;
/** Servers named right after them: an ECS scaling group ("auto scaling between 2 and 6 instances"). */
const SERVER_WORDS = /\b(?:instances?|servers?|ecs|nodes?|vms?|scaling group|group)\b|实例|服务器|伸缩组/i;
/** How far the words of one clause reach either side of the autoscale words. */
const REACH = 48;

/** "up to 1000GB", "max 1TB", "上限 2000G", "to 2TB": the size the storage may grow to. */
const UPPER_BOUND =
  /(?:up to|max(?:imum)?|upper (?:bound|limit)|limit(?: of)?|cap(?:ped)?(?: at)?|\bto|上限(?:为|是)?|最大(?:到|为|至)?|最多(?:到)?|到|至)\s{0,3}[:：=]?\s{0,3}(\d{1,5})\s{0,2}(tib|tb|t|gib|gb|g)(?![a-z])/i;
/** "when 80% full", "usage above 80%", "使用率 80%": percent used, so 100 minus it is free. */
const USED =
  /(\d{1,2})\s{0,2}%\s{0,3}(?:full|used|usage|utili[sz]ation)|(?:usage|utili[sz]ation|使用率|用量)\s{0,3}(?:reaches|hits|above|over|exceeds|of|at|>|超过|达到|高于)?\s{0,3}(\d{1,2})\s{0,2}%/i;
/** "20% free", "threshold 30%", "剩余 20%", "阈值 30%": percent free. */
const FREE =
  /(\d{1,2})\s{0,2}%\s{0,3}(?:free|left|remaining|available)|(?:threshold|阈值)\s{0,3}(?:of|at|is|为)?\s{0,3}[:：=]?\s{0,3}(\d{1,2})\s{0,2}%|剩余\s{0,3}(?:空间)?\s{0,3}(?:低于|小于|不足)?\s{0,3}(\d{1,2})\s{0,2}%/i;

const sentenceEnd = (text: string) => {
  const at = text.search(/[。\n;；!?！？]|\.\s/);
  return at < 0 ? text : text.slice(0, at);
};

/** The clause around the autoscale words at `start`..`end`: the window before (from its last sentence end) and after. */
function clauseAround(text: string, start: number, end: number): { before: string; after: string } {
  const behind = text.slice(Math.max(0, start - REACH), start);
  const cut = Math.max(behind.lastIndexOf("。"), behind.lastIndexOf("\n"), behind.lastIndexOf(". "), behind.lastIndexOf(";"));
  return { before: behind.slice(cut + 1), after: sentenceEnd(text.slice(end, end + REACH * 2)) };
}

/** Whether the autoscale words at `index` (a match of AUTO_GROW) speak of a database's storage, not of servers. */
function storageScaling(text: string, start: number, end: number): boolean {
  const { before, after } = clauseAround(text, start, end);
  // "ECS auto scaling between 2 and 6 instances": servers named right before or soon after.
  if (SERVER_WORDS.test(before.slice(-12)) || SERVER_WORDS.test(after.slice(0, 40))) return false;
  return STORAGE_WORDS.test(before) || STORAGE_WORDS.test(after.slice(0, REACH)) || UPPER_BOUND.test(after);
}

/** The spans of autoscale words that speak of storage (read/request-values.ts skips them when it looks for ESS). */
export function storageScalingSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const match of text.matchAll(AUTO_GROW)) {
    const end = match.index + match[0].length;
    if (storageScaling(text, match.index, end)) spans.push({ start: match.index, end });
  }
  return spans;
}

function gbOf(amount: string, unit: string): number {
  return /^t/i.test(unit) ? Number(amount) * 1024 : Number(amount);
}

/** The threshold (percent free) the clause states, or undefined. */
function statedThreshold(clause: string): number | undefined {
  const used = USED.exec(clause);
  const usedPercent = used?.[1] ?? used?.[2];
  if (usedPercent) return 100 - Number(usedPercent);
  const free = FREE.exec(clause);
  const freePercent = free?.[1] ?? free?.[2] ?? free?.[3];
  return freePercent ? Number(freePercent) : undefined;
}

/** Where the upper bound's size is written ("1000GB" of "up to 1000GB"), so the storage is not read from it. */
export interface BoundSpan {
  start: number;
  end: number;
}

/** The upper bound after the autoscale words, else before them, with where its size is written. */
function upperBoundOf(text: string, start: number, end: number): { match: RegExpExecArray; at: number } | undefined {
  const { before, after } = clauseAround(text, start, end);
  const ahead = UPPER_BOUND.exec(after);
  if (ahead) return { match: ahead, at: end + ahead.index };
  const behind = UPPER_BOUND.exec(before);
  return behind ? { match: behind, at: start - before.length + behind.index } : undefined;
}

/** The storage autoscaling a request asks of its database, or undefined; what cannot be built is named in `unsupported`. */
export function readStorageAutoScale(text: string, unsupported: Phrase[]): { scale: StorageAutoScale; bound: BoundSpan } | undefined {
  const span = storageScalingSpans(text)[0];
  if (!span) return undefined;
  const { before, after } = clauseAround(text, span.start, span.end);
  const found = upperBoundOf(text, span.start, span.end);
  const bound = found?.match;
  if (!found || !bound?.[1] || !bound[2]) {
    unsupported.push(
      phrase(
        "storage autoscaling without an upper bound (say the most storage it may grow to, e.g. up to 1000GB)",
        "未给出上限的存储自动扩容（请给出可扩容到的最大存储，如上限 1000G）",
      ),
    );
    return undefined;
  }
  const upperBound = gbOf(bound[1], bound[2]);
  const size = bound[0].length - bound[0].lastIndexOf(bound[1]);
  const at = { start: found.at + bound[0].length - size, end: found.at + bound[0].length };
  const stated = statedThreshold(`${before} ${after}`);
  if (stated !== undefined && STORAGE_THRESHOLDS.includes(stated)) return { scale: { upperBound, threshold: stated }, bound: at };
  if (stated !== undefined)
    unsupported.push(
      phrase(
        `a storage autoscaling threshold of ${stated}% free (RDS expands at ${STORAGE_THRESHOLDS.join(", ")}% free; ${DEFAULT_STORAGE_THRESHOLD}% was used)`,
        `存储自动扩容阈值剩余 ${stated}%（RDS 只支持剩余 ${STORAGE_THRESHOLDS.join("、")}%；已使用 ${DEFAULT_STORAGE_THRESHOLD}%）`,
      ),
    );
  return { scale: { upperBound, threshold: DEFAULT_STORAGE_THRESHOLD, thresholdDefault: true }, bound: at };
}
