/**
 * Counts of things: "3 ECS instances", "two vSwitches", "两台服务器", "3个交换机", "across 2 zones".
 * A number names a count when a family's noun follows it within a few filler words ("3 small web
 * servers", "两台 ECS"); "add 2 more" / "再加两台" asks for at least that many in all.
 */
import { FAMILIES } from "./families";
import { isWordChar, numberOf, type Scanner } from "./prose";
import { bucketClauses } from "../kinds/oss/bucket-clauses";
import type { RequestedValue } from "./requested-value";

/** An engine's or an image's name right before a number: the number is its version, not a count. */
const VERSIONED_BEFORE = /\b(?:pg|postgres(?:ql)?|mysql|mariadb|redis|sql ?server|mssql|ubuntu|centos|debian|windows)[ ]{1,2}$/;
const COUNT = /\d{1,3}|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b|[一二两三四五六七八九十]/g;
const MEASURE = new Set(["台", "个", "块", "套", "组", "座", "x", "×", "*"]);
const PER_ITEM = /\b(?:each|every|per)\b|每/;
/** "two data disks each", "2 EIPs apiece", "one per server" right after the noun. */
const EACH_AFTER = /^(?:es|s)?\s{0,2}(?:each|apiece|per\s{1,2}(?:server|instance|host|machine|node)s?)\b/;
/** "one per zone", "one in each vSwitch": a count of the clause's servers in every zone, not a count of zones. */
const PER_ZONE_AFTER =
  /^\s{1,2}(?:(server|instance|ecs|node|vm|vsw|v-?switch|subnet)(?:s|es)?\s{1,2})?(?:per|in each|in every|each)\s{1,2}(?:availability\s{1,2})?(?:zone|az|v-?switch|vsw|subnet)\b/;
/** The nouns of a per-zone count that name the network's vSwitches ("one vsw per AZ"), not servers. */
const VSWITCH_NOUNS = new Set(["vsw", "vswitch", "v-switch", "subnet"]);
/** "每个可用区一台", "每个交换机里放一台": the Chinese form, before the count. */
const PER_ZONE_BEFORE = /每个?\s{0,2}(?:可用区|区|交换机|子网|vswitch)\s{0,2}(?:里|中|内|下)?\s{0,2}(?:都|各)?\s{0,2}(?:放|部署|建|创建|挂)?\s{0,2}$/;
/** The nouns of the clause before a per-zone count with none of its own: its last names what is counted ("3 vswitches (one per zone …)"). */
const VSWITCH_BEFORE = /\b(?:v-?switch(?:es)?|vsw|subnets?)\b|交换机|子网/g;
const SERVER_BEFORE = /\b(?:ecs|servers?|instances?|nodes?|vms?|boxes|machines?|hosts?)\b|服务器|台/g;
/** How far back the clause's noun is read: a bound, so each count stays linear. */
const NOUN_REACH = 48;

function lastAt(pattern: RegExp, text: string): number {
  let at = -1;
  for (const match of text.matchAll(pattern)) at = match.index;
  return at;
}

/** "3 vswitches (one per zone a/b/c)": the vSwitches are counted per zone, not servers, when they are the clause's last noun. */
function clauseCountsVSwitches(scan: Scanner, start: number): boolean {
  const clause =
    scan
      .before(start, NOUN_REACH)
      .split(/[;。；\n]|\.(?!\d)/)
      .pop() ?? "";
  return lastAt(VSWITCH_BEFORE, clause) > lastAt(SERVER_BEFORE, clause);
}

function perZoneText(scan: Scanner, start: number, end: number): { text: string; target: "ecs" | "vswitch" } | undefined {
  const after = PER_ZONE_AFTER.exec(scan.lower.slice(end, end + 32));
  if (after)
    return {
      text: scan.original(start, end + after[0].length),
      target: VSWITCH_NOUNS.has(after[1] ?? "") || (after[1] === undefined && clauseCountsVSwitches(scan, start)) ? "vswitch" : "ecs",
    };
  const before = PER_ZONE_BEFORE.exec(scan.before(start, 12));
  return before ? { text: `${before[0].trim()}${scan.original(start, end)}`, target: "ecs" } : undefined;
}

/** "2 x 100GB and 1 x 500GB (ESSD) data disks": two groups of disks, each a count and a size. */
const DISK_LIST =
  /(?<![\w.])((\d{1,2})\s{0,2}[x×*]\s{0,2}\d{1,5}\s{0,2}(?:gb|g|gib|tb|t|tib)\s{0,3}(?:and|&|plus|,|，|、|和|\+)\s{0,3})(\d{1,2})\s{0,2}[x×*]\s{0,2}\d{1,5}\s{0,2}(?:gb|g|gib|tb|t|tib)\s{0,2}(?:(?:cloud_)?(?:essd|ssd|efficiency)\s{1,2})?(?:data[- ]disks?|数据盘|云盘)/g;

