/**
 * The lexer's second pass over its own tokens (lexer.ts): what a bare number is, read from the
 * tokens right beside it — a version after an engine or image ("PostgreSQL 15", "Ubuntu 22.04",
 * "version 8.0"), a port with a port cue ("port 22", "SSH 22", "443 (TCP)", "open 8080", "22端口",
 * "80 -> 8080") and the numbers listed with a port ("80, 443 and 8080"), a count with a multiplier
 * word ("ECS x 2", "2 x ecs.c7.xlarge"), a plain count before a product's noun ("4 nodes", "3 Ubuntu
 * 22.04 boxes", "(2 of them)"), and a zone's letter ("zone H": an id in the request's region).
 * Linear: each token looks at most a few tokens either way, and the list pass runs once forwards
 * and once backwards.
 */
import { WHOLE_CERTIFICATE_ID } from "./certificate-id";
import { markOwnDatabases } from "./self-hosted";
import type { Token } from "./token";

/** Words right before a number (punctuation aside) that make it a port whatever its size. */
const PORT_WORDS = new Set(["port", "ports", "端口", "listener", "listeners", "listen", "listens", "listening", "监听", "frontend", "backend", "前端", "后端"]);
/** Words up to three tokens before a number that make it a port when it is 20 or more ("open 8080", "SLB on 443"). */
const LOOSE_PORT_WORDS = new Set([
  "open",
  "opens",
  "opening",
  "opened",
  "allow",
  "allows",
  "expose",
  "exposes",
  "on",
  "开放",
  // "安全组开 22/80/443": the short verb.
  "开",
  "开通",
  "放通",
  "放行",
  "打开",
  "允许",
  "仅允许",
  "只允许",
  // "close 22", "block 3389", "关闭 22": a port asked away is a port too (the check then finds it absent).
  "close",
  "closes",
  "closed",
  "block",
  "关闭",
  "关掉",
  "封禁",
]);
/** Words after "to"/"from" that name who may reach a port: "443 to everyone", "8080 from anywhere". */
const AUDIENCE_WORDS = new Set(["everyone", "anyone", "anywhere", "everywhere", "all", "world", "internet", "public", "公网", "所有人"]);
/** Words right after a number (an "only" aside) that say who may reach it: "8080 仅内网访问", "9000 internal only". */
const REACH_WORDS = new Set(["internal", "internally", "publicly", "内网", "私网", "公网", "内网访问", "公网访问"]);
/** A port is at least this when only a loose cue names it: "on 2 servers" is no port. */
const MIN_LOOSE_PORT = 20;
const MAX_PORT = 65535;
/** How many tokens back a loose cue may be. */
const LOOSE_REACH = 3;
/** What may stand between two listed ports. */
const LIST_GAPS = new Set([",", "/", "&", "and", "or", "和", "及", "或", "以及", "plus", "、"]);
const VERSION_WORDS = new Set(["version", "ver", "v", "版本"]);
/** Between a version word and its number: "version to 8.0", "版本为 8.0", "version: 15". */
const VERSION_FILLERS = new Set(["to", "is", "为", "是", "用", ":", "=", "改为", "改成", "换成"]);

const isNumber = (token: Token | undefined) => token?.kind === "number";
const isBareInteger = (token: Token | undefined) => token?.kind === "number" && Number.isInteger(token.value);
const isPunctuation = (token: Token | undefined, ...values: string[]) => token?.kind === "punctuation" && values.includes(String(token.value));

/** Between a port word and its number: "port: 22", "端口(22)", "port to 8443", "端口改为 8443". */
const PORT_FILLERS = new Set([":", "(", "=", "to", "is", "为", "改为", "改成", "换成", "of", "number"]);

/** The token before `index`, skipping one filler ("port: 22", "端口(22)", "the HTTPS port to 8443"). */
function before(tokens: readonly Token[], index: number): Token | undefined {
  const previous = tokens[index - 1];
  return previous && PORT_FILLERS.has(String(previous.value)) ? tokens[index - 2] : previous;
}

