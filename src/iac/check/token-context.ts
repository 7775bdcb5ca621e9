/**
 * What the words around a lexer token say about it, for the check's accounting (accounting.ts):
 * its clause, whether it is negated or asked to be removed ("no NAT", "instead of MySQL", "remove
 * one of the servers"), the product a count or an "each" belongs to, and the ports a source range
 * is given to. Each look is bounded to a clause and a few tokens, so the whole pass is linear.
 */
import type { Token } from "../read/token";
import { type BucketClauses, bucketClauses } from "../kinds/oss/bucket-clauses";
import { isIcmp } from "../read/icmp-rules";

/** Tokens that end a clause: a source range or a port belongs to the clause it is written in. */
const CLAUSE_ENDS = new Set([".", ";", "!", "?", "\n"]);
/** How many tokens a look goes before or after a token. */
const REACH = 4;

export const isClauseEnd = (token: Token | undefined) => token === undefined || (token.kind === "punctuation" && CLAUSE_ENDS.has(String(token.value)));

/** The words of a token's clause, as written, at most this long either side. */
const WORDS_REACH = 48;

export function clauseWords(text: string, tokens: readonly Token[], index: number): string {
  const token = tokens[index] as Token;
  let from = index;
  while (from > 0 && !isClauseEnd(tokens[from - 1]) && token.start - (tokens[from - 1]?.start ?? 0) <= WORDS_REACH) from -= 1;
  let to = index;
  while (to < tokens.length - 1 && !isClauseEnd(tokens[to + 1]) && (tokens[to + 1]?.end ?? 0) - token.end <= WORDS_REACH) to += 1;
  return text.slice(tokens[from]?.start ?? token.start, tokens[to]?.end ?? token.end).trim();
}

const REMOVAL_WORDS = new Set([
  "remove",
  "delete",
  "drop",
  "rid",
  "retire",
  "decommission",
  // "close 22", "block 3389", "关闭 80 端口": a port closed is asked away.
  "close",
  "block",
  "revoke",
  "去掉",
  "删除",
  "删掉",
  "移除",
  "拿掉",
  "去除",
  "关闭",
  "关掉",
  "封禁",
]);
const INSTEAD_WORDS = new Set(["instead", "rather"]);
/** Words that make the product after them a place ("no public IP on the servers", "without an EIP for the web tier"). */
const PLACE_WORDS = new Set(["on", "for", "in", "inside", "behind", "at", "上"]);

/**
 * Whether the token is asked away: a negation or a removal verb a few tokens before it in its
 * clause ("no NAT", "without an EIP", "remove the SLB", "不要公网"), or "instead of" / "rather
 * than" right before it ("PostgreSQL instead of MySQL").
 */
/** "k8s-free", "k8s-less", "serverless-free": a product named with the word that asks it away. */
const WITHOUT_SUFFIXES = new Set(["free", "less"]);

export function askedAway(tokens: readonly Token[], index: number): boolean {
  // "a k8s-free setup", "k8s-less": the product asked away by the word after it.
  const dash = tokens[index + 1]?.value === "-" ? 2 : 1;
  if (WITHOUT_SUFFIXES.has(String(tokens[index + dash]?.value))) return true;
  let placed = false;
  for (let back = 1; back <= REACH; back += 1) {
    const token = tokens[index - back];
    if (!token || isClauseEnd(token) || (token.kind === "punctuation" && token.value === ",")) return false;
    // "No public IPs on the servers": the servers are where the public IPs are not, not what is asked away.
    if (PLACE_WORDS.has(String(token.value))) placed = true;
    else if (placed && token.kind === "name" && token.of === "product") return false;
    if (token.kind === "negation" || REMOVAL_WORDS.has(String(token.value))) return true;
    if (INSTEAD_WORDS.has(String(token.value)) && back <= 2) return true;
    // A value between breaks the reach: "remove 22 and open 8080" does not remove 8080.
    if (token.kind !== "word" && token.kind !== "count" && token.kind !== "name") return false;
  }
  return false;
}