/** The disks a list of groups asks for, in all ("2 x 100GB and 1 x 500GB data disks per server": three on each server). */
function diskListValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.cueText.matchAll(DISK_LIST)) {
    const start = match.index;
    const end = start + match[0].length;
    const first = match[2] ?? "";
    const second = match[3] ?? "";
    const perServer = PER_ITEM.test(scan.before(start, 16)) || EACH_AFTER.test(scan.cueText.slice(end, end + 24));
    values.push({
      kind: "count",
      text: scan.original(start, end),
      role: "wanted",
      value: Number(first) + Number(second),
      target: "disk",
      ...(perServer ? { perServer } : {}),
    });
    // Each group is some of them (its size is the size family's to check): the lexer's count tokens are these.
    for (const group of [first, second]) values.push({ kind: "count", text: `${group} x`, role: "wanted", value: Number(group), target: "disk", part: true });
    // The two counts are this value's; the sizes stay for the size family.
    scan.claim(start, start + first.length);
    const secondAt = start + (match[1] ?? "").length;
    scan.claim(secondAt, secondAt + second.length);
  }
  return values;
}
const REMOVE_WORDS = /\b(?:remove|delete|drop|detach|get rid of)\b|去掉|删除|删掉|移除|减少|少/;
const ADD_WORDS = ["add", "more", "another", "extra", "再", "加", "增加", "添加", "新增"];
/** At most this many filler words (or Han characters) between a number and its noun. */
const MAX_FILLER_WORDS = 2;
const MAX_FILLER_HAN = 4;

/** A number word or a joining word between a number and a noun parts them: "port 80 with two ECS" counts two, not 80. */
const NOT_FILLER = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|with|and|or|behind|to|from|on|in|for)$/;

function fillerOk(filler: string): boolean {
  const trimmed = filler.trim();
  if (trimmed === "") return true;
  const chars = [...trimmed];
  const rest = MEASURE.has(chars[0] ?? "") ? chars.slice(1).join("").trim() : trimmed;
  if (rest === "") return true;
  if (/^[\u4e00-\u9fff]{1,4}$/.test(rest)) return rest.length <= MAX_FILLER_HAN;
  const words = rest.split(" ").filter((word) => word !== "");
  return words.length <= MAX_FILLER_WORDS && words.every((word) => /^[a-z-]{1,16}$/.test(word) && !NOT_FILLER.test(word));
}

/** "3 x ecs.g7.large", "2台 ecs.c7.xlarge": a type string after a count names its product (the type itself is read, and claimed, first). */
const TYPE_AFTER_COUNT = /^\s{0,3}(?:[x×*台个]\s{0,3})?(ecs|rds|redis|slb)\.[a-z0-9]{1,16}(?:\.[a-z0-9-]{1,24}){1,3}/;
const TYPE_FAMILY: Record<string, string> = { ecs: "ecs", rds: "rds", redis: "redis", slb: "slb" };

function familyAfter(scan: Scanner, end: number): { family: string; nounStart: number; nounEnd: number } | undefined {
  const typed = TYPE_AFTER_COUNT.exec(scan.after(end, 48));
  const typedFamily = typed?.[1] ? TYPE_FAMILY[typed[1]] : undefined;
  if (typed?.[1] && typedFamily) return { family: typedFamily, nounStart: end + typed[0].indexOf(typed[1]), nounEnd: end + typed[0].length };
  const after = scan.lower.slice(end, end + 32);
  let best: { family: string; at: number; nounStart: number; nounEnd: number } | undefined;
  for (const family of FAMILIES) {
    for (const noun of family.nouns) {
      const at = after.indexOf(noun);
      if (at < 0 || (best && at >= best.at) || !fillerOk(after.slice(0, at))) continue;
      if (/^[a-z]/.test(noun) && isWordChar(after[at - 1])) continue;
      // The noun as written, plural and all ("servers", "vSwitches").
      const plural = /^[a-z]/.test(noun) ? (/^(?:es|s)(?![a-z])/.exec(after.slice(at + noun.length))?.[0].length ?? 0) : 0;
      best = { family: family.id, at, nounStart: end + at, nounEnd: end + at + noun.length + plural };
    }
  }
  return best ? { family: best.family, nounStart: best.nounStart, nounEnd: best.nounEnd } : undefined;
}

