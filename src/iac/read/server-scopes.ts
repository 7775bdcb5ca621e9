/**
 * "2 ubuntu boxes 2c4g, one public with 10Mbps, one private", "两台服务器，一台公网一台内网": servers
 * picked one by one by an ordinal and a scope word, when the request names no load balancer (those
 * picks are the load balancers', read/load-balancer-scope.ts). The generator gives a public address
 * to the public picks only (generate/apply-values.ts); the check counts the servers that have one
 * (check/token-places.ts). Read from the lexer's tokens, by both. One pass: linear.
 */
import type { Token } from "./token";

const ORDINALS = new Set(["one", "other", "another", "一台", "另一台"]);
const PUBLIC = /^(?:public|internet[- ]facing|公网)$/i;
const PRIVATE = /^(?:private|internal|内网|私网)$/i;

export interface ServerScopes {
  /** How many servers are picked public ("one public"). */
  publicCount: number;
  /** How many are picked private. */
  privateCount: number;
  /** Where each pick's scope word is, in the tokens (a set: the check looks each word up). */
  picks: ReadonlySet<number>;
}

/** Read once per token list: the check asks for every word of a request, which stays linear so. */
const read = new WeakMap<readonly Token[], ServerScopes | null>();

/** The servers picked public and private, when the request picks both and names servers but no load balancer; undefined otherwise. */
export function serverScopes(tokens: readonly Token[]): ServerScopes | undefined {
  const known = read.get(tokens);
  if (known !== undefined) return known ?? undefined;
  const scopes = readScopes(tokens);
  read.set(tokens, scopes ?? null);
  return scopes;
}

function readScopes(tokens: readonly Token[]): ServerScopes | undefined {
  let servers = false;
  let publicCount = 0;
  let privateCount = 0;
  const picks = new Set<number>();
  for (const [index, token] of tokens.entries()) {
    if (token.kind === "name" && token.of === "product" && token.value === "slb") return undefined;
    if (token.kind === "name" && token.of === "product" && token.value === "ecs") servers = true;
    const before = tokens[index - 1];
    const ordinal =
      before !== undefined && (ORDINALS.has(String(before.value)) || ORDINALS.has(before.text) || (before.kind === "count" && before.value === 1));
    if (!servers || !ordinal) continue;
    if (PUBLIC.test(token.text)) publicCount += 1;
    else if (PRIVATE.test(token.text)) privateCount += 1;
    else continue;
    picks.add(index);
  }
  return publicCount > 0 && privateCount > 0 ? { publicCount, privateCount, picks } : undefined;
}
