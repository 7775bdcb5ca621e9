/**
 * A size written next to a product and nothing else: "RDS MySQL 8.0, 50 GB", "a MySQL database
 * server with 50 GB", "a 50 GB PostgreSQL database", "数据库 50G". Such a size belongs to the kind
 * named closest before it in the same sentence (or right after it), unless words bind it to
 * something else (memory, a disk, vCPUs).
 *
 * Linear by construction: one bounded pattern per size, and the noun matches come from the kinds'
 * own (linear) patterns.
 */
import { RESOURCE_KINDS, requestMentions, type ResourceKind } from "../kinds";
import { gibOf } from "../kinds/stated-size";

const SIZE = /(\d{1,5})\s{0,2}(gib|gb|g|tib|tb|t)(?![a-z])/gi;
/** Words right after a size that bind it to something other than the product's storage. */
const BOUND_AFTER = /^\s{0,3}(?:of\s{1,3})?(?:[a-z_]{1,20}\s{1,3})?(?:(?:memory|ram|system|data|disk|volume)\b|内存|系统盘|数据盘|盘|云盘)/i;
/** Words right before a size that bind it ("4 vCPU 8 GB", "4c16g", "内存 16G", "system disk 100G"); a class's edition suffix (".2c" in "mysql.n2.medium.2c, 100GB") is no vCPU count. */
const BOUND_BEFORE = /(?:vcpus?|cpus?|cores?|核|memory|ram|内存|disk|volume|盘)[^\d\n]{0,12}$|(?<![.\w])\d{1,3}\s{0,2}c\s{0,3}[,/]?\s{0,3}$/i;
/** Sentence ends. */
const SENTENCE_END = /[。；;!?！？\n]|\.\s/g;

interface Mention {
  kind: ResourceKind;
  start: number;
  end: number;
}

function mentionsOf(text: string): Mention[] {
  return RESOURCE_KINDS.flatMap((kind) =>
    requestMentions(text, kind).map((match) => ({ kind, start: match.index ?? 0, end: (match.index ?? 0) + match[0].length })),
  ).sort((a, b) => a.start - b.start);
}

/** Where each sentence starts, in order: a size never belongs to a product named in another sentence. */
function sentenceStarts(text: string): number[] {
  return [0, ...Array.from(text.matchAll(SENTENCE_END), (end) => (end.index ?? 0) + end[0].length)];
}

/**
 * The first free size (in GiB) that belongs to `kind`: one whose owner is a noun right after it
 * ("50 GB MySQL") or else the nearest noun before it in its sentence. One sweep over the sizes,
 * the mentions and the sentence starts together, so a long request costs one pass.
 */
export function sizeForKind(text: string, kind: ResourceKind): number | undefined {
  const mentions = mentionsOf(text);
  const starts = sentenceStarts(text);
  let next = 0; // the first mention that ends after the current size starts
  let sentence = 0; // the sentence the current size is in
  for (const match of text.matchAll(SIZE)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    while (next < mentions.length && (mentions[next]?.end ?? 0) <= start) next += 1;
    while (sentence + 1 < starts.length && (starts[sentence + 1] ?? 0) <= start) sentence += 1;
    if (BOUND_AFTER.test(text.slice(end, end + 32)) || BOUND_BEFORE.test(text.slice(Math.max(0, start - 16), start))) continue;
    const after = mentions.slice(next, next + 2).find((mention) => mention.start >= end);
    const before = mentions[next - 1];
    const owner =
      after && /^\s{0,2}(?:[a-z]{1,12}\s{1,2})?$/i.test(text.slice(end, after.start))
        ? after.kind
        : before && before.start >= (starts[sentence] ?? 0)
          ? before.kind
          : undefined;
    if (owner === kind) return gibOf(match[1] ?? "", match[2]);
  }
  return undefined;
}