/** "x2" written right after a word: the multiplier of "ECS x2", not a letter of a word. */
const MULTIPLIER_X = /(?:^|\s)x$/;
/** "ECS x2", "ECS × 2", "ECS *2" before the number; "服务器 3 台" after it. */
const MULTIPLIER_BEFORE = /[x×*]\s{0,2}$/;
const MEASURE_AFTER = /^\s{0,2}[台个]/;

/** A count written after its noun: "ECS x2", "SLB × 2", "服务器 3 台". */
function familyBefore(scan: Scanner, start: number, end: number): { family: string; nounStart: number; nounEnd: number } | undefined {
  const window = scan.lower.slice(Math.max(0, start - 32), start);
  const multiplier = MULTIPLIER_BEFORE.exec(window);
  if (!multiplier && !MEASURE_AFTER.test(scan.lower.slice(end, end + 4))) return undefined;
  const head = (multiplier ? window.slice(0, multiplier.index) : window).trimEnd();
  const offset = Math.max(0, start - 32);
  for (const family of FAMILIES) {
    for (const noun of family.nouns) {
      const plural = [noun, `${noun}s`, `${noun}es`].find((form) => head.endsWith(form));
      if (!plural) continue;
      const at = head.length - plural.length;
      if (/^[a-z]/.test(noun) && isWordChar(head[at - 1])) continue;
      return { family: family.id, nounStart: offset + at, nounEnd: offset + head.length };
    }
  }
  return undefined;
}

/** "3 ECS", "两台ECS"; when another value sits between number and noun ("两台4核8G的ECS"), the number and the noun alone: "两台 ECS". */
function countText(scan: Scanner, start: number, end: number, found: { nounStart: number; nounEnd: number }): string {
  // Written after its noun: "ECS x2", "服务器 3 台".
  if (found.nounStart < start) {
    const measure = MEASURE_AFTER.exec(scan.lower.slice(end, end + 4))?.[0].length ?? 0;
    return scan.original(found.nounStart, end + measure);
  }
  const filler = scan.lower.slice(end, found.nounStart);
  if (!filler.includes("  ")) return scan.original(start, found.nounEnd);
  const measure = MEASURE.has(filler.trimStart()[0] ?? "") ? (filler.trimStart()[0] ?? "") : "";
  return `${scan.original(start, end)}${measure} ${scan.original(found.nounStart, found.nounEnd)}`;
}

/** Right after a count: a size ("one 100GB"). */
const SIZE_AFTER = /^[ ]{0,2}\d{1,5}[ ]{0,2}(?:g|gb|gib|t|tb|tib)\b/;
/** Before it, in its sentence: the disks counted in all ("2 data disks: "). */
const DISK_TOTAL_BEFORE = /(?:\d{1,2}|two|three|[两二三])[ ]{0,2}(?:块|个)?[ ]{0,2}(?:data[- ]disks|数据盘)[^.;。；\n]{0,24}$/;
/** Right after a count: databases named inside an instance ("2 databases: a, b", "两个库 a、b"). */
const SCHEMAS_AFTER = /^[ ]{0,2}(?:(?:databases|dbs|schemas)[ ]{0,3}(?:[:：]|named|called)|个[ ]{0,2}(?:库|数据库)[ ]{0,3}[:：]?[ ]{0,3}[a-z])/;
/** Right after a count: the listeners it counts ("2 listeners", "两个监听"). */
const LISTENERS_AFTER = /^\s{0,2}(?:个\s{0,2})?(?:listeners?\b|监听)/;
/** "2 disks: sys 40G, data 1T": the system disk named in the list after a count of disks, before the sentence ends. */
const SYSTEM_DISK_LISTED = /^[^.;。；\n]{0,40}?(?:(?<![\w.-])(?:sys|system|os|root|boot)(?![\w-])|系统盘)/;

/**
 * Whether a count of disks counts the system disk too: "2 disks: sys 40G, data 1T" is one data disk,
 * never two; "2 data disks" and a list without the system disk count data disks alone.
 */
function countsSystemDisk(scan: Scanner, found: { family: string; nounStart: number; nounEnd: number }): boolean {
  if (found.family !== "disk" || /data|数据/.test(scan.cueText.slice(found.nounStart, found.nounEnd))) return false;
  return SYSTEM_DISK_LISTED.test(scan.cueText.slice(found.nounEnd, found.nounEnd + 48));
}

