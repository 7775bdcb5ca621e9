/**
 * "a bastion + 2 private app servers", "一台跳板机加两台应用服务器", "a jump box and 3 web servers":
 * a bastion (jump host) is a server of its own beside the servers counted for the other role, so
 * the servers in all are the two counts summed; so are servers counted by two roles or more
 * ("api (2 instances), worker (3 instances)"). Read from the lexer's tokens, by the generator
 * (read/generation-request.ts) and by the check (check/check.ts) alike. One pass: linear.
 */
import { isOwnDatabaseServer } from "./self-hosted";
import type { Token } from "./token";

/** A bastion's name: "bastion", "jump box", "堡垒机", "跳板机" (the check tells a bastion's own count by it too). */
export const BASTION = /bastion|jump|堡垒机|跳板机/i;
/** Words that may sit between a count and its server noun ("2 private app servers", "两台应用服务器"). */
const FILLER_REACH = 3;
/** A bare number counts servers only when small: "port 22 servers" is no count. */
const MAX_SERVERS = 50;

export interface ServerRoles {
  /** Bastions named (each counted once, or by its own count). */
  bastions: number;
  /** The other servers' counts, summed. */
  others: number;
  /** Each role's own count, as written ("api (2 instances), worker (3 instances)": 2 and 3). */
  groups: number[];
  /** Each group's server noun (its token index) and role word, beside `groups` ("3 master nodes": the index of "nodes", "master"). */
  nouns: Array<{ index: number; role: string | undefined }>;
}

/** Where a label ends: "Bastion host:", "Web tier —". */
const LABEL_ENDS = new Set([":", "：", "—", "–", "-"]);

/**
 * A noun at the very start of the request, followed by a label's end: "Bastion host: one ECS …". Not
 * when another label follows ("Bastion host: ecs.t6…, EIP. App: 2x ecs.c7.xlarge"): the request lists
 * servers by role then, and the bastion is one of them.
 */
function isLabel(tokens: readonly Token[], index: number): boolean {
  if (index > 1) return false;
  // "Bastion host:": the noun may be two words.
  const next = tokens[index + 1]?.kind === "name" || tokens[index + 1]?.kind === "word" ? index + 2 : index + 1;
  if (!LABEL_ENDS.has(String(tokens[next]?.text))) return false;
  return !tokens.some((token, at) => at > next && token.kind === "punctuation" && /^[:：]$/.test(token.text) && tokens[at - 1]?.kind === "word");
}

/** Server words that name no role: "2 servers" has none, "2 web servers" is the web role's. */
const PLAIN_SERVER = /\b(?:ecs|instances?|servers?|vms?|hosts?|nodes?|machines?|box(?:es)?)\b|服务器|实例|主机/gi;
/** Words between a count and its noun that add servers to those counted before ("2 more ECS", "3 extra servers"). */
const MORE = new Set(["more", "extra", "additional", "other"]);
/** Words before a count that are no role ("need 2 servers", "with 3 instances"). */
const NOT_ROLE = new Set(["a", "an", "the", "and", "with", "plus", "need", "want", "add", "of", "for", "each", "also"]);

/**
 * The role a counted server noun names: its own words ("2 web servers" → web), or the word before
 * the bracket or label the count stands in ("api (2 instances)" → api, "workers: 3 nodes" → workers).
 */
