/**
 * Sizes said of each role (round eleven): "one bastion (t6 2c2g) with EIP 2Mbps and 4 app servers
 * 4c16g" gives the bastion its 2 vCPU / 2 GiB and the app servers their 4 vCPU / 16 GiB. Every
 * server shared the first pair's type, and the check flagged the second. A pair (the lexer's compute
 * token and the size after it) belongs to the server noun nearest before it in its clause; a "t6" or
 * "burstable" between them asks for the burstable type. Each pair looks back a few tokens: linear.
 */
import { BASTION } from "./server-roles";
import type { Token } from "./token";

export interface RoleSize {
  vcpus: number;
  memoryGib: number;
  burstable: boolean;
  /** The pair as written, spaces dropped and lower-cased ("2c2g", "4cores8gb", "2核4g"): how the check names it. */
  key: string;
}

/** A written pair's key: the check's value text or the lexer's two tokens, compared alike. */
export const sizeKey = (written: string) => written.replace(/\s+/g, "").toLowerCase();

/** How far back a pair looks for its server noun ("bastion (t6 2c2g)": three tokens). */
const NOUN_REACH = 4;
const BURSTABLE_WORDS = new Set(["t5", "t6", "burstable", "突发性能"]);
const CLAUSE_ENDS = new Set([",", ";", "，", "；", "。", "、"]);

const isServer = (token: Token | undefined) => token?.kind === "name" && token.of === "product" && token.value === "ecs";

/** The pair of the bastion and the pair of the other servers, each the first written. */
export function roleSizes(tokens: readonly Token[]): { bastion?: RoleSize; others?: RoleSize } {
  const sizes: { bastion?: RoleSize; others?: RoleSize } = {};
  for (const [index, token] of tokens.entries()) {
    const memory = tokens[index + 1];
    if (token.kind !== "compute" || memory?.kind !== "size") continue;
    let burstable = false;
    for (let back = 1; back <= NOUN_REACH; back += 1) {
      const before = tokens[index - back];
      if (!before || (before.kind === "punctuation" && CLAUSE_ENDS.has(String(before.value)))) break;
      if (BURSTABLE_WORDS.has(String(before.value).toLowerCase())) burstable = true;
      if (!isServer(before)) continue;
      const size = { vcpus: Number(token.value), memoryGib: Number(memory.value), burstable, key: sizeKey(`${token.text}${memory.text}`) };
      if (BASTION.test(before.text)) sizes.bastion ??= size;
      else sizes.others ??= size;
      break;
    }
  }
  return sizes;
}
