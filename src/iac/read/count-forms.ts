/**
 * The count forms engineers write (issue 27 item 6): a multiplier ("2x ecs.c7.xlarge", "ECS ×3"),
 * a list of roles each with its multiplier ("api x2, worker x1, scheduler x1" is four servers), a
 * Chinese measure word before a size with no noun ("2台 4核16G" is two servers of that size), and
 * a per-server quantifier after its noun ("an EIP each", "每台一个 EIP", "各配一个公网 IP"), and
 * servers per zone ("one per zone", "每个交换机里放一台").
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
/** Words that are not roles of servers: units and sizes ("4 vCPU x 2" is not a role list), other products ("cache x1", "db x1"). */
const NOT_ROLE =
  /^(?:vcpus?|cpus?|cores?|gb|gib|g|tb|mbps|m|port|ports|size|disk|disks|data|cache|caches|db|dbs|database|databases|lb|lbs|storage|bucket|buckets)$/i;

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
 * "public IPs at 5 Mbps each", "eip 5M each",
 * "EIPs per server", "每台都有公网 IP", "各配一个 EIP". Bounded gaps.
 */
export const EIP_PER_SERVER =
  /\b(?:each|every|per)\b[^.;,，\n]{0,24}?(?<!\b(?:no|without|not)\s{1,3})\b(?:eips?|elastic ips?|public ips?)\b|\b(?:eips?|elastic ips?|public ips?)\s{1,3}(?:(?:(?:at|of|with)\s{1,3})?\d{1,4}\s{0,2}(?:mbps|mb|m)\s{1,3})?(?:(?:for|on|to)\s{1,3}(?:each|every)\b|each\b|apiece\b|per\s{1,3}(?:server|instance|host|vm|node|machine)s?\b)|每台[^，。；\n]{0,12}?(?:eip|公网\s?ip|弹性公网\s?ip)|各(?:自)?(?:配|带|绑定?|挂)?(?:一个|1个)?\s{0,2}(?:eip|公网\s?ip|弹性公网\s?ip)/i;

/** "one per zone", "one server in each vSwitch", "one per subnet": servers in each zone's vSwitch. */
const PER_ZONE_EN =
  /\b(one|two|three|[1-3])\s{1,2}(?:(?:server|instance|ecs|node|vm)s?\s{1,2})?(?:per|in each|in every|each)\s{1,2}(?:availability\s{1,2})?(?:zone|v-?switch|vsw|subnet)\b/i;
/** "每个交换机里放一台", "每个可用区一台 ECS", "每个子网部署 2 台". */
const PER_ZONE_ZH =
  /每个?\s{0,2}(?:可用区|区|交换机|子网|vswitch)\s{0,2}(?:里|中|内|下)?\s{0,2}(?:都|各)?\s{0,2}(?:放|部署|建|创建|挂)?\s{0,2}(一|两|二|三|[1-3])\s{0,2}台/i;
const PER_ZONE_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, 一: 1, 两: 2, 二: 2, 三: 3 };

/** How many servers the request puts in each zone's vSwitch, when it says so. */
export function perZoneServers(text: string): number | undefined {
  const written = (PER_ZONE_EN.exec(text)?.[1] ?? PER_ZONE_ZH.exec(text)?.[1])?.toLowerCase();
  if (written === undefined) return undefined;
  return /^\d$/.test(written) ? Number(written) : PER_ZONE_WORDS[written];
}
