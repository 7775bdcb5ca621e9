/**
 * "a bastion + 2 private app servers", "一台跳板机加两台应用服务器", "a jump box and 3 web servers":
 * a bastion (jump host) is a server of its own beside the servers counted for the other role, so
 * the servers in all are the two counts summed. Read from the lexer's tokens, by the generator
 * (read/generation-request.ts) and by the check (check/check.ts) alike. One pass: linear.
 */
import type { Token } from "./token";

/** A bastion's name: "bastion", "jump box", "堡垒机", "跳板机" (the check tells a bastion's own count by it too). */
export const BASTION = /bastion|jump|堡垒机|跳板机/i;
/** Words that may sit between a count and its server noun ("2 private app servers", "两台应用服务器"). */
const FILLER_REACH = 3;
/** A bare number counts servers only when small: "port 22 servers" is no count. */
const MAX_SERVERS = 50;

/** The count written before the server noun at `index`, if any. */
function countBefore(tokens: readonly Token[], index: number): number | undefined {
  for (let back = 1; back <= FILLER_REACH; back += 1) {
    const token = tokens[index - back];
    if (!token || token.kind === "punctuation" || (token.kind === "name" && token.of === "product")) return undefined;
    if ((token.kind === "count" || token.kind === "number") && typeof token.value === "number" && token.value >= 1 && token.value <= MAX_SERVERS)
      return token.value;
    if (token.kind !== "word" && token.kind !== "name") return undefined;
  }
  return undefined;
}

export interface ServerRoles {
  /** Bastions named (each counted once, or by its own count). */
  bastions: number;
  /** The other servers' counts, summed. */
  others: number;
}

/** Bastions and the other servers' counts, when the request names a bastion beside counted servers; undefined otherwise. */
export function bastionRoles(tokens: readonly Token[]): ServerRoles | undefined {
  let bastions = 0;
  let others = 0;
  let counted = false;
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== "name" || token.of !== "product" || token.value !== "ecs") continue;
    const count = countBefore(tokens, index);
    if (BASTION.test(token.text)) bastions = Math.max(bastions, count ?? 1);
    else if (count !== undefined) {
      others += count;
      counted = true;
    }
  }
  return bastions > 0 && counted ? { bastions, others } : undefined;
}