function isProtocol(token: Token | undefined): boolean {
  return token?.kind === "name" && token.of === "protocol";
}

function hasPortCue(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index] as Token;
  const port = Number(token.value);
  if (port < 1 || port > MAX_PORT || !Number.isInteger(port)) return false;
  const previous = before(tokens, index);
  if (previous && (PORT_WORDS.has(String(previous.value)) || isProtocol(previous))) return true;
  const next = tokens[index + 1];
  if (next && (next.value === "端口" || next.value === "port" || next.value === "号端口")) return true;
  // "22/tcp", "443 (TCP)", "443（HTTPS）".
  if (isPunctuation(next, "/", "(") && isProtocol(tokens[index + 2])) return true;
  // "80 -> 8080", "80→8080": a mapping names ports on both sides.
  if (isPunctuation(next, "->") && isBareInteger(tokens[index + 2])) return true;
  if (isPunctuation(tokens[index - 1], "->") && (isBareInteger(tokens[index - 2]) || tokens[index - 2]?.kind === "port")) return true;
  if (port < MIN_LOOSE_PORT) return false;
  // "switch the 443 listener to tcp", "443 监听改成 HTTPS": the listener's own port ("2 listeners" is a count: plural, and small).
  if (next && (next.value === "listener" || next.value === "监听")) return true;
  // "CLB 80 & 443", "SLB 443", "负载均衡 80、443": a number right after a load balancer's name is what it listens on.
  const named = tokens[index - 1];
  if (named?.kind === "name" && named.of === "product" && named.value === "slb") return true;
  // "8080 from 10.0.0.0/8", "3306 来自 10.0.0.0/8": a number given a source range is a port.
  // "22 only from 10.0.0.0/8": an "only" may stand between.
  const only = next && (next.value === "only" || next.value === "仅" || next.value === "只") ? 1 : 0;
  const from = tokens[index + 1 + only];
  // "22 from my IP 198.51.100.23", "8080 only from the bastion": up to two words stand before the source, which may be the bastion.
  const labels = [tokens[index + 2 + only], tokens[index + 3 + only]].filter(
    (label) => label?.kind === "word" && SOURCE_LABELS.has(String(label.value)),
  ).length;
  const source = tokens[index + 2 + only + labels];
  const fromBastion = source?.kind === "name" && source.of === "product" && source.value === "ecs" && /bastion|jump|跳板|堡垒/i.test(source.text);
  if (from && SOURCE_WORDS.has(String(from.value)) && (source?.kind === "cidr" || source?.kind === "address" || fromBastion)) return true;
  if (saidToAudience(tokens, index)) return true;
  for (let back = 1; back <= LOOSE_REACH; back += 1) {
    const cue = tokens[index - back];
    if (!cue || isPunctuation(cue, ".", ";", "\n")) break;
    if (LOOSE_PORT_WORDS.has(String(cue.value))) return true;
  }
  return false;
}

const ONLY_AFTER = new Set(["only", "仅", "只"]);
/** Words before a source ("from my IP X", "from the office X", "from the bastion"). */
const SOURCE_LABELS = new Set(["the", "my", "our", "ip", "office", "home", "vpn"]);
/** Words between a port and its source range: "22 from X", "22 to X" (opened to it), "22 只允许 X", "3306 来自 X", "22 只给 X". */
const SOURCE_WORDS = new Set(["from", "to", "来自", "允许", "只允许", "仅允许", "给", "对"]);

/** "443 to everyone", "8080 from the internet", "443 publicly", "8080 仅内网访问", "443 对公网": a number given an audience is a port. */
function saidToAudience(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1];
  const afterOnly = next && ONLY_AFTER.has(String(next.value)) ? tokens[index + 2] : next;
  if (afterOnly && REACH_WORDS.has(String(afterOnly.value))) return true;
  if (next?.value !== "to" && next?.value !== "from" && next?.value !== "对" && next?.value !== "向") return false;
  const after = tokens[index + 2]?.value === "the" ? tokens[index + 3] : tokens[index + 2];
  return after !== undefined && AUDIENCE_WORDS.has(String(after.value));
}

