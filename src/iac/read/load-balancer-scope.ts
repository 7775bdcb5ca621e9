/**
 * Which load balancers a request asks to keep inside the VPC: "an internal SLB", "内网 SLB",
 * "私网负载均衡", "a VPC-only load balancer", and the forms written after the noun, "an SLB
 * (intranet)". Read from the lexer's tokens, so the generator (which builds the
 * SLB intranet) and the check (which flags an internet SLB where an internal one was asked) read
 * the same words the same way. A cue before the noun counts only within its own noun phrase: "2
 * private servers behind an SLB" says nothing of the SLB.
 */
import { INSIDE_WORDS } from "./port-scopes";
import type { Token } from "./token";

/** Tokens that end a noun phrase before the load balancer: prepositions and conjunctions. */
const PHRASE_BREAKS = new Set(["behind", "for", "with", "and", "to", "from", "in", "on", "of", "at", "via", "or", "plus", "和", "给", "在"]);
/** How far before the noun its adjectives may stand ("an internal TCP load balancer"). */
const BEFORE_REACH = 3;
/** How many tokens a parenthesis after the noun may hold ("SLB (intranet, TCP)"). */
const PARENTHESIS_REACH = 6;

const isBreak = (token: Token | undefined) =>
  token === undefined || token.kind === "punctuation" || (token.of === "product" && token.value !== "vpc") || PHRASE_BREAKS.has(String(token.value));

/** "internal", "内网", "私网" (a VPC's own name), "intranet-facing". */
function insideWord(token: Token): boolean {
  if (token.of === "product" && token.value === "vpc") return token.text === "私网";
  const word = String(token.value);
  return INSIDE_WORDS.has(word) || (/-(?:facing|only)$/.test(word) && INSIDE_WORDS.has(word.replace(/-(?:facing|only)$/, "")));
}

/** "VPC only", "vpc-only" before the noun. */
function vpcOnly(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (token?.of !== "product" || token.value !== "vpc") return false;
  const next = tokens[index + 1]?.value === "-" ? tokens[index + 2] : tokens[index + 1];
  return next?.value === "only";
}

function cueBefore(tokens: readonly Token[], index: number): boolean {
  for (let back = 1; back <= BEFORE_REACH; back += 1) {
    const token = tokens[index - back];
    if (token && (insideWord(token) || vpcOnly(tokens, index - back))) return true;
    if (token?.value === "-" || token?.value === "only") continue;
    if (isBreak(token)) return false;
  }
  return false;
}

/** "an SLB (intranet)", "负载均衡（内网）": a parenthesis right after the noun. */
function cueAfter(tokens: readonly Token[], index: number): boolean {
  if (tokens[index + 1]?.value !== "(") return false;
  for (let ahead = 2; ahead <= PARENTHESIS_REACH + 1; ahead += 1) {
    const token = tokens[index + ahead];
    if (!token || token.value === ")") return false;
    if (insideWord(token)) return true;
  }
  return false;
}

/** The indexes of the load balancer nouns the request asks to be internal. */
export function internalLoadBalancers(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  for (const [index, token] of tokens.entries())
    if (token.of === "product" && token.value === "slb" && (cueBefore(tokens, index) || cueAfter(tokens, index))) out.push(index);
  return out;
}
