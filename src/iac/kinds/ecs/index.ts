/** The ECS instance: a virtual server, billed by the hour (and by traffic with a public IP). */
import { phrase } from "../../read/request-language";
import { readKeyPair } from "./key-pair";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildEcs as buildRos } from "./ros";
import { buildEcs as buildTerraform } from "./terraform";
import { gibOf, sizeNear, sizePatterns } from "../stated-size";
import { computePairs, CPU_MEMORY } from "../compute-pair";
import { withDiskNouns } from "./disk-shorthand";
import type { RequestedValues } from "../values";

const INSTANCE = "ALIYUN::ECS::Instance";

/**
 * ECS named by a word that means a server, not the generic "instance" other products share: a bare
 * "instance" next to a database or cache names that product, not a server, and a "database
 * server" is the database.
 */
/**
 * "Web tier — 4 nodes", "app layer: 3 nodes", "Web servers: 3 nodes", "4 nodes (ecs.c6.large)": nodes a server tier's label
 * or an ECS instance type names are servers (a bare "3 nodes" may be a Kubernetes pool's, which the
 * engine does not build). "two control plane nodes" behind an internal SLB on 6443 are servers too.
 */
const TIER_NODES = String.raw`(?<=\b(?:web|app|application|api|frontend|backend|compute|worker|service)[ -](?:tier|layer|servers?|hosts?)\s{0,3}[—–:-]?\s{0,3}(?:\d{1,3}\s{0,3}|(?:two|three|four|five|six|seven|eight|nine|ten)\s{1,3})?)nodes?\b|\bnodes?(?=\s{0,3}[,(（]?\s{0,3}ecs\.)`;

export const SERVER_WORDS = new RegExp(
  `${/\becs\b|\b(?:virtual machines?|vms?|(?<!(?:database|db|mysql|postgres|postgresql|redis|cache|sql) )servers?(?!-side|less)|compute instances?|machines?|hosts?|box(?:es)?|(?:web|app|application|compute|backend|frontend|control[- ]plane|master) nodes?)\b|云服务器|(?<!数据库|缓存)服务器|虚拟机|主机/.source}|${TIER_NODES}`,
  "i",
);

/**
 * The words of the system disk: "system disk", "sys disk", "sysdisk", "OS disk", "root disk", "boot
 * disk", "系统盘" ("40G sys disk" is the system disk, never a data disk); the request check's cues
 * (check/size-values.ts) are the same words.
 */
const SYSTEM_DISK_NOUN = String.raw`system disk|system volume|\bsys ?disk|\bos disk|root disk|boot disk|系统盘`;
const SYSTEM_DISK_SIZE = sizePatterns(SYSTEM_DISK_NOUN);
const SYSTEM_DISK_CLAUSE = new RegExp(String.raw`(?:${SYSTEM_DISK_NOUN})[^,，。;；\n]{0,30}`, "i");
const SYSTEM_DISK_NOUNS = new RegExp(SYSTEM_DISK_NOUN, "gi");
/** "a 40G ESSD PL1 system disk": a level right before the system disk's noun. */
const LEVEL_BEFORE_SYSTEM_DISK = new RegExp(String.raw`\bpl([0-3])\s{1,3}(?:${SYSTEM_DISK_NOUN})`, "i");
const DATA_DISK_SIZE = sizePatterns(String.raw`data disk|数据盘`);

/** Disk categories and the words that name them (the lexer's disk vocabulary takes the category names). */
export const DISK_CATEGORIES: readonly [RegExp, string][] = [
  [/cloud_essd_entry|essd\s*entry|essd\s*入门/i, "cloud_essd_entry"],
  [/cloud_auto|essd\s*auto(?:pl)?/i, "cloud_auto"],
  [/cloud_essd|\bessd\b/i, "cloud_essd"],
  [/cloud_efficiency|ultra disk|高效云盘/i, "cloud_efficiency"],
  [/cloud_ssd|\bssd\b|ssd\s*云盘/i, "cloud_ssd"],
];

function diskCategory(text: string): string | undefined {
  return DISK_CATEGORIES.find(([pattern]) => pattern.test(text))?.[1];
}

