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

/** "swap the SLB to internal", "SLB 改成内网": a change word between the noun and the scope. */
const CHANGE_TO = new Set(["to", "into", "改成", "改为", "换成", "改到"]);

/** "an SLB (intranet)", "负载均衡（内网）": a parenthesis right after the noun; "the SLB to internal", "SLB 改成内网": a change to the scope. */
function cueAfter(tokens: readonly Token[], index: number): boolean {
  if (CHANGE_TO.has(String(tokens[index + 1]?.value))) {
    const scope = /^an?$/.test(String(tokens[index + 2]?.value)) ? tokens[index + 3] : tokens[index + 2];
    return scope !== undefined && insideWord(scope);
  }
  if (tokens[index + 1]?.value !== "(") return false;
  for (let ahead = 2; ahead <= PARENTHESIS_REACH + 1; ahead += 1) {
    const token = tokens[index + ahead];
    if (!token || token.value === ")") return false;
    if (insideWord(token)) return true;
  }
  return false;
}

/** Words that pick one load balancer of several named before: "one internal", "the other public", "a second internal". */
const ORDINALS = new Set(["one", "other", "another", "second", "first", "一个", "另一个"]);
const PUBLIC_WORDS = new Set(["public", "internet", "internet-facing", "external", "公网"]);
const isPort = (value: string | number) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 65535;
const SENTENCE_ENDS = new Set([".", ";", "；", "。", "\n"]);

/** One load balancer picked by an ordinal: where its scope word is, whether it is internal, and the ports its clause names. */
interface OrdinalScope {
  index: number;
  internal: boolean;
  ports: number[];
}

/**
 * "2 SLBs: one public for web on 443, one internal for api on 8080": after load balancers are named,
 * an ordinal and a scope word pick one of them, and the ports written after it (to the next pick or
 * the sentence's end) are its listeners. In one pass (a sentence end forgets the load balancers
 * named before it).
 */
function ordinalScopes(tokens: readonly Token[]): OrdinalScope[] {
  const out: OrdinalScope[] = [];
  let named = false;
  let open: OrdinalScope | undefined;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === "punctuation" && SENTENCE_ENDS.has(String(token.value))) {
      named = false;
      open = undefined;
    }
    // "Public SLB (443) + internal SLB (6379)": a scope word right before the noun picks that one.
    if (token.of === "product" && token.value === "slb") {
      const scope = tokens[index - 1];
      const internal = scope !== undefined && insideWord(scope);
      if (scope && (internal || PUBLIC_WORDS.has(String(scope.value)))) {
        open = { index: index - 1, internal, ports: [] };
        out.push(open);
      }
      named = true;
      continue;
    }
    if (open && (token.kind === "port" || (token.kind === "number" && tokens[index - 1]?.value === "(" && isPort(token.value))))
      open.ports.push(Number(token.value));
    const before = tokens[index - 1];
    const ordinal = before !== undefined && (ORDINALS.has(String(before.value)) || (before.kind === "count" && before.value === 1));
    if (!named || !ordinal || tokens[index + 1]?.value === "slb") continue;
    const internal = insideWord(token);
    if (!internal && !PUBLIC_WORDS.has(String(token.value))) continue;
    open = { index, internal, ports: [] };
    out.push(open);
  }
  return out;
}

/** The indexes of the load balancer nouns (or ordinal scope words) the request asks to be internal. */
export function internalLoadBalancers(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  for (const [index, token] of tokens.entries())
    if (token.of === "product" && token.value === "slb" && (cueBefore(tokens, index) || cueAfter(tokens, index))) out.push(index);
  return [...out, ...ordinalScopes(tokens).flatMap((scope) => (scope.internal ? [scope.index] : []))];
}

/** The load balancers a request scopes one by one, in its order, when it mixes public and internal ones; undefined otherwise. */
function mixedScopes(tokens: readonly Token[]): OrdinalScope[] | undefined {
  const scopes = ordinalScopes(tokens);
  return scopes.some((scope) => scope.internal) && scopes.some((scope) => !scope.internal) ? scopes : undefined;
}

/** Which of the load balancers are internal when the request mixes them ("one public …, one internal …": the second). */
export function mixedInternalPositions(tokens: readonly Token[]): number[] | undefined {
  return mixedScopes(tokens)?.flatMap((scope, position) => (scope.internal ? [position] : []));
}

/** The ports each load balancer of a mixed request listens on ("one public for web on 443, one internal for api on 8080": [[443], [8080]]). */
export function mixedListenerPorts(tokens: readonly Token[]): number[][] | undefined {
  const scopes = mixedScopes(tokens);
  return scopes?.every((scope) => scope.ports.length > 0) ? scopes.map((scope) => scope.ports) : undefined;
}

/** The ports each mixed pick's clause names, with its scope ("8080" of "one internal for api on 8080" is internal), for the check. */
export function mixedPortScopes(tokens: readonly Token[]): Array<{ port: number; internal: boolean; text: string }> {
  return (mixedScopes(tokens) ?? []).flatMap((scope) => scope.ports.map((port) => ({ port, internal: scope.internal, text: String(port) })));
}

/** How many load balancers a mixed request picks ("Public SLB (443) + internal SLB (6379)": 2); 0 when it does not mix them. */
export function mixedLoadBalancerCount(tokens: readonly Token[]): number {
  return mixedScopes(tokens)?.length ?? 0;
}
