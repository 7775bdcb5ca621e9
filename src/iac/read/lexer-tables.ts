/**
 * The lexer's fixed word tables (lexer.ts): units and what they normalize to, measure words that
 * make a number a count, number words in both languages, quantifiers, negations and the Chinese cue
 * words the lexer splits out of a run of Han characters. These are words of the two languages, not
 * of any product: the closed vocabularies (engines, protocols, images, ACLs, products) come from the
 * kind registry (kinds/vocabulary.ts), never from here.
 */

/** What a unit after a number makes of it, and the factor to the normalized unit. */
export interface UnitReading {
  kind: "size" | "bandwidth" | "duration" | "compute" | "count";
  /** The normalized unit: GiB, Mbps, day (weeks in days), month, year, hour, vCPU, or none for a count. */
  unit?: "GiB" | "Mbps" | "day" | "month" | "year" | "hour" | "vCPU";
  factor: number;
}

const size = (factor: number): UnitReading => ({ kind: "size", unit: "GiB", factor });
const bandwidth = (factor: number): UnitReading => ({ kind: "bandwidth", unit: "Mbps", factor });
const duration = (unit: "day" | "month" | "year" | "hour", factor = 1): UnitReading => ({ kind: "duration", unit, factor });
const COUNT: UnitReading = { kind: "count", factor: 1 };
const VCPU: UnitReading = { kind: "compute", unit: "vCPU", factor: 1 };

/** Latin units, written right after a number or up to two spaces later ("100G", "100 GB", "30-day"). */
export const LATIN_UNITS: ReadonlyMap<string, UnitReading> = new Map<string, UnitReading>([
  ...["g", "gb", "gib", "gig", "gigs", "gigabyte", "gigabytes"].map((unit): [string, UnitReading] => [unit, size(1)]),
  ...["t", "tb", "tib", "terabyte", "terabytes"].map((unit): [string, UnitReading] => [unit, size(1024)]),
  ["mib", size(1 / 1024)],
  ...["m", "mb", "mbps", "mbit", "mbits", "megabit", "megabits"].map((unit): [string, UnitReading] => [unit, bandwidth(1)]),
  ...["gbps", "gbit", "gbits", "gigabit", "gigabits"].map((unit): [string, UnitReading] => [unit, bandwidth(1000)]),
  ...["d", "day", "days"].map((unit): [string, UnitReading] => [unit, duration("day")]),
  ...["w", "wk", "wks", "week", "weeks"].map((unit): [string, UnitReading] => [unit, duration("day", 7)]),
  ...["mo", "month", "months"].map((unit): [string, UnitReading] => [unit, duration("month")]),
  ...["y", "yr", "yrs", "year", "years"].map((unit): [string, UnitReading] => [unit, duration("year")]),
  ...["h", "hr", "hrs", "hour", "hours"].map((unit): [string, UnitReading] => [unit, duration("hour")]),
  ...["c", "core", "cores", "vcpu", "vcpus", "cpu", "cpus"].map((unit): [string, UnitReading] => [unit, VCPU]),
  ["x", COUNT],
]);

/** Units with a "/s" written after them ("10 Mb/s", "1 Gbit/s"). */
export const PER_SECOND_UNITS: ReadonlyMap<string, UnitReading> = new Map<string, UnitReading>([
  ["mb", bandwidth(1)],
  ["mbit", bandwidth(1)],
  ["gb", bandwidth(1000)],
  ["gbit", bandwidth(1000)],
]);

/** Han units and measure words after a number or a Chinese numeral, longest first where one begins another. */
export const HAN_UNITS: ReadonlyMap<string, UnitReading> = new Map<string, UnitReading>([
  ["个g", size(1)],
  ["个t", size(1024)],
  ["个月", duration("month")],
  ["个小时", duration("hour")],
  ["小时", duration("hour")],
  ["天", duration("day")],
  ["日", duration("day")],
  ["周", duration("day", 7)],
  ["星期", duration("day", 7)],
  ["月", duration("month")],
  ["年", duration("year")],
  ["兆", bandwidth(1)],
  ["千兆", bandwidth(1000)],
  ["核", VCPU],
  ...["台", "个", "块", "套", "组", "座", "名", "只", "条", "张", "份", "节点"].map((unit): [string, UnitReading] => [unit, COUNT]),
]);

/** The longest Han unit, in characters: how far a unit is looked for. */
export const MAX_HAN_UNIT = 3;

/** English number words: counts ("two servers", "a single EIP"). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ["single", 1],
  ["one", 1],
  ["two", 2],
  ["three", 3],
  ["four", 4],
  ["five", 5],
  ["six", 6],
  ["seven", 7],
  ["eight", 8],
  ["nine", 9],
  ["ten", 10],
  ["eleven", 11],
  ["twelve", 12],
  ["twenty", 20],
  ["pair", 2],
  ["couple", 2],
]);

/** Chinese numerals: digits, and the multipliers 十 and 百. */
export const HAN_DIGITS: ReadonlyMap<string, number> = new Map([
  ["零", 0],
  ["一", 1],
  ["二", 2],
  ["两", 2],
  ["三", 3],
  ["四", 4],
  ["五", 5],
  ["六", 6],
  ["七", 7],
  ["八", 8],
  ["九", 9],
]);