const PRODUCT_FILLERS = new Set(["word", "compute", "size", "count"]);

/**
 * The product a count or quantifier names: a product or type right after it (a few words between), or right before it ("ECS x2").
 * `untilJoiner`: a quantifier's product stops at "and" ("a data disk each and snapshot them daily": the disks are per server, not the snapshots).
 */
export function productNear(tokens: readonly Token[], index: number, untilJoiner = false): string | undefined {
  for (let ahead = 1; ahead <= REACH; ahead += 1) {
    const token = tokens[index + ahead];
    if (!token || isClauseEnd(token) || (untilJoiner && JOINERS.has(String(token.value)))) break;
    if (token.kind === "name" && token.of === "product") return String(token.value);
    if (token.kind === "name" && token.of === "engine") return token.value === "Redis" ? "redis" : "rds";
    if (token.kind === "instanceType") return token.of;
    // "3 Ubuntu 22.04 boxes": the image and its version qualify the noun.
    const image = (token.kind === "name" && token.of === "image") || (token.kind === "version" && tokens[index + ahead - 1]?.of === "image");
    // "two private vswitches", "2 public-read buckets": an ACL word is the noun's adjective here.
    const adjective = token.kind === "name" && token.of === "acl";
    // "three /24 subnets", "3 个 /24 交换机": the block size qualifies the noun.
    const prefix = token.kind === "urlPath" && /^\/\d{1,2}$/.test(token.text);
    if (!image && !adjective && !prefix && !PRODUCT_FILLERS.has(token.kind)) break;
  }
  const before = tokens[index - 1];
  if (before?.kind === "name" && before.of === "product") return String(before.value);
  if (before?.kind === "instanceType") return before.of;
  return undefined;
}

/** Ports named by a protocol word ("SSH only from …"). */
export const PROTOCOL_PORTS: Readonly<Record<string, number>> = { ssh: 22, rdp: 3389, http: 80, https: 443, ftp: 21, smtp: 25 };
const ENGINE_PORTS: Readonly<Record<string, number>> = { MySQL: 3306, MariaDB: 3306, PostgreSQL: 5432, SQLServer: 1433, Redis: 6379 };
const JOINERS = new Set(["and", "also", "then", "并", "并且", "同时", "另外"]);

function portsOf(token: Token): number[] {
  if (token.kind === "port") return [Number(token.value)];
  if (token.kind === "portRange") return [Number(token.value)];
  if (token.kind === "name" && token.of === "protocol")
    return PROTOCOL_PORTS[String(token.value)] === undefined ? [] : [PROTOCOL_PORTS[String(token.value)] as number];
  if (token.kind === "name" && token.of === "engine")
    return ENGINE_PORTS[String(token.value)] === undefined ? [] : [ENGINE_PORTS[String(token.value)] as number];
  return [];
}

const LIST_CLOSERS = new Set(["and", "和", "及", "以及"]);
const closesList = (token: Token | undefined) => token !== undefined && LIST_CLOSERS.has(String(token.value));

/** Whether a token is a port or names one. */
const namesPort = (token: Token | undefined) => token !== undefined && portsOf(token).length > 0;

/**
 * The ports a source range is given to: those of its clause before it ("22 from 10.0.0.0/8",
 * "SSH only from …", "80 and 443 from anywhere"), stopping at another range or at a joining word
 * that starts a new request ("change the HTTPS port to 8443 and also allow SSH only from …"); if
 * none, those after it in the clause ("only from 10.0.0.0/8 on port 22").
 */
const isProtocolName = (token: Token | undefined) => token?.kind === "name" && token.of === "protocol";