/** Public image families, as people name them (lower case; the lexer's image vocabulary reads these too), each with its canonical name. */
export const IMAGE_NAMES: ReadonlyMap<string, string> = new Map([
  ["ubuntu", "Ubuntu"],
  ["centos", "CentOS"],
  ["debian", "Debian"],
  ["rocky linux", "Rocky Linux"],
  ["rockylinux", "Rocky Linux"],
  ["alibaba cloud linux", "Alibaba Cloud Linux"],
  ["alinux", "Alibaba Cloud Linux"],
  ["almalinux", "AlmaLinux"],
  ["windows server", "Windows Server"],
  ["windows", "Windows Server"],
  ["anolis", "Anolis OS"],
]);

const IMAGE_HINT = new RegExp(String.raw`\b(${[...IMAGE_NAMES.keys()].join("|")})\s*(\d+(?:\.\d+)?)?`, "i");

function imageHint(text: string): string | undefined {
  const match = IMAGE_HINT.exec(text);
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
  // "40G system disk ESSD PL1 and a data disk": the words before it that are the system disk's are not the data disk's.
  const before = text.slice(from, start);
  const system = [...before.matchAll(SYSTEM_DISK_NOUNS)].at(-1);
  if (system) from += system.index + system[0].length;
  // "…, data disk 500G ESSD PL2": only spaces before it in its clause, so it opens the clause.
  if (text.slice(from, start).trim() !== "") return text.slice(from, start + word[0].length);
  let to = start + word[0].length;
  while (to < text.length && to - start - word[0].length < DATA_DISK_CLAUSE_REACH && !CLAUSE_END.test(text[to] ?? "")) to += 1;
  return text.slice(start, to);
}

/** "数据盘 ESSD PL1 200G", "a 500G ESSD PL2 data disk": an ESSD's performance level (ROS `PerformanceLevel` of a DiskMappings entry). */
const PERFORMANCE_LEVEL = /\bpl([0-3])\b/i;

/** "get rid of the data disks", "no data disk", "去掉数据盘", "不要数据盘": the data disk clause asks for none. */
const REMOVE_BEFORE_DISK =
  /(?:\b(?:remove|delete|drop|get rid of|detach|without|no)\b|去掉|删除|删掉|移除|不要|不需要)[^,，。;；\n\d]{0,16}(?:data disks?|数据盘)/i;

