/**
 * "Security group for a k8s node pool", "a VPC for our ACK cluster": a product named after "for"
 * behind another product is what the first one serves, not something asked for; "a NAT gateway … so
 * private servers can reach the internet": a product in a "so …" clause is what the rest is for. Both readers take
 * it from the lexer's tokens: the generator does not name it as unbuilt (request-values.ts), the
 * check does not ask the template for it (check/token-places.ts). Bounded look-back: linear.
 */
import type { Token } from "./token";

/** Words between "for" and the product ("for a", "for our existing"). */
const FILLERS = new Set(["a", "an", "the", "my", "our", "your", "their", "this", "that", "existing", "new", "future"]);
const FOR_WORDS = new Set(["for", "用于", "给"]);
/** How far back the served-by product may stand before "for". */
const OWNER_REACH = 4;

/** The product the token at `index` (a product's name) is what it is for ("security group for web servers": securityGroup); undefined when none. */
export function servedBy(tokens: readonly Token[], index: number): string | undefined {
  let at = index - 1;
  for (let skipped = 0; skipped < 2 && FILLERS.has(String(tokens[at]?.value)); skipped += 1) at -= 1;
  if (!FOR_WORDS.has(String(tokens[at]?.value))) return undefined;
  for (let back = 1; back <= OWNER_REACH; back += 1) {
    const token = tokens[at - back];
    if (!token || token.kind === "punctuation") return undefined;
    if (token.kind === "name" && token.of === "product") return String(token.value);
  }
  return undefined;
}

/** Whether the token at `index` (a product's name) is what a product before it is for. */
export function isPurpose(tokens: readonly Token[], index: number): boolean {
  return servedBy(tokens, index) !== undefined;
}

const SO_REACH = 4;
/** Whether a request names a VPC by id, per token list (read once: a request of many product words stays linear). */
const existingVpc = new WeakMap<readonly Token[], boolean>();

function namesExistingVpc(tokens: readonly Token[]): boolean {
  let known = existingVpc.get(tokens);
  if (known === undefined) {
    known = tokens.some((token) => token.kind === "resourceId" && token.of === "vpc");
    existingVpc.set(tokens, known);
  }
  return known;
}
const SO_WORDS = new Set(["so", "以便", "让"]);

/**
 * Whether the token at `index` stands in a "so (that) …" clause (words only between "so" and it: "so
 * private servers can…") of a request that names a VPC the user has: the servers are already there.
 * Without one ("a NAT gateway so my private ECS instances (2 of them) can reach the internet"), they
 * are built, and asked of the template.
 */
export function inSoClause(tokens: readonly Token[], index: number): boolean {
  if (!namesExistingVpc(tokens)) return false;
  for (let back = 1; back <= SO_REACH; back += 1) {
    const token = tokens[index - back];
    // "so private servers …": an ACL word is the noun's adjective here.
    if (!token || (token.kind !== "word" && !(token.kind === "name" && token.of === "acl"))) return false;
    if (SO_WORDS.has(String(token.value))) return true;
  }
  return false;
}
