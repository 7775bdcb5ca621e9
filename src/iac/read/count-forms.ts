/**
 * The count forms engineers write (issue 27 item 6): a multiplier ("2x ecs.c7.xlarge", "ECS ×3"),
 * a list of roles each with its multiplier ("api x2, worker x1, scheduler x1" is four servers), a
 * Chinese measure word before a size with no noun ("2台 4核16G" is two servers of that size), and
 * a per-server quantifier after its noun ("an EIP each", "每台一个 EIP", "各配一个公网 IP").
 * The multiplier and the measured size read the lexer's tokens (read/lexer.ts, issue 27 item 7);
 * the role list and the per-server quantifier are patterns still (bounded, one pass each).
 */
import { tokenize } from "../kinds/vocabulary";

/** "2x", "x2", "×3", "3×": a count written as a multiplier, read as the lexer's count token (read/lexer.ts). */
export function multiplierCount(word: string): number | undefined {
  if (!/[x×*]/i.test(word)) return undefined;
  const tokens = tokenize(word);
  const [token] = tokens;
  return tokens.length === 1 && token?.kind === "count" && typeof token.value === "number" ? token.value : undefined;
}

/** "api x2", "worker ×1", "scheduler*1": one role of a list, a name and its multiplier. */
const ROLE = /(?:^|[\s,;:，、；：(（])([a-z][a-z0-9_-]{1,20})\s{0,2}[x×*]\s{0,2}(\d{1,2})(?![\d.a-z])/gi;
/** Words that are not roles: units and sizes ("4 vCPU x 2" is not a role list). */
const NOT_ROLE = /^(?:vcpus?|cpus?|cores?|gb|gib|g|tb|mbps|m|port|ports|size|disk|disks)$/i;

/**
 * The servers a role list asks for: "api x2, worker x1, scheduler x1" is 4. Only a list of two roles
 * or more counts (a single "ECS x2" is the noun's own multiplier, read next to the noun).
 */
export function roleListCount(text: string, isNoun: (word: string) => boolean): number | undefined {
  let total = 0;
  let roles = 0;
  for (const match of text.matchAll(ROLE)) {
    const name = match[1] ?? "";
    if (NOT_ROLE.test(name) || isNoun(name)) continue;
    roles += 1;
    total += Number(match[2]);
  }
  return roles >= 2 ? total : undefined;
}

/**
 * "2台 4核16G", "两台8核32G": servers counted by a measure word before a CPU/memory size, with no noun:
 * the lexer's count token (its measure word 台) right before a compute token.
 */
export function measuredSpecCount(text: string): number | undefined {
  const tokens = tokenize(text);
  for (const [index, token] of tokens.entries()) {
    const next = tokens[index + 1];
    if (token.kind === "count" && token.text.includes("台") && next?.kind === "compute" && typeof token.value === "number") return token.value;
  }
  return undefined;
}

/**
 * An EIP asked for every server: "each with an EIP", "an EIP for every instance", "an EIP each",
 * "EIPs per server", "每台都有公网 IP", "各配一个 EIP". Bounded gaps.
 */
export const EIP_PER_SERVER =
  /\b(?:each|every|per)\b[^.;,，\n]{0,24}?(?<!\b(?:no|without|not)\s{1,3})\b(?:eips?|elastic ips?|public ips?)\b|\b(?:eips?|elastic ips?|public ips?)\s{1,3}(?:(?:for|on|to)\s{1,3}(?:each|every)\b|each\b|apiece\b|per\s{1,3}(?:server|instance|host|vm|node|machine)s?\b)|每台[^，。；\n]{0,12}?(?:eip|公网\s?ip|弹性公网\s?ip)|各(?:自)?(?:配|带|绑定?|挂)?(?:一个|1个)?\s{0,2}(?:eip|公网\s?ip|弹性公网\s?ip)/i;
