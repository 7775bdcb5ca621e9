import { runsOwnDatabase } from "./self-hosted";
import { cidrContains, cidrsOverlap, parseCidr, type CidrBlock } from "./cidr";
import { dependentsOf, isResourceNoun, KINDS, RESOURCE_KINDS, requestMentions, type ResourceKind, zeroCounts } from "../kinds";
import { SERVER_WORDS } from "../kinds/ecs";
import { wantedEngine } from "../kinds/rds/engine";
import { portMappingsOf, portRedirectsOf, type PortMapping } from "./port-mappings";
import type { InfrastructureRequest, RdsEngine } from "./infrastructure-request";
import { findRegion } from "./regions";
import { namedZones } from "./zone-letters";
import { listedPorts, openedPorts } from "./port-lists";
import { EIP_PER_SERVER, measuredSpecCount, multiplierCount, perZoneServers, roleListCount } from "./count-forms";
import { largestServerCount, serverRoles } from "./server-roles";
import { parseRequestedValues, sourceRangesOf } from "./request-values";
import { publicRulePorts } from "./source-rules";
import { ICMP_WORDS } from "./icmp-rules";
import { COUNTED_DATABASES, databaseNames } from "../kinds/rds/schemas";
import { bucketClauses } from "../kinds/oss/bucket-clauses";
import { tokenize } from "../kinds/vocabulary";
import { insideOnlyPorts } from "./port-scopes";
import { asksNoInternetAccess } from "./no-internet";
import { internalLoadBalancers, mixedInternalPositions, mixedListenerPorts, mixedLoadBalancerCount } from "./load-balancer-scope";
import type { Token } from "./token";
import { SECURITY_GROUP_RULES_MAX } from "../kinds/security-group/rule-quota";
import { listenersOf, SLB_LISTENERS_MAX } from "../kinds/slb/listeners";

function parseExistingVpc(text: string): { existingVpc: boolean; existingVpcId?: string; existingVSwitchId?: string; existingSecurityGroupId?: string } {
  const values = parseRequestedValues(text);
  return {
    existingVpc: values.existingVpc,
    ...(values.existingSecurityGroupId ? { existingSecurityGroupId: values.existingSecurityGroupId } : {}),
    ...(values.existingVpcId ? { existingVpcId: values.existingVpcId } : {}),
    ...(values.existingVSwitchId ? { existingVSwitchId: values.existingVSwitchId } : {}),
  };
}

export type { ResourceKind } from "../kinds";
export type { InfrastructureRequest, RdsEngine } from "./infrastructure-request";

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
  /^(?:in|on|at|of|with|for|and|or|to|into|inside|behind|per|each|every|from|plus|the|under|using|via|across|vcpus?|cpus?|cores?|gb|gib|mb|tb|g|m|mbps|days?|weeks?|months?|years?|hours?|minutes?)$/i;

/** A number this large before a noun is a version year ("SQL Server 2019"), not how many. */
const MIN_YEAR = 1000;

function englishNumber(token: string): number | undefined {
  if (/^\d+$/.test(token)) return Number(token);
  // "2x ecs.c7.xlarge": a multiplier before the noun (count-forms.ts).
  return ENGLISH_NUMBERS[token.toLowerCase()] ?? multiplierCount(token);
}

/** The words of a count's prefix, separated by spaces or punctuation. Linear: one bounded class. */
const COUNT_TOKEN = /[^\s,;:()，、：；]+/g;
/** What may separate a number from the word before it for that word to qualify it ("10.0.0.0/16 2" but not "10.0.0.0/16, 2"). */
const SAME_CLAUSE_GAP = /^\s*$/;
/** Punctuation that ends a clause: a word before it is not part of the noun phrase after it ("30 day lifecycle, EIP 20M" has no count). */
const CLAUSE_END = /[,;:()，、：；（）]/;

/** The word before `word` when only spaces part them (the same phrase), else "". */
function boundWord(text: string, before: RegExpMatchArray | undefined, word: RegExpMatchArray | undefined): string {
  if (!before || !word) return "";
  const gap = text.slice((before.index ?? 0) + before[0].length, word.index ?? 0);
  return SAME_CLAUSE_GAP.test(gap) ? before[0] : "";
}

/** The end of "between 2 and 6 ", "from 2 to 6 ", "2-6 ", "2~6 " before a noun. */
const COUNT_RANGE_BEFORE = /(?:\b(?:between|from)\s{1,3}\d{1,3}\s{1,3}(?:and|to)\s{1,3}|\d{1,3}\s{0,2}[-~～]\s{0,2})\d{1,3}\s{1,3}$/i;
const IMAGE_VERSION = /^\d{1,2}(?:\.\d{1,2})?$/;
const IMAGE_WORD = /^(?:ubuntu|centos|debian|windows|rocky|almalinux|alinux|linux|anolis)$/i;