/** What may stand between two ranges of one list: "10.1.0.0/16 and 10.2.0.0/16", "A, B", "A 和 B". */
const RANGE_LIST_GAPS = new Set([",", "，", "、", "and", "or", "和", "及", "或", "以及"]);
const isRange = (token: Token | undefined) => token?.kind === "cidr" || token?.kind === "address";
/** The ports already given to each range of a token list: a range listed after another takes the first's, looked up, not read again (a list of N ranges stays linear). */
const givenPorts = new WeakMap<readonly Token[], Map<number, number[]>>();

/** How many tokens back a comma looks for a port listed again after it. */
const REPEAT_REACH = 12;

/** Whether a port of `ports` (read after the comma at `comma`) is listed before it in the same clause. */
function listedBefore(tokens: readonly Token[], comma: number, ports: readonly number[]): boolean {
  for (let back = comma - 1; back >= 0 && back >= comma - REPEAT_REACH; back -= 1) {
    const token = tokens[back] as Token;
    if (isClauseEnd(token)) return false;
    if (portsOf(token).some((port) => ports.includes(port))) return true;
  }
  return false;
}

export function portsGivenTo(tokens: readonly Token[], index: number): number[] {
  let memo = givenPorts.get(tokens);
  if (!memo) givenPorts.set(tokens, (memo = new Map()));
  const known = memo.get(index);
  if (known) return known;
  // "SSH from 10.1.0.0/16 and 10.2.0.0/16 only": a range listed right after another is for the same ports.
  const gap = tokens[index - 1];
  const listed = gap !== undefined && RANGE_LIST_GAPS.has(String(gap.value)) && isRange(tokens[index - 2]) ? portsGivenTo(tokens, index - 2) : undefined;
  const ports = listed ?? portsOwnTo(tokens, index);
  memo.set(index, ports);
  return ports;
}

function portsOwnTo(tokens: readonly Token[], index: number): number[] {
  const ports: number[] = [];
  for (let i = index - 1; i >= 0; i -= 1) {
    const token = tokens[i] as Token;
    if (isClauseEnd(token) || token.kind === "cidr" || token.kind === "address") break;
    // "allow ping from 10.0.0.0/8 and SSH from X": the range is ICMP's (placed by token-places.ts), not a port's.
    if (ports.length === 0 && isIcmp(token)) return [];
    if (ports.length > 0 && JOINERS.has(String(token.value)) && !namesPort(tokens[i - 1])) break;
    // "80 and 443": a joining word between two ports lists them.
    // "open 80 and 443, 22 only from X": a list closed by "and" before the comma is a clause of its own.
    if (ports.length > 0 && token.kind === "punctuation" && token.value === "," && (!namesPort(tokens[i - 1]) || closesList(tokens[i - 2]))) break;
    // "an SLB on 80, SSH from X only": a clause opened by a protocol's name is that protocol's, not a list with the port before it.
    if (ports.length > 0 && token.kind === "punctuation" && token.value === "," && isProtocolName(tokens[i + 1])) break;
    // "开放 22、80、443，22 只给 X": a port listed before the comma again after it starts a clause of its own.
    if (ports.length > 0 && token.kind === "punctuation" && token.value === "," && listedBefore(tokens, i, ports)) break;
    ports.push(...portsOf(token));
  }
  if (ports.length > 0) return ports;
  for (let i = index + 1; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (isClauseEnd(token) || token.kind === "cidr" || token.kind === "address") break;
    // "只允许 X 访问 22 端口，开放 8080": a comma after the ports ends what the range is given to.
    if (ports.length > 0 && token.kind === "punctuation" && token.value === "," && !namesPort(tokens[i + 1])) break;
    ports.push(...portsOf(token));
  }
  return ports;
}

/** The words between a listener's port and the protocol it is changed to ("443 listener to tcp", "443 监听改成 HTTPS"). */
const LISTENER_CHANGE_WORDS = new Set(["listener", "listener's", "protocol", "to", "监听", "协议", "改成", "改为", "换成", "切换为"]);
const LISTENER_CHANGE_REACH = 4;

