/** The OSS bucket: billed by storage and traffic; outside any VPC. */
import { bucketClauses, MOST_BUCKETS } from "./bucket-clauses";
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition, ValueReading } from "../kind";
import type { Token } from "../../read/token";
import { buildOss as buildRos } from "./ros";
import { buildOss as buildTerraform } from "./terraform";
import { afterKeyword } from "../../read/text-after";
import type { BucketSettings, RequestedValues } from "../values";
import { declinedTransitions, lifecycleRulesOf } from "./lifecycle";
import { websiteOf } from "./website";
import { corsOf } from "./cors";

const BUCKET = "ALIYUN::OSS::Bucket";

/** Words that follow "bucket" but are not its name: "make the bucket public-read" sets the ACL (it renamed the bucket "public-read"). */
const NOT_NAMES =
  /^(?:with|for|in|and|named|called|that|to|on|of|the|a|an|which|where|versioning|encryption|private|public|acl|public-read|public-read-write|read-only|kms|aes256|sse-kms|sse-oss)$/i;

/** OSS bucket names are 3 to 63 characters. */
const BUCKET_NAME_MIN = 3;
const BUCKET_NAME_MAX = 63;
const RENAMED_TO = /(?:name it|call it|rename it to|rename the bucket to|命名为|改名为|名字改成|名称改为)\s*[`"'“]?([a-z0-9][a-z0-9-]{1,61}[a-z0-9])[`"'”]?/gi;
const NAME_REACH = 24 + BUCKET_NAME_MAX + 16;
const BUCKET_WORD = /bucket|存储桶|oss/gi;
const NAMING_WORD = /named|called|名为|名叫|叫做?|名字(?:是|为)|名称(?:是|为)/gi;
/** After "bucket": "bucket named logs-2024", "bucket: logs-2024", "bucket for logs: logs-2024", "存储桶名为 logs". */
const NAME_AFTER_BUCKET_WORD =
  /^(?:\s*(?:named|called|name(?:d)?(?:\s*(?:is|=))?|名为|名叫|叫做?|名字(?:是|为)|名称(?:是|为))|\s{1,3}for\s{1,3}[a-z]{2,20}(?=\s{0,2}[:：]))?(?:\s*[:：])?\s*[`"'“]?(?!(?:buckets?|oss)\b)([a-z0-9][a-z0-9-]*[a-z0-9])/i;
/** After "named": "named logs-2024 bucket", "名为 logs 的存储桶". */
const NAME_BEFORE_BUCKET_WORD = /^\s*[`"'“]?([a-z0-9][a-z0-9-]*[a-z0-9])[`"'”]?\s*(?:的\s*)?(?:oss|bucket|存储桶)/i;

function nameOf(found: { text: string; tail: RegExpExecArray }): { whole: string; name: string } {
  return { whole: found.text, name: found.tail[1] ?? "" };
}

/** The English naming words of the lexer's reading: "named static-cdn-origin", "called logs-2024", "name tfstate-prod-01". */
const NAMING_TOKENS: ReadonlySet<string> = new Set(["named", "called", "name"]);
const QUOTES: ReadonlySet<string> = new Set(["`", '"', "'", "“", "‘"]);

/**
 * "A bucket in us-east-1 named static-cdn-origin": a name after a naming word whose nearest product
 * before it is the bucket, however many words stand between them (the patterns above read a name
 * right after "bucket" or right before it). "an ECS named web-01 and a bucket" names the server.
 */
function namedAfterBucket(tokens: readonly Token[]): Array<{ whole: string; name: string }> {
  const found: Array<{ whole: string; name: string }> = [];
  let product: string | undefined;
  tokens.forEach((token, index) => {
    if (token.kind === "name" && token.of === "product") product = String(token.value);
    if (product !== "oss" || token.kind !== "word" || !NAMING_TOKENS.has(String(token.value))) return;
    // "name: tfstate-prod-01", "name 'x'": a colon or a quote may stand between.
    const at = tokens[index + 1]?.text === ":" ? index + 2 : index + 1;
    const name = QUOTES.has(tokens[at]?.text ?? "") ? tokens[at + 1] : tokens[at];
    if (name && (name.kind === "word" || name.kind === "name")) found.push({ whole: `${token.text} ${name.text}`, name: name.text });
  });
  return found;
}

/** "一个OSS桶…，名字叫 app-logs-2025": a Chinese naming word with the name after it, the bucket named before it. */
const NAMED_AFTER_ZH = /(?:名字叫做?|名字(?:是|为)|名称(?:是|为)|名叫|名为|叫做?)\s{0,2}[`"'“]?([a-z0-9][a-z0-9-]{1,61}[a-z0-9])/gi;
/** "OSS桶", "存储桶", "bucket": a bucket named before the naming word. */
const BUCKET_BEFORE = /bucket|存储桶|oss|桶/i;

function namedAfterInChinese(text: string): Array<{ whole: string; name: string }> {
  return Array.from(text.matchAll(NAMED_AFTER_ZH))
    .filter((match) => BUCKET_BEFORE.test(text.slice(Math.max(0, match.index - NAME_REACH * 2), match.index)))
    .map((match) => ({ whole: match[0], name: match[1] ?? "" }));
}

function bucketName(text: string, tokens: readonly Token[]): string | undefined {
  const candidates = [
    ...namedAfterInChinese(text),
    ...Array.from(text.matchAll(RENAMED_TO), (match) => ({ whole: match[0], name: match[1] ?? "" })),
    ...Array.from(afterKeyword(text, BUCKET_WORD, NAME_AFTER_BUCKET_WORD, NAME_REACH), nameOf),
    ...Array.from(afterKeyword(text, NAMING_WORD, NAME_BEFORE_BUCKET_WORD, NAME_REACH), nameOf),
    ...namedAfterBucket(tokens),
  ];
  for (const { whole, name } of candidates) {
    if (
      name.length >= BUCKET_NAME_MIN &&
      name.length <= BUCKET_NAME_MAX &&
      !NOT_NAMES.test(name) &&
      /[-\d]|^[a-z]{3,}$/.test(name) &&
      !/^(?:bucket|buckets|oss|s)$/i.test(name) &&
      (name.includes("-") || /\d/.test(name) || /named|called|name it|call it|名|叫/i.test(whole))
    )
      return name.toLowerCase();
  }
  return undefined;
}

function bucketAcl(text: string): RequestedValues["bucketAcl"] {
  if (/public[- ]read[- ]write|公共读写/i.test(text)) return "public-read-write";
  if (/public[- ]read|publicly readable|公共读|公开读/i.test(text)) return "public-read";
  if (/\bprivate\b|私有/i.test(text) && /bucket|oss|存储桶|对象存储/i.test(text)) return "private";
  // "make it private", "set the ACL to private", "改成私有", "turn off public access": an edit of the template's bucket (applied only where there is one).
  if (
    /\b(?:turn off|disable|block|remove|revoke)\s{1,3}(?:the\s{1,3})?public\s{1,3}(?:access|read(?:ing)?)\b|关闭公共读|关闭公开访问|禁止公开访问|取消公共读|\b(?:make|set|change|turn)\s{1,3}(?:it|the acl|acl)\s{1,3}(?:to\s{1,3}|back\s{1,3}to\s{1,3})?private\b|\bacl\b[^.;\n]{0,12}\bprivate\b|(?:设为|改为|改成|设置为)私有/i.test(
      text,
    )
  )
    return "private";
  return undefined;
}

/** "expire", "expiry", "expiration" ("a 7-day expiry on uploads/"), "objects expiring after 30 days", "delete", "删除"…: words of an expiry. */
const EXPIRY_WORD = /expir(?:e|y|ation|ing)|delete|remove|clean ?up|purge|lifecycle|清理|删除|过期|生命周期/gi;
/** "expire objects after 30 days", "delete after 365", "expire objects under uploads/tmp/ after 2 days" (the days named once, in the clause before): up to 48 characters without a digit, then the days. */
const DAYS_AFTER = /^[^\d\n;；。]*?(?:(\d{1,4})\s*(?:days?|天)|\bafter\s{1,2}(\d{1,4})(?![\d.]|\s{0,2}[a-z%]))/i;
const DAYS_GAP = 48;
const DAYS_REACH = DAYS_GAP + 4 + 8 + 4;
/** "expire noncurrent versions after 30 days", "历史版本 30 天后删除": a setting the engine does not build (read to be declined, never built as the objects' own expiry). */
const NONCURRENT_WORDS = /\bnon-?current\b|\b(?:previous|old|older)\s{1,3}(?:object\s{1,3})?versions?\b|历史版本|非当前版本/i;
const NONCURRENT_DAYS =
  /(?:\bnon-?current|\b(?:previous|old|older)\s{1,3}(?:object\s{1,3})?versions?\b|历史版本|非当前版本)[^\d\n;；。]{0,30}?(\d{1,4})\s{0,2}(?:days?|天)/i;
/** "abort incomplete multipart uploads after 7 days", "碎片 7 天后删除": a setting the engine does not build, never the objects' own expiry. */
const MULTIPART_WORDS = /\bmulti-?part\b|\bincomplete\s{1,3}uploads?\b|碎片|分片/i;
/** The words of a multipart clause, each occurrence tried once, and the days read from a bounded window after it (text-after.ts): linear. */
const MULTIPART_KEY = /\bmulti-?part|\bincomplete\s{1,3}uploads?|碎片|分片/gi;
const DAYS_IN_WINDOW = /^[^\d\n;；。]{0,30}?(\d{1,4})\s{0,2}(?:days?|天)/i;
const MULTIPART_REACH = 30 + 4 + 2 + 4;
const TRANSITION_WORDS = /\b(?:ia|infrequent|archive|cold ?archive|transition|move)\b(?!\/)|低频|归档|冷归档|转/i;
/** "keep objects for 90 days", "retain them for 180 days", "对象保留 30 天", "日志保留30天": objects kept that long, then expired. */
const KEPT_FOR =
  /\b(?:keep|retain)\s{1,3}(?:(?:all\s{1,3})?(?:the\s{1,3})?(?:objects|files|data|logs|them|everything)\s{1,3})?for\s{1,3}(\d{1,4})\s{0,2}days?\b|(?:对象|文件|数据|日志)\s{0,2}保留\s{0,3}(\d{1,4})\s{0,2}天/i;

/** How far back of an expiry word its clause is read for "noncurrent versions" ("noncurrent versions deleted after 30 days"). */
const NONCURRENT_REACH = 40;

/** The clause before `at`, at most NONCURRENT_REACH characters, from its last separator. */
function clauseBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - NONCURRENT_REACH), at);
  return window.slice(Math.max(window.lastIndexOf(","), window.lastIndexOf(";"), window.lastIndexOf("，"), window.lastIndexOf("；")) + 1);
}

const DAYS_BEFORE_EXPIRY =
  /(?<!\d)(\d{1,4})(?:\s*|-)(?:days?|天)(?:\s*(?:later|after|后))?(?:\s*自动)?\s*(?:(?:get|gets|are|be|should be|will be)\s{1,2})?(?:expir(?:e|y|ation)|delete|过期|删除|清理|lifecycle|生命周期)/gi;

function lifecycleDays(text: string): number | undefined {
  for (const { tail, at } of afterKeyword(text, EXPIRY_WORD, DAYS_AFTER, DAYS_REACH)) {
    // "lifecycle: logs/ to IA after 30 days": days of a transition are no expiry.
    // "noncurrent versions deleted after 30 days": the days of old versions, never the objects' own expiry (a broader scope);
    // "abort incomplete multipart uploads after 7 days": the days of unfinished uploads' parts, never the objects' (every object would go).
    const days = tail[1] ?? tail[2];
    if (
      days &&
      tail[0].search(/\d/) <= DAYS_GAP &&
      !TRANSITION_WORDS.test(tail[0]) &&
      !NONCURRENT_WORDS.test(tail[0]) &&
      !NONCURRENT_WORDS.test(clauseBefore(text, at)) &&
      !MULTIPART_WORDS.test(tail[0]) &&
      !MULTIPART_WORDS.test(clauseBefore(text, at))
    )
      return Number(days);
  }
  // "30 days later expire", "30-day lifecycle", "30天生命周期", "older than 14 days get deleted".
  // "碎片 7 天后删除，对象 180 天后删除": the days of a clause about parts or old versions are not the objects'.
  for (const before of text.matchAll(DAYS_BEFORE_EXPIRY)) {
    const clause = clauseBefore(text, before.index);
    if (before[1] && !MULTIPART_WORDS.test(clause) && !NONCURRENT_WORDS.test(clause)) return Number(before[1]);
  }
  const kept = KEPT_FOR.exec(text);
  return kept ? Number(kept[1] ?? kept[2]) : undefined;
}

/**
 * A bucket's own name in its clause: "一个私有的 backup", "one public-read bucket static-site", "one
 * named app-logs", "一个叫 backup 的": right after its ACL word or a naming word (bounded: linear).
 */
const CLAUSE_NAMED = /(?:\bnamed|\bcalled|叫做?|名为)\s{0,2}[`"'“]?([a-z0-9][a-z0-9-]{1,61}[a-z0-9])(?![\w-])/i;
const CLAUSE_NAME_AFTER_ACL =
  /(?:私有|公共读写?|\bprivate|\bpublic-read(?:-write)?)的?\s{0,2}(?:(?:桶|存储桶|bucket)\s{0,2})?(?!named\b|called\b|for\b)([a-z0-9][a-z0-9-]{1,61}[a-z0-9])(?![\w-])/i;

/** The settings words give a bucket: ACL, versioning, encryption, lifecycle (of every bucket, or of one bucket's clause). */
function bucketSettingsOf(text: string, prefixes: readonly string[]): BucketSettings {
  const settings: BucketSettings = {};
  // A clause of one bucket ("one for logs (private, …)") names no bucket word: it is said of a bucket all the same.
  const acl = bucketAcl(/bucket|oss|存储桶|对象存储/i.test(text) ? text : `bucket ${text}`);
  if (acl) settings.bucketAcl = acl;
  if (/versioning|versioned|version control|多版本|版本控制/i.test(text))
    settings.versioning = !/(?:no|without|disable)\s+versioning|不(?:要|开启|需要).{0,4}版本/i.test(text);
  if (/encrypt|\bsse\b|\bkms\b|加密/i.test(text)) settings.encryption = /\bkms\b/i.test(text) ? "KMS" : "AES256";
  const days = lifecycleDays(text);
  if (days !== undefined) settings.lifecycleDays = days;
  const rules = lifecycleRulesOf(
    text,
    days,
    lifecycleDays,
    prefixes.filter((prefix) => text.includes(prefix)),
  );
  if (rules.length > 0) settings.lifecycleRules = rules;
  return settings;
}

/** The bucket values: name, ACL, versioning, encryption, lifecycle days; each bucket's own when they are asked for one by one. */
function readOssValues(text: string, into: RequestedValues, reading: ValueReading): void {
  const name = bucketName(text, reading.tokens);
  if (name) into.bucketName = name;
  const prefixes = reading.tokens.flatMap((token) => (token.kind === "pathPrefix" ? [token.text] : []));
  const clauses = bucketClauses(text);
  // "one for logs (private, delete after 90 days) and one for assets (public-read)": what is said before the first is every bucket's.
  Object.assign(into, bucketSettingsOf(clauses ? clauses.shared : text, prefixes));
  if (clauses)
    into.bucketSettings = clauses.own.map((clause, index) => {
      const own = bucketSettingsOf(clause, prefixes);
      const ownName = clauses.names[index] ?? (CLAUSE_NAMED.exec(clause)?.[1] ?? CLAUSE_NAME_AFTER_ACL.exec(clause)?.[1])?.toLowerCase();
      return ownName && !NOT_NAMES.test(ownName) ? { ...own, bucketName: ownName } : own;
    });
  const noncurrent = NONCURRENT_DAYS.exec(text);
  if (noncurrent)
    into.unsupported.push(
      phrase(
        `an expiry of noncurrent (previous) versions after ${noncurrent[1]} days (the engine builds the objects' own expiry and transitions)`,
        `历史版本 ${noncurrent[1]} 天后过期（本引擎只生成对象本身的过期与转换）`,
      ),
    );
  const multipart = afterKeyword(text, MULTIPART_KEY, DAYS_IN_WINDOW, MULTIPART_REACH).next().value?.tail[1];
  if (multipart)
    into.unsupported.push(
      phrase(
        `aborting incomplete multipart uploads after ${multipart} days (the engine builds the objects' own expiry and transitions)`,
        `${multipart} 天后清理未完成的分片上传（本引擎只生成对象本身的过期与转换）`,
      ),
    );
  for (const declined of declinedTransitions(text))
    into.unsupported.push(
      phrase(
        `a transition to Deep Cold Archive after ${declined} days (the engine builds IA, Archive and Cold Archive transitions)`,
        `${declined} 天后转深度冷归档（本引擎可生成低频、归档、冷归档的转换）`,
      ),
    );
  // "Static site bucket my-site-prod: index.html …, plus a log bucket my-site-logs (…)": a website said in one bucket's words is that bucket's.
  const ownWebsites = clauses ? clauses.own.map((clause) => websiteOf(clause)) : [];
  const website = websiteOf(ownWebsites.some((one) => one !== undefined) && clauses ? clauses.shared : text);
  if (website) into.website = website;
  if (into.bucketSettings && !website)
    into.bucketSettings = into.bucketSettings.map((own, index) => {
      const ownWebsite = ownWebsites[index];
      return ownWebsite ? { ...own, website: ownWebsite } : own;
    });
  const cors = corsOf(text);
  if (cors) into.cors = cors;
}

export const oss: KindDefinition = {
  kind: "oss",
  label: phrase("OSS bucket", "OSS 存储桶"),
  catalogueName: phrase("OSS", "OSS"),
  rosType: BUCKET,
  rosParts: [],
  terraformType: "alicloud_oss_bucket",
  terraformParts: ["alicloud_oss_bucket_acl", "random_id"],
  nouns: /\boss(?: buckets?)?\b|\bbuckets?\b|\bobject storage\b|对象存储|存储桶|存储空间/gi,
  // "200GB 存储空间" is a size (a database's storage); "存储空间" alone is what the OSS console calls a bucket.
  notARequest: (mention, before, after) =>
    mention === "存储空间" && (/\d\s{0,3}(?:[gt]i?b?|[gt])?\s{0,3}(?:的\s{0,3})?$/i.test(before) || /^\s{0,3}(?:为|是|[:：])?\s{0,3}\d/.test(after)),
  billable: true,
  maxCount: MOST_BUCKETS,
  needs: [],
  takesAlong: [],
  values: [
    {
      sort: "bucketName",
      label: phrase("bucket name", "存储桶名称"),
      rosType: BUCKET,
      rosProperty: "BucketName",
      terraformType: "alicloud_oss_bucket",
      terraformArgument: "bucket",
    },
    {
      sort: "bucketSetting",
      label: phrase("ACL", "读写权限"),
      rosType: BUCKET,
      rosProperty: "AccessControl",
      terraformType: "alicloud_oss_bucket_acl",
      terraformArgument: "acl",
    },
    {
      sort: "bucketSetting",
      label: phrase("versioning", "版本控制"),
      rosType: BUCKET,
      rosProperty: "VersioningConfiguration.Status",
      terraformType: "alicloud_oss_bucket",
      terraformArgument: "versioning.status",
    },
    {
      sort: "bucketSetting",
      label: phrase("encryption", "服务端加密"),
      rosType: BUCKET,
      rosProperty: "ServerSideEncryptionConfiguration.SSEAlgorithm",
      terraformType: "alicloud_oss_bucket",
      terraformArgument: "server_side_encryption_rule.sse_algorithm",
    },
    {
      sort: "days",
      label: phrase("lifecycle days", "生命周期天数"),
      rosType: BUCKET,
      rosProperty: "LifecycleConfiguration.Rule[].Expiration.Days",
      terraformType: "alicloud_oss_bucket",
      terraformArgument: "lifecycle_rule.expiration.days",
    },
  ],
  readValues: readOssValues,
  rosProperties: {
    "ALIYUN::OSS::Bucket":
      "AccessControl:s=private|public-read|public-read-write BucketName:s CORSConfiguration:m DeletionForce:b EnableOssHdfsService:b LifecycleConfiguration:m LoggingConfiguration:m Policy:m RedundancyType:s=LRS|ZRS RefererConfiguration:m ResourceGroupId:s ServerSideEncryptionConfiguration:m StorageClass:s=Standard|IA|Archive|ColdArchive|DeepColdArchive Tags:m VersioningConfiguration:m WebsiteConfiguration:m",
  },
  rosResourceTypes: {
    "ALIYUN::OSS::Bucket": spec("DomainName InternalDomainName Name", "BucketName"),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
