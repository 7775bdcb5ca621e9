/**
 * The values a request states for the resources it asks for, read with a small grammar of
 * attribute patterns in English and Chinese: instance types, images, disk categories and sizes,
 * database engine versions, storage and classes, bucket names, ACLs, versioning, encryption and
 * lifecycle, zones, existing VPC and vSwitch ids, source ranges, bandwidth, public access.
 *
 * A value of a recognised shape that the offline engine cannot express is collected in `unsupported`
 * so the reply names it instead of dropping it silently.
 */
import { phrase, type Phrase } from "./request-language";
import { gibOf, sizeForKind } from "./request-sizes";
import { instanceTypeForSize } from "./kinds/ecs";
import { clauseBefore, type SourceRule, sourceRules } from "./source-rules";
import { afterKeyword } from "./text-after";

export interface DiskValue {
  size?: number;
  category?: string;
}

export interface RequestedValues {
  ecsInstanceType?: string;
  ecsImageId?: string;
  /** An operating system named without an image id ("Ubuntu 22.04"): a hint, not a value ROS accepts. */
  imageHint?: string;
  /** vCPU / memory named instead of an instance type ("4 vCPU 8 GiB"). */
  sizeHint?: string;
  /** The same size as numbers, when both are given: the instance type is then the 7th-generation one of that size. */
  sizeSpec?: { vcpus: number; memoryGib: number; instanceType: string };
  systemDisk: DiskValue;
  dataDisk?: DiskValue;
  rdsEngineVersion?: string;
  rdsStorage?: number;
  rdsInstanceClass?: string;
  /** "a 7 day backup retention", "备份保留7天": days RDS keeps data backups. */
  backupRetentionDays?: number;
  redisInstanceClass?: string;
  bucketName?: string;
  bucketAcl?: "private" | "public-read" | "public-read-write";
  versioning?: boolean;
  encryption?: "AES256" | "KMS";
  lifecycleDays?: number;
  zones: string[];
  existingVpcId?: string;
  existingVSwitchId?: string;
  /** "in sg-bp1…": the servers join that security group (a parameter) instead of a new one. */
  existingSecurityGroupId?: string;
  /** "in my existing VPC" without an id: the VPC becomes a parameter. */
  existingVpc: boolean;
  /** The range allowed to reach the opened ports ("from 10.0.0.0/8"). */
  sourceCidr?: string;
  /** The range allowed to reach SSH ("SSH from 198.51.100.0/24"). */
  sshCidr?: string;
  /** "SSH only from …": the SSH range replaces the default SSH rule. */
  sshOnly?: boolean;
  /** Source ranges other than SSH's, each with the ports its clause names ("3389 from 192.168.1.0/24"). */
  sourceRules: SourceRule[];
  /** "Redis 6.0": a version ROS offers for ALIYUN::REDIS::Instance. */
  redisEngineVersion?: string;
  bandwidth?: number;
  publicAccess?: boolean;
  unsupported: Phrase[];
  /** The request text, for appliers that narrow by what it names. */
  text: string;
}

const gib = gibOf;

interface SizePatterns {
  /** A size right before the noun (one word between at most): "100 GB ESSD system disk". */
  readonly before: RegExp;
  /** The noun itself, each occurrence; the size is read from the window after it. */
  readonly noun: RegExp;
}

// Built once, when the module loads, where the ReDoS test analyses them like literals.
function sizePatterns(noun: string): SizePatterns {
  return {
    before: new RegExp(String.raw`(?<!\d)(\d{1,5})\s*(g|gb|gib|t|tb|tib)\b(?:\s*(?:of\s|的))?\s*(?:(?!(?:and|or|with|plus)\b)[a-z_]+\s+)?(?:${noun})`, "i"),
    noun: new RegExp(noun, "gi"),
  };
}