export function countValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = diskListValues(scan);
  // "one bucket for logs … and one for assets …": each "one" is a part of the buckets asked for one by one (kinds/oss/bucket-clauses.ts).
  const bucketsOneByOne = bucketClauses(scan.lower)?.own.length;
  for (const match of scan.lower.matchAll(COUNT)) {
    const start = match.index;
    const end = start + match[0].length;
    const multiplied = MULTIPLIER_X.test(scan.lower.slice(Math.max(0, start - 2), start));
    if (/^\d/.test(match[0]) && ((isWordChar(scan.lower[start - 1]) && !multiplied) || isWordChar(scan.lower[end]) || scan.lower[end] === ".")) continue;
    // "第二个交换机" is the second one, not two; "04" of "22.04" is a version's part; "/20" of "a /20 vswitch" is a block's prefix length.
    if (scan.lower[start - 1] === "第" || scan.lower[start - 1] === "." || scan.lower[start - 1] === "/") continue;
    const count = numberOf(match[0]);
    const perZone = count === undefined ? undefined : perZoneText(scan, start, end);
    if (perZone !== undefined) {
      values.push({ kind: "count", text: perZone.text, role: "wanted", value: count ?? 1, target: perZone.target, perZone: true });
      scan.claim(start, end);
      continue;
    }
    // "SLB 两个监听", "an SLB with 2 listeners": a count of listeners, not of the load balancer before it (token-places.ts counts them).
    if (LISTENERS_AFTER.test(scan.lower.slice(end, end + 12))) continue;
    // "2 data disks: one 100GB and another 500GB": "one" of a list its total counts (token-places.ts reads the same).
    if (SIZE_AFTER.test(scan.lower.slice(end, end + 12)) && DISK_TOTAL_BEFORE.test(scan.before(start, 40))) continue;
    // "RDS with 2 databases: app_db and report_db": databases inside one instance, counted by token-places.ts.
    if (SCHEMAS_AFTER.test(scan.lower.slice(end, end + 24))) continue;
    // "ECS x4 across zones h and i": a multiplier written after its noun counts that noun, not the zones after it.
    const found =
      count === undefined
        ? undefined
        : multiplied
          ? (familyBefore(scan, start, end) ?? familyAfter(scan, end))
          : (familyAfter(scan, end) ?? familyBefore(scan, start, end));
    if (count === undefined || !found) continue;
    // "a pg 15 db", "MySQL 8 database": a number right after an engine's or an image's name is its version.
    if (/^\d/.test(match[0]) && VERSIONED_BEFORE.test(scan.before(start, 16))) continue;
    const before = scan.before(start, 16);
    // "给每台 ECS 一个 EIP", "an EIP for each server": one per server, so at least that many in all.
    // "每台两块数据盘", "two data disks each", "an EIP per server": N for every server.
    const perServer = found.family !== "ecs" && (PER_ITEM.test(before) || EACH_AFTER.test(scan.lower.slice(found.nounEnd, found.nounEnd + 24)));
    const atLeast = ADD_WORDS.some((word) => before.includes(word)) || (PER_ITEM.test(before) && !perServer);
    // "remove one of the data disks", "去掉一块数据盘": that many fewer, whatever the total.
    const fewer = REMOVE_WORDS.test(before.split(/[,，;；。]/).pop() ?? "");

    values.push({
      kind: "count",
      text: countText(scan, start, end, found),
      role: "wanted",
      // Each "one" of buckets introduced one by one allows them all (unrequested.ts), and holds when there are at least that many.
      value: bucketsOneByOne && found.family === "oss" ? Math.max(count, bucketsOneByOne) : count,
      ...(countsSystemDisk(scan, found) ? { withSystemDisk: true } : {}),
      target: found.family,
      ...(atLeast ? { atLeast } : {}),
      ...(perServer ? { perServer } : {}),
      ...(fewer ? { fewer } : {}),
      ...(bucketsOneByOne && found.family === "oss" ? { part: true } : {}),
    });
    scan.claim(start, end);
  }
  return withParts(values);
}

/** "Two vswitches, one public subnet … and one private …": a smaller count of a product the request counts in all too is a part of the total. */
function withParts(values: RequestedValue[]): RequestedValue[] {
  const totals = new Map<string, number>();
  for (const value of values)
    if (!value.atLeast && !value.perServer && !value.fewer)
      totals.set(String(value.target), Math.max(totals.get(String(value.target)) ?? 0, Number(value.value)));
  return values.map((value) =>
    !value.atLeast && !value.perServer && !value.fewer && Number(value.value) < (totals.get(String(value.target)) ?? 0) ? { ...value, part: true } : value,
  );
}
