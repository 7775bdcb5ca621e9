import { cidrContains, cidrsOverlap, parseCidr, type CidrBlock } from "./cidr";
import { findRegion } from "./regions";
import { listedPorts } from "./port-lists";
import { parseRequestedValues, sourceRangesOf } from "./request-values";

function parseExistingVpc(text: string): { existingVpc: boolean; existingVpcId?: string; existingVSwitchId?: string } {
  const values = parseRequestedValues(text);
  return {
    existingVpc: values.existingVpc,
    ...(values.existingVpcId ? { existingVpcId: values.existingVpcId } : {}),
    ...(values.existingVSwitchId ? { existingVSwitchId: values.existingVSwitchId } : {}),
  };
}

/**
 * What a plain-language request (English or Chinese) asks to build: which resources and how many,
 * where, with which address plan, and in which language of infrastructure as code.
 */
export type ResourceKind = "vpc" | "vswitch" | "securityGroup" | "ecs" | "slb" | "rds" | "oss" | "eip" | "nat" | "redis";

export type RdsEngine = "MySQL" | "PostgreSQL" | "SQLServer" | "MariaDB";

export interface InfrastructureRequest {
  format: "ros" | "terraform";
  region?: string;
  counts: Record<ResourceKind, number>;
  vpcCidr: CidrBlock;
  vswitchCidrs: CidrBlock[];
  /** The prefix length asked for the vSwitches without blocks ("/20 subnets"), if any. */
  vswitchPrefix?: number;
  rdsEngine: RdsEngine;
  /** Ports to open to the Internet in the security group, besides SSH from inside the VPC. */
  publicPorts: number[];
  /** Build in an existing VPC (a parameter) instead of a new one. */
  existingVpc?: boolean;
  existingVpcId?: string;
  /** Place the resources in an existing vSwitch (a parameter) instead of new ones; "" when its id is not known. */
  existingVSwitchId?: string;
  /** False when no resource kind was recognised (the base VPC is then a fallback, not a reading). */
  recognized: boolean;
  /** The kinds the request itself named; the others were added because these need them. */
  mentioned: ResourceKind[];
  /** Things the request asked for that were adjusted, for the summary. */
  notes: string[];
}

/** Caps keep a misread number ("1000 servers") from producing an unusable template. */
const MAX_COUNT: Record<ResourceKind, number> = {
  vpc: 1,
  vswitch: 8,
  securityGroup: 3,
  ecs: 20,
  slb: 3,
  rds: 3,
  oss: 5,
  eip: 20,
  nat: 1,
  redis: 3,
};

/** English and Chinese ways of naming each resource kind. Chinese has no word boundaries, so no \b there. */
const NOUNS: Record<ResourceKind, RegExp> = {
  vpc: /\bvpcs?\b|virtual private clouds?|\bprivate network\b|专有网络|私有网络|私网/gi,
  vswitch: /\bv-?switch(?:es)?\b|\bsubnets?\b|\bswitch(?:es)?\b|虚拟交换机|交换机|子网/gi,
  securityGroup: /\bsecurity[- ]?groups?\b|\bfirewall(?: rules?)?\b|安全组/gi,
  ecs: /\becs(?: instances?| servers?| vms?| hosts?)?\b|\b(?:virtual machines?|vms?|(?:web |app |application |compute |cloud |linux |windows )?servers?(?!-side|less)|compute instances?|machines?|hosts?)\b|(?<!(?:rds|db|database|redis|mysql|postgresql|cache|slb|nat)\s)\binstances?\b|云服务器|服务器|虚拟机|主机|(?<!(?:数据库|rds|redis|负载均衡|缓存|nat)\s?)实例/gi,
  slb: /\bslbs?\b|\bclbs?\b|\bload[- ]?balanc(?:er|ers|ing)\b|负载均衡/gi,
  rds: /\brds(?: instances?)?\b|\bdatabases?\b|\bmysql\b|\bpostgres(?:ql)?\b|\bsql ?server\b|\bmariadb\b|\bdb instances?\b|数据库|云数据库/gi,
  oss: /\boss(?: buckets?)?\b|\bbuckets?\b|\bobject storage\b|对象存储|存储桶|存储空间/gi,
  eip: /\beips?\b|\belastic ips?\b|\belastic ip address(?:es)?\b|\bpublic ips?\b|弹性公网\s*ip|公网\s*ip|弹性\s*ip/gi,
  nat: /\bnat(?: gateways?)?\b|nat\s*网关/gi,
  redis: /\bredis\b|\btair\b|\bcache instances?\b|缓存/gi,
};