const SYSTEM_DISK_SIZE = sizePatterns(String.raw`system disk|system volume|root disk|系统盘`);
const DATA_DISK_SIZE = sizePatterns(String.raw`data disk|数据盘`);
const STORAGE_SIZE = sizePatterns(String.raw`storage|disk space|存储空间|存储`);
/** "system disk of 100G", "系统盘 100G": up to 24 characters without a digit, then the size. */
const SIZE_AFTER = /^[^\d\n]*?(\d{1,5})\s*(g|gb|gib|t|tb|tib)\b/i;
const SIZE_AFTER_REACH = 24 + 5 + 8 + 3;
/** After the noun, a change from one size to another: up to 24 characters without a digit, the old size, a change word, the new size. */
const SIZE_CHANGE =
  /^[^\d\n]{0,24}?\d{1,5}\s{0,2}(?:g|gb|gib|t|tb|tib)?\s{0,3}(?:to|->|→|改成|改为|调到|调整为|调整到|扩到|扩容到)\s{0,3}(\d{1,5})\s{0,2}(g|gb|gib|t|tb|tib)\b/i;
const SIZE_CHANGE_REACH = 24 + 5 + 2 + 3 + 3 + 3 + 5 + 2 + 3;

/** A size stated next to one of the nouns: "100 GB system disk", "system disk of 100G", "系统盘 100G". */
function sizeNear(text: string, patterns: SizePatterns): number | undefined {
  // "100 GB ESSD system disk": a size right before the noun (one word between at most) binds tightest.
  const before = patterns.before.exec(text);
  if (before?.[1]) return gib(before[1], before[2]);
  // "system disk from 40 to 100 GB", "系统盘从 40G 改成 100G": the size it changes to.
  for (const { tail } of afterKeyword(text, patterns.noun, SIZE_CHANGE, SIZE_CHANGE_REACH)) if (tail[1]) return gib(tail[1], tail[2]);
  for (const { tail } of afterKeyword(text, patterns.noun, SIZE_AFTER, SIZE_AFTER_REACH)) {
    if (tail[1] && tail[0].search(/\d/) <= 24) return gib(tail[1], tail[2]);
  }
  return undefined;
}

const DISK_CATEGORIES: readonly [RegExp, string][] = [
  [/cloud_essd_entry|essd\s*entry|essd\s*入门/i, "cloud_essd_entry"],
  [/cloud_auto|essd\s*auto(?:pl)?/i, "cloud_auto"],
  [/cloud_essd|\bessd\b/i, "cloud_essd"],
  [/cloud_efficiency|ultra disk|高效云盘/i, "cloud_efficiency"],
  [/cloud_ssd|\bssd\b|ssd\s*云盘/i, "cloud_ssd"],
];

function diskCategory(text: string): string | undefined {
  return DISK_CATEGORIES.find(([pattern]) => pattern.test(text))?.[1];
}

const MYSQL_VERSIONS = ["5.6", "5.7", "8.0"];
const POSTGRES_VERSIONS = ["10.0", "11.0", "12.0", "13.0", "14.0", "15.0", "16.0", "17.0"];

function engineVersion(text: string, unsupported: Phrase[]): string | undefined {
  const mysql = /mysql\s{0,3}(?:version|版本)?\s{0,3}(?:用|改成|改为|换成|升级到|to)?\s{0,3}(\d(?:\.\d)?)(?!\d)/i.exec(text);
  if (mysql?.[1]) {
    const version = mysql[1].includes(".") ? mysql[1] : `${mysql[1]}.0`;
    if (MYSQL_VERSIONS.includes(version)) return version;
    unsupported.push(phrase(`MySQL ${mysql[1]} (RDS offers ${MYSQL_VERSIONS.join(", ")})`, `MySQL ${mysql[1]}（RDS 支持 ${MYSQL_VERSIONS.join("、")}）`));
    return undefined;
  }
  const postgres = /(?:postgres(?:ql)?|\bpg)\s*(?:version\s*|版本\s*)?(\d{1,2})(?:\.\d)?(?!\d)/i.exec(text);
  if (postgres?.[1]) {
    const version = `${postgres[1]}.0`;
    if (POSTGRES_VERSIONS.includes(version)) return version;
    unsupported.push(phrase(`PostgreSQL ${postgres[1]} (RDS offers 10 to 17)`, `PostgreSQL ${postgres[1]}（RDS 支持 10 到 17）`));
  }
  return undefined;
}