/** The number written just before a noun: "3 ECS", "two private vSwitches", "a pair of", "两个交换机", "3台". */
function countBefore(prefix: string): number | undefined {
  // "auto scaling between 2 and 6 instances", "2-6 instances": a range of counts (a scaling group's), not how many to build.
  if (COUNT_RANGE_BEFORE.test(prefix)) return undefined;
  const words = [...prefix.matchAll(COUNT_TOKEN)];
  const tokens = words.map((word) => word[0]);
  for (let skipped = 0; skipped <= 2; skipped += 1) {
    const token = tokens[tokens.length - 1 - skipped];
    if (token === undefined) break;
    // A word of an earlier clause does not qualify the noun: the phrase ends at a comma.
    const word = words[words.length - 1 - skipped];
    const next = words[words.length - skipped];
    const gap = word ? prefix.slice((word.index ?? 0) + word[0].length, next ? next.index : prefix.length) : "";
    if (CLAUSE_END.test(gap)) break;
    const lower = token.toLowerCase();
    const number = lower === "of" ? undefined : englishNumber(lower);
    // "/16" of a CIDR or "8" of "8 GiB" is not a count; a number right before the noun is.
    // …nor is the version in "PostgreSQL 14 instance" or "MySQL 8 database".
    // A word of the previous clause is not this number's: "VPC 10.0.0.0/16, 2 ECS" asks for two.
    const previous = boundWord(prefix, words[words.length - 2 - skipped], words[words.length - 1 - skipped]);
    // …nor a year: "SQL Server 2019 database" is one database.
    if (number !== undefined && number < MIN_YEAR && !/[./]/.test(previous) && !VERSIONED.test(previous)) return number;
    if (lower === "of" && skipped === 0) continue;
    // "3 Ubuntu 22.04 boxes": an image's version qualifies the noun, as the image's name does.
    if (IMAGE_VERSION.test(lower) && IMAGE_WORD.test(previous)) continue;
    if (/^\/\d{1,2}$/.test(lower)) continue;
    if (NOT_ADJECTIVES.test(lower) || /\d/.test(lower) || !/^[a-z-]+$/i.test(lower) || isResourceNoun(lower)) break;
  }
  // Arabic digits count only with a measure word ("3台", "2 个"): "PostgreSQL 15 数据库" names a version.
  // A spec may stand between the number and the noun: "两台4核8G的ECS".
  const chinese =
    /(?:^|[^\d./一二两俩三四五六七八九十第])(?:(\d+)\s*(?:个|台|块|组|套|只|份)|([一二两俩三四五六七八九十]+)(?:\s*(?:个|台|块|组|套|只|份))?)(?:\s*[\u4e00-\u9fa5\dA-Za-z]{0,8}的)?\s*$/.exec(
      prefix,
    );
  if (chinese?.[1] ?? chinese?.[2]) return chineseNumber(chinese[1] ?? chinese[2] ?? "");
  return undefined;
}

/** A count in brackets after a noun: "(two of them)", "(x3)", "(3 in total)", "（两台）". */
const BRACKETED_COUNT =
  /^\s{0,2}[(（]\s{0,2}(?:[x×]\s{0,2})?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十]{1,2})\s{0,2}(?:(?:of them|in total|total|[台个])\s{0,2}(?:[)）]|[,，;；])|[)）])/i;

/** "ECS x3", "ECS × 3", "ECS *3", "ECS :8080 x3" (its port between), "servers to 4", "ECS 调到 4 台" after the noun. */
function countAfter(suffix: string): number | undefined {
  const match =
    /^\s{0,3}(?::\d{2,5}\s{1,3})?[x×*]\s{0,3}(\d{1,4})|^\s{0,3}(?:(?:count|数量)\s{0,2})?(?:(?:scaled?|increased?|reduced?|changed?|set|up|down)\s{1,3})?(?:to|调到|调整到|调整为|改成|改为|扩到|扩容到|缩到|增加到|减少到|变成)\s{0,3}(\d{1,3})(?![\d.])(?!\s{0,2}(?:(?:g|gb|gib|t|tb|m|mbps)\b|%))/i.exec(
      suffix,
    );
  const count = match?.[1] ?? match?.[2];
  if (count) return Number(count);
  // "the app servers (two of them)", "ECS (x3)", "服务器（两台）": a count in brackets right after the noun.
  const bracketed = BRACKETED_COUNT.exec(suffix)?.[1]?.toLowerCase();
  if (bracketed) return /^\d/.test(bracketed) ? Number(bracketed) : (ENGLISH_NUMBERS[bracketed] ?? chineseNumber(bracketed));
  // "服务器 3 台", "ECS 两台", "应用服务器 4核8G 三台": a number and its measure word after the noun (its size between), ending the phrase.
  const measured =
    /^\s{0,3}(?:\d{1,3}\s{0,2}(?:核|c|vcpus?|cores?)\s{0,3}\d{1,4}\s{0,2}(?:g|gb|gib)\s{0,3})?(\d{1,3}|[一二两俩三四五六七八九十]{1,3})\s{0,2}[台个](?=\s{0,2}(?:$|[，,。.;；、]))/i.exec(
      suffix,
    );
  return measured?.[1] ? (/^\d/.test(measured[1]) ? Number(measured[1]) : chineseNumber(measured[1])) : undefined;
}

/** "make the servers 3", "set the ECS count 4": a bare number right after the noun, with a setting verb before it. */
const SET_VERB_BEFORE = /\b(?:make|set|scale|resize)\b[^,.;，。；\d]{0,20}$/i;
const BARE_COUNT_AFTER = /^\s{1,2}(?:count\s{1,2})?(\d{1,2})(?![\d.])(?!\s{0,2}(?:g|gb|gib|t|tb|m|mbps|c|核|vcpus?|cores?|%)(?![a-z]))/i;

function setCount(prefix: string, suffix: string): number | undefined {
  if (!SET_VERB_BEFORE.test(prefix)) return undefined;
  const count = BARE_COUNT_AFTER.exec(suffix)?.[1];
  return count ? Number(count) : undefined;
}

/** The largest count written next to a noun of the kind ("3 ECS", "an SLB", "ECS x2"), if any is. */
function explicitCount(text: string, kind: ResourceKind, mentions: readonly RegExpMatchArray[] = requestMentions(text, kind)): number | undefined {
  let best: number | undefined;
  for (const match of mentions) {
    const start = match.index ?? 0;
    const prefix = text.slice(Math.max(0, start - 40), start);
    const suffix = text.slice(start + match[0].length, start + match[0].length + 24);
    // "an ECS x2": a multiplier after the noun is more specific than an article before it.
    const count = countAfter(suffix) ?? countBefore(prefix) ?? setCount(prefix, suffix);
    if (count !== undefined) best = Math.max(best ?? 0, count);
  }
  return best;
}