function roleOf(tokens: readonly Token[], nounIndex: number, countIndex: number): string | undefined {
  const own = tokens[nounIndex]?.text.toLowerCase().replace(PLAIN_SERVER, "").trim();
  if (own) return own;
  const opener = tokens[countIndex - 1];
  const label = tokens[countIndex - 2];
  if (opener?.kind === "punctuation" && /^[(（:：—–-]$/.test(opener.text) && (label?.kind === "word" || label?.kind === "name")) {
    const role = label.text.toLowerCase();
    return NOT_ROLE.has(role) ? undefined : role;
  }
  return undefined;
}

/** The index of the count written before the server noun at `index`, if any. */
function countIndexBefore(tokens: readonly Token[], index: number): number | undefined {
  for (let back = 1; back <= FILLER_REACH; back += 1) {
    const token = tokens[index - back];
    if (!token || token.kind === "punctuation" || (token.kind === "name" && token.of === "product")) return undefined;
    if ((token.kind === "count" || token.kind === "number") && typeof token.value === "number" && token.value >= 1 && token.value <= MAX_SERVERS)
      return index - back;
    if (token.kind !== "word" && token.kind !== "name") return undefined;
  }
  return undefined;
}

const RANGE_JOINERS = new Set(["and", "to", "-", "~", "～", "到", "至"]);
/** Tokens that may stand between a server noun and its multiplier: "ECS 4c8g x 2", "ECS ecs.c7.large ×3". */
const SPEC_KINDS = new Set(["compute", "size", "instanceType"]);
/** How many spec tokens may stand between ("4c" and "8g" are two). */
const SPEC_REACH = 3;

/** "应用服务器 4核8G 三台", "堡垒机 2核4G 一台": the index of a count with its measure word after the noun, past its spec. */
function measuredCountAfter(tokens: readonly Token[], index: number): number | undefined {
  for (let ahead = index + 1; ahead <= index + 1 + SPEC_REACH; ahead += 1) {
    const token = tokens[ahead];
    if (token?.kind === "count" && /[台个]$/.test(token.text) && typeof token.value === "number" && token.value <= MAX_SERVERS) return ahead;
    if (!token || !SPEC_KINDS.has(token.kind)) return undefined;
  }
  return undefined;
}

/** "web x3", "ECS 4c8g x 2": the multiplier after the noun, past its spec. */
function multiplierAfter(tokens: readonly Token[], index: number): number | undefined {
  for (let ahead = index + 1; ahead <= index + 1 + SPEC_REACH; ahead += 1) {
    const token = tokens[ahead];
    if (token?.kind === "count" && /[x×*]/i.test(token.text)) return Number(token.value);
    if (!token || !SPEC_KINDS.has(token.kind)) return undefined;
  }
  return undefined;
}

/**
 * The most servers one counted server noun asks for: "4 workers", "3 x app", "web x3" (a
 * multiplier after the noun), read from the tokens where the text's noun patterns see no server.
 */
export function largestServerCount(tokens: readonly Token[]): number {
  let largest = 0;
  for (const [index, token] of tokens.entries()) {
    // "ecs.g7.large x2", "ecs.g7.large x 2": an instance type names the servers as well as their noun does.
    const server = (token.kind === "name" && token.of === "product" && token.value === "ecs") || (token.kind === "instanceType" && token.of === "ecs");
    if (!server) continue;
    const countIndex = countIndexBefore(tokens, index);
    // "auto scaling between 2 and 6 instances", "2-6 instances": a range of counts (a scaling group's), not how many to build.
    if (countIndex !== undefined && RANGE_JOINERS.has(String(tokens[countIndex - 1]?.value)) && tokens[countIndex - 2]?.kind === "number") continue;
    const count = countIndex !== undefined ? Number(tokens[countIndex]?.value) : (multiplierAfter(tokens, index) ?? 0);
    if (count <= MAX_SERVERS) largest = Math.max(largest, count);
  }
  return largest;
}

/**
 * Servers counted by role: a bastion beside counted servers ("a bastion + 2 app servers"), or two
 * roles or more each with its own count ("api (2 instances), worker (3 instances)", "2 web servers
 * and 3 app servers"), or more beside a count ("3 ECS instances and 2 more ECS for batch jobs"):
 * the servers in all are the counts summed. Undefined when the request counts servers of one role
 * only, or counts some with no role beside named roles (which the counts alone read).
 */
export function serverRoles(tokens: readonly Token[]): ServerRoles | undefined {
  let bastions = 0;
  const groups: number[] = [];
  const nouns: ServerRoles["nouns"] = [];
  const roles = new Set<string>();
  let repeated = false;
  let roleless = 0;
  let more = 0;
  // "Bastion host: ecs.t6…. App: 2x ecs.c7.xlarge": servers counted by their type alone, beside a bastion.
  const typed: number[] = [];
  for (const [index, token] of tokens.entries()) {
    if (isServerType(token) && tokens[index - 1]?.kind === "count" && !isBastionNoun(tokens[index - 2])) typed.push(Number(tokens[index - 1]?.value));
    // "ecs.g7.large x2", "ecs.g7.large x 2": an instance type names the servers as well as their noun does.
    const server = (token.kind === "name" && token.of === "product" && token.value === "ecs") || (token.kind === "instanceType" && token.of === "ecs");
    if (!server) continue;
    const countIndex = countIndexBefore(tokens, index) ?? measuredCountAfter(tokens, index);
    const count = countIndex === undefined ? undefined : Number(tokens[countIndex]?.value);
    if (BASTION.test(token.text)) {
      // "Bastion host: one ECS …": a label before the request names the one server, not a server beside it.
      if (!isLabel(tokens, index)) bastions = Math.max(bastions, count ?? 1);
    } else if (count !== undefined && countIndex !== undefined) {
      groups.push(count);
      // "3 ECS instances and 2 more ECS": the more are beside the first; so is "一台做数据库服务器" (the user's own database server, read/self-hosted.ts).
      if (tokens.slice(countIndex + 1, index).some((between) => MORE.has(String(between.value))) || isOwnDatabaseServer(token)) {
        more += 1;
        nouns.push({ index, role: undefined });
      } else {
        const role = roleOf(tokens, index, countIndex);
        nouns.push({ index, role });
        if (role === undefined) roleless += 1;
        else if (roles.has(role)) repeated = true;
        else roles.add(role);
      }
    }
  }
  if (bastions > 0 && groups.length === 0 && typed.length > 0) groups.push(...typed);
  const others = groups.reduce((sum, count) => sum + count, 0);
  if (bastions > 0 && groups.length > 0) return { bastions, others, groups, nouns };
  const byRole = roles.size >= 2 && roleless === 0 && more === 0 && !repeated;
  const withMore = more > 0 && roleless + roles.size === 1 && !repeated;
  return byRole || withMore ? { bastions: 0, others, groups, nouns } : undefined;
}

/** Words between an instance type and the bastion it is for ("ecs.t6-c1m2.large for the jump server"), or the other way ("bastion: ecs.t6…"). */
const TYPE_LINKS = new Set(["for", "on", "as", "the", "a", "our", "of", ":", "(", "is", "uses", "with", "=", "用", "使用", "规格", "规格为", "选", "是"]);
/** How many link words may stand between. */
const TYPE_LINK_REACH = 3;

const isPlainServerNoun = (token: Token) =>
  token.kind === "name" && token.of === "product" && token.value === "ecs" && /^(?:host|server|box|machine|instance|vm)$/i.test(token.text);
const isBastionNoun = (token: Token | undefined) => token?.kind === "name" && token.of === "product" && token.value === "ecs" && BASTION.test(token.text);
const isServerType = (token: Token | undefined) => token?.kind === "instanceType" && token.of === "ecs";

/** The token `step` away past link words, if it is what `wanted` says. */
function linked(tokens: readonly Token[], index: number, step: 1 | -1, wanted: (token: Token | undefined) => boolean): boolean {
  for (let at = index + step, links = 0; links <= TYPE_LINK_REACH; at += step, links += 1) {
    const token = tokens[at];
    if (wanted(token)) return true;
    // "Bastion host: ecs.t6…": a plain server noun after the bastion's name ("host", "server") links too.
    if (!token || !(TYPE_LINKS.has(String(token.value).toLowerCase()) || isPlainServerNoun(token))) return false;
  }
  return false;
}

/**
 * The instance type written for the bastion ("ecs.t6-c1m2.large for the jump server", "bastion:
 * ecs.t6-c1m2.large", "跳板机用 ecs.t6…"): its own, beside the other servers'. One pass.
 */
export function bastionInstanceType(tokens: readonly Token[]): string | undefined {
  for (const [index, token] of tokens.entries()) {
    if (!isServerType(token)) continue;
    if (linked(tokens, index, 1, isBastionNoun) || linked(tokens, index, -1, isBastionNoun)) return String(token.value).toLowerCase();
  }
  return undefined;
}

/** The first server type that is not the bastion's: the other servers' ("ecs.c7.2xlarge for workers, ecs.t6… for the jump server"). */
export function otherServerType(tokens: readonly Token[], bastionType: string): string | undefined {
  const other = tokens.find((token) => isServerType(token) && String(token.value).toLowerCase() !== bastionType);
  return other === undefined ? undefined : String(other.value).toLowerCase();
}

/** Words that give the noun before them a name: "an ECS named web-01", "with the name web-01", "called api-1". */
const NAMING_WORDS = new Set(["named", "called", "name"]);
/** How many tokens back the product a name is for may stand ("an ECS with the name web-01"). */
const NAMED_REACH = 5;

/**
 * The name the request gives its servers ("an ECS named web-01", "one server with the name api-1"):
 * the word after a naming word whose nearest product before it is a server. One pass.
 */
export function serverName(tokens: readonly Token[]): string | undefined {
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== "word" || !NAMING_WORDS.has(String(token.value))) continue;
    const at = tokens[index + 1]?.text === ":" ? index + 2 : index + 1;
    const name = tokens[at];
    if (!name || (name.kind !== "word" && name.kind !== "name") || !/^[a-z0-9][a-z0-9._-]{1,62}$/i.test(name.text)) continue;
    for (let back = index - 1; back >= 0 && back >= index - NAMED_REACH; back -= 1) {
      const product = tokens[back];
      if (product?.kind === "name" && product.of === "product") {
        if (product.value === "ecs") return name.text;
        break;
      }
    }
  }
  return undefined;
}