/** EngineVersion values of ALIYUN::REDIS::Instance that are still sold (the catalogue also lists 2.8, retired). */
const REDIS_VERSIONS = ["4.0", "5.0", "6.0", "7.0"];

/** "Redis 6.0", "Redis 版本 5", "Tair v7.0": the version, or a named miss when ROS does not offer it. */
function redisEngineVersion(text: string, unsupported: Phrase[]): string | undefined {
  // A bare number after "Redis" may be a count or a port ("Redis 2 nodes", "Redis 6379"): a version has a dot or says so.
  const match = /\b(?:redis|tair)\s{0,3}(?:(?:version|版本|v)\s{0,3}(\d{1,2}(?:\.\d{1,2})?)|(\d{1,2}\.\d{1,2}))(?!\.?\d)/i.exec(text);
  const named = match?.[1] ?? match?.[2];
  if (!named) return undefined;
  const version = named.includes(".") ? named : `${named}.0`;
  if (REDIS_VERSIONS.includes(version)) return version;
  unsupported.push(phrase(`Redis ${named} (ROS offers ${REDIS_VERSIONS.join(", ")})`, `Redis ${named}（ROS 支持 ${REDIS_VERSIONS.join("、")}）`));
  return undefined;
}

/** Words that follow "bucket" but are not its name. */
const NOT_NAMES = /^(?:with|for|in|and|named|called|that|to|on|of|the|a|an|which|where|versioning|encryption|private|public|acl)$/i;

