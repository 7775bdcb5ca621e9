/**
 * Sizes said of each role (round eleven): "one bastion (t6 2c2g) with EIP 2Mbps and 4 app servers
 * 4c16g" gives the bastion its 2 vCPU / 2 GiB and the app servers their 4 vCPU / 16 GiB. Every
 * server shared the first pair's type, and the check flagged the second. A pair (the lexer's compute
 * token and the size after it) belongs to the server noun nearest before it in its clause; a "t6" or
 * "burstable" between them asks for the burstable type. Each pair looks back a few tokens: linear.
 */
import { BASTION, type ServerRoles } from "./server-roles";
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

/** Each written pair with the index of its server noun: the nearest before it in its clause, the first of two nouns side by side ("5 worker nodes"). */
function sizedNouns(tokens: readonly Token[]): Array<{ noun: number; size: RoleSize }> {
  const sized: Array<{ noun: number; size: RoleSize }> = [];
  for (const [index, token] of tokens.entries()) {
    const memory = tokens[index + 1];
    if (token.kind !== "compute" || memory?.kind !== "size") continue;
    let burstable = false;
    for (let back = 1; back <= NOUN_REACH; back += 1) {
      const before = tokens[index - back];
      if (!before || (before.kind === "punctuation" && CLAUSE_ENDS.has(String(before.value)))) break;
      if (BURSTABLE_WORDS.has(String(before.value).toLowerCase())) burstable = true;
      if (!isServer(before)) continue;
      const noun = isServer(tokens[index - back - 1]) ? index - back - 1 : index - back;
      sized.push({ noun, size: { vcpus: Number(token.value), memoryGib: Number(memory.value), burstable, key: sizeKey(`${token.text}${memory.text}`) } });
      break;
    }
  }
  return sized;
}

/** The pair of the bastion and the pair of the other servers, each the first written. */
export function roleSizes(tokens: readonly Token[]): { bastion?: RoleSize; others?: RoleSize } {
  const sizes: { bastion?: RoleSize; others?: RoleSize } = {};
  for (const { noun, size } of sizedNouns(tokens)) {
    if (BASTION.test(tokens[noun]?.text ?? "")) sizes.bastion ??= size;
    else sizes.others ??= size;
  }
  return sizes;
}

/** "workers" → "worker", "masters" → "master": a role names one server ("worker-3", `WorkerInstanceType`). */
const singular = (role: string) => (/^[a-z]{3,}[^s]s$/i.test(role) ? role.slice(0, -1) : role);

export interface SizedGroup {
  /** The role word ("master", "web"), as the request writes it. */
  role: string;
  count: number;
  size: RoleSize;
}

/**
 * "3 master nodes 4c8g and 5 worker nodes 8c32g", "2 web servers (2c4g) and 3 app servers (4c16g)",
 * "3 台 master 4核8G，5 台 worker 8核32G" (round thirteen): servers counted by role, each role with its
 * own size. Every group must have a role and a size, and two sizes must differ; else undefined (one
 * size for all, as before).
 */
export function groupSizes(tokens: readonly Token[], roles: ServerRoles | undefined): SizedGroup[] | undefined {
  if (!roles || roles.bastions > 0 || roles.nouns.length < 2 || roles.nouns.length !== roles.groups.length) return undefined;
  const byNoun = new Map<number, RoleSize>();
  for (const { noun, size } of sizedNouns(tokens)) if (!byNoun.has(noun)) byNoun.set(noun, size);
  const groups: SizedGroup[] = [];
  for (const [at, { index, role }] of roles.nouns.entries()) {
    const size = byNoun.get(index);
    const count = roles.groups[at];
    if (!size || role === undefined || count === undefined) return undefined;
    groups.push({ role: singular(role), count, size });
  }
  return new Set(groups.map((group) => group.size.key)).size > 1 ? groups : undefined;
}