function toPort(token: Token): void {
  if (token.kind === "range") token.kind = "portRange";
  else token.kind = "port";
}

/** Whether `a` and `b` are listed together: one list gap between them ("80, 443", "80 and 443", "80/443"). */
function listed(tokens: readonly Token[], a: number, b: number): boolean {
  const gap = tokens.slice(a + 1, b);
  return gap.length <= 2 && gap.every((token) => LIST_GAPS.has(String(token.value)));
}

/** How many tokens a parenthesis said of a port may hold ("22（仅 116.62.0.0/16）和 443"). */
const ASIDE_REACH = 8;

/** The closing bracket of a parenthesis that opens right after `index`, if it closes within ASIDE_REACH. */
function asideEnd(tokens: readonly Token[], index: number): number | undefined {
  if (!isPunctuation(tokens[index + 1], "(")) return undefined;
  for (let close = index + 2; close <= index + 1 + ASIDE_REACH && close < tokens.length; close += 1) if (isPunctuation(tokens[close], ")")) return close;
  return undefined;
}

/** The index of the next number or range token within two tokens after `index` (or after a parenthesis said of it), if listed with it. */
function nextListed(tokens: readonly Token[], index: number): number | undefined {
  const from = asideEnd(tokens, index) ?? index;
  for (let next = from + 1; next <= from + 3 && next < tokens.length; next += 1) {
    const token = tokens[next];
    if (token?.kind === "number" || token?.kind === "range" || token?.kind === "port" || token?.kind === "portRange")
      return listed(tokens, from, next) ? next : undefined;
  }
  return undefined;
}

function markPorts(tokens: Token[]): void {
  // "80 to backend 8080, 2 ECS", "80 -> 80, 3 backends": a small number before a product is how many, not a port.
  const counted = (index: number) => tokens[index + 1]?.kind === "name" && tokens[index + 1]?.of === "product";
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    const count = counted(i) && Number(token.value) <= MAX_PLAIN_COUNT;
    if ((isBareInteger(token) || token.kind === "range") && !count && hasPortCue(tokens, i)) toPort(token);
  }
  const isPort = (token: Token | undefined) => token?.kind === "port" || token?.kind === "portRange";
  const portLike = (token: Token, index: number) =>
    Number(token.value) >= 1 && Number(token.value) <= MAX_PORT && (token.kind === "range" || isBareInteger(token)) && !counted(index);
  for (let i = 0; i < tokens.length; i += 1) {
    const next = isPort(tokens[i]) ? nextListed(tokens, i) : undefined;
    const token = next === undefined ? undefined : tokens[next];
    if (token && next !== undefined && portLike(token, next)) toPort(token);
  }
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i] as Token;
    const next = isBareInteger(token) || token.kind === "range" ? nextListed(tokens, i) : undefined;
    if (next !== undefined && isPort(tokens[next]) && portLike(token, i)) toPort(token);
  }
}

/** "PostgreSQL 15", "Ubuntu 22.04", "MySQL 8.0", "SQL Server 2019", "version 8.0": the number is a version. */
const CHANGE_TO_WORDS = new Set(["to", "->", "升级到", "改成", "改为", "换成"]);
/** "升级", "升", "改", "换" before a separate "到". */
const CHANGE_STEMS = new Set(["升级", "升", "改", "换", "调"]);

