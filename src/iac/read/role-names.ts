/**
 * Servers named after their role ("master-1", "worker-3": generate/server-groups.ts) and a role named
 * in a request ("make the workers 16c64g"). The editor resizes the named role's servers
 * (edit/role-type-edit.ts) and the check holds the size on them (check/accounting.ts); a load
 * balancer in front of one role has that role's servers as its backends (generate/server-groups.ts,
 * check/backend-roles.ts): one reading for both.
 */

/** "worker-3" → "worker"; a name with no number after a hyphen plays no role. */
const NUMBERED = /-\d{1,3}$/;

export function roleOfServerName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return NUMBERED.test(lower) ? lower.replace(NUMBERED, "") : undefined;
}

/** A word of a request: ASCII letters and digits (with hyphens: "k8s-master"), or a run of Han characters. */
const WORD = /[a-z][a-z0-9-]{0,40}|[\u4e00-\u9fff]{1,12}/gi;

/** Whether `word` names `role`: the role itself or its plural ("workers"); a Han run holding a Han role. */
function names(word: string, role: string): boolean {
  const lower = word.toLowerCase();
  if (/^[\u4e00-\u9fff]/.test(role)) return lower.includes(role);
  return lower === role || lower === `${role}s` || lower === `${role}es`;
}

/** The roles of `roles` that the words of `fragment` name. */
function rolesIn(fragment: string, roles: readonly string[]): string[] {
  const words = [...fragment.matchAll(WORD)].map((match) => match[0]);
  return roles.filter((role) => words.some((word) => names(word, role)));
}

/** The one role of `roles` the text names ("the workers", "worker 节点"), if exactly one. */
export function namedRole(text: string, roles: readonly string[]): string | undefined {
  const named = rolesIn(text, roles);
  return named.length === 1 ? named[0] : undefined;
}

/** How far after a load balancer's word its fronting words may stand, and before it "behind". */
const FRONT_REACH = 40;
const BALANCER = /\b(?:slb|clb|alb|nlb|lb)\b|load[ -]?balancer|负载均衡/gi;
/** "in front of", "for", "后端挂": what a balancer's words say before the role it fronts. */
const FRONTS = /in front of|\bfor\b|\bbefore\b|\bbalancing\b|\bto\b|->|→|后端(?:挂|是|为)?|挂|转发到|指向/i;
/** Articles between the fronting words and the role ("the masters", "all the web servers", "所有"). */
const ARTICLES = /^\s{0,3}(?:(?:all\s{1,3})?the\s{1,3}|all\s{1,3}|所有\s{0,2})?/i;
/** "the workers behind the SLB", "master 挂在 SLB 后面": a role before these words. */
const BEHIND = /\bbehind\b|挂在|放在/gi;
/** How far back of "behind" the clause is read for the roles it puts there. */
const BEHIND_REACH = 96;
const CLAUSE_END = /[.;。；\n]/;

/** The text after `at`, to the end of its clause, at most `reach` characters. */
function clauseAfter(text: string, at: number, reach: number): string {
  const window = text.slice(at, at + reach);
  const end = window.search(CLAUSE_END);
  return end < 0 ? window : window.slice(0, end);
}

/** The text before `at`, from the start of its clause, at most `reach` characters. */
function clauseBefore(text: string, at: number, reach: number): string {
  const window = text.slice(Math.max(0, at - reach), at);
  let start = 0;
  for (let i = window.length - 1; i >= 0; i -= 1)
    if (CLAUSE_END.test(window[i] ?? "")) {
      start = i + 1;
      break;
    }
  return window.slice(start);
}

/**
 * The one role a load balancer fronts: "SLB in front of the masters", "load balancer for the web
 * servers", "workers behind the SLB", "SLB 后端挂 master", "master 挂在 SLB 后面". Undefined when no
 * role or more than one is named so. Each balancer word and each "behind" reads a bounded window:
 * linear in the text.
 */
export function balancedRole(text: string, roles: readonly string[]): string | undefined {
  const fronted = new Set<string>();
  for (const balancer of text.matchAll(BALANCER)) {
    const after = clauseAfter(text, balancer.index + balancer[0].length, FRONT_REACH);
    const front = FRONTS.exec(after);
    if (!front) continue;
    const rest = after.slice(front.index + front[0].length).replace(ARTICLES, "");
    const first = rest.match(WORD)?.[0];
    for (const role of first === undefined ? [] : roles.filter((one) => names(first, one))) fronted.add(role);
  }
  for (const behind of text.matchAll(BEHIND)) {
    const tail = clauseAfter(text, behind.index + behind[0].length, FRONT_REACH);
    if (tail.search(BALANCER) < 0) continue;
    // "2 web servers and 3 app servers behind an SLB": every role the clause names is behind it, so none is fronted alone.
    const before = rolesIn(clauseBefore(text, behind.index, BEHIND_REACH), roles);
    if (before.length === 1) fronted.add(before[0] as string);
  }
  return fronted.size === 1 ? [...fronted][0] : undefined;
}