/** Longest Chinese numeral read ("二十五", "一百"): a bound, so a run of numerals stays linear. */
export const MAX_HAN_NUMERAL = 4;

/** "each", "every", "per", "apiece"; 每 is read with the Han words. */
export const QUANTIFIERS: ReadonlySet<string> = new Set(["each", "every", "per", "apiece"]);

/** "no", "without", "don't": the next words are not wanted. */
export const NEGATIONS: ReadonlySet<string> = new Set(["no", "not", "without", "don't", "dont", "never", "none", "skip"]);

/** Han words the lexer splits out of a run (longest match first), with the token kind they make. */
export const HAN_WORDS: ReadonlyMap<string, "quantifier" | "negation" | "word"> = new Map<string, "quantifier" | "negation" | "word">([
  ["每", "quantifier"],
  ["各", "quantifier"],
  ...["不要", "不需要", "无需", "不用", "不带", "不加", "没有", "不开", "不开放", "别"].map((word): [string, "negation"] => [word, "negation"]),
  ...[
    "端口",
    "开放",
    "放通",
    "监听",
    "允许",
    "仅允许",
    "只允许",
    "来自",
    "来源",
    "版本",
    "系统盘",
    "数据盘",
    "存储",
    "内存",
    "带宽",
    "公网",
    "私网",
    "内网",
    "网段",
    "白名单",
    "前缀",
    "目录",
    "过期",
    "删除",
    "去掉",
    "换成",
    "改为",
    "改成",
    "转发",
    "后端",
    "前端",
    "规格",
    "实例",
    "服务器",
    "镜像",
    "到",
    "给",
    "和",
    "的",
    "在",
    "用",
    "仅",
    "只",
    // "不同可用区", "两个可用区": read whole, so "用" does not split the zone word ("不同可" | "用" | "区").
    "可用区",
    "不同",
  ].map((word): [string, "word"] => [word, "word"]),
]);

/** The longest entry of HAN_WORDS, in characters. */
export const MAX_HAN_WORD = 3;

/** Extensions that make a word a file name ("index.html", "error.htm", "app.tar.gz"). */
export const FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  "html",
  "htm",
  "txt",
  "json",
  "yaml",
  "yml",
  "xml",
  "csv",
  "log",
  "tf",
  "zip",
  "gz",
  "tgz",
  "tar",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "svg",
  "ico",
  "css",
  "js",
  "sh",
  "conf",
  "pdf",
  "vhd",
  "qcow2",
  "iso",
  "pem",
  "crt",
  "key",
]);

/** Prefixes of Alibaba Cloud resource ids, and the resource each names. */
export const ID_PREFIXES: ReadonlyMap<string, string> = new Map([
  ["vpc", "vpc"],
  ["vsw", "vswitch"],
  ["sg", "securityGroup"],
  ["i", "ecs"],
  ["m", "image"],
  ["d", "disk"],
  ["eip", "eip"],
  ["lb", "slb"],
  ["alb", "slb"],
  ["nlb", "slb"],
  ["rm", "rds"],
  ["pgm", "rds"],
  ["r", "redis"],
  ["ngw", "nat"],
  ["nat", "nat"],
  ["acl", "acl"],
  ["key", "keyPair"],
  ["kp", "keyPair"],
  ["cert", "certificate"],
  ["rg", "resourceGroup"],
]);

/** Prefixes of instance types and classes ("ecs.c7.xlarge", "mysql.n2.medium.1", "redis.master.small.default"). */
export const TYPE_PREFIXES: ReadonlyMap<string, string> = new Map([
  ["ecs", "ecs"],
  ["rds", "rds"],
  ["mysql", "rds"],
  ["pg", "rds"],
  ["mssql", "rds"],
  ["mariadb", "rds"],
  ["redis", "redis"],
  ["kvstore", "redis"],
  ["tair", "redis"],
  ["slb", "slb"],
  ["polardb", "polardb"],
  ["dds", "mongodb"],
  ["mongo", "mongodb"],
]);

/** Punctuation as its ASCII twin ("，" → ",", "、" → ","): the list separators of both languages read alike. */
export const PUNCTUATION_TWINS: ReadonlyMap<string, string> = new Map([
  ["、", ","],
  ["。", "."],
  ["「", '"'],
  ["」", '"'],
  ["『", '"'],
  ["』", '"'],
  ["【", "["],
  ["】", "]"],
  ["《", '"'],
  ["》", '"'],
  ["—", "-"],
  ["–", "-"],
  ["“", '"'],
  ["”", '"'],
  ["‘", "'"],
  ["’", "'"],
]);