function markVersions(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (!isNumber(token)) continue;
    const previous = tokens[i - 1];
    // "upgrade redis to 7.0", "MySQL 升级到 8.0": a dotted number after a change word after the engine.
    const changed = previous !== undefined && CHANGE_TO_WORDS.has(String(previous.value)) && token.text.includes(".");
    // "Redis 升级到 7.0": the lexer reads "升级" and "到" apart.
    const spelledChange = previous?.value === "到" && CHANGE_STEMS.has(String(tokens[i - 2]?.value)) && token.text.includes(".");
    // "MySQL RDS 8.0": the product's name may stand between the engine and its version.
    const productBetween = previous?.kind === "name" && previous.of === "product" && tokens[i - 2]?.of === "engine";
    const engine = spelledChange ? tokens[i - 3] : changed || productBetween ? tokens[i - 2] : previous;
    const named = engine?.kind === "name" && (engine.of === "engine" || engine.of === "image");
    const filler = previous && VERSION_FILLERS.has(String(previous.value)) ? tokens[i - 2] : previous;
    const worded = filler !== undefined && VERSION_WORDS.has(String(filler.value));
    const digits = token.text.split(".")[0] ?? "";
    const versionShaped = digits.length <= 2 || /^20\d\d$/.test(digits);
    if ((named && versionShaped) || worded) {
      token.kind = "version";
      token.value = token.text.trim();
    }
  }
}

/** "ECS x 2", "2 x ecs.c7.xlarge": a number beside a lone "x" is a count; the "x" joins it. */
function markMultipliers(tokens: Token[], input: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    const next = tokens[i + 1];
    if (token.kind === "word" && token.value === "x" && isBareInteger(next) && next) {
      out.push({ ...next, kind: "count", start: token.start, text: input.slice(token.start, next.end) });
      i += 1;
    } else if (isBareInteger(token) && next?.kind === "word" && next.value === "x") {
      out.push({ ...token, kind: "count", end: next.end, text: input.slice(token.start, next.end) });
      i += 1;
    } else out.push(token);
  }
  return out;
}

/** Words that name a certificate, then what may stand before its id ("cert id: 1234-cn-hangzhou", "证书 ID 1234…"). */
const CERTIFICATE_WORDS = new Set(["cert", "certificate", "证书"]);
const CERTIFICATE_FILLERS = new Set(["id", ":", "=", "：", "is"]);
/** How many tokens one id may span ("1234567-cn-hangzhou": a number, a hyphen and a region). */
const MAX_ID_TOKENS = 12;

/**
 * "cert 1234567-cn-hangzhou": the id the words split into a number, a hyphen and a region is one id
 * (the check once read "12345" as a port and the region as the stack's); joined when its parts touch.
 */
function joinCertificateIds(tokens: Token[], input: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    out.push(token);
    if (token.kind !== "word" || !CERTIFICATE_WORDS.has(String(token.value))) continue;
    let first = i + 1;
    while (first < i + 3 && CERTIFICATE_FILLERS.has(String(tokens[first]?.value ?? "").toLowerCase())) first += 1;
    let last = first;
    while (
      last + 1 < tokens.length &&
      last - first < MAX_ID_TOKENS &&
      tokens[last + 1]?.start === tokens[last]?.end &&
      // "(https, cert 123456-cn-hangzhou)": a bracket after the id ends it.
      !isPunctuation(tokens[last + 1], ",", "，", ";", "。", ")", "）", "]")
    )
      last += 1;
    const start = tokens[first]?.start;
    const end = tokens[last]?.end;
    if (start === undefined || end === undefined || !WHOLE_CERTIFICATE_ID.test(input.slice(start, end))) continue;
    for (let filler = i + 1; filler < first; filler += 1) out.push(tokens[filler] as Token);
    const text = input.slice(start, end);
    out.push({ kind: "resourceId", of: "certificate", value: text, text, start, end });
    i = last;
  }
  return out;
}

/** What may stand between "scale" and "to": "scale it to 4", "scale out to 6". */
const SCALE_FILLERS = new Set(["it", "them", "out", "up", "down", "in"]);

