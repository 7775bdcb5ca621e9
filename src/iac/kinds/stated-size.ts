/**
 * A size stated next to a noun ("100 GB system disk", "system disk of 100G", "系统盘从 40G 改成
 * 100G"), shared by the value grammars of the kinds that have sizes (ECS disks, RDS storage).
 *
 * Linear by construction: the noun is found once per occurrence and the size is read with an
 * anchored, bounded pattern after it (text-after.ts); the patterns are built when the module loads,
 * where the ReDoS test analyses them like literals.
 */
import { afterKeyword } from "../read/text-after";

/** GiB of an amount and its unit: T, TB and TiB are 1024 GiB. */
export function gibOf(amount: string, unit: string | undefined): number {
  const value = Number(amount);
  return /^t/i.test(unit ?? "") ? value * 1024 : value;
}

export interface SizePatterns {
  /** A size right before the noun (one word between at most, and an ESSD's level): "100 GB ESSD system disk", "500GB ESSD PL2 data disk". */
  readonly before: RegExp;
  /** The noun itself, each occurrence; the size is read from the window after it. */
  readonly noun: RegExp;
}

/** Call only at module level, so the ReDoS test sees the built patterns. */
export function sizePatterns(noun: string): SizePatterns {
  return {
    before: new RegExp(
      String.raw`(?<!\d)(\d{1,5})\s*(g|gb|gib|t|tb|tib)\b(?:\s*(?:of\s|的))?\s*(?:(?!(?:and|or|with|plus)\b)[a-z_]+\s+)?(?:pl[0-3]\s+)?(?:${noun})`,
      "i",
    ),
    noun: new RegExp(noun, "gi"),
  };
}

/**
 * "system disk of 100G", "系统盘 100G": up to 24 characters, then the size. The characters between
 * hold no number, but may hold a digit inside a word: "数据盘 ESSD PL1 200G" is 200G (the "1" of
 * "PL1" is the disk's performance level). Anchored; the two kinds of character between are apart.
 */
const SIZE_AFTER = /^((?:[^\d\n]|(?<=[a-z])\d)*?)(?<![a-z\d])(\d{1,5})\s*(g|gb|gib|t|tb|tib)\b/i;
const SIZE_AFTER_REACH = 24 + 5 + 8 + 3;
/** After the noun, a change from one size to another: up to 24 characters without a digit, the old size, a change word, the new size. */
const SIZE_CHANGE =
  /^[^\d\n]{0,24}?\d{1,5}\s{0,2}(?:g|gb|gib|t|tb|tib)?\s{0,3}(?:to|->|→|改成|改为|调到|调整为|调整到|扩到|扩容到)\s{0,3}(\d{1,5})\s{0,2}(g|gb|gib|t|tb|tib)\b/i;
const SIZE_CHANGE_REACH = 24 + 5 + 2 + 3 + 3 + 3 + 5 + 2 + 3;

/** A size stated next to one of the nouns: "100 GB system disk", "system disk of 100G", "系统盘 100G". */
export function sizeNear(text: string, patterns: SizePatterns): number | undefined {
  // "100 GB ESSD system disk": a size right before the noun (one word between at most) binds tightest.
  const before = patterns.before.exec(text);
  if (before?.[1]) return gibOf(before[1], before[2]);
  // "system disk from 40 to 100 GB", "系统盘从 40G 改成 100G": the size it changes to.
  for (const { tail } of afterKeyword(text, patterns.noun, SIZE_CHANGE, SIZE_CHANGE_REACH)) if (tail[1]) return gibOf(tail[1], tail[2]);
  for (const { tail } of afterKeyword(text, patterns.noun, SIZE_AFTER, SIZE_AFTER_REACH)) {
    if (tail[2] && (tail[1] ?? "").length <= 24) return gibOf(tail[2], tail[3]);
  }
  return undefined;
}