/** "2 data disks: 100G and 500G", "两块数据盘（100G 和 500G）": two disks, each with its own size. */
const SIZED_DISKS =
  /(\d{1,2}|two|[两二])\s{0,2}(?:块|个)?\s{0,2}(?:data[- ]disks|数据盘)\s{0,3}[:：(（,，]?\s{0,3}(?:(?:一块|一个|one(?:\s{1,3}of)?)\s{0,3})?(\d{1,5})\s{0,2}(g|gb|gib|t|tb)(?:\s{1,3}(?:for|as)\s{1,3}(?:the\s{1,3})?[a-z-]{1,16})?(?:\s{0,3}(?:and|&|,|，|、|和|\+)\s{0,3}(?:(?:一块|另一块|one|the other|another)\s{0,3})?|\s{0,3}(?:一块|另一块)\s{0,3})(\d{1,5})\s{0,2}(g|gb|gib|t|tb)\b/i;

/** One group of a disk list: "2 x 100GB", "1×500G", "2块100G". */
const DISK_GROUP = /(?<![\w.])(\d{1,2})\s{0,2}(?:[x×*]|块|个)\s{0,2}(\d{1,5})\s{0,2}(g|gb|gib|t|tb|tib)(?![a-z])/gi;
/** What joins two groups of a list: "and", a comma, "+", "和". */
const GROUP_JOIN = /^\s{0,3}(?:and|&|plus|,|，|、|和|\+)\s{0,3}$/i;
/** What follows the last group: at most a category, then the disks ("… and 1 x 500GB ESSD data disks"). */
const DISKS_AFTER_GROUPS = /^\s{0,2}(?:(?:cloud_)?(?:essd|ssd|efficiency)\s{1,2})?(?:data[- ]disks?|数据盘|云盘)/i;

/** The most disk sizes a list is read for: ECS attaches 16 data disks, so one more shows the request asked beyond it. */
const LISTED_DISKS_READ = 17;

/**
 * "2 x 100GB and 1 x 500GB data disks": disks listed in groups of a count and a size, each group
 * its own size (three disks: 100, 100 and 500). Two groups or more; one group is a count and a
 * size of one kind of disk (DATA_DISK_COUNT). One pass over the groups, the sizes kept bounded: linear.
 */
function diskGroups(text: string): { sizes: number[]; count: number } | undefined {
  let run: { sizes: number[]; count: number; groups: number; end: number } | undefined;
  for (const match of text.matchAll(DISK_GROUP)) {
    const size = gibOf(match[2] ?? "", match[3]);
    const count = Number(match[1]);
    const group = Array.from({ length: Math.min(count, LISTED_DISKS_READ) }, () => size);
    const end = match.index + match[0].length;
    run =
      run !== undefined && GROUP_JOIN.test(text.slice(run.end, match.index))
        ? { sizes: [...run.sizes, ...group].slice(0, LISTED_DISKS_READ), count: run.count + count, groups: run.groups + 1, end }
        : { sizes: group, count, groups: 1, end };
    if (run.groups > 1 && DISKS_AFTER_GROUPS.test(text.slice(end, end + 24))) return { sizes: run.sizes, count: run.count };
  }
  return undefined;
}

/** "one of the data disks", "a data disk", "去掉一块数据盘": some of the disks, not all. */
const REMOVE_ONE_DISK =
  /(?:\b(one|two|a|an|1|2)\s{1,3}(?:of\s{1,3}(?:the|its|their)\s{1,3})?(?:extra\s{1,3})?data disks?|(一|两|二)\s{0,2}(?:块|个)\s{0,2}数据盘)/i;

/** The disks: system disk size and category, and a data disk when one is named. */
const DISK_COUNT_WORDS: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, 两: 2, 二: 2, 三: 3, 四: 4 };
/** "two 200G data disks", "2 x 500GB data disks", "两块 100G 数据盘": a count, then at most a size and a category, then the disks. */
const DATA_DISK_COUNT =
  /(?:^|[^\w.])(\d{1,2}(?![\d.])|two|three|four|[两二三四])\s{0,2}(?:块|个|x|×)?\s{0,2}(?:\d{1,5}\s{0,2}(?:g|gb|gib|t|tb|tib)\s{0,2})?(?:的\s{0,2})?(?:(?:cloud_)?(?:essd|ssd|efficiency)\s{1,2})?(?:data[- ]disks?|数据盘|云盘)/i;

/** "数据盘 2 块各 500G", "data disks: 2 x 500GB each": the noun first, then the count and the size of each. */
const DISKS_THEN_COUNT =
  /(?:data[- ]disks?|数据盘)\s{0,3}[:：]?\s{0,3}(\d{1,2}|two|three|four|[两二三四])(?![\d.])\s{0,2}(?:(?:块|个|x|×)\s{0,3}(?:各|每块|each)?|(?:各|每块|each|,\s{0,2}each))\s{0,3}(\d{1,5})\s{0,2}(g|gb|gib|t|tb)\b/i;

/** How many data disks each server gets, when the request counts them. */
function dataDiskCount(clause: string): number | undefined {
  const written = DATA_DISK_COUNT.exec(clause)?.[1]?.toLowerCase();
  if (!written) return undefined;
  return /^\d/.test(written) ? Number(written) : DISK_COUNT_WORDS[written];
}

/**
 * "6 workers (c7.2xlarge, 500G data each)", "1 TB data, 30 Mbps": a size right before the word "data"
 * that ends its phrase (each, per, a comma or a bracket after it) is a data disk's; "1 TB of data in
 * OSS" or "data center" is not. Bounded, anchored on the size.
 */
const DATA_SHORTHAND = /(?<![\d.])(\d{1,5})\s{0,2}(g|gb|gib|t|tb|tib)\s{1,2}data(?=\s{0,2}(?:each\b|per\b|apiece\b|[,;)，；）]|$))/i;

/** The system disk's words up to its clause's end or the data disk's word ("system disk 40G and data disk 500G ESSD PL2": not the data disk's ESSD). */
function systemDiskClause(text: string): string {
  const clause = SYSTEM_DISK_CLAUSE.exec(text)?.[0] ?? "";
  const data = DATA_DISK_WORD.exec(clause);
  return data ? clause.slice(0, data.index) : clause;
}