/** "scale it to 4": how many servers, not a port or a size (edit/template-edit.ts reads the same). */
function markScaledCounts(tokens: Token[]): void {
  for (let i = 2; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (!isBareInteger(token) || Number(token.value) > MAX_PLAIN_COUNT || tokens[i - 1]?.value !== "to") continue;
    const verb = SCALE_FILLERS.has(String(tokens[i - 2]?.value)) ? tokens[i - 3] : tokens[i - 2];
    if (verb?.value === "scale") token.kind = "count";
  }
}

/** The most a plain number before a product's noun counts ("4 nodes", "3 ECS"): more is a port or a size. */
const MAX_PLAIN_COUNT = 50;

/** A product's noun right after a number, an image and its version between at most ("3 Ubuntu 22.04 boxes"). */
function productAhead(tokens: readonly Token[], index: number): boolean {
  let ahead = index + 1;
  if (tokens[ahead]?.kind === "name" && tokens[ahead]?.of === "image") ahead += 1;
  if (ahead > index + 1 && (tokens[ahead]?.kind === "number" || tokens[ahead]?.kind === "version")) ahead += 1;
  return tokens[ahead]?.kind === "name" && tokens[ahead]?.of === "product";
}

const RANGE_OPENERS = new Set(["between", "from"]);

/** "(2 of them, no public IPs)": a number in brackets said of the noun before them. */
const OF_THEM = new Set(["them", "those", "these"]);

/** "Web tier — 4 nodes", "3 ECS", "ECS instances (2 of them)": a plain number right before a product's noun, or bracketed after it, is how many of it. */
function markPlainCounts(tokens: Token[]): void {
  for (const [index, token] of tokens.entries()) {
    const next = tokens[index + 1];
    const ofThem = isPunctuation(tokens[index - 1], "(") && next?.value === "of" && OF_THEM.has(String(tokens[index + 2]?.value));
    if (!isBareInteger(token) || !/^\d{1,2}$/.test(token.text) || (!ofThem && !productAhead(tokens, index))) continue;
    // "between 2 and 6 instances", "from 2 to 6 servers": a range of counts (a scaling group's), not how many.
    const joined = tokens[index - 1];
    if ((joined?.value === "and" || joined?.value === "to") && tokens[index - 2]?.kind === "number" && RANGE_OPENERS.has(String(tokens[index - 3]?.value)))
      continue;
    if (Number(token.value) < 1 || Number(token.value) > MAX_PLAIN_COUNT) continue;
    token.kind = "count";
  }
}

/** "key pair my-key": the pair of a key pair is no count of two. */
function unmarkKeyPairs(tokens: Token[]): void {
  for (const [index, token] of tokens.entries()) {
    if (token.kind === "count" && token.value === 2 && token.text.toLowerCase() === "pair" && tokens[index - 1]?.value === "key") {
      token.kind = "word";
      token.value = "pair";
    }
  }
}

/** "分别", "区别", "特别", "级别": 别 inside a word is no "don't". */
const BIE_WORDS = new Set(["分", "区", "特", "类", "级", "识", "告", "性", "个", "差"]);

function unmarkWordNegations(tokens: Token[], input: string): void {
  for (const token of tokens)
    if (token.kind === "negation" && token.text === "别" && BIE_WORDS.has(input[token.start - 1] ?? "")) {
      token.kind = "word";
      token.value = "别";
    }
}

const ZONE_WORDS = new Set(["zone", "zones", "可用区"]);
const LETTER_JOINS = new Set(["and", ",", "和", "、", "&", "/"]);

