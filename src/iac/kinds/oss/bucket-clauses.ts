/**
 * Buckets asked for one by one, each with its own settings: "one bucket for logs (private, delete
 * after 90 days) and one for assets (public-read)", "一个桶放日志（私有），另一个放静态资源（公共读）".
 * Found in round nine and ten: the settings of both were applied to both (every asset expired after
 * 90 days; the check flagged it). Each bucket's clause runs from its introduction to the next one;
 * what is said before the first applies to all. Bounded patterns, one pass: linear.
 */

/** "one bucket for", "one for", "another for", "the other one for", "a second bucket named", "一个桶放", "另一个", "一个私有的 backup". */
const INTRODUCTION =
  /\b(?:one|another|the other(?: one)?|a second|second|the first|first|a)\s{1,3}(?:(?:private|public(?:-read)?|oss)\s{1,3})?(?:bucket\s{1,3})?(?:for|named|called|to hold|holding)\b|另一个|(?:一个|第一个|第二个)(?:私有|公共读)?的?(?:桶|存储桶|bucket)?\s{0,2}(?:给|用于|用来|放|存|叫)|(?:一个|第一个|第二个)(?:私有|公共读写?)的?\s{0,2}(?:桶|存储桶|bucket)?(?=\s{0,2}[a-z0-9])/gi;

export interface BucketClauses {
  /** Words said of every bucket: the text before the first introduction. */
  shared: string;
  /** Each bucket's own words, in the order written. */
  own: string[];
  /** Where each bucket's words start in the text. */
  starts: number[];
}

/** The most buckets one request builds (the kind's `maxCount`): more introductions name no bucket each, and reading stays linear. */
export const MOST_BUCKETS = 5;

/** Words that make the request one about buckets. */
const BUCKET_WORDS = /\bbuckets?\b|\boss\b|存储桶|对象存储|桶/i;

/** The buckets' own clauses when the request introduces two or more one by one, else undefined. */
export function bucketClauses(text: string): BucketClauses | undefined {
  if (!BUCKET_WORDS.test(text)) return undefined;
  const starts = [...text.matchAll(INTRODUCTION)].map((match) => match.index);
  if (starts.length < 2 || starts.length > MOST_BUCKETS) return undefined;
  const own = starts.map((start, index) => text.slice(start, starts[index + 1] ?? text.length));
  return { shared: text.slice(0, starts[0]), own, starts };
}