const ENGLISH_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  pair: 2,
  couple: 2,
  both: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const CHINESE_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  俩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

function chineseNumber(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "十") return 10;
  const tens = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(text);
  if (tens) return (tens[1] ? (CHINESE_DIGITS[tens[1]] ?? 1) : 1) * 10 + (tens[2] ? (CHINESE_DIGITS[tens[2]] ?? 0) : 0);
  return text.length === 1 ? CHINESE_DIGITS[text] : undefined;
}

const VERSIONED = /^(?:mysql|postgres|postgresql|pg|redis|mariadb|version|v|sqlserver|ubuntu|centos|debian|windows)$/i;

/** Words that may stand between a number and its noun ("two private vSwitches") are adjectives, not these. */
const NOT_ADJECTIVES =
  /^(?:in|on|at|of|with|for|and|or|to|into|inside|behind|per|each|every|from|plus|the|under|using|via|across|vcpus?|cpus?|cores?|gb|gib|mb|tb|g|m|mbps)$/i;

function englishNumber(token: string): number | undefined {
  if (/^\d+$/.test(token)) return Number(token);
  return ENGLISH_NUMBERS[token.toLowerCase()];
}

/** The number written just before a noun: "3 ECS", "two private vSwitches", "a pair of", "两个交换机", "3台". */
function countBefore(prefix: string): number | undefined {
  const tokens = prefix.split(/[\s,;:()，、：]+/).filter((token) => token !== "");
  for (let skipped = 0; skipped <= 2; skipped += 1) {
    const token = tokens[tokens.length - 1 - skipped];
    if (token === undefined) break;
    const lower = token.toLowerCase();
    const number = lower === "of" ? undefined : englishNumber(lower);
    // "/16" of a CIDR or "8" of "8 GiB" is not a count; a number right before the noun is.
    // …nor is the version in "PostgreSQL 14 instance" or "MySQL 8 database".
    const previous = tokens[tokens.length - 2 - skipped] ?? "";
    if (number !== undefined && !/[./]/.test(previous) && !VERSIONED.test(previous)) return number;
    if (lower === "of" && skipped === 0) continue;
    if (/^\/\d{1,2}$/.test(lower)) continue;
    if (NOT_ADJECTIVES.test(lower) || /\d/.test(lower) || !/^[a-z-]+$/i.test(lower) || isResourceNoun(lower)) break;
  }
  // Arabic digits count only with a measure word ("3台", "2 个"): "PostgreSQL 15 数据库" names a version.
  const chinese =
    /(?<![\d./一二两俩三四五六七八九十])(?:(\d+)\s*(?:个|台|块|组|套|只|份)|([一二两俩三四五六七八九十]+)(?:\s*(?:个|台|块|组|套|只|份))?)(?:\s*[\u4e00-\u9fa5]{0,4}的)?\s*$/.exec(
      prefix,
    );
  if (chinese?.[1] ?? chinese?.[2]) return chineseNumber(chinese[1] ?? chinese[2] ?? "");
  return undefined;
}

/** Each noun pattern anchored to a whole word, built once at load (and so seen by the ReDoS test). */
const WHOLE_WORD_NOUNS = Object.values(NOUNS).map((pattern) => new RegExp(`^(?:${pattern.source})$`, "i"));

function isResourceNoun(word: string): boolean {
  return WHOLE_WORD_NOUNS.some((pattern) => pattern.test(word));
}