/** "杭州 H 区", "zone H", "zones H and I": a letter of a zone in the request's region is that zone (read/zone-letters.ts reads the same). */
function markZoneLetters(tokens: Token[]): void {
  // Without a region no zone id is guessed: the letter stays a zone of its own, for the check to name as not expressed.
  const region = tokens.find((token) => token.kind === "region")?.value;
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== "word" || !/^[a-z]$/.test(String(token.value))) continue;
    const next = tokens[index + 1];
    const previous = tokens[index - 1];
    const listed = previous !== undefined && LETTER_JOINS.has(String(previous.value)) && tokens[index - 2]?.kind === "zone";
    // "可用区 H": the lexer reads 可用区 one character at a time.
    const spelled = previous?.value === "区" && tokens[index - 2]?.value === "用";
    // "in different zones (h and i)": a bracket may stand between the zone word and its letter.
    const bracketed = previous?.kind === "punctuation" && /^[(（]$/.test(previous.text) && ZONE_WORDS.has(String(tokens[index - 2]?.value));
    const named = next?.value === "区" || (previous !== undefined && ZONE_WORDS.has(String(previous.value))) || spelled || listed || bracketed;
    if (!named) continue;
    token.kind = "zone";
    token.value = region === undefined ? String(token.value) : `${String(region)}-${String(token.value)}`;
  }
}

/** Words beside "auto scaling" that make it a database's storage growing by itself, not an ESS group. */
const STORAGE_SCALING_WORDS = new Set(["storage", "space", "disk", "rds", "database", "db"]);
/** How many tokens either way those words may be. */
const STORAGE_SCALING_REACH = 4;

/** "storage autoscaling up to 1TB", "RDS autoscaling to 500GB": no ESS scaling group (kinds/rds/storage-autoscale.ts builds it). */
function unmarkStorageScaling(tokens: Token[]): void {
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== "name" || token.of !== "product" || token.value !== "ess" || !/^auto/i.test(token.text)) continue;
    const around = tokens.slice(Math.max(0, index - STORAGE_SCALING_REACH), index + STORAGE_SCALING_REACH + 1);
    const ahead = tokens.slice(index + 1, index + STORAGE_SCALING_REACH + 1);
    const storage = around.some(
      (other) => (other.kind === "word" && STORAGE_SCALING_WORDS.has(String(other.value))) || (other.of === "product" && other.value === "rds"),
    );
    if (!storage && !ahead.some((other) => other.kind === "size")) continue;
    token.kind = "word";
    token.value = token.text.toLowerCase();
    delete token.of;
  }
}

/** "a classic 3-tier app", "two-tier": how an application is layered, no count of anything the template holds. */
const TIER_WORDS = new Set(["tier", "tiers", "layer", "layers"]);

function unmarkTiers(tokens: Token[]): void {
  for (const [index, token] of tokens.entries()) {
    const dash = tokens[index + 1]?.value === "-" ? 2 : 1;
    if ((token.kind === "number" || token.kind === "count") && dash === 2 && TIER_WORDS.has(String(tokens[index + dash]?.value))) {
      token.kind = "word";
      token.value = token.text.toLowerCase();
    }
  }
}

/** "jump server + 4 workers", "3 backends c7.large": workers (backends) counted are servers (a token rule, not a look-behind in the nouns' pattern). */
const WORKER_WORDS = new Set(["worker", "workers", "backends"]);

/** "3 台 master 4核8G": 台 is the measure word of machines, so the word it counts is a server's role (round thirteen: the three were dropped). */
const MACHINE_MEASURE = /台$/;
/** "1 master (4c8g) + 3 workers": counted masters are servers (round thirteen: the master was dropped), unless a database is near ("1 master and 2 read replicas"). */
const MASTER_WORDS = new Set(["master", "masters"]);
const DATABASE_NEAR = 5;
const isDatabaseWord = (token: Token | undefined) =>
  (token?.kind === "name" && (token.of === "engine" || (token.of === "product" && (token.value === "rds" || token.value === "redis")))) ||
  /^(?:replicas?|read-only|readonly|database|db|slaves?)$/i.test(token?.text ?? "");

function nearDatabase(tokens: readonly Token[], index: number): boolean {
  for (let at = Math.max(0, index - DATABASE_NEAR); at <= index + DATABASE_NEAR; at += 1) if (isDatabaseWord(tokens[at])) return true;
  return false;
}