/** OSS bucket names are 3 to 63 characters. */
const BUCKET_NAME_MIN = 3;
const BUCKET_NAME_MAX = 63;
const RENAMED_TO = /(?:name it|call it|rename it to|rename the bucket to|命名为|改名为|名字改成|名称改为)\s*[`"'“]?([a-z0-9][a-z0-9-]{1,61}[a-z0-9])[`"'”]?/gi;
const NAME_REACH = 24 + BUCKET_NAME_MAX + 16;
const BUCKET_WORD = /bucket|存储桶|oss/gi;
const NAMING_WORD = /named|called|名为|名叫|叫做?|名字(?:是|为)|名称(?:是|为)/gi;
/** After "bucket": "bucket named logs-2024", "bucket: logs-2024", "存储桶名为 logs". */
const NAME_AFTER_BUCKET_WORD =
  /^(?:\s*(?:named|called|name(?:d)?(?:\s*(?:is|=))?|名为|名叫|叫做?|名字(?:是|为)|名称(?:是|为)))?(?:\s*[:：])?\s*[`"'“]?(?!(?:buckets?|oss)\b)([a-z0-9][a-z0-9-]*[a-z0-9])/i;
/** After "named": "named logs-2024 bucket", "名为 logs 的存储桶". */
const NAME_BEFORE_BUCKET_WORD = /^\s*[`"'“]?([a-z0-9][a-z0-9-]*[a-z0-9])[`"'”]?\s*(?:的\s*)?(?:oss|bucket|存储桶)/i;

function nameOf(found: { text: string; tail: RegExpExecArray }): { whole: string; name: string } {
  return { whole: found.text, name: found.tail[1] ?? "" };
}

function bucketName(text: string): string | undefined {
  const candidates = [
    ...Array.from(text.matchAll(RENAMED_TO), (match) => ({ whole: match[0], name: match[1] ?? "" })),
    ...Array.from(afterKeyword(text, BUCKET_WORD, NAME_AFTER_BUCKET_WORD, NAME_REACH), nameOf),
    ...Array.from(afterKeyword(text, NAMING_WORD, NAME_BEFORE_BUCKET_WORD, NAME_REACH), nameOf),
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
  return undefined;
}

const EXPIRY_WORD = /expire|delete|remove|clean ?up|purge|清理|删除|过期/gi;
/** "expire objects after 30 days": up to 30 characters without a digit, then the days. */
const DAYS_AFTER = /^[^\d\n]*?(\d{1,4})\s*(?:days?|天)/i;
const DAYS_REACH = 30 + 4 + 8 + 4;

function lifecycleDays(text: string): number | undefined {
  for (const { tail } of afterKeyword(text, EXPIRY_WORD, DAYS_AFTER, DAYS_REACH)) {
    if (tail[1] && tail[0].search(/\d/) <= 30) return Number(tail[1]);
  }
  const before = /(?<!\d)(\d{1,4})\s*(?:days?|天)(?:\s*(?:later|after|后))?(?:\s*自动)?\s*(?:expire|delete|过期|删除|清理)/i.exec(text);
  return before?.[1] ? Number(before[1]) : undefined;
}

export interface SourceRanges {
  /** For the opened ports. */
  ports?: string;
  /** For SSH, when the request names a range for it ("SSH from 198.51.100.0/24"). */
  ssh?: string;
  /** "SSH only from …", "restrict SSH to …": the range replaces the default SSH rule instead of joining it. */
  sshOnly?: boolean;
  /** Every source range, to keep out of the address plan. */
  all: string[];
  /** Where each source range is written ([start, end) offsets), so only those occurrences leave the address plan. */
  spans: [number, number][];
  /** The ranges that are not SSH's, each with the ports of its clause (source-rules.ts). */
  rules: SourceRule[];
}

/** Words around a source range that make it the only one allowed. */
const ONLY = /\bonly\b|\brestrict|\blimit|仅|只/i;
const SSH_WORD = /\bssh\b/i;
/** How far after a range "only" still belongs to it: "port 22 from 198.51.100.7 only". */
const ONLY_AFTER_REACH = 8;

export function sourceRangesOf(text: string): SourceRanges {
  const ranges: SourceRanges = { all: [], spans: [], rules: [] };
  for (const rule of sourceRules(text)) {
    const [start, end] = rule.span;
    ranges.all.push(rule.cidr);
    ranges.spans.push(rule.span);
    const clause = clauseBefore(text, start);
    const ssh = SSH_WORD.test(clause) || rule.ports.includes(22);
    if (ssh) {
      if (ranges.ssh === undefined && ONLY.test(clause + text.slice(end, end + ONLY_AFTER_REACH))) ranges.sshOnly = true;
      ranges.ssh ??= rule.cidr;
    }
    const others = rule.ports.filter((port) => port !== 22);
    if (!ssh || others.length > 0) {
      ranges.ports ??= rule.cidr;
      ranges.rules.push({ ...rule, ports: others });
    }
  }
  return ranges;
}

/** Things people ask for that the offline engine does not build; named in the reply, never dropped silently. */
const UNSUPPORTED_FEATURES: readonly [RegExp, Phrase][] = [
  [/auto[- ]?scal|scaling group|\bess\b|弹性伸缩/i, phrase("auto scaling (ESS)", "弹性伸缩（ESS）")],
  [/read[- ]?(?:only )?replica|只读实例/i, phrase("read-only database replicas", "数据库只读实例")],
  [/subscription|prepaid|包年|包月/i, phrase("subscription (prepaid) billing: the template uses pay-as-you-go", "包年包月计费（模板使用按量付费）")],
  [/\bspot\b|preemptible|抢占式/i, phrase("spot (preemptible) instances", "抢占式实例")],
  [/\bcdn\b/i, phrase("a CDN domain", "CDN 加速域名")],
  [/\bkafka\b/i, phrase("Kafka", "Kafka 消息队列")],
  [/mongo/i, phrase("MongoDB", "MongoDB")],
  [/\back\b|kubernetes|\bk8s\b|容器服务/i, phrase("a Kubernetes (ACK) cluster", "Kubernetes（ACK）集群")],
  [/function compute|\bfc\b|函数计算/i, phrase("Function Compute", "函数计算")],
  [/\bwaf\b|web application firewall/i, phrase("WAF", "Web 应用防火墙")],
  [/\bdns\b|domain name|域名解析/i, phrase("DNS records", "DNS 解析记录")],
  [/\btags?\b|标签/i, phrase("tags", "标签")],
  [/alarm|cloudmonitor|monitoring|告警|云监控/i, phrase("monitoring alarms", "监控告警")],
  [/\bnas\b|file storage|文件存储/i, phrase("NAS file systems", "NAS 文件存储")],
];

/** "7 day backup retention", "backup retention of 30 days", "retain backups for 14 days", "备份保留7天", "保留30天备份". */
const BACKUP_RETENTION =
  /(\d{1,3})[ -]?days?\s{0,3}(?:of\s{1,3})?backups?\s{0,3}retention|(?:backup retention|retain backups|keep backups)[^\d\n]{0,16}?(\d{1,3})\s{0,2}days?|备份保留\s{0,3}(\d{1,3})\s{0,2}天|保留\s{0,3}(\d{1,3})\s{0,2}天的?备份/i;
/** Named without a number of days: the reply says it was not set. */
const RETENTION_WORDS = /backup retention|retain backups|keep backups|备份保留|保留.{0,4}备份/i;

function backupRetention(text: string, unsupported: Phrase[]): number | undefined {
  const match = BACKUP_RETENTION.exec(text);
  const days = match?.[1] ?? match?.[2] ?? match?.[3] ?? match?.[4];
  if (days) return Number(days);
  if (RETENTION_WORDS.test(text))
    unsupported.push(phrase("the database backup retention (say how many days, 7 to 730)", "数据库备份保留策略（请给出天数，7 到 730）"));
  return undefined;
}

function imageHint(text: string): string | undefined {
  const match = /\b(ubuntu|centos|debian|rocky ?linux|alibaba cloud linux|alinux|almalinux|windows server|windows|anolis)\s*(\d+(?:\.\d+)?)?/i.exec(text);
  return match ? `${match[1] ?? ""}${match[2] ? ` ${match[2]}` : ""}` : undefined;
}

/** An image id: "m-bp1…", or a public image file name with "_x64_" ending in ".vhd". */
function imageId(text: string): string | undefined {
  for (const match of text.matchAll(/\b(m-[a-z0-9]{8,}|[a-z0-9_]+\.vhd)\b/gi)) {
    const id = match[1] ?? "";
    if (id.startsWith("m-") || id.startsWith("M-") || /_x64_[a-z0-9_]/i.test(id)) return id;
  }
  return undefined;
}

const CLAUSE_END = /[,，。;；\n]/;
const DATA_DISK_WORD = /data disk|数据盘/i;
/** A clause's reach on either side of "data disk", in characters. */
const DATA_DISK_CLAUSE_REACH = 30;

/**
 * The words around the first "data disk": the 30 characters before it within its clause and the
 * word itself, or, when it opens a clause, the word and the 30 characters after it.
 */
function dataDiskClause(text: string): string | undefined {
  const word = DATA_DISK_WORD.exec(text);
  if (!word) return undefined;
  const start = word.index;
  let from = start;
  while (from > 0 && start - from < DATA_DISK_CLAUSE_REACH && !CLAUSE_END.test(text[from - 1] ?? "")) from -= 1;
  if (from < start) return text.slice(from, start + word[0].length);
  let to = start + word[0].length;
  while (to < text.length && to - start - word[0].length < DATA_DISK_CLAUSE_REACH && !CLAUSE_END.test(text[to] ?? "")) to += 1;
  return text.slice(start, to);
}

/** Words that make a bare "50M" a bandwidth: the EIP, public access, bandwidth itself. */
const BANDWIDTH_CONTEXT = /\beips?\b|elastic ip|public ip|bandwidth|internet|带宽|公网|弹性/i;

/** "10 Mbps", "20兆", "bandwidth of 10", "带宽调到 20M", and with an EIP or bandwidth named, a bare "50M". */
function bandwidthOf(text: string): number | undefined {
  const match = /(\d{1,4})\s{0,2}(?:mbps|mbit|mb\/s|m\s{0,2}带宽|兆)|(?:bandwidth|带宽)[^\d\n]{0,10}?(\d{1,4})\s{0,2}(?:m\b|mbps|兆)?/i.exec(text);
  const named = match?.[1] ?? match?.[2];
  if (named) return Number(named);
  const bare = BANDWIDTH_CONTEXT.test(text) ? /(\d{1,4})\s{0,2}m(?![a-z])/i.exec(text)?.[1] : undefined;
  return bare ? Number(bare) : undefined;
}

/** "4核8G", "4 vCPU 16 GiB", "4 vCPU / 16 GB", "4C8G": vCPUs then memory, side by side. */
const CPU_MEMORY = /(\d{1,3})\s{0,2}(?:vcpus?|cpus?|cores?|c|核)\s{0,3}(?:[,/，、+]\s{0,3})?(\d{1,4})\s{0,2}(?:g|gb|gib)(?![a-z])/i;

export function parseRequestedValues(text: string): RequestedValues {
  const unsupported: Phrase[] = [];
  const values: RequestedValues = { systemDisk: {}, zones: [], existingVpc: false, sourceRules: [], unsupported, text };
  const instanceType = /\b(ecs\.[a-z0-9-]+\.[a-z0-9]+)\b/i.exec(text)?.[1];
  if (instanceType) values.ecsInstanceType = instanceType.toLowerCase();
  const image = imageId(text);
  if (image) values.ecsImageId = image;
  else {
    const hint = imageHint(text);
    if (hint) values.imageHint = hint;
  }
  const systemSize = sizeNear(text, SYSTEM_DISK_SIZE);
  if (systemSize !== undefined) values.systemDisk.size = systemSize;
  const systemClause = /(?:system disk|系统盘)[^,，。;；\n]{0,30}/i.exec(text)?.[0] ?? "";
  const dataClause = dataDiskClause(text);
  const category = diskCategory(systemClause) ?? (dataClause ? undefined : diskCategory(text.replace(/local_ssd/gi, "")));
  if (category && !/storage type|存储类型/i.test(text)) values.systemDisk.category = category;
  if (dataClause) {
    const size = sizeNear(text, DATA_DISK_SIZE);
    const dataCategory = diskCategory(dataClause);
    values.dataDisk = { ...(size !== undefined ? { size } : {}), ...(dataCategory ? { category: dataCategory } : {}) };
  }
  const version = engineVersion(text, unsupported);
  if (version) values.rdsEngineVersion = version;
  const storage = sizeNear(text, STORAGE_SIZE);
  const databaseOnly =
    /rds|database|\bdbs?\b|mysql|postgres|mariadb|数据库|sql/i.test(text) && !/\becs\b|servers?\b|\bvms?\b|服务器|disk|盘|memory|内存|redis/i.test(text);
  // "a Postgres database, 50GB": with only a database in the request, a lone size is its storage.
  const loneSize = databaseOnly ? /(\d{1,5})\s*(g|gb|gib|t|tb|tib)\b/i.exec(text) : null;
  // "RDS MySQL 8.0, 50 GB, and one ECS": a free size next to the database is its storage.
  const rdsStorage = storage ?? sizeForKind(text, "rds") ?? (loneSize?.[1] ? gib(loneSize[1], loneSize[2]) : undefined);
  // "increase storage to 200 GB", "存储改成500G": a size said to be storage is the database's, in an edit too (applied only where there is one).
  if (rdsStorage !== undefined && (storage !== undefined || /rds|database|\bdbs?\b|mysql|postgres|mariadb|数据库|sql/i.test(text)))
    values.rdsStorage = rdsStorage;
  const rdsClass = /\b((?:rds\.)?(?:mysql|pg|mssql|mariadb)\.[a-z0-9]+\.[a-z0-9]+(?:\.[a-z0-9]+)?)\b/i.exec(text)?.[1];
  if (rdsClass) values.rdsInstanceClass = rdsClass.toLowerCase();
  const retention = backupRetention(text, unsupported);
  if (retention !== undefined) values.backupRetentionDays = retention;
  const redisClass = /\b(redis\.[a-z0-9]+\.[a-z0-9]+(?:\.[a-z0-9]+)?)\b/i.exec(text)?.[1];
  if (redisClass) values.redisInstanceClass = redisClass.toLowerCase();
  const name = bucketName(text);
  if (name) values.bucketName = name;
  const acl = bucketAcl(text);
  if (acl) values.bucketAcl = acl;
  if (/versioning|versioned|version control|多版本|版本控制/i.test(text))
    values.versioning = !/(?:no|without|disable)\s+versioning|不(?:要|开启|需要).{0,4}版本/i.test(text);
  if (/encrypt|\bsse\b|\bkms\b|加密/i.test(text)) values.encryption = /\bkms\b/i.test(text) ? "KMS" : "AES256";
  const days = lifecycleDays(text);
  if (days !== undefined) values.lifecycleDays = days;
  values.zones = [...new Set([...text.matchAll(/\b((?:cn|ap|us|eu|me|na|sa)-[a-z]+(?:-\d+)?-[a-z])\b/g)].map((m) => m[1] ?? ""))];
  const vpcId = /\b(vpc-[a-z0-9]{8,})\b/i.exec(text)?.[1];
  if (vpcId) values.existingVpcId = vpcId;
  const vswitchId = /\b(vsw-[a-z0-9]{8,})\b/i.exec(text)?.[1];
  if (vswitchId) values.existingVSwitchId = vswitchId;
  const securityGroupId = /\b(sg-[a-z0-9]{8,})\b/i.exec(text)?.[1];
  if (securityGroupId) values.existingSecurityGroupId = securityGroupId;
  // A security group belongs to a VPC: naming one names its VPC too.
  values.existingVpc =
    values.existingVpcId !== undefined ||
    values.existingVSwitchId !== undefined ||
    values.existingSecurityGroupId !== undefined ||
    /(?:existing|my own|current|already have an?)\s+vpc|(?:已有|现有|已存在)(?:的)?\s*(?:vpc|专有网络)/i.test(text);
  const sources = sourceRangesOf(text);
  if (sources.ports) values.sourceCidr = sources.ports;
  if (sources.ssh) values.sshCidr = sources.ssh;
  if (sources.sshOnly) values.sshOnly = true;
  values.sourceRules = sources.rules;
  const redisVersion = redisEngineVersion(text, unsupported);
  if (redisVersion) values.redisEngineVersion = redisVersion;
  const bandwidth = bandwidthOf(text);
  if (bandwidth !== undefined) values.bandwidth = bandwidth;
  if (/(?:internet|public)[- ](?:access|facing)|reachable from the internet|公网访问|可以从公网|对公网/i.test(text)) values.publicAccess = true;
  const pair = CPU_MEMORY.exec(text);
  const cpu = pair?.[1] ?? /(\d{1,3})\s*(?:vcpus?|cpus?|cores?|核)/i.exec(text)?.[1];
  const memory = /(\d{1,4})\s*(?:g|gb|gib)\s*(?:of\s+)?(?:memory|ram|内存)|(?:memory|ram|内存)\s*(\d{1,4})\s*(?:g|gb|gib)/i.exec(text);
  const memoryGib = pair?.[2] ?? memory?.[1] ?? memory?.[2];
  if (!values.ecsInstanceType && (cpu || memoryGib)) {
    const size = [cpu ? `${cpu} vCPU` : "", memoryGib ? `${memoryGib} GiB` : ""].filter((part) => part !== "").join(" / ");
    values.sizeHint = size;
    const instanceType = cpu && memoryGib ? instanceTypeForSize(Number(cpu), Number(memoryGib)) : undefined;
    if (instanceType) values.sizeSpec = { vcpus: Number(cpu), memoryGib: Number(memoryGib), instanceType };
    else
      unsupported.push(
        phrase(
          `a size of ${size} as such: ROS needs an instance type, so pick one of that size in the \`EcsInstanceType\` selector (or name it, e.g. ecs.g7.large)`,
          `按 ${size} 指定规格：ROS 需要实例规格，请在 \`EcsInstanceType\` 选择器中选择该大小的规格（或直接给出，如 ecs.g7.large）`,
        ),
      );
  }
  for (const [pattern, label] of UNSUPPORTED_FEATURES) if (pattern.test(text)) unsupported.push(label);
  return values;
}
