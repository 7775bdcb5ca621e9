/**
 * Which ports each source range of a request is for: "22 from 10.0.0.0/8, 3389 from 192.168.1.0/24,
 * 80 and 443 from anywhere", "3306 端口只允许 10.0.2.0/24", "whitelist 10.1.0.0/16 and 10.2.0.0/16".
 * A source is a CIDR block or a single address (written as /32) after a source word; its ports are
 * the port numbers of its own clause (the text since the last comma, semicolon or full stop, or
 * since the source before it in the same clause) before it. "From anywhere" / "对所有人开放" opens
 * its clause's ports to the Internet. One pass over the text with bounded patterns: linear in its
 * length.
 */
import { parseCidr } from "./cidr";
import { ICMP_WORDS } from "./icmp-rules";

export interface SourceRule {
  /** The ports the range is for; empty when its clause names none ("whitelist 10.1.0.0/16"). */
  ports: number[];
  /** The range, normalized: a single address gets /32. */
  cidr: string;
  /** Where the range is written ([start, end) offsets), to keep it out of the address plan. */
  span: [number, number];
  /** The product its clause names it for ("only allow X to reach the database", "Redis only from X"): its whitelist, not a server port's source. */
  for?: "database" | "cache" | "icmp";
  /** "from the web tier's subnet 10.0.1.0/24": the range is a subnet of the request's own servers, so a vSwitch of its network too. */
  ownSubnet?: true;
  /** "open 3000-3010/tcp to 203.0.113.0/24": the port ranges of its clause (their ends are no ports of their own). */
  ranges?: [number, number][];
}

/** "3000-3010", "8000~8100": a range of ports in a clause. Bounded, global: one pass. */
const CLAUSE_RANGE = /(?<![\d.])(\d{2,5})\s{0,2}[-~～]\s{0,2}(\d{2,5})(?![\d.])/g;

/** The part of a clause after its last "from anywhere" / "to the world" (the whole clause without one). */
function sinceLastAnywhere(clause: string): string {
  let from = 0;
  for (const match of clause.matchAll(FROM_ANYWHERE)) from = match.index + match[0].length;
  return clause.slice(from);
}

/** The port ranges written in a clause, lowest end first. */
function clauseRanges(clause: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of clause.matchAll(CLAUSE_RANGE)) {
    const [from, to] = [Number(match[1]), Number(match[2])];
    if (from >= MIN_PORT && from < to && to <= 65535) ranges.push([from, to]);
  }
  return ranges;
}

/** A tier of the request's own servers named as the range's subnet ("the web tier's subnet", "the app subnet", "the web servers' subnet"); an office's or a VPN's is someone else's. */
const OWN_SUBNET =
  /\b(?:web|app|application|api|backend|frontend|worker|server)(?:[- ](?:tier|layer)|\s{1,3}(?:servers?|nodes?|instances?|hosts?|ecs))?(?:'s|’s|'|’)?\s{1,3}(?:subnet|vswitch|v-switch)\b|(?:应用|业务|web)\s{0,2}(?:服务器\s{0,2}(?:的\s{0,2})?)?(?:子网|交换机)/i;

const DATABASE_WORDS = /\b(?:database|db|rds|mysql|postgres(?:ql)?|sql ?server|mariadb)\b|数据库/i;
const CACHE_WORDS = /\b(?:redis|cache|tair)\b|缓存/i;

/** The product a range's own words name, if any: a cache before a database ("the Redis cache DB"). */
function productOf(words: string): SourceRule["for"] {
  // "ICMP from 10.0.0.0/8", "allow ping from X": the range is ICMP's source (icmp-rules.ts), not the opened ports'.
  if (ICMP_WORDS.test(words)) return "icmp";
  if (CACHE_WORDS.test(words)) return "cache";
  return DATABASE_WORDS.test(words) ? "database" : undefined;
}

