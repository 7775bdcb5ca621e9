/**
 * OSS bucket values: the bucket's name ("a bucket named acme-logs", "名为 acme-logs 的存储桶",
 * "bucket `acme-logs`") and its settings said in words — versioning, CORS rules, server-side encryption (KMS or
 * AES256), and the ACL (private, public-read, public-read-write; 私有, 公共读, 公共读写). Read only in
 * a sentence that speaks of a bucket, so "private subnet" is no ACL.
 */
import { type Scanner, withoutTrailingPunctuation } from "./prose";
import type { RequestedValue } from "./requested-value";
import { bucketClauses } from "../kinds/oss/bucket-clauses";

const BUCKET_WORDS = ["bucket", "oss", "存储桶", "存储空间", "桶"];
/** Settings only a bucket has: a sentence naming one speaks of the bucket. */
const BUCKET_ONLY_SETTING = /versioning|多版本|版本控制/;
const NAME_CUES = /(?:named|called|name is|name:|name|名为|名称为|名称是|名字为|名字叫|叫做|命名为|叫)[ ]{0,2}[`'"“]?([a-z0-9][a-z0-9.-]{2,62})/g;
/** "bucket acme-logs", "bucket for logs: logs-bucket-prod" (a name written after what the bucket is for). */
const NOUN_CUES = /(?:bucket|存储桶)(?: for [a-z]{2,20}:)?[ ]{0,2}[`'"“]?([a-z0-9][a-z0-9.-]{2,62})/g;
/** "一个私有的 backup，一个公共读的 static": a name right after a Chinese ACL word (round thirteen: applied, never read by the check). */
const ACL_CUES = /(?:私有|公共读写?)的?[ ]{0,2}(?:桶|存储桶)?[ ]{0,2}[`'"“]?([a-z0-9][a-z0-9.-]{2,62})/g;
const NAME_WORDS = new Set(["for", "with", "and", "that", "the", "bucket", "named", "called", "oss", "acl", "private", "public-read", "public-read-write"]);
const ACLS: Array<[string, string]> = [
  ["public-read-write", "public-read-write"],
  ["公共读写", "public-read-write"],
  ["public-read", "public-read"],
  ["public read", "public-read"],
  ["公共读", "public-read"],
  ["private", "private"],
  ["私有", "private"],
];

function sentences(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (let i = 0; i <= text.length; i += 1) {
    const c = text[i];
    if (c === undefined || c === "\n" || c === "。" || c === ";" || c === "；" || (c === "." && text[i + 1] === " ")) {
      out.push({ text: text.slice(start, i), start });
      start = i + 1;
    }
  }
  return out;
}

const NO_VERSIONING =
  /(?:\bno|\bwithout|\bdisabled?|\bturn off|\bskip)\s{1,3}(?:object\s{1,3})?versioning|versioning\s{0,3}(?:off|disabled|not needed)\b|(?:不要|不开启|不需要|关闭|无需)\s{0,2}(?:多版本|版本控制)/;

const NO_CORS = /(?:\bno|\bwithout|\bdisabled?)\s{1,3}(?:cors|cross[- ]origin)\b|不要跨域|禁止跨域/;

function settingsOf(sentence: string): RequestedValue[] {
  const values: RequestedValue[] = [];
  const setting = (text: string, value: string) => values.push({ kind: "bucket-setting", text, role: "wanted", value });
  // "no versioning", "versioning off", "不要多版本": versioning must be absent, so finding it on is the miss.
  if (NO_VERSIONING.test(sentence)) values.push({ kind: "bucket-setting", text: "versioning", role: "removed", value: "versioning" });
  else if (/versioning|versioned|多版本|版本控制/.test(sentence)) setting("versioning", "versioning");
  // "no CORS", "不要跨域": the rule must be absent.
  if (NO_CORS.test(sentence)) values.push({ kind: "bucket-setting", text: "CORS", role: "removed", value: "cors" });
  else if (/\bcors\b|跨域/.test(sentence)) setting("CORS", "cors");
  if (/\bkms\b/.test(sentence)) setting("KMS encryption", "sse:KMS");
  else if (/aes-?256/.test(sentence)) setting("AES256 encryption", "sse:AES256");
  else if (/encrypt|加密/.test(sentence)) setting("server-side encryption", "sse");
  const acl = ACLS.find(([word]) => sentence.includes(word));
  if (acl) setting(acl[0], `acl:${acl[1]}`);
  return values;
}

/** Products other than a bucket, and the bucket's own words: which of them stands last before a naming word. */
const OTHER_PRODUCT = /\b(?:ecs|servers?|instances?|vms?|hosts?|box(?:es)?|slb|clb|load balancer|rds|database|db|redis|vpc|vswitch)\b|服务器|实例|数据库/g;
const BUCKET_NOUN = /\bbuckets?\b|\boss\b|存储桶|存储空间/g;
/** How far back the product a name is for is looked for. */
const NAMED_PRODUCT_REACH = 48;

/** Whether the product named last before a naming word is not the bucket ("an ECS with the name web-01 and a bucket"). */
function namesOtherProduct(before: string): boolean {
  const window = before.slice(-NAMED_PRODUCT_REACH);
  const last = (pattern: RegExp) => Math.max(-1, ...[...window.matchAll(pattern)].map((match) => match.index));
  const other = last(OTHER_PRODUCT);
  return other >= 0 && other > last(BUCKET_NOUN);
}

/** A name a cue gives: the name as written, where its cue and it start in the sentence, and whether only a bucket noun cued it. */
interface NameCandidate {
  written: string;
  cueAt: number;
  at: number;
  byNoun: boolean;
}

/** Each match's name (group 1) and where it starts. */
function candidates(matches: Iterable<RegExpMatchArray>, byNoun: boolean): NameCandidate[] {
  return [...matches].map((match) => {
    const written = match[1] ?? "";
    const cueAt = match.index ?? 0;
    return { written, cueAt, at: cueAt + match[0].length - written.length, byNoun };
  });
}

/** "an ECS named web-01" in a sentence without a bucket: the name of the product before it. */
function otherNames(scan: Scanner, sentence: { text: string; start: number }): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const { written, cueAt, at } of candidates(sentence.text.matchAll(NAME_CUES), false)) {
    const name = withoutTrailingPunctuation(written);
    if (NAME_WORDS.has(name) || name.length < 3 || !namesOtherProduct(sentence.text.slice(0, cueAt))) continue;
    const start = sentence.start + at;
    values.push({ kind: "resource-name", text: scan.original(start, start + name.length), role: "wanted", value: name });
    scan.claim(start, start + name.length);
  }
  return values;
}

/** "buckets: acme-logs (…) and acme-assets (…)": the names a list of buckets gives (kinds/oss/bucket-clauses.ts). */
function listedNames(sentence: string): NameCandidate[] {
  const clauses = bucketClauses(sentence);
  if (!clauses) return [];
  return clauses.names.flatMap((name, index) => {
    const at = clauses.starts[index];
    return name === undefined || at === undefined ? [] : [{ written: name, cueAt: at, at, byNoun: false }];
  });
}

export function bucketValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const sentence of sentences(scan.lower)) {
    // "enable versioning and KMS encryption" (an edit of a bucket): versioning is a bucket's setting, whatever noun the sentence names.
    if (!BUCKET_WORDS.some((word) => sentence.text.includes(word)) && !BUCKET_ONLY_SETTING.test(sentence.text)) {
      values.push(...otherNames(scan, sentence));
      continue;
    }
    const found = [
      ...candidates(sentence.text.matchAll(NAME_CUES), false),
      ...candidates(sentence.text.matchAll(NOUN_CUES), true),
      ...candidates(sentence.text.matchAll(ACL_CUES), false),
      ...listedNames(sentence.text),
    ];
    // "one private named acme-logs, one public-read named acme-assets": every bucket's name, each once (round eleven: only the first was read).
    const seen = new Set<string>();
    for (const { written, cueAt, at, byNoun } of found) {
      const name = withoutTrailingPunctuation(written);
      if (NAME_WORDS.has(name) || (byNoun && !/[-\d]/.test(name)) || name.length < 3 || seen.has(name)) continue;
      seen.add(name);
      const start = sentence.start + at;
      // "an ECS with the name web-01 and an OSS bucket": the name is the nearest product's before it, here the server's.
      const kind = !byNoun && namesOtherProduct(sentence.text.slice(0, cueAt)) ? "resource-name" : "bucket-name";
      values.push({ kind, text: scan.original(start, start + name.length), role: "wanted", value: name });
      scan.claim(start, start + name.length);
    }
    values.push(...settingsOf(sentence.text));
  }
  return values;
}