/** A size or type right after a word, or in a bracket after it ("api (4c8g)", "web 2c4g"). */
function isSpecAfter(next: Token | undefined, afterNext: Token | undefined): boolean {
  const spec = (token: Token | undefined) => token?.kind === "compute" || token?.kind === "instanceType";
  return spec(next) || (next?.kind === "punctuation" && /^[(（]$/.test(next.text) && spec(afterNext));
}

function markCountedWorkers(tokens: Token[]): void {
  for (const [index, token] of tokens.entries()) {
    const count = tokens[index - 1];
    const counted = (count?.kind === "number" || count?.kind === "count") && Number(count.value) >= 1 && Number(count.value) <= MAX_PLAIN_COUNT;
    const byMeasure = count?.kind === "count" && MACHINE_MEASURE.test(count.text) && /^[a-z][a-z-]{1,20}$/i.test(token.text);
    const master = MASTER_WORDS.has(String(token.value)) && !nearDatabase(tokens, index);
    // "2 web (2c4g), 3 api (4c8g)": a counted server role with its size after it (round thirteen: the api servers were dropped).
    const sized = SERVER_ROLES.has(String(token.value)) && isSpecAfter(tokens[index + 1], tokens[index + 2]);
    if (token.kind === "word" && (WORKER_WORDS.has(String(token.value)) || master || byMeasure || sized) && counted) {
      token.kind = "name";
      token.of = "product";
      token.value = "ecs";
    }
  }
}

/**
 * "3 x app (ecs.c7.xlarge)", "web x3", "2× api": a multiplier next to a server role is that many
 * servers, though no server noun is written (round seven: "3 x app" built one). Only roles of
 * servers: "cache x1", "db x1" name other products, "100GB x 2" a size.
 */
const SERVER_ROLES = new Set([
  "app",
  "apps",
  "web",
  "api",
  "apis",
  "backend",
  "backends",
  "frontend",
  "frontends",
  "service",
  "services",
  "scheduler",
  "schedulers",
  "runner",
  "runners",
  "nginx",
  "tomcat",
  "jenkins",
]);
const isMultiplier = (token: Token | undefined) =>
  token?.kind === "count" && /[x×*]/i.test(token.text) && Number(token.value) >= 1 && Number(token.value) <= MAX_PLAIN_COUNT;

/** Roles whose multipliers list servers by role ("api x2, worker x1, scheduler x1" is a role list the count readers sum). */
const LISTED_ROLES = new Set([...SERVER_ROLES, "worker", "workers"]);

function markRoleMultipliers(tokens: Token[]): void {
  const counted = tokens.filter(
    (token, index) => token.kind === "word" && LISTED_ROLES.has(String(token.value)) && (isMultiplier(tokens[index - 1]) || isMultiplier(tokens[index + 1])),
  );
  // Two roles or more with multipliers are a role list, read as one (read/count-forms.ts and the check's role counts).
  const [only] = counted;
  if (counted.length !== 1 || !only || !SERVER_ROLES.has(String(only.value))) return;
  only.kind = "name";
  only.of = "product";
  only.value = "ecs";
}

export function refineTokens(tokens: Token[], input: string): Token[] {
  unmarkKeyPairs(tokens);
  unmarkTiers(tokens);
  markCountedWorkers(tokens);
  unmarkStorageScaling(tokens);
  unmarkWordNegations(tokens, input);
  // "1 db server (self-hosted MySQL, no RDS)": a server, not a database to buy (self-hosted.ts).
  markOwnDatabases(tokens);
  markZoneLetters(tokens);
  const counted = markMultipliers(joinCertificateIds(tokens, input), input);
  markRoleMultipliers(counted);
  // Versions first: "MySQL 8.0 database", "Postgres 15 DB" name a version, not how many.
  markVersions(counted);
  markPlainCounts(counted);
  markScaledCounts(counted);
  markPorts(counted);
  return counted;
}