/** A source word, up to two words ("the app subnet") and a Chinese subnet's label ("web 服务器的子网"), then a block or an address. Built once, at load. */
export const SOURCE_ADDRESS =
  /(?:from|source|allow(?:ed)?|only|(?<=(?:^|[^\d.])\d{2,5}(?:\/(?:tcp|udp))?\s{1,3})(?:to|for)|(?<=\b(?:ssh|rdp)\s{1,3})to|whitelist|allowlist|restrict(?:ed)? to|(?:restrict(?:ed)?|limit(?:ed)?) (?:ssh|rdp|port \d{2,5}) to|open to|来自|来源|仅允许|只允许|只对|(?<=[(（]\s{0,3})(?:仅|只)(?:限于?)?|仅限于?|只限于?|白名单|允许|限制到|限制为|限制在|限定为|限定到|从|给)\s{0,3}(?:the\s{1,3})?(?:[a-z'’-]{1,16}\s{1,3}){0,3}(?:(?:服务器|应用|业务|后端|前端)?的?(?:子网|交换机)\s{0,2})?(?:网段\s{0,3})?(?:是\s{0,2}|为\s{0,2}|[:：]\s{0,2}|(?:加上|添加|增加|加入|加)\s{0,2})?(\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?)(?![\d.]|\/\d)/gi;
/**
 * "and 10.2.0.0/16", "and office 198.51.100.0/24" after a source: a second range of the same list,
 * a label of up to two words before it (never a network's noun: "and vswitch 10.0.1.0/24" is the plan's).
 */
const MORE_ADDRESS =
  /^\s{0,3}(?:,|，|、|and|和|及|或|or)\s{0,3}(?:(?!vpc|v-?switch|vsw|network|cidr|zone)[a-z'’-]{1,16}\s{1,3}){0,2}(\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?)(?![\d.]|\/\d)/i;
/** "80 and 443 from anywhere", "对所有人开放": the clause's ports are public. */
export const FROM_ANYWHERE =
  /from\s{1,3}(?:anywhere|everywhere|the internet|all)|to\s{1,3}(?:anywhere|everyone|the world|the internet)|对所有人|对公网|所有人/gi;
const CLAUSE_END = /[,，;；。\n]/;
const NUMBER = /\d{1,5}/g;
/** A number followed by one of these is a size, a count or a spec, not a port. */
const NOT_PORT_AFTER = /^\s{0,2}(?:g|gb|gib|t|tb|m|mb|mbps|k|核|台|个|天|days?|vcpus?|cores?|x)(?![a-z])/i;
/** The most characters NOT_PORT_AFTER can read (two spaces, "vcpus", the letter after it): a number reads no further. */
const NOT_PORT_REACH = 9;
/**
 * A number right after one of these is an image's version or year ("Windows Server 2022", "Ubuntu
 * 22"), not a port; an engine's name is followed by its port as often ("MySQL 3306"), so it is not here.
 */
const NOT_PORT_BEFORE = /(?:server|windows|ubuntu|centos|debian|rocky|linux|alinux|version)\s{1,2}$/i;
/** How far back NOT_PORT_BEFORE reads: its longest word and two spaces. */
const NOT_PORT_BEFORE_REACH = 12;
/** Ports are 20 and up here: "3 servers" or "2 zones" in the clause are no ports. */
const MIN_PORT = 20;

/** A list closed by "and" / "和" before the comma: "开放 80 和 443，22 只允许 X" is two clauses, not one list. */
const CLOSED_LIST = /(?:\band|和|及|以及)\s{0,2}\d{1,5}$/i;
/** How far back a closed list is looked for: "and", two spaces and a port. */
const CLOSED_LIST_REACH = 12;

/** How far back a comma looks for the port after it: a list of a few ports. */
const REPEAT_REACH = 40;
const LISTED_NUMBER = /(?<![\d.])\d{2,5}(?![\d.])/g;

/** "开放 22、80、443，22 只给 X", "22, 80, 443, 22 only from X": the port after the comma is listed already, so it starts a clause of its own. */
function repeatsListed(text: string, at: number): boolean {
  const next = /^\s{0,2}(\d{2,5})(?![\d.])/.exec(text.slice(at + 1, at + 9))?.[1];
  if (next === undefined) return false;
  for (const match of text.slice(Math.max(0, at - REPEAT_REACH), at).matchAll(LISTED_NUMBER)) if (match[0] === next) return true;
  return false;
}

/** A comma between two digits ("80,443") lists ports; it does not end a clause, unless the list before it was closed or the port after it is listed already. */
function listComma(text: string, at: number): boolean {
  if (!(/[,，]/.test(text[at] ?? "") && /\d/.test(text[at - 1] ?? "") && /\d/.test(text[at + 1] ?? ""))) return false;
  return !CLOSED_LIST.test(text.slice(Math.max(0, at - CLOSED_LIST_REACH), at)) && !repeatsListed(text, at);
}

/** A full stop, "!" or "?" before a space or the end ends a sentence ("… backend 8080. SSH only from X"); inside an address or a version it does not. */
const SENTENCE_STOP = /[.!?]/;

/** Whether the character at `at` ends a clause (a comma between two digits lists ports instead). */
export function endsClause(text: string, at: number): boolean {
  if (SENTENCE_STOP.test(text[at] ?? "")) return at + 1 >= text.length || /\s/.test(text[at + 1] ?? "");
  return CLAUSE_END.test(text[at] ?? "") && !listComma(text, at);
}

/**
 * The clause that ends at `at`: back to the last clause end, but never before `floor` (the end of
 * what the caller read already), so reading every source of a long clause stays linear.
 */
export function clauseBefore(text: string, at: number, floor = 0): string {
  let from = at;
  while (from > floor && !endsClause(text, from - 1)) from -= 1;
  return text.slice(from, at);
}

/** "80/443": a slash between two plain numbers lists ports (an address's "/16" follows a dotted number). */
const SLASH_LIST_BEFORE = /(?:^|[^\d.])\d{2,5}\/$/;
const SLASH_LIST_AFTER = /^\/\d{2,5}(?![\d./])/;

/** The port numbers written in a clause: standalone numbers that are not part of an address, a version or a size. */
export function clausePorts(clause: string): number[] {
  const ports = new Set<number>();
  for (const match of clause.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = clause[start - 1] ?? "";
    const after = clause[end] ?? "";
    const listedBefore = before === "/" && SLASH_LIST_BEFORE.test(clause.slice(Math.max(0, start - 7), start));
    const listedAfter = after === "/" && !/[\d.]/.test(clause[start - 1] ?? "") && SLASH_LIST_AFTER.test(clause.slice(end, end + 8));
    // An end of a range ("8000-8100") is not a port of its own.
    if (
      (/[\d./a-z~-]/i.test(before) && !listedBefore) ||
      (/[\d./~-]/.test(after) && !listedAfter) ||
      NOT_PORT_AFTER.test(clause.slice(end, end + NOT_PORT_REACH)) ||
      NOT_PORT_BEFORE.test(clause.slice(Math.max(0, start - NOT_PORT_BEFORE_REACH), start))
    )
      continue;
    const port = Number(match[0]);
    if (port >= MIN_PORT && port <= 65535) ports.add(port);
  }
  return [...ports];
}

function normalized(address: string): string | undefined {
  const text = address.includes("/") ? address : `${address}/32`;
  return parseCidr(text) ? text : undefined;
}

/** A clause that is only a restriction: "只允许 X 访问", "only from X", "only allow X". */
const ONLY_CLAUSE = /^\s{0,3}(?:(?:and|but|和|但)\s{0,3})?(?:only|仅|只)/i;

/** "SSH", "RDP", "远程桌面" named after a range: the port it means. */
const PROTOCOL_AFTER: ReadonlyArray<[RegExp, number]> = [
  [/\bssh\b/i, 22],
  [/\brdp\b|远程桌面/i, 3389],
];

/** "RDP from X only", "SSH 只允许 X": a clause that names its port by protocol and writes no number is for that port. */
function withNamedPorts(ports: number[], clause: string): number[] {
  if (ports.length > 0) return ports;
  return PROTOCOL_AFTER.filter(([word]) => word.test(clause)).map(([, port]) => port);
}

/** "to reach", "to access", "for", "on", "访问", "连接", "登录" right after a range: what follows is what it may reach. */
const ACCESS_AFTER = /^\s{0,3}(?:(?:only\s{1,3})?(?:to\s{1,3}(?:reach|access|connect\s{1,3}to|use)|for|on)\b|访问|连接|登录|连)/i;

/** The clause after a range, to its end: "只允许 10.0.0.0/8 访问 22 端口", "allow 10.0.0.0/8 to reach SSH". */
function clauseAfter(text: string, at: number, limit = text.length): string {
  let to = at;
  while (to < limit && !endsClause(text, to)) to += 1;
  return text.slice(at, to);
}

/** Where the words after a range stop being its own: another address or source word. */
const NEXT_SOURCE = /\d{1,3}(?:\.\d{1,3}){3}|\b(?:from|source|allow|only|whitelist)\b|来自|来源|允许|白名单/gi;

/**
 * The words after a range that are its own: up to the next source of the clause ("… and SSH from
 * 198.51.100.0/24" starts another rule), and only when an access word ties them to the range. The
 * next source is found first, so a clause of many ranges is read once in all, not once per range.
 */
function ownAfter(text: string, end: number): string | undefined {
  NEXT_SOURCE.lastIndex = end;
  const next = NEXT_SOURCE.exec(text);
  const own = clauseAfter(text, end, next ? next.index : text.length);
  return ACCESS_AFTER.test(own) ? own : undefined;
}

/** The ports a range's clause names after it, when none come before it (the Chinese word order "允许 X 访问 22 端口"). */
function portsAfter(text: string, end: number): number[] {
  const own = ownAfter(text, end);
  if (own === undefined) return [];
  const ports = new Set(clausePorts(own));
  for (const [word, port] of PROTOCOL_AFTER) if (word.test(own)) ports.add(port);
  return [...ports];
}

/** Words right before "from" that make the block the one subnets are cut from ("/24s from", "subnets carved from"). */
export const CARVED_BEFORE =
  /(?:\/\d{1,2}s?|\bsubnets?|\bv-?switch(?:es)?|\bblocks?|\bcarved|\bsplit|\bcut|\ballocated|\btaken|\bsliced)\s{1,3}(?:out\s{1,3})?$/i;
/** Words right after a block "从 X" cuts subnets from ("从 10.0.0.0/16 划出…", "从…里切分"). */
export const CARVED_AFTER = /^\s{0,3}(?:里|中|内)?\s{0,2}(?:划|切|分出|拆)/;
/** How far back the words of a cut are read: a bound, so every source stays linear. */
const CARVED_REACH = 24;

function carvedFrom(text: string, start: number, end: number, matched: string): boolean {
  if (/^from\b/i.test(matched)) return CARVED_BEFORE.test(text.slice(Math.max(0, start - CARVED_REACH), start));
  return matched.startsWith("从") && CARVED_AFTER.test(text.slice(end, end + 8));
}

/** ":22" right after an address: an endpoint ("10.0.1.5:22"), no source range. */
const ENDPOINT_PORT = /^:\d{1,5}(?!\d)/;

/** Every source range of the text with the ports of its clause (before it, else after it), in the order written. */
export function sourceRules(text: string): SourceRule[] {
  const rules: SourceRule[] = [];
  let previousEnd = 0;
  // Where the clause before the last one started: an "only" clause reads back no further than that.
  let restrictedFloor = 0;
  for (const match of text.matchAll(SOURCE_ADDRESS)) {
    const address = match[1] ?? "";
    const end = match.index + match[0].length;
    const cidr = normalized(address);
    if (!cidr) continue;
    // "forward public port 2222 to 10.0.1.5:22": an address with a port is where traffic goes, not where it may come from.
    if (ENDPOINT_PORT.test(text.slice(end, end + 7))) continue;
    // "/24s from 10.10.0.0/16", "three /24 subnets carved from …", "从 10.10.0.0/16 划出 3 个 /24": the block subnets come out of is the VPC's.
    if (carvedFrom(text, match.index, end, match[0])) continue;
    // Two sources in one clause ("443 from 0.0.0.0/0 and 22 only from 10.20.0.0/16"): each is for the ports written since the one before.
    const clauseStart = match.index - clauseBefore(text, match.index, Math.min(previousEnd, match.index)).length;
    const clause = text.slice(clauseStart, match.index);
    const before = withNamedPorts(clausePorts(clause), clause);
    const after = before.length > 0 ? before : portsAfter(text, end);
    // Only a range without ports is named for a product by words; "MySQL 3306 from X" is the port's.
    // "开放 22 和 3389，只允许 1.2.3.4 访问": an "only" clause of its own restricts what the clause before it opened or named.
    const restricted = after.length === 0 && ONLY_CLAUSE.test(clause + match[0]) ? clauseBefore(text, Math.max(0, clauseStart - 1), restrictedFloor) : "";
    const ports = after.length > 0 ? after : clausePorts(restricted);
    const product = ports.length > 0 ? undefined : (productOf(clause) ?? productOf(ownAfter(text, end) ?? "") ?? productOf(restricted));
    const ownSubnet = OWN_SUBNET.test(match[0]);
    // "open 80, 8080-8090 to the world and 22 to X": only the ranges written since the clause's last "to the world" are X's.
    const ranges = clauseRanges(sinceLastAnywhere(clause));
    rules.push({
      ports,
      cidr,
      span: [end - address.length, end],
      ...(product ? { for: product } : {}),
      ...(ownSubnet ? { ownSubnet } : {}),
      ...(ranges.length > 0 ? { ranges } : {}),
    });
    // "whitelist 10.1.0.0/16 and 10.2.0.0/16": the ranges listed after it are sources of the same rule.
    let at = end;
    for (let more = MORE_ADDRESS.exec(text.slice(at, at + 40)); more; more = MORE_ADDRESS.exec(text.slice(at, at + 40))) {
      const next = normalized(more[1] ?? "");
      at += more[0].length;
      if (next) rules.push({ ports, cidr: next, span: [at - (more[1] ?? "").length, at] });
    }
    restrictedFloor = clauseStart;
    previousEnd = at;
  }
  return rules;
}

/** The ports a clause opens to anyone ("80 and 443 from anywhere", "80和443对所有人开放"). */
export function publicRulePorts(text: string): number[] {
  const ports: number[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(FROM_ANYWHERE)) {
    // Each "from anywhere" opens the ports since the one before it: the clause is read once.
    for (const port of clausePorts(clauseBefore(text, match.index, Math.min(previousEnd, match.index)))) ports.push(port);
    previousEnd = match.index + match[0].length;
  }
  return ports;
}