/** "ECS x3", "ECS × 3", "ECS *3" after the noun. */
function countAfter(suffix: string): number | undefined {
  const match = /^\s*[x×*]\s*(\d+)/i.exec(suffix);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** The largest count written next to a noun of the kind ("3 ECS", "an SLB", "ECS x2"), if any is. */
function explicitCount(text: string, kind: ResourceKind): number | undefined {
  let best: number | undefined;
  for (const match of text.matchAll(NOUNS[kind])) {
    const start = match.index ?? 0;
    const prefix = text.slice(Math.max(0, start - 40), start);
    const suffix = text.slice(start + match[0].length, start + match[0].length + 8);
    // "an ECS x2": a multiplier after the noun is more specific than an article before it.
    const count = countAfter(suffix) ?? countBefore(prefix);
    if (count !== undefined) best = Math.max(best ?? 0, count);
  }
  return best;
}

/** "no servers", "without a NAT gateway", "不要服务器": a mention that asks for none. */
const NEGATION = /(?:\bno|\bwithout(?: an?| any)?|\bnot? (?:need|want)(?: an?| any)?|不要|不需要|无需|没有)\s*$/i;

function countResource(text: string, kind: ResourceKind): number {
  const mentions = [...text.matchAll(NOUNS[kind])];
  const wanted = mentions.filter((match) => !NEGATION.test(text.slice(Math.max(0, (match.index ?? 0) - 20), match.index ?? 0)));
  return wanted.length > 0 ? Math.max(explicitCount(text, kind) ?? 0, 1) : 0;
}

/** Counts the request writes next to a noun; a kind named without a number or article is absent. */
export function explicitCounts(text: string): Partial<Record<ResourceKind, number>> {
  const out: Partial<Record<ResourceKind, number>> = {};
  for (const kind of Object.keys(NOUNS) as ResourceKind[]) {
    const count = explicitCount(text, kind);
    if (count !== undefined && count > 0) out[kind] = count;
  }
  return out;
}

/** ECS named by a word that means a server, not the generic "instance" other products share. */
const ECS_WORDS = /\becs\b|\b(?:virtual machines?|vms?|servers?(?!-side|less)|compute instances?|machines?|hosts?)\b|云服务器|服务器|虚拟机|主机/i;

/** "a PostgreSQL 14 instance" is the database, not a server: a bare "instance" counts as ECS only alone. */
function ecsCount(text: string, counts: Record<ResourceKind, number>): number {
  if (counts.ecs === 0 || ECS_WORDS.test(text)) return counts.ecs;
  const others = counts.rds + counts.redis + counts.slb + counts.nat + counts.oss + counts.eip;
  return others > 0 ? 0 : counts.ecs;
}

function rdsEngine(text: string): RdsEngine {
  if (/postgres|\bpg\b/i.test(text)) return "PostgreSQL";
  if (/sql ?server|mssql/i.test(text)) return "SQLServer";
  if (/mariadb/i.test(text)) return "MariaDB";
  return "MySQL";
}

const PORT_KEYWORDS: [RegExp, number][] = [
  [/\bhttps\b/i, 443],
  [/\bhttp\b|\bweb\b|网站|网页|web\s*服务/i, 80],
];

function publicPorts(text: string, counts: Record<ResourceKind, number>): number[] {
  const ports = new Set<number>();
  for (const port of listedPorts(text)) ports.add(port);
  for (const [pattern, port] of PORT_KEYWORDS) if (pattern.test(text)) ports.add(port);
  if (counts.slb > 0 && ports.size === 0) ports.add(80);
  return [...ports].sort((a, b) => a - b);
}

function wantsTerraform(text: string): boolean {
  return /terraform|opentofu|\bhcl\b|\.tf\b|\btf\b/i.test(text);
}

function addressPlan(
  text: string,
  vswitchCount: number,
  notes: string[],
): {
  vpcCidr: CidrBlock;
  vswitchCidrs: CidrBlock[];
} {
  const found: CidrBlock[] = [];
  for (const match of text.matchAll(/\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g)) {
    const block = parseCidr(match[0]);
    if (!block) {
      notes.push(`Ignored "${match[0]}": not a valid CIDR block (host bits must be zero).`);
      continue;
    }
    if (!found.some((other) => other.text === block.text)) found.push(block);
  }
  const byPrefix = [...found].sort((a, b) => a.prefix - b.prefix);
  const vpcCandidate = byPrefix.find((block) => block.prefix >= 8 && block.prefix <= 24);
  const vpcCidr = vpcCandidate ?? (parseCidr("192.168.0.0/16") as CidrBlock);
  const vswitchCidrs: CidrBlock[] = [];
  for (const block of found) {
    if (block === vpcCandidate) continue;
    if (block.prefix < 16 || block.prefix > 29 || !cidrContains(vpcCidr, block)) {
      notes.push(`Ignored vSwitch CIDR ${block.text}: it must be a /16–/29 subnet inside the VPC ${vpcCidr.text}.`);
      continue;
    }
    if (vswitchCidrs.some((other) => cidrsOverlap(other, block))) {
      notes.push(`Ignored vSwitch CIDR ${block.text}: it overlaps another vSwitch.`);
      continue;
    }
    vswitchCidrs.push(block);
  }
  if (vswitchCidrs.length > vswitchCount) {
    notes.push(`Used the first ${vswitchCount} of the vSwitch CIDR blocks given.`);
    vswitchCidrs.length = vswitchCount;
  }
  return { vpcCidr, vswitchCidrs };
}

/** "/20 subnets", "两个 /24 的交换机": the size of the vSwitches when no blocks are given. */
function vswitchPrefixOf(text: string): { vswitchPrefix?: number } {
  const match = /(?<![\d.])\/(\d{2})\s*(?:的\s*)?(?:v-?switch(?:es)?|subnets?|交换机|子网)/i.exec(text);
  const prefix = Number(match?.[1]);
  return prefix >= 16 && prefix <= 29 ? { vswitchPrefix: prefix } : {};
}

/** Reads what to build from the request text. Deterministic: the same text gives the same request. */
export function parseGenerationRequest(text: string): InfrastructureRequest {
  const notes: string[] = [];
  const counts = {} as Record<ResourceKind, number>;
  for (const kind of Object.keys(NOUNS) as ResourceKind[]) counts[kind] = countResource(text, kind);
  counts.ecs = ecsCount(text, counts);
  const recognized = Object.values(counts).some((count) => count > 0);
  const mentioned = (Object.keys(counts) as ResourceKind[]).filter((kind) => counts[kind] > 0);
  const sources = sourceRangesOf(text).all;
  const existing = parseExistingVpc(text);

  const planText = sources.reduce((rest, cidr) => rest.split(cidr).join(" "), text);
  const cidrCount = (planText.match(/\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g) ?? []).length;
  const highAvailability =
    /high(?:ly)?[- ]availab|\bha\b|multi[- ]?zones?|(?:different|multiple|two|separate) (?:availability )?zones|redundan|多可用区|高可用|双可用区|不同可用区|两个可用区/i.test(
      text,
    );
  if (cidrCount > 1) counts.vswitch = Math.max(counts.vswitch, cidrCount - 1);
  const needsNetwork = counts.ecs + counts.rds + counts.nat + counts.redis + counts.vswitch + counts.securityGroup > 0;
  if (needsNetwork || counts.vpc > 0) {
    counts.vpc = Math.max(counts.vpc, 1);
    counts.vswitch = Math.max(counts.vswitch, highAvailability ? 2 : 1);
  }
  if (counts.ecs > 0) counts.securityGroup = Math.max(counts.securityGroup, 1);
  if (counts.nat > 0 && counts.eip === 0) {
    counts.eip = 1;
    notes.push("Added an EIP for the NAT gateway's SNAT entry; a NAT gateway without one cannot reach the Internet.");
  }
  if (Object.values(counts).every((count) => count === 0)) {
    counts.vpc = 1;
    counts.vswitch = 1;
    notes.push("No resource type was recognised in the request, so a VPC with one vSwitch was generated as a base.");
  }
  for (const kind of Object.keys(counts) as ResourceKind[]) {
    if (counts[kind] > MAX_COUNT[kind]) {
      notes.push(`Limited ${kind} to ${MAX_COUNT[kind]} (the request asked for ${counts[kind]}).`);
      counts[kind] = MAX_COUNT[kind];
    }
  }
  const { vpcCidr, vswitchCidrs } = addressPlan(planText, counts.vswitch, notes);
  const region = findRegion(text);
  return {
    format: wantsTerraform(text) ? "terraform" : "ros",
    ...(region ? { region } : {}),
    counts,
    vpcCidr,
    vswitchCidrs,
    rdsEngine: rdsEngine(text),
    publicPorts: publicPorts(planText, counts),
    ...vswitchPrefixOf(planText),
    ...(existing.existingVpc ? { existingVpc: true } : {}),
    ...(existing.existingVpcId ? { existingVpcId: existing.existingVpcId } : {}),
    ...(existing.existingVSwitchId && counts.vswitch <= 1 ? { existingVSwitchId: existing.existingVSwitchId } : {}),
    recognized,
    mentioned,
    notes,
  };
}