/** The protocol a port is written with: "443 (TCP)", "22/tcp", "HTTPS 443", "TCP 443", "on 443 HTTPS". */
export function protocolOfPort(tokens: readonly Token[], index: number): string | undefined {
  const next = tokens[index + 1];
  const after = tokens[index + 2];
  if (next?.kind === "punctuation" && (next.value === "(" || next.value === "/") && after?.kind === "name" && after.of === "protocol")
    return String(after.value);
  // "on 443 HTTPS", "8080 tcp": the protocol right after the port, unless a port follows it ("80 HTTPS 443" is 443's).
  if (next?.kind === "name" && next.of === "protocol" && after?.kind !== "port" && after?.kind !== "number") return String(next.value);
  // "switch the 443 listener to tcp", "443 监听改成 HTTPS": a listener's protocol after its change words.
  for (let ahead = 1; ahead <= LISTENER_CHANGE_REACH; ahead += 1) {
    const word = tokens[index + ahead];
    if (word?.kind === "name" && word.of === "protocol") return ahead > 1 ? String(word.value) : undefined;
    if (!LISTENER_CHANGE_WORDS.has(String(word?.value ?? "").toLowerCase())) break;
  }
  const before = tokens[index - 1];
  if (before?.kind === "name" && before.of === "protocol") return String(before.value);
  const twoBefore = tokens[index - 2];
  if (before?.kind === "word" && (before.value === "port" || before.value === "端口") && twoBefore?.kind === "name" && twoBefore.of === "protocol")
    return String(twoBefore.value);
  return undefined;
}

/** Change words right after an old value ("把443改成8443"); "to" counts when a change verb is before it ("change 443 to 8443"). */
const CHANGE_TO = new Set(["改成", "改为", "换成", "改到", "调到", "调整为", "->"]);
const CHANGE_VERBS = new Set(["change", "changes", "switch", "replace", "move", "update", "bump", "swap", "把", "将"]);

/** Whether the token is the old value of a replacement: another value of its sort follows the change word. */
export function replaced(tokens: readonly Token[], index: number): boolean {
  // "把80端口改成8080": the port word may stand between the port and the change word.
  const shift = /^(?:端口|号端口|port)$/i.test(String(tokens[index + 1]?.value)) ? 1 : 0;
  const next = tokens[index + 1 + shift];
  const after = tokens[index + 2 + shift];
  if (!next || !after || (after.kind !== "port" && after.kind !== "number")) return false;
  if (CHANGE_TO.has(String(next.value))) return true;
  if (next.value !== "to") return false;
  return tokens.slice(Math.max(0, index - REACH), index).some((token) => CHANGE_VERBS.has(String(token.value)));
}

export function productNearBefore(tokens: readonly Token[], index: number): string | undefined {
  for (let back = 1; back <= 3; back += 1) {
    const token = tokens[index - back];
    if (token?.kind === "name" && token.of === "product") return String(token.value);
  }
  return undefined;
}

const DISK_NOUNS = new Set(["disk", "disks", "数据盘", "云盘", "磁盘"]);
const DISK_FILLERS = new Set(["data", "cloud", "essd", "ssd", "的", "块", "个"]);

/** "two 200G data disks", "两块 500G 数据盘": data disks are no product of their own, but a count of them (locate.ts counts them on the servers). */
function disksAhead(tokens: readonly Token[], index: number): string | undefined {
  for (let ahead = 1; ahead <= 4; ahead += 1) {
    const token = tokens[index + ahead];
    if (!token) return undefined;
    if (DISK_NOUNS.has(String(token.value))) return "disk";
    if (token.kind !== "size" && !(token.kind === "name" && token.of === "disk") && !DISK_FILLERS.has(String(token.value))) return undefined;
  }
  return undefined;
}