const ZONE_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, 两: 2, 二: 2, 三: 3, 四: 4, 双: 2 };

/** "bind the EIP to i-bp1…", "my two servers i-…1 and i-…2": the server ids the request writes (the lexer reads ids by their prefix). */
function existingInstancesOf(tokens: readonly Token[]): string[] {
  return [...new Set(tokens.filter((token) => token.kind === "resourceId" && token.of === "ecs").map((token) => String(token.value)))];
}

/** "my two servers i-…", "our existing ECS": servers the user has, which the ids name. */
const OWN_SERVERS = /\b(?:my|our|existing)\s{1,3}(?:(?:two|three|four|\d{1,2})\s{1,3})?(?:ecs(?:\s{1,3}instances?)?|servers?|instances?|vms?|hosts?|boxes)\b/i;

/** How many zones a layout change asks for: "across three zones", "across 3 AZs" → 3, "high availability" → 2. */
export function zoneCount(text: string): number | undefined {
  // "2 zones", "2x zones", "两个可用区".
  // "across 3 AZs" too.
  const named = /(\d|two|three|four|两|二|三|四|双)\s*(?:[x×]\s*)?(?:个\s*)?(?:different |separate |availability )?(?:zones|azs\b|可用区)/i.exec(text)?.[1];
  if (named) return Number(named) || ZONE_WORDS[named.toLowerCase()];
  return /high(?:ly)?[- ]availab|multi[- ]?(?:zone|az)|\bha\b|多可用区|高可用/i.test(text) ? 2 : undefined;
}

/** "in different AZs", "each in its own zone", "放在不同可用区": every server in a zone of its own. */
const DIFFERENT_ZONES =
  /\b(?:different|separate|distinct)\s{1,3}(?:availability\s{1,3})?(?:zones?|azs?)\b|\b(?:its own|their own|a different)\s{1,3}(?:availability\s{1,3})?(?:zone|az)\b|不同(?:的)?可用区/i;
/** At most this many zones for "in different zones": a region offers a handful, and the deployer picks each one. */
const MAX_SPREAD_ZONES = 4;

/** The zones "in different AZs" asks for: one per server (at least 2, at most MAX_SPREAD_ZONES); undefined when not asked. */
export function differentZones(text: string, servers: number): number | undefined {
  return DIFFERENT_ZONES.test(text) ? Math.min(Math.max(servers, 2), MAX_SPREAD_ZONES) : undefined;
}