/** "40G system disk ESSD PL1", "ESSD PL1 system disk": the system disk's ESSD performance level. */
function systemDiskLevel(text: string, systemClause: string): string | undefined {
  const digit = PERFORMANCE_LEVEL.exec(systemClause)?.[1] ?? LEVEL_BEFORE_SYSTEM_DISK.exec(text)?.[1];
  return digit !== undefined ? `PL${digit}` : undefined;
}

function readDisks(request: string, into: RequestedValues): void {
  // "2 disks: sys 40G, data 1T cloud_essd": the shorthand written as the nouns below read (disk-shorthand.ts).
  // "ECS 2c4g 系统盘40G": the memory of a vCPU/memory pair is no disk's size (its "4g" was read as a 4 GiB system disk).
  const text = withDiskNouns(request).replace(CPU_MEMORY, (pair) => " ".repeat(pair.length));
  const systemSize = sizeNear(text, SYSTEM_DISK_SIZE);
  if (systemSize !== undefined) into.systemDisk.size = systemSize;
  const systemClause = systemDiskClause(text);
  const systemLevel = systemDiskLevel(text, systemClause);
  if (systemLevel) into.systemDisk.performanceLevel = systemLevel;
  const dataClause = dataDiskClause(text);
  const shorthand = dataClause ? undefined : DATA_SHORTHAND.exec(text);
  if (shorthand) {
    into.dataDisk = { size: gibOf(shorthand[1] ?? "", shorthand[2]) };
    return;
  }
  const category = diskCategory(systemClause) ?? (dataClause ? undefined : diskCategory(text.replace(/local_ssd/gi, "")));
  if (category && !/storage type|存储类型/i.test(text)) into.systemDisk.category = category;
  if (dataClause && REMOVE_BEFORE_DISK.test(dataClause)) {
    // "remove one of the data disks", "去掉一块数据盘": one per server, not all of them.
    const one = REMOVE_ONE_DISK.exec(dataClause);
    if (one) into.removeDataDiskCount = /^(?:two|两|二|2)$/i.test(one[1] ?? "") ? 2 : 1;
    else into.removeDataDisks = true;
    return;
  }
  if (dataClause) {
    const size = sizeNear(text, DATA_DISK_SIZE);
    const dataCategory = diskCategory(dataClause);
    const count = dataDiskCount(dataClause);
    const levelDigit = PERFORMANCE_LEVEL.exec(dataClause)?.[1];
    const level = levelDigit !== undefined ? { performanceLevel: `PL${levelDigit}` } : {};
    // "2 data disks: 100G and 500G", "两块数据盘，100G 和 500G", "2 data disks: 100GB for data and 500GB for backups",
    // "2 块数据盘，一块 100G 一块 200G": a size for each disk.
    const sized = SIZED_DISKS.exec(text);
    const sizes = sized ? [gibOf(sized[2] ?? "", sized[3]), gibOf(sized[4] ?? "", sized[5])] : undefined;
    if (sizes && (count === undefined || count === sizes.length)) {
      into.dataDisk = { size: sizes[0] ?? 100, count: sizes.length, sizes, ...(dataCategory ? { category: dataCategory } : {}), ...level };
      return;
    }
    // "数据盘 2 块各 500G": two disks of 500.
    const counted = DISKS_THEN_COUNT.exec(text);
    if (counted) {
      const written = (counted[1] ?? "").toLowerCase();
      const disks = /^\d/.test(written) ? Number(written) : (DISK_COUNT_WORDS[written] ?? 1);
      into.dataDisk = {
        size: gibOf(counted[2] ?? "", counted[3]),
        ...(disks > 1 ? { count: disks } : {}),
        ...(dataCategory ? { category: dataCategory } : {}),
        ...level,
      };
      return;
    }
    // "2 x 100GB and 1 x 500GB data disks": three disks of two sizes.
    const groups = diskGroups(text);
    if (groups) {
      into.dataDisk = { size: groups.sizes[0] ?? 100, count: groups.count, sizes: groups.sizes, ...(dataCategory ? { category: dataCategory } : {}), ...level };
      return;
    }
    into.dataDisk = {
      ...(size !== undefined ? { size } : {}),
      ...(dataCategory ? { category: dataCategory } : {}),
      ...(count !== undefined && count > 1 ? { count } : {}),
      ...level,
    };
  }
}

