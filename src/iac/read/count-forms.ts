/**
 * The count forms engineers write (issue 27 item 6): a multiplier ("2x ecs.c7.xlarge", "ECS ×3"),
 * a list of roles each with its multiplier ("api x2, worker x1, scheduler x1" is four servers), a
 * Chinese measure word before a size with no noun ("2台 4核16G" is two servers of that size), and
 * a per-server quantifier after its noun ("an EIP each", "每台一个 EIP", "各配一个公网 IP").
 * When the lexer of issue 27 item 7 lands (read/lexer.ts), these read its count tokens instead of
 * the raw text; each function here takes the whole request, so the switch is in this file only.
 * Linear: each pattern is one bounded pass.
 */

/** "2x", "x2", "×3", "3×": a count written as a multiplier token. */
const MULTIPLIER = /^(?:(\d{1,3})\s?[x×*]|[x×*]\s?(\d{1,3}))$/i;

export function multiplierCount(token: string): number | undefined {
  const match = MULTIPLIER.exec(token);
  const count = match?.[1] ?? match?.[2];
  return count ? Number(count) : undefined;
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

/** "2台 4核16G", "两台8核32G": servers counted by a measure word before a CPU/memory size, with no noun. */
const MEASURED_SPEC = /(\d{1,2}|[一二两俩三四五六七八九十])\s{0,2}台\s{0,2}(?:\d{1,3}\s{0,2}(?:核|c|vcpu)\s{0,2}\d{1,4}\s{0,2}(?:g|gb|gib))/i;

const CHINESE_COUNT: Record<string, number> = { 一: 1, 二: 2, 两: 2, 俩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

export function measuredSpecCount(text: string): number | undefined {
  const written = MEASURED_SPEC.exec(text)?.[1];
  if (!written) return undefined;
  return /^\d/.test(written) ? Number(written) : CHINESE_COUNT[written];
}

/**
 * An EIP asked for every server: "each with an EIP", "an EIP for every instance", "an EIP each",
 * "EIPs per server", "每台都有公网 IP", "各配一个 EIP". Bounded gaps.
 */
export const EIP_PER_SERVER =
  /\b(?:each|every|per)\b[^.;\n]{0,24}?\b(?:eips?|elastic ips?|public ips?)\b|\b(?:eips?|elastic ips?|public ips?)\s{1,3}(?:(?:for|on)\s{1,3}(?:each|every)\b|each\b|apiece\b|per\s{1,3}(?:server|instance|host|vm|node|machine)s?\b)|每台[^，。；\n]{0,12}?(?:eip|公网\s?ip|弹性公网\s?ip)|各(?:自)?(?:配|带|绑定?|挂)?(?:一个|1个)?\s{0,2}(?:eip|公网\s?ip|弹性公网\s?ip)/i;