/** "数据盘 2 块各 500G", "data disks: 2 x 500GB": the disks named first, their count after them. */
function disksBefore(tokens: readonly Token[], index: number): string | undefined {
  const previous = tokens[index - 1]?.value === ":" ? tokens[index - 2] : tokens[index - 1];
  return previous !== undefined && DISK_NOUNS.has(String(previous.value)) ? "disk" : undefined;
}

/** "api x2", "ECS x2": a count written as a multiplier after its noun. */
export const MULTIPLIER_COUNT = /^[x×*]/i;

/**
 * The product a count counts: the one it stands before ("3 ECS", "2x ecs.c7.xlarge"), or, in
 * brackets, the one just before them ("the app servers (two of them)", "服务器（两台）"). The
 * placement and the stated counts (accounting.ts) both read it here.
 */
/** "3 nodes of ecs.r7.2xlarge", "2 boxes of ecs.g7.large": a number before "<noun> of <type>" counts the type's product. */
export function typedCountOf(tokens: readonly Token[], index: number): string | undefined {
  const typed = tokens[index + 3];
  return tokens[index + 1]?.kind === "word" && tokens[index + 2]?.value === "of" && typed?.kind === "instanceType" ? typed.of : undefined;
}

/** How far back a multiplier's noun may stand: the noun, then its size, shape or port ("ECS 4c16g 100G x3", "ECS :8080 x3"). */
const MULTIPLIED_REACH = 3;
const MULTIPLIED_QUALIFIERS = new Set(["compute", "size", "port", "number"]);

/** The product a trailing multiplier counts: the product before it, over its compute shape and sizes. */
function multipliedNoun(tokens: readonly Token[], index: number): string | undefined {
  for (let back = 1; back <= MULTIPLIED_REACH; back += 1) {
    const token = tokens[index - back];
    if (token?.kind === "name" && token.of === "product") return String(token.value);
    if (!token || !(MULTIPLIED_QUALIFIERS.has(token.kind) || token.value === ":")) return undefined;
  }
  return undefined;
}

export function countedFamily(tokens: readonly Token[], index: number): string | undefined {
  const previous = tokens[index - 1];
  // "ECS x2 with SLB", "ECS 4c16g x3 with nightly snapshots": a multiplier written after its noun counts that noun (its size between), not the next one.
  // "应用服务器 4核8G 三台": a count with its measure word after the noun's size counts that noun too.
  if (MULTIPLIER_COUNT.test(tokens[index]?.text ?? "") || /[台个]$/.test(tokens[index]?.text ?? "")) {
    const noun = multipliedNoun(tokens, index);
    if (noun) return noun;
  }
  const bracketed = previous?.kind === "punctuation" && /^[(（]$/.test(previous.text);
  return productNear(tokens, index) ?? (bracketed ? productNearBefore(tokens, index) : undefined) ?? disksAhead(tokens, index) ?? disksBefore(tokens, index);
}

/** The request as its tokens hold it: each token's text at its offset, blanks between (offsets kept). */
function textOfTokens(tokens: readonly Token[]): string {
  const pieces: string[] = [];
  let at = 0;
  for (const token of tokens) {
    if (token.start < at) continue;
    pieces.push(" ".repeat(token.start - at), token.text);
    at = token.start + token.text.length;
  }
  return pieces.join("");
}

const clausesOf = new WeakMap<readonly Token[], BucketClauses | null>();

/** "one bucket for logs (…) and one for assets (…)": the buckets' own clauses (kinds/oss/bucket-clauses.ts), read once per request. */
export function bucketsOneByOne(tokens: readonly Token[]): BucketClauses | undefined {
  let clauses = clausesOf.get(tokens);
  if (clauses === undefined) clausesOf.set(tokens, (clauses = bucketClauses(textOfTokens(tokens)) ?? null));
  return clauses ?? undefined;
}

/** The bucket whose words hold `at`: the last clause starting at or before it; -1 before the first. */
export function clauseOf(starts: readonly number[], at: number): number {
  let found = -1;
  for (const [index, start] of starts.entries()) if (start <= at) found = index;
  return found;
}