/**
 * The 7th-generation type an Alibaba Cloud engineer picks for a vCPU / memory size ("4核8G",
 * "4 vCPU 16 GiB"): the family by memory per vCPU (c7 1:2 compute-optimised, g7 1:4 general
 * purpose, r7 1:8 memory-optimised), the size by vCPUs (large = 2, xlarge = 4, Nxlarge = 4N, the
 * sizes those families are sold in). A 1-vCPU size ("1c2g is fine" for a bastion: round thirteen,
 * named as not built before) is the shared s6 type of that memory (`ecs.s6-c1m2.small`: 1 vCPU with
 * 1, 2 or 4 GiB). Undefined for a size outside them (6 vCPU, 1:3…).
 */
const ONE_VCPU_MEMORY: ReadonlySet<number> = new Set([1, 2, 4]);
const FAMILY_BY_RATIO: Readonly<Record<number, string>> = { 2: "c7", 4: "g7", 8: "r7" };
const SIZE_BY_VCPUS: Readonly<Record<number, string>> = {
  2: "large",
  4: "xlarge",
  8: "2xlarge",
  12: "3xlarge",
  16: "4xlarge",
  24: "6xlarge",
  32: "8xlarge",
  64: "16xlarge",
};

export function instanceTypeForSize(vcpus: number, memoryGib: number): string | undefined {
  if (vcpus === 1) return ONE_VCPU_MEMORY.has(memoryGib) ? `ecs.s6-c1m${memoryGib}.small` : undefined;
  const family = memoryGib % vcpus === 0 ? FAMILY_BY_RATIO[memoryGib / vcpus] : undefined;
  const size = SIZE_BY_VCPUS[vcpus];
  return family && size ? `ecs.${family}.${size}` : undefined;
}

/**
 * "t6 burstable 2c4g", "突发性能实例 2核4G": the burstable t6 type of that size. Only the sizes the t6
 * family is sold in (memory per vCPU 1/4 to 4, as `cXmY` of the name); another size falls back to the
 * 7th-generation type, or to a hint.
 */
export const BURSTABLE = /\b(?:ecs\s{1,3})?t[56]\b(?![.-])|\bburstable\b|突发性能/i;
const BURSTABLE_TYPES: Readonly<Record<string, string>> = {
  "2/0.5": "ecs.t6-c4m1.large",
  "2/1": "ecs.t6-c2m1.large",
  "2/2": "ecs.t6-c1m1.large",
  "2/4": "ecs.t6-c1m2.large",
  "2/8": "ecs.t6-c1m4.large",
  "4/16": "ecs.t6-c1m4.xlarge",
  "8/32": "ecs.t6-c1m4.2xlarge",
};

export function burstableTypeForSize(vcpus: number, memoryGib: number): string | undefined {
  return BURSTABLE_TYPES[`${vcpus}/${memoryGib}`];
}

/** A cache named just before a memory size ("Redis 8GB memory", "缓存 内存 4G"), within CACHE_REACH characters of the same clause. */
const CACHE_BEFORE = /(?:\bredis\b|\btair\b|\bcache\b|缓存)[^,，;；。\n]{0,24}$/i;
const CACHE_REACH = 32;
const CACHE_NAMED = /\bredis\b|\btair\b|缓存/i;
/** Words that name a server: a memory size said beside them may be the server's. */
const SERVER_NAMED = /\becs\b|\bservers?\b|\bvms?\b|\binstances?\b|\bmachines?\b|\bhosts?\b|服务器|主机|虚拟机|云服务器/i;

