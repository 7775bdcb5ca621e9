/**
 * "ICMP from anywhere", "allow ping from 10.0.0.0/8", "允许 ping": ICMP has no port, so the port
 * grammars never see it and a request for it went missing (round seven: "Security group only: ICMP
 * from anywhere, 22 from 10.0.0.0/8" built no ICMP rule and the check said all values were there).
 * Read from the lexer's tokens (the vocabulary names "icmp" and "ping" the ICMP protocol), so the
 * generator and the check (token-places.ts) read the same words: the sources written in the
 * protocol's own clause, or the Internet for "from anywhere"; none written keeps ICMP inside the VPC,
 * like SSH. One pass over the tokens.
 */
import type { Token } from "./token";

/** Words that stop a clause: what is said of ICMP in one clause is not said of the next. */
const CLAUSE_ENDS: ReadonlySet<string> = new Set([",", "，", ";", "；", ".", "。", "\n", "!", "?"]);
/** Words that give ICMP the whole Internet. */
const ANYWHERE_WORDS: ReadonlySet<string> = new Set(["anywhere", "everywhere", "everyone", "internet", "world", "public", "所有人", "公网", "任何地方"]);
/** Words before the protocol that ask it away: "no ping", "block ICMP", "禁止 ping". */
const REFUSALS: ReadonlySet<string> = new Set(["no", "not", "block", "deny", "disable", "disallow", "without", "禁止", "不要", "关闭", "禁用", "不允许"]);
/** How many tokens back a refusal still speaks of the protocol ("don't allow ping"). */
const REFUSAL_REACH = 2;

export const INTERNET = "0.0.0.0/0";
/** The words the vocabulary reads as the ICMP protocol: a cheap test before the lexer runs. */
export const ICMP_WORDS = /\bicmp\b|\bping\b/i;

export const isIcmp = (token: Token | undefined) => token?.kind === "name" && token.of === "protocol" && token.value === "icmp";
const isClauseEnd = (token: Token) => token.kind === "punctuation" && CLAUSE_ENDS.has(String(token.value));

function refused(tokens: readonly Token[], index: number): boolean {
  for (let back = index - 1; back >= Math.max(0, index - REFUSAL_REACH); back -= 1) {
    const token = tokens[back] as Token;
    if (token.kind === "negation" || REFUSALS.has(String(token.value).toLowerCase())) return true;
  }
  return false;
}

/** What one mention of ICMP asks: refused ("no ping"), or allowed from the sources of its clause (empty: none written). */
export interface IcmpAsk {
  refused: boolean;
  sources: string[];
  /** The index of the token that ends the clause (or the token count). */
  end: number;
}

/** What the ICMP token at `index` asks, read to the end of its clause. */
export function icmpAsk(tokens: readonly Token[], index: number): IcmpAsk {
  const sources = new Set<string>();
  let at = index + 1;
  for (; at < tokens.length && !isClauseEnd(tokens[at] as Token); at += 1) {
    const token = tokens[at] as Token;
    // "allow ping from 10.0.0.0/8 and SSH from X": once a source is read, a port or another protocol starts another rule.
    if (sources.size > 0 && (token.kind === "port" || token.kind === "portRange" || (token.kind === "name" && token.of === "protocol"))) break;
    if (token.kind === "cidr") sources.add(String(token.value));
    else if (token.kind === "address") sources.add(`${String(token.value)}/32`);
    else if (ANYWHERE_WORDS.has(String(token.value).toLowerCase())) sources.add(INTERNET);
  }
  return { refused: refused(tokens, index), sources: [...sources], end: at };
}

/**
 * The sources ICMP is asked for from: each range written in its clause (an address as /32), the
 * Internet for "from anywhere"; an empty list when it is asked for without a source (the VPC's range
 * then); undefined when the request does not ask for ICMP.
 */
export function icmpSources(tokens: readonly Token[]): string[] | undefined {
  let sources: Set<string> | undefined;
  let index = 0;
  while (index < tokens.length) {
    if (!isIcmp(tokens[index])) {
      index += 1;
      continue;
    }
    const ask = icmpAsk(tokens, index);
    if (!ask.refused) {
      sources ??= new Set();
      for (const source of ask.sources) sources.add(source);
    }
    index = ask.end;
  }
  return sources ? [...sources] : undefined;
}
