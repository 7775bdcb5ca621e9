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

/**
 * "two OSS buckets: acme-logs (expire after 30 days) and acme-assets (expire after 90 days)": buckets
 * listed by name, each with its settings in brackets (round thirteen: both got 30 days and neither its
 * name). An item opens the list or follows a separator; bounded, global: one pass.
 */
const NAMED_ITEM = /(?:[:：,，、;；]|\band\b|和|以及)\s{0,3}([a-z0-9][a-z0-9-]{1,61}[a-z0-9])\s{0,2}[(（]/gi;
/**
 * "Static site bucket my-site-prod: …, plus a log bucket my-site-logs (private, …)": each bucket noun
 * followed by its own name (a hyphen or a digit in it) introduces one. Bounded, global: one pass.
 */
const BUCKET_THEN_NAME = /\bbucket\s{1,3}[`"'“]?((?=[a-z0-9-]{0,62}[-\d])[a-z0-9][a-z0-9-]{1,61}[a-z0-9])(?![\w-])/gi;
/** Words a bracket may follow that name another product or a setting, never a bucket. */
const NOT_BUCKET_ITEMS = /^(?:ecs|slb|clb|alb|nlb|rds|redis|vpc|vswitch|eip|nat|servers?|instances?|database|db|cache|private|public-read(?:-write)?)$/i;

/** Where the part of the sentence holding `at` starts: after the last separator before it (bounded look-back). */
const PART_REACH = 48;
function partStart(text: string, at: number): number {
  const from = Math.max(0, at - PART_REACH);
  const window = text.slice(from, at);
  const last = Math.max(...[",", ";", ":", "，", "；", "：", "。", "\n"].map((separator) => window.lastIndexOf(separator)));
  return last < 0 ? from : from + last + 1;
}

export interface BucketClauses {
  /** Words said of every bucket: the text before the first introduction. */
  shared: string;
  /** Each bucket's own words, in the order written. */
  own: string[];
  /** Where each bucket's words start in the text. */
  starts: number[];
  /** Each bucket's name where the list gives it ("acme-logs (…)"), else undefined. */
  names: Array<string | undefined>;
}

/** The most buckets one request builds (the kind's `maxCount`): more introductions name no bucket each, and reading stays linear. */
export const MOST_BUCKETS = 5;

/** Words that make the request one about buckets. */
const BUCKET_WORDS = /\bbuckets?\b|\boss\b|存储桶|对象存储|桶/i;

/** The buckets' own clauses when the request introduces two or more one by one, else undefined. */
export function bucketClauses(text: string): BucketClauses | undefined {
  const noun = BUCKET_WORDS.exec(text);
  if (!noun) return undefined;
  const introduced = [...text.matchAll(INTRODUCTION)].map((match) => ({ start: match.index, name: undefined as string | undefined }));
  const listed = [...text.slice(noun.index).matchAll(NAMED_ITEM)]
    .filter((match) => !NOT_BUCKET_ITEMS.test(match[1] ?? ""))
    .map((match) => ({ start: noun.index + match.index + match[0].indexOf(match[1] ?? ""), name: match[1]?.toLowerCase() }));
  // The words before the first noun in its part of the sentence are that bucket's ("Static site bucket my-site-prod").
  const byNoun = [...text.matchAll(BUCKET_THEN_NAME)].map((match, index) => ({
    start: index === 0 ? partStart(text, match.index) : match.index,
    name: match[1]?.toLowerCase(),
  }));
  const distinctNames = new Set(byNoun.map((item) => item.name)).size === byNoun.length;
  const items = introduced.length >= 2 ? introduced : listed.length >= 2 ? listed : distinctNames ? byNoun : [];
  if (items.length < 2 || items.length > MOST_BUCKETS) return undefined;
  const starts = items.map((item) => item.start);
  const own = starts.map((start, index) => text.slice(start, starts[index + 1] ?? text.length));
  return { shared: text.slice(0, starts[0]), own, starts, names: items.map((item) => item.name) };
}