/** "4 vCPU 8 GiB" without an instance type: the type of that size (instanceTypeForSize), or a hint ROS cannot take as such. */
function readSizeHint(text: string, into: RequestedValues): void {
  // "DB tier — PostgreSQL 14, 4 cores 8 GB": a pair the clause gives the database (or the cache) is not the servers' (compute-pair.ts).
  const pairs = computePairs(text);
  const owned = pairs.find((candidate) => candidate.owner === undefined || candidate.owner === "server");
  if (pairs.length > 0 && !owned) return;
  const pair = owned ? { cpu: String(owned.vcpus), memory: String(owned.memoryGib) } : undefined;
  const cpu = pair?.cpu ?? /(\d{1,3})\s*(?:vcpus?|cpus?|cores?|核)/i.exec(text)?.[1];
  const memory = /(\d{1,4})\s*(?:g|gb|gib)\s*(?:of\s+)?(?:memory|ram|内存)|(?:memory|ram|内存)\s*(\d{1,4})\s*(?:g|gb|gib)/i.exec(text);
  // "Redis 8GB memory": a cache's memory, not a server's (kinds/redis reads it as the cache's class).
  // "帮忙建个 Redis，5.0 版本，内存 1G": in a request that names a cache and no server, the memory is the cache's too.
  const cacheOnly = CACHE_NAMED.test(text) && !SERVER_NAMED.test(text);
  const cacheMemory = !pair && !cpu && memory !== null && (cacheOnly || CACHE_BEFORE.test(text.slice(Math.max(0, memory.index - CACHE_REACH), memory.index)));
  const memoryGib = pair?.memory ?? (cacheMemory ? undefined : (memory?.[1] ?? memory?.[2]));
  if (into.ecsInstanceType || !(cpu || memoryGib)) return;
  const size = [cpu ? `${cpu} vCPU` : "", memoryGib ? `${memoryGib} GiB` : ""].filter((part) => part !== "").join(" / ");
  into.sizeHint = size;
  const burstable = cpu && memoryGib && BURSTABLE.test(text) ? burstableTypeForSize(Number(cpu), Number(memoryGib)) : undefined;
  const instanceType = burstable ?? (cpu && memoryGib ? instanceTypeForSize(Number(cpu), Number(memoryGib)) : undefined);
  if (instanceType) {
    into.sizeSpec = { vcpus: Number(cpu), memoryGib: Number(memoryGib), instanceType, ...(burstable ? { burstable: true } : {}) };
    return;
  }
  into.unsupported.push(
    phrase(
      `a size of ${size} as such: ROS needs an instance type, so pick one of that size in the \`EcsInstanceType\` selector (or name it, e.g. ecs.g7.large)`,
      `按 ${size} 指定规格：ROS 需要实例规格，请在 \`EcsInstanceType\` 选择器中选择该大小的规格（或直接给出，如 ecs.g7.large）`,
    ),
  );
}

/** The ECS values: instance type, image (or an OS hint), disks, and a vCPU/memory size named instead of a type. */
function readEcsValues(text: string, into: RequestedValues): void {
  const instanceType = /\b(ecs\.[a-z0-9-]+\.[a-z0-9]+)\b/i.exec(text)?.[1];
  if (instanceType) into.ecsInstanceType = instanceType.toLowerCase();
  const image = imageId(text);
  if (image) into.ecsImageId = image;
  else {
    const hint = imageHint(text);
    if (hint) into.imageHint = hint;
  }
  readDisks(text, into);
  readKeyPair(text, into);
  readSizeHint(text, into);
}

/** The `Fn::GetAtt` attributes of an ECS instance, shared with the catalogue's clone types. */
export const ECS_INSTANCE_ATTRIBUTES = "HostName InnerIp InstanceId PrimaryNetworkInterfaceId PrivateIp PublicIp SecurityGroupIds ZoneId";

