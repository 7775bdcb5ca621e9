/**
 * Which words of a request are said of which port: "open 8080 to the VPC only and 443 to everyone"
 * gives 8080 "to the VPC only" and 443 "to everyone". Read from the lexer's tokens, so the generator
 * (which ports a rule keeps inside the VPC) and the check (which rule must not be open to all) read
 * the same words the same way; each then decides on its own, the check against the template.
 *
 * The grammar: ports listed together ("22 and 8080") form a chain; a chain owns the words after it
 * up to the next chain, a comma or the end of the clause, and, when no chain stands before it since
 * the last comma, the words before it back to that comma ("仅内网开放 8080", "internal only: 8080"). One pass
 * over the tokens.
 */
import type { Token } from "./token";

/** Tokens that end a clause: what is said of a port in one sentence is not said of the next. */
const CLAUSE_ENDS = new Set([".", ";", "!", "?", "\n", "。", "；"]);
/** Where the words before a chain start at the latest: "VPC 10.0.0.0/16 with one ECS, open 8080 …" gives 8080 only "open". */
const SEGMENT_ENDS = new Set([",", "，", "、"]);
/** What may stand between two ports of one chain. */
const CHAIN_GAPS = new Set([",", "/", "&", "and", "or", "和", "及", "或", "以及", "plus", "、", "，"]);
const ONLY_WORDS = new Set(["only", "仅", "只", "仅限", "just", "仅允许", "只允许"]);
export const INSIDE_WORDS: ReadonlySet<string> = new Set(["internal", "intranet", "private", "inside", "within", "internally", "内网", "私网", "内部"]);
/** Words that by themselves keep a port inside: "8080 仅内网访问", "内网开放 8080". */
const INSIDE_ALONE = new Set(["内网", "私网", "内网访问"]);

export interface PortScope {
  /** The ports of the chain. */
  ports: number[];
  /** The words said of them (never another chain's ports). */
  words: readonly Token[];
}

const isClauseEnd = (token: Token) => token.kind === "punctuation" && CLAUSE_ENDS.has(String(token.value));
const isSegmentEnd = (token: Token) => isClauseEnd(token) || (token.kind === "punctuation" && SEGMENT_ENDS.has(String(token.value)));
const isPort = (token: Token | undefined) => token?.kind === "port";

/** Words that open a restriction of what was just said: "…, but only inside the VPC", "，但只允许内网访问". */
const RESTRICTION_OPENERS: ReadonlySet<string> = new Set(["but", "only", "just", "但", "但是", "只", "仅", "仅限", "只允许", "仅允许"]);

/** Where the words from `from` stop: at a comma, a clause end or the next port. */
function wordsEnd(tokens: readonly Token[], from: number): number {
  let end = from;
  while (end < tokens.length && !isSegmentEnd(tokens[end] as Token) && !isPort(tokens[end])) end += 1;
  return end;
}

/** Each chain of ports with the words said of it. */
export function portScopes(tokens: readonly Token[]): PortScope[] {
  const scopes: PortScope[] = [];
  let segmentStart = 0;
  let lastChainSegment = -1;
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] as Token;
    if (isSegmentEnd(token)) segmentStart = index + 1;
    if (!isPort(token)) {
      index += 1;
      continue;
    }
    const ports = [Number(token.value)];
    let last = index;
    for (let next = index + 1; next < tokens.length; next += 1) {
      const candidate = tokens[next] as Token;
      if (isPort(candidate)) {
        ports.push(Number(candidate.value));
        last = next;
      } else if (!CHAIN_GAPS.has(String(candidate.value))) break;
    }
    // The words after a chain end at a comma too: "…后端8080，RDS MySQL，白名单只放VPC" says nothing more of 8080.
    let end = wordsEnd(tokens, last + 1);
    // "open 8443 too, but only inside the VPC": a restriction after the comma, with no port of its own, is still said of the chain.
    const opener = tokens[end + 1];
    if (tokens[end]?.kind === "punctuation" && SEGMENT_ENDS.has(String(tokens[end]?.value)) && opener && RESTRICTION_OPENERS.has(String(opener.value))) {
      const further = wordsEnd(tokens, end + 1);
      if (!isPort(tokens[further])) end = further;
    }
    const leading = lastChainSegment !== segmentStart ? tokens.slice(segmentStart, index) : [];
    lastChainSegment = segmentStart;
    scopes.push({ ports, words: [...leading, ...tokens.slice(last + 1, end)] });
    index = end;
  }
  return scopes;
}

/** Words that give a port its audience: "open 8080 to the VPC", "for the internal network", "开放 8080 给 VPC". */
const AUDIENCE_WORDS = new Set(["to", "for", "给", "对", "向"]);

const isInside = (word: Token | undefined) => word !== undefined && (INSIDE_WORDS.has(String(word.value)) || (word.of === "product" && word.value === "vpc"));

/** "to the VPC", "给 VPC", "for the internal network": the port's audience is the network itself. */
function namesInsideAudience(words: readonly Token[]): boolean {
  return words.some((word, index) => {
    if (!AUDIENCE_WORDS.has(String(word.value))) return false;
    const next = words[index + 1]?.value === "the" ? words[index + 2] : words[index + 1];
    return isInside(next);
  });
}

/** Whether the words keep a port inside the network: "to the VPC only", "internal only", "仅内网", "open 8080 to the VPC". */
export function saysInsideOnly(words: readonly Token[]): boolean {
  if (words.some((word) => word.kind === "cidr" || word.kind === "address")) return false;
  if (words.some((word) => INSIDE_ALONE.has(String(word.value)))) return true;
  if (namesInsideAudience(words)) return true;
  const only = words.some((word) => ONLY_WORDS.has(String(word.value)));
  const inside = words.some(isInside);
  return only && inside;
}

/** The ports a request keeps inside the VPC ("open 8080 to the VPC only"). */
export function insideOnlyPorts(tokens: readonly Token[]): Set<number> {
  return new Set(portScopes(tokens).flatMap((scope) => (saysInsideOnly(scope.words) ? scope.ports : [])));
}

/** "from the same range", "same source", "同样的网段", "相同来源": a source named by reference to one given before. */
const SAME_WORDS = new Set(["same", "同样", "同样的", "相同", "相同的", "同一"]);
const RANGE_WORDS = new Set([
  "range",
  "ranges",
  "source",
  "sources",
  "cidr",
  "cidrs",
  "block",
  "subnet",
  "network",
  "ips",
  "ip",
  "addresses",
  "网段",
  "来源",
  "地址段",
]);

/** Whether the words give the ports a range by reference ("also open 6379 from the same range"). */
export function saysSameRange(words: readonly Token[]): boolean {
  if (words.some((word) => word.kind === "cidr" || word.kind === "address")) return false;
  return words.some((word) => SAME_WORDS.has(String(word.value))) && words.some((word) => RANGE_WORDS.has(String(word.value)));
}

/** The ports given a range by reference, with no range written for them. */
export function sameRangePorts(tokens: readonly Token[]): Set<number> {
  return new Set(portScopes(tokens).flatMap((scope) => (saysSameRange(scope.words) ? scope.ports : [])));
}