/** "no servers", "without a NAT gateway", "不要服务器": a mention that asks for none. */
const NEGATION =
  /(?:\bno|\bwithout(?: an?| any)?|\bnot? (?:need|want)(?: an?| any)?|\b(?:don'?t|do not|doesn'?t|does not|shouldn'?t)\s{1,3}(?:give|add|attach|assign|need|want|create|build)(?:\s{1,3}(?:it|them|the servers?|the instances?))?(?: an?| any)?|\bno need for(?: an?| any)?|不要|不需要|无需|没有|不要给它?|不用)\s*$/i;

/** "… so private servers can reach the internet", "以便服务器访问公网": a mention in a clause saying what the rest is for, in the user's own network (read/purpose.ts reads the same for the check). */
const SO_CLAUSE = /(?:\bso(?:\s{1,3}that)?|以便|让)\s{0,3}(?:[a-z]{1,16}\s{1,3}){0,2}$/i;

/** A server's id right after its noun: "my ECS i-bp1…", "instance (i-bp1…)"; or its group's: "from bastion sg-bp1…" (a source group, read/security-group). */
const INSTANCE_ID_AFTER = /^\s{0,3}[(:（]?\s{0,2}(?:i-[a-z0-9]{10,}|(?:(?:'s|’s)\s{1,3})?(?:(?:security\s{1,3}group|sg)\s{1,3})?sg-[a-z0-9]{8,})/i;

/**
 * "only allow the app servers 10.0.2.0/24", "from the web servers' subnet 10.0.1.0/24": servers named
 * as a source range's label are the user's, described by their range, not servers to build.
 */
/** "A security group for web servers": the servers are what the group is for (read/purpose.ts reads the same for the check). */
const GROUP_FOR_BEFORE = /\b(?:security\s{1,3}groups?|sgs?)\s{1,3}for\s{1,3}(?:(?:the|my|our|a|an|all|existing)\s{1,3})?$/i;
const SOURCE_WORD_BEFORE = /\b(?:allow|from|only|whitelist|allowlist|reachable by|accessible (?:by|from))(?:\s{1,3}[a-z'’-]{1,16}){0,3}\s{0,3}$/i;
const RANGE_AFTER = /^(?:'s?|’s?)?\s{0,3}(?:(?:subnets?|ranges?|cidrs?|network|ips?|at|in|on)\s{1,3})?[(:（]?\s{0,2}\d{1,3}(?:\.\d{1,3}){3}\/\d/i;

/** "in my VPC vpc-bp1…": the request builds in a network the user has, whose servers it need not build. */
const EXISTING_VPC_ID = /\bvpc-[a-z0-9]{8,}\b/i;

function countResource(text: string, kind: ResourceKind): number {
  const mentions = requestMentions(text, kind);
  // In a network the user has, "… so private servers can reach the internet" speaks of servers already there.
  const existingNetwork = EXISTING_VPC_ID.test(text);
  const wanted = mentions.filter((match) => {
    const before = text.slice(Math.max(0, (match.index ?? 0) - 40), match.index ?? 0);
    // "associate it with my ECS i-bp1…": the server named by its id is the user's, not one to build.
    const end = (match.index ?? 0) + match[0].length;
    const after = text.slice(end, end + 40);
    const byId =
      kind === "ecs" && (INSTANCE_ID_AFTER.test(after) || (RANGE_AFTER.test(after) && SOURCE_WORD_BEFORE.test(before)) || GROUP_FOR_BEFORE.test(before));
    return !NEGATION.test(before.slice(-32)) && !(existingNetwork && SO_CLAUSE.test(before)) && !byId;
  });
  return wanted.length > 0 ? Math.max(explicitCount(text, kind, mentions) ?? 0, 1) : 0;
}

/** Counts the request writes next to a noun; a kind named without a number or article is absent. */
export function explicitCounts(text: string): Partial<Record<ResourceKind, number>> {
  const out: Partial<Record<ResourceKind, number>> = {};
  for (const kind of RESOURCE_KINDS) {
    const count = explicitCount(text, kind);
    if (count !== undefined && count > 0) out[kind] = count;
  }
  return out;
}

/** "a PostgreSQL 14 instance" is the database, not a server: a bare "instance" counts as ECS only alone. */
function ecsCount(text: string, counts: Record<ResourceKind, number>): number {
  if (counts.ecs === 0 || SERVER_WORDS.test(text)) return counts.ecs;
  const others = counts.rds + counts.redis + counts.slb + counts.nat + counts.oss + counts.eip;
  return others > 0 ? 0 : counts.ecs;
}

/** The engine asked for (kinds/rds/engine.ts: "PostgreSQL instead of MySQL" is PostgreSQL); MySQL when none is named. */
/**
 * Servers counted without a count next to their noun: "api x2, worker x1, scheduler x1" (a role
 * list, with servers named or nothing else asked for), "2台 4核16G" (a measure word before a size).
 */
function serverCountForms(text: string, counts: Record<ResourceKind, number>): number {
  const others = counts.rds + counts.redis + counts.slb + counts.nat + counts.oss;
  const roles = counts.ecs > 0 || others === 0 ? roleListCount(text, isResourceNoun) : undefined;
  // "a bastion + 2 app servers": the bastion is a server beside the two (read/server-roles.ts).
  // "api (2 instances), worker (3 instances)": five servers, two roles.
  const tokens = tokenize(text);
  const counted = serverRoles(tokens);
  // "4 workers", "3 x app": a count the lexer gives a server noun the text's patterns do not know.
  return Math.max(roles ?? 0, measuredSpecCount(text) ?? 0, counted ? counted.bastions + counted.others : 0, largestServerCount(tokens));
}

function rdsEngine(text: string): RdsEngine {
  return wantedEngine(text)?.engine ?? "MySQL";
}

const PORT_KEYWORDS: [RegExp, number][] = [
  [/\bhttps\b(?!\s{1,3}:?\d)/i, 443],
  // "Web tier —" names a tier, not a web server's port (a leading label changes no reading: issue 27 item 5).
  // "the name web-01": a word inside a hyphenated name is no web server; "3 ECS (web)" labels the servers;
  // "backend HTTP 8080": a protocol written before its port is that port's, not 80.
  [/\bhttp\b(?!\s{1,3}:?\d)|(?<![(（]\s{0,2})\bweb\b(?![- ]?tier|-\w|\s{0,2}[)）])|网站|网页|web\s*服务/i, 80],
];

/** The well-known ports a protocol name may be followed by: "MySQL 3306", "Redis (6379)", "SSH 22". */
const PROTOCOL_PORTS: ReadonlySet<number> = new Set([22, 80, 443, 1433, 3306, 3389, 5432, 6379, 27017]);

/** "allow MySQL 3306", "Redis 的 6379": a protocol's own port written after its name, without the word "port". */
function protocolPorts(text: string): number[] {
  const pattern = /\b(?:mysql|postgres(?:ql)?|redis|ssh|rdp|https?|sql ?server|mongodb)\s{0,3}(?:的\s{0,3})?[(（]?\s{0,3}(\d{2,5})\b/gi;
  return [...text.matchAll(pattern)].map((match) => Number(match[1])).filter((port) => PROTOCOL_PORTS.has(port));
}

function publicPorts(text: string, counts: Record<ResourceKind, number>, ruled: readonly number[], tokens: readonly Token[], mapped: boolean): number[] {
  const ports = new Set<number>(ruled);
  // The ports the lexer reads ("443 to everyone", "8080 仅内网访问"): cues the phrase readers below do not know.
  for (const token of tokens) if (token.kind === "port") ports.add(Number(token.value));
  for (const port of listedPorts(text)) ports.add(port);
  for (const port of openedPorts(text)) ports.add(port);
  for (const [pattern, port] of PORT_KEYWORDS) if (pattern.test(text)) ports.add(port);
  for (const port of protocolPorts(text)) ports.add(port);
  // A load balancer with no port named listens on 80; one with a mapping ("443 TCP → 8443") listens where the mapping says.
  if (counts.slb > 0 && ports.size === 0 && !mapped) ports.add(80);
  return [...ports].sort((a, b) => a - b);
}

/** "tf" alone asks for Terraform; "tf-state-prod-01" is a name (a bucket's), not a format. */
function wantsTerraform(text: string): boolean {
  return /terraform|opentofu|\bhcl\b|\.tf\b|\btf\b(?!-)/i.test(text);
}

/** "VPC 10.0.0.0/24", "10.0.0.0/24 的 VPC", "VPC CIDR: …": the block is said to be the VPC's. */
function namesVpc(text: string, start: number, end: number): boolean {
  const before = /(?:\b(?:vpc|network)\b|专有网络)([^,，;；。\d]{0,16})$/i.exec(text.slice(Math.max(0, start - 24), start));
  // "VPC with subnets 10.0.1.0/24": a subnet word between them gives the block to the subnet.
  if (before && !SUBNET_WORDS.test(before[1] ?? "")) return true;
  return /^\s{0,3}(?:的\s{0,2})?(?:vpc|专有网络)/i.test(text.slice(end, end + 12));
}

const SUBNET_WORDS = /subnet|v-?switch|交换机|子网/i;

/** Whether one of the blocks written is the VPC's: said to be, or /16 and wider. */
function givesVpcBlock(text: string): boolean {
  for (const match of text.matchAll(/\b\d{1,3}(?:\.\d{1,3}){3}\/(\d{1,2})\b/g))
    if (Number(match[1]) <= 16 || namesVpc(text, match.index, match.index + match[0].length)) return true;
  return false;
}

/** The /16 that holds every block given, when none is the VPC's ("subnets 10.0.1.0/24 and 10.0.2.0/24" are in 10.0.0.0/16). */
function enclosingSixteen(blocks: readonly CidrBlock[]): CidrBlock | undefined {
  if (blocks.length === 0 || blocks.some((block) => block.prefix < 16)) return undefined;
  const parents = new Set(blocks.map((block) => block.text.split(".").slice(0, 2).join(".")));
  if (parents.size !== 1) return undefined;
  return parseCidr(`${[...parents][0]}.0.0/16`);
}

/** The VPC ranges the engine picks from when the request names none, in order: the first that overlaps no source range the request gives. */
const DEFAULT_VPC_RANGES = ["192.168.0.0/16", "172.16.0.0/16", "10.0.0.0/16"] as const;

/** "SSH from 192.168.0.0/16": a default VPC of the same range would make the user's network the VPC's own (and collide on a VPN). */
function defaultVpc(sources: readonly string[]): CidrBlock {
  // "from 0.0.0.0/0" overlaps every range: only the user's own networks count.
  const taken = sources.flatMap((source) => parseCidr(source) ?? []).filter((block) => block.prefix >= 8);
  const overlaps = (block: CidrBlock) => taken.some((source) => cidrsOverlap(block, source));
  const blocks = DEFAULT_VPC_RANGES.map((range) => parseCidr(range) as CidrBlock);
  return blocks.find((block) => !overlaps(block)) ?? (blocks[0] as CidrBlock);
}

function addressPlan(
  text: string,
  vswitchCount: number,
  notes: string[],
  sources: readonly string[] = [],
): {
  vpcCidr: CidrBlock;
  vswitchCidrs: CidrBlock[];
} {
  const found: CidrBlock[] = [];
  const seen = new Set<string>();
  const namedVpc = new Set<string>();
  for (const match of text.matchAll(/\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g)) {
    const block = parseCidr(match[0]);
    if (!block) {
      notes.push(`Ignored "${match[0]}": not a valid CIDR block (host bits must be zero).`);
      continue;
    }
    if (!seen.has(block.text)) found.push(block);
    seen.add(block.text);
    if (namesVpc(text, match.index, match.index + match[0].length)) namedVpc.add(block.text);
  }
  const byPrefix = [...found].sort((a, b) => a.prefix - b.prefix);
  // A block written as the VPC's, else a /8–/16 one; "SNAT for the 10.0.1.0/24 subnet" alone is a vSwitch of the /16 around it.
  const vpcCandidate =
    byPrefix.find((block) => namedVpc.has(block.text) && block.prefix >= 8 && block.prefix <= 24) ??
    byPrefix.find((block) => block.prefix >= 8 && block.prefix <= 16) ??
    (namedVpc.size === 0 ? undefined : byPrefix.find((block) => block.prefix >= 8 && block.prefix <= 24));
  const vpcCidr = vpcCandidate ?? enclosingSixteen(found) ?? byPrefix.find((block) => block.prefix <= 24) ?? defaultVpc(sources);
  const vswitchCidrs: CidrBlock[] = [];
  let more = 0;
  for (const block of found) {
    if (block.text === vpcCidr.text) continue;
    if (block.prefix < 16 || block.prefix > 29 || !cidrContains(vpcCidr, block)) {
      notes.push(`Ignored vSwitch CIDR ${block.text}: it must be a /16–/29 subnet inside the VPC ${vpcCidr.text}.`);
      continue;
    }
    if (vswitchCidrs.length === vswitchCount) {
      // The vSwitches are planned: a further block is only counted (the overlap test is against the vSwitches kept).
      more += 1;
      continue;
    }
    if (vswitchCidrs.some((other) => cidrsOverlap(other, block))) {
      notes.push(`Ignored vSwitch CIDR ${block.text}: it overlaps another vSwitch.`);
      continue;
    }
    vswitchCidrs.push(block);
  }
  if (more > 0) notes.push(`Used the first ${vswitchCount} of the vSwitch CIDR blocks given.`);
  return { vpcCidr, vswitchCidrs };
}

/** "/20 subnets", "两个 /24 的交换机", "/24s from 10.10.0.0/16": the size of the vSwitches when no blocks are given. */
function vswitchPrefixOf(text: string): { vswitchPrefix?: number } {
  const match = /(?<![\d.])\/(\d{2})(?:s\b|\s{0,3}(?:的\s{0,3})?(?:v-?switch(?:es)?|subnets?|交换机|子网))/i.exec(text);
  const prefix = Number(match?.[1]);
  return prefix >= 16 && prefix <= 29 ? { vswitchPrefix: prefix } : {};
}

/**
 * With a mapping "80 to backend 8080" the servers listen on 8080 (opened in the security group) and
 * the load balancer on 80 (a listener, not a server port).
 */
function portPlan(ports: number[], mappings: PortMapping[]): { publicPorts: number[]; portMappings: PortMapping[] } {
  const fronts = new Set(mappings.map((mapping) => mapping.front));
  const opened = new Set([...ports.filter((port) => !fronts.has(port)), ...mappings.map((mapping) => mapping.back)]);
  return { publicPorts: [...opened].sort((a, b) => a - b), portMappings: mappings };
}

export { EIP_PER_SERVER } from "./count-forms";

/** The text with the given [start, end) spans blanked out (same length, so offsets still hold). */
function blankSpans(text: string, spans: readonly [number, number][]): string {
  const pieces: string[] = [];
  let at = 0;
  for (const [spanStart, end] of spans) {
    // Spans of different readers may overlap: each character is blanked once, so the length is kept.
    const start = Math.max(spanStart, at);
    if (end <= start) continue;
    pieces.push(text.slice(at, start), " ".repeat(end - start));
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces.join("");
}

/** "ports 8000-8100", "开放8000-8100端口": a range of ports, with a port word or an open verb before or after it. Bounded. */
const PORT_RANGE = /(?:^|[^\d.])(\d{2,5})\s{0,2}[-~～]\s{0,2}(\d{2,5})(?![\d.])/g;
const PORT_RANGE_CUE = /ports?|端口|open|开放|放行|allow|允许/i;
/** How far from a range its port word may be, in characters. */
const PORT_RANGE_CUE_REACH = 16;

function portRangesOf(text: string, tokens: readonly Token[]): { from: number; to: number; span: [number, number] }[] {
  const ranges: { from: number; to: number; span: [number, number] }[] = [];
  for (const match of text.matchAll(PORT_RANGE)) {
    const from = Number(match[1]);
    const to = Number(match[2]);
    const end = match.index + match[0].length;
    const start = end - (match[0].length - match[0].search(/\d/));
    const near = text.slice(Math.max(0, start - PORT_RANGE_CUE_REACH), Math.min(text.length, end + PORT_RANGE_CUE_REACH));
    if (from >= 1 && from < to && to <= 65535 && PORT_RANGE_CUE.test(near)) ranges.push({ from, to, span: [start, end] });
  }
  // "allowing 22, 80, 443 and 8000-8100 from the internet": a range listed with ports is one too (the lexer's portRange).
  const seen = new Set(ranges.map(({ from, to }) => `${from}-${to}`));
  for (const token of tokens) {
    const [from, to] = [Number(token.value), Number(token.second)];
    if (token.kind !== "portRange" || seen.has(`${from}-${to}`) || !(from >= 1 && from < to && to <= 65535)) continue;
    seen.add(`${from}-${to}`);
    ranges.push({ from, to, span: [token.start, token.end] });
  }
  return ranges.sort((a, b) => a.span[0] - b.span[0]);
}

/**
 * The ports and port ranges a security group can hold: one rule each, beside the SSH rule, within
 * SECURITY_GROUP_RULES_MAX. The rest are named in a note, the first few of them by number.
 */
function withinRuleQuota(
  plan: { publicPorts: number[]; portMappings: PortMapping[] },
  ranges: readonly { from: number; to: number }[],
  notes: string[],
): { publicPorts: number[]; portMappings: PortMapping[]; portRanges?: { from: number; to: number }[] } {
  const room = SECURITY_GROUP_RULES_MAX - 1;
  const keptRanges = ranges.slice(0, room).map(({ from, to }) => ({ from, to }));
  const keptPorts = plan.publicPorts.slice(0, room - keptRanges.length);
  const left = [...ranges.slice(keptRanges.length).map(({ from, to }) => `${from}-${to}`), ...plan.publicPorts.slice(keptPorts.length).map(String)];
  if (left.length > 0) {
    const named = left.slice(0, NAMED_LEFT_OUT).join(", ");
    notes.push(
      `Opened ${keptPorts.length + keptRanges.length} of the ${keptPorts.length + keptRanges.length + left.length} ports and ranges: a security group holds at most ${SECURITY_GROUP_RULES_MAX} rules. Not opened: ${named}${left.length > NAMED_LEFT_OUT ? ` and ${(left.length - NAMED_LEFT_OUT).toLocaleString("en-US")} more` : ""}.`,
    );
  }
  return { ...plan, publicPorts: keptPorts, ...(keptRanges.length > 0 ? { portRanges: keptRanges } : {}) };
}

/** A load balancer's listeners within SLB_LISTENERS_MAX: the ports beyond it are opened on the servers but get no listener, and a note says so. */
function withinListenerQuota<Plan extends { publicPorts: number[]; portMappings: PortMapping[] }>(plan: Plan, balancers: number, notes: string[]): Plan {
  if (balancers === 0) return plan;
  const mappings = plan.portMappings.slice(0, SLB_LISTENERS_MAX);
  const listeners = listenersOf(plan.publicPorts, plan.portMappings);
  const all = plan.portMappings.length + plan.publicPorts.length;
  if (listeners.length === SLB_LISTENERS_MAX && all > SLB_LISTENERS_MAX) {
    const left = plan.portMappings.slice(mappings.length).map(({ front, back }) => `${front}→${back}`);
    notes.push(
      `Listened on ${SLB_LISTENERS_MAX} ports: a load balancer holds at most ${SLB_LISTENERS_MAX} listeners; the other ports are opened on the servers without a listener${left.length > 0 ? ` (mappings not made: ${left.slice(0, NAMED_LEFT_OUT).join(", ")}${left.length > NAMED_LEFT_OUT ? ` and ${(left.length - NAMED_LEFT_OUT).toLocaleString("en-US")} more` : ""})` : ""}.`,
    );
  }
  return { ...plan, portMappings: mappings };
}

/** How many left-out ports a note names by number. */
const NAMED_LEFT_OUT = 10;

/** Kinds that put the ports a request names to use without a security group of their own (a database's port, a listener). */
function portUsers(counts: Record<ResourceKind, number>): boolean {
  return counts.ecs + counts.rds + counts.redis + counts.slb > 0;
}

/**
 * "forward public port 2222 to 10.0.1.5:22", "DNAT 2222 -> 10.0.1.5:22": a NAT gateway's port forwarding
 * (named as not built: request-values.ts), whose ports are no server's and whose address no source.
 */
const PORT_FORWARD =
  /\b(?:forward(?:ing)?\s{1,3}(?:the\s{1,3})?(?:public|external)\s{1,3}port|dnat)\s{0,3}[:：]?\s{0,3}\d{1,5}\s{1,3}(?:to|->|→)\s{1,3}\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?/gi;

function forwardSpans(text: string): [number, number][] {
  return [...text.matchAll(PORT_FORWARD)].map((match) => [match.index, match.index + match[0].length]);
}

/** Reads what to build from the request text. Deterministic: the same text gives the same request. */
export function parseGenerationRequest(text: string): InfrastructureRequest {
  const notes: string[] = [];
  const counts = zeroCounts();
  for (const kind of RESOURCE_KINDS) counts[kind] = countResource(text, kind);
  counts.ecs = Math.max(ecsCount(text, counts), serverCountForms(text, counts));
  // "bind them to my two servers i-…1 and i-…2": as many server ids as servers counted, said as the user's, build none.
  const tokens = tokenize(text);
  // "一台做数据库服务器（自建MySQL，不要RDS）": the database runs on a server of the user's; no RDS is bought (self-hosted.ts).
  if (runsOwnDatabase(tokens)) counts.rds = 0;
  // "one bucket for logs (…) and one for assets (…)": a bucket for each introduced (kinds/oss/bucket-clauses.ts).
  if (counts.oss > 0) counts.oss = Math.max(counts.oss, bucketClauses(text)?.own.length ?? 0);
  // "MySQL RDS with 2 databases: app_db and report_db": databases inside one instance, not two instances (kinds/rds/schemas.ts).
  const schemas = counts.rds > 1 ? COUNTED_DATABASES.exec(text) : null;
  if (schemas && databaseNames(text).length > 0) {
    const blanked = text.slice(0, schemas.index) + " ".repeat(schemas[0].length) + text.slice(schemas.index + schemas[0].length);
    counts.rds = Math.max(1, countResource(blanked, "rds"));
  }
  const existingInstances = existingInstancesOf(tokens);
  if (existingInstances.length > 0 && counts.ecs === existingInstances.length && OWN_SERVERS.test(text)) counts.ecs = 0;
  // "add a rule to sg-bp1…": the id names the group the rules go on.
  if (counts.securityGroup === 0 && /\bsg-[a-z0-9]{8,}\b/i.test(text)) counts.securityGroup = 1;
  let recognized = Object.values(counts).some((count) => count > 0);
  const mentioned = (Object.keys(counts) as ResourceKind[]).filter((kind) => counts[kind] > 0);
  const sources = sourceRangesOf(text);
  const existing = parseExistingVpc(text);

  // Only where a range is written as a source does it leave the address plan: "VPC 10.0.0.0/16, 3306 only from 10.0.0.0/16" keeps both.
  // A port range ("8000-8100") leaves the single ports too: it is one rule, not ports 8000 and 8100.
  const ranges = portRangesOf(text, tokens);
  const planText = blankSpans(
    text,
    [...sources.spans, ...ranges.map((range) => range.span), ...forwardSpans(text)].sort((a, b) => a[0] - b[0]),
  );
  const cidrCount = (planText.match(/\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g) ?? []).length;
  const highAvailability =
    /high(?:ly)?[- ]availab|\bha\b|multi[- ]?zones?|(?:different|multiple|two|separate) (?:availability )?(?:zones|azs\b)|redundan|多可用区|高可用|双可用区|不同可用区|两个可用区/i.test(
      text,
    );
  // One block is the VPC's, unless none is ("subnets 10.0.1.0/24 and 10.0.2.0/24": every block is a vSwitch of the /16 around them).
  if (cidrCount > 1) counts.vswitch = Math.max(counts.vswitch, givesVpcBlock(planText) ? cidrCount - 1 : cidrCount);
  const needsNetwork = counts.vpc > 0 || dependentsOf("vpc").some((kind) => counts[kind] > 0);
  if (needsNetwork) {
    counts.vpc = Math.max(counts.vpc, 1);
    // A VPC holds resources only through its vSwitches: one per zone asked for.
    // "可用区 H 和 K", "in cn-beijing-k and cn-beijing-l": a vSwitch for each zone named.
    const named = namedZones(text, findRegion(text)).length;
    counts.vswitch = Math.max(counts.vswitch, named, zoneCount(text) ?? differentZones(text, counts.ecs) ?? (highAvailability ? 2 : 1));
    // "三个交换机 … 每个交换机里放一台 ecs.c7.large", "3 nodes, one per zone": servers in each vSwitch.
    const perZone = perZoneServers(text);
    if (perZone !== undefined && (counts.ecs > 0 || /台|\becs\b|servers?|instances?|nodes?/i.test(text)))
      counts.ecs = Math.max(counts.ecs, perZone * counts.vswitch);
    // "open 8080 on my existing security group sg-…": in a VPC the user has, a vSwitch only for what is placed in one
    // (a new one there takes a block the VPC may already use).
    if (existing.existingVpc && !mentioned.includes("vswitch") && !dependentsOf("vswitch").some((kind) => counts[kind] > 0)) counts.vswitch = 0;
  }
  if (dependentsOf("securityGroup").some((kind) => counts[kind] > 0)) counts.securityGroup = Math.max(counts.securityGroup, 1);
  // "two servers, each with an EIP", "每台服务器一个 EIP": one EIP per server (and the NAT gateway's own, if any).
  if (counts.ecs > 1 && EIP_PER_SERVER.test(text)) counts.eip = Math.max(counts.eip, counts.ecs + (counts.nat > 0 ? 1 : 0));
  if (dependentsOf("eip").some((kind) => counts[kind] > 0) && counts.eip === 0) {
    counts.eip = 1;
    notes.push("Added an EIP for the NAT gateway's SNAT entry; a NAT gateway without one cannot reach the Internet.");
  }
  const baseOnly = Object.values(counts).every((count) => count === 0);
  if (baseOnly) {
    counts.vpc = 1;
    counts.vswitch = 1;
  }
  for (const kind of Object.keys(counts) as ResourceKind[]) {
    if (counts[kind] > KINDS[kind].maxCount) {
      notes.push(`Limited ${kind} to ${KINDS[kind].maxCount} (the request asked for ${counts[kind]}).`);
      counts[kind] = KINDS[kind].maxCount;
    }
  }
  if (existing.existingVSwitchId && counts.vswitch > 1) {
    // The vSwitch the user named is used; more zones need vSwitches of that VPC the engine cannot see.
    notes.push(
      `Placed the resources in the existing vSwitch ${existing.existingVSwitchId}; for a second zone, name a second vSwitch of that VPC (one zone per vSwitch).`,
    );
    counts.vswitch = 1;
  }
  // "22 from 10.0.0.0/8, 80 and 443 from anywhere": ports written with their source are opened too.
  const ruled = [...sources.rules.flatMap((rule) => rule.ports), ...publicRulePorts(planText)];
  if (
    counts.securityGroup === 0 &&
    counts.vpc > 0 &&
    ruled.length + ranges.length + listedPorts(planText).length + openedPorts(planText).length + (ICMP_WORDS.test(planText) ? 1 : 0) > 0 &&
    !portUsers(counts)
  ) {
    // "Allow port 3306 from the app subnet in a new VPC": the rules need a security group (free) to live in.
    counts.securityGroup = 1;
    // "open ports 8000-8100 to 10.0.0.0/8", "Allow ICMP from anywhere and 22 from 10.0.0.0/8": rules alone ask for the group they live in.
    if (baseOnly) {
      recognized = true;
      notes.push("The rules are in a new security group in a new VPC: name your servers (or an existing group, sg-…) to put them on those.");
    }
  } else if (baseOnly) notes.push("No resource type was recognised in the request, so a VPC with one vSwitch was generated as a base.");
  const { vpcCidr, vswitchCidrs } = addressPlan(planText, counts.vswitch, notes, sources.all);
  const region = findRegion(text);
  // "No internet access at all": every load balancer internal and every port inside the VPC (no-internet.ts).
  const offInternet = asksNoInternetAccess(text);
  const internalSlb = offInternet || internalLoadBalancers(tokens).length > 0;
  const internalSlbPositions = offInternet ? undefined : mixedInternalPositions(tokens);
  const insidePorts = insideOnlyPorts(tokens);
  // "one internal for api on 8080": the port an internal load balancer serves is the VPC's, on the servers too.
  const slbListenerPorts = internalSlbPositions ? mixedListenerPorts(tokens) : undefined;
  for (const position of internalSlbPositions ?? []) for (const port of slbListenerPorts?.[position] ?? []) insidePorts.add(port);
  // "Public SLB (443) + internal SLB (6379)": a load balancer per pick, each port a rule on the servers.
  if (internalSlbPositions) counts.slb = Math.min(Math.max(counts.slb, mixedLoadBalancerCount(tokens)), KINDS.slb.maxCount);
  const listed = new Set(ruled);
  for (const port of slbListenerPorts?.flat() ?? []) {
    if (listed.has(port)) continue;
    listed.add(port);
    ruled.push(port);
  }
  const portRedirects = portRedirectsOf(planText);
  const mappings = portMappingsOf(planText);
  // "redirect 80 to 443": both are listeners (a public port each).
  for (const { from, to } of portRedirects) for (const port of [from, to]) if (!ruled.includes(port)) ruled.push(port);
  return {
    format: wantsTerraform(text) ? "terraform" : "ros",
    ...(region ? { region } : {}),
    counts,
    vpcCidr,
    vswitchCidrs,
    rdsEngine: rdsEngine(text),
    ...withinListenerQuota(
      withinRuleQuota(portPlan(publicPorts(planText, counts, ruled, tokens, mappings.length > 0), mappings), ranges, notes),
      counts.slb,
      notes,
    ),
    ...vswitchPrefixOf(planText),
    ...(insidePorts.size > 0 ? { insidePorts } : {}),
    ...(portRedirects.length > 0 ? { portRedirects } : {}),
    ...(internalSlb ? { internalSlb } : {}),
    ...(internalSlbPositions ? { internalSlbPositions } : {}),
    ...(slbListenerPorts ? { slbListenerPorts } : {}),
    ...(offInternet ? { offInternet } : {}),
    ...(existing.existingVpc ? { existingVpc: true } : {}),
    ...(existing.existingVpcId ? { existingVpcId: existing.existingVpcId } : {}),
    ...(existing.existingVSwitchId ? { existingVSwitchId: existing.existingVSwitchId } : {}),
    ...(existing.existingSecurityGroupId ? { existingSecurityGroupId: existing.existingSecurityGroupId } : {}),
    ...(existingInstances.length > 0 ? { existingInstanceIds: existingInstances } : {}),
    recognized,
    mentioned,
    notes,
  };
}