export const ecs: KindDefinition = {
  kind: "ecs",
  label: phrase("ECS instance", "ECS 实例"),
  catalogueName: phrase("ECS", "ECS"),
  rosType: INSTANCE,
  rosParts: [],
  terraformType: "alicloud_instance",
  terraformParts: [],
  nouns: new RegExp(
    `${/\becs(?: instances?| servers?| vms?| hosts?)?\b|\b(?:virtual machines?|vms?|(?<!(?:database|db|mysql|postgres|postgresql|redis|cache|sql) )(?:web |app |application |compute |cloud |linux |windows )?servers?(?!-side|less)|compute instances?|machines?|hosts?|(?<!jump ?)box(?:es)?|(?:web|app|application|compute|backend|frontend|control[- ]plane|master) nodes?)\b|(?<!(?:rds|db|database|redis|mysql|postgres|postgresql|mariadb|sql ?server|cache|slb|nat|read-only|readonly|read only|replica)(?:\s(?:\d{1,4}(?:\.\d{1,2})?|ha|high-availability|basic|standard|enterprise|cluster|primary|master)){0,2}\s)\binstances?\b|\bbastion\b|\bjump ?(?:box|server|host)\b|云服务器|(?<!数据库|缓存)服务器|虚拟机|主机|堡垒机|跳板机|(?<!(?:数据库|rds|redis|负载均衡|缓存|nat|只读)\s?)实例/.source}|${TIER_NODES}`,
    "gi",
  ),
  billable: true,
  maxCount: 20,
  needs: ["vpc", "vswitch", "securityGroup"],
  // "an EIP each", then "remove one of the servers": the removed server's own EIP goes too (an idle EIP is billed).
  takesAlong: ["eip"],
  values: [
    {
      sort: "instanceType",
      label: phrase("instance type", "实例规格"),
      rosType: INSTANCE,
      rosProperty: "InstanceType",
      rosParameter: "EcsInstanceType",
      terraformType: "alicloud_instance",
      terraformArgument: "instance_type",
    },
    { sort: "image", label: phrase("image", "镜像"), rosType: INSTANCE, rosProperty: "ImageId", rosParameter: "EcsImageId" },
    {
      sort: "size",
      label: phrase("system disk size", "系统盘大小"),
      rosType: INSTANCE,
      rosProperty: "SystemDiskSize",
      terraformType: "alicloud_instance",
      terraformArgument: "system_disk_size",
    },
    { sort: "size", label: phrase("data disk size", "数据盘大小"), rosType: INSTANCE, rosProperty: "DiskMappings[].Size" },
    {
      sort: "diskCategory",
      label: phrase("system disk category", "系统盘类型"),
      rosType: INSTANCE,
      rosProperty: "SystemDiskCategory",
      rosParameter: "EcsSystemDiskCategory",
    },
    { sort: "diskCategory", label: phrase("data disk category", "数据盘类型"), rosType: INSTANCE, rosProperty: "DiskMappings[].Category" },
    {
      sort: "bandwidth",
      label: phrase("public bandwidth", "公网带宽"),
      rosType: INSTANCE,
      rosProperty: "InternetMaxBandwidthOut",
      terraformType: "alicloud_instance",
      terraformArgument: "internet_max_bandwidth_out",
    },
  ],
  readValues: readEcsValues,
  rosProperties: {
    "ALIYUN::ECS::Instance": [
      "Affinity:s AllocatePublicIP:b ImageFamily:s AutoRenew:s=True|False AutoRenewPeriod:i CreditSpecification:s DedicatedHostId:s DeletionProtection:b",
      "DeploymentSetId:s Description:s DiskMappings:l HostName:s HpcClusterId:s ImageId:s InstanceChargeType:s=PrePaid|PostPaid",
      "InstanceName:s InstanceType:s InternetChargeType:s=PayByBandwidth|PayByTraffic InternetMaxBandwidthIn:i InternetMaxBandwidthOut:i",
      "IoOptimized:s=none|optimized Ipv6AddressCount:i Ipv6Addresses:l KeyPairName:s LaunchTemplateId:s LaunchTemplateName:s LaunchTemplateVersion:s",
      "Password:s PasswordInherit:b Period:i PeriodUnit:s=Week|Month PrivateIpAddress:s RamRoleName:s ResourceGroupId:s",
      "SecurityEnhancementStrategy:s=Active|Deactive SecurityGroupId:s SecurityGroupIds:l SpotPriceLimit:n SpotStrategy:s=NoSpot|SpotWithPriceLimit|SpotAsPriceGo",
      "SystemDiskAutoSnapshotPolicyId:s SystemDiskBurstingEnabled:b SystemDiskCategory:s SystemDiskDescription:s SystemDiskDiskName:s",
      "SystemDiskPerformanceLevel:s=PL0|PL1|PL2|PL3 SystemDiskProvisionedIops:i SystemDiskSize:i Tags:l Tenancy:s UserData:s VSwitchId:s VpcId:s ZoneId:s",
      "StorageSetId:s StorageSetPartitionNumber:i",
    ].join(" "),
  },
  rosResourceTypes: {
    "ALIYUN::ECS::Instance": spec(ECS_INSTANCE_ATTRIBUTES, "InstanceType", ["ImageId ImageFamily"]),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
