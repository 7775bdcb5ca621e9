/**
 * OSS lifecycle rules as engineers write them (issue 27 item 6): a prefix the rule is scoped to
 * ("expire objects under logs/ after 30 days": `Prefix: logs/`, never an empty prefix, which would
 * expire every object of the bucket), and transitions to colder storage ("move to IA after 30 days,
 * Archive after 90", "30天后转低频，90天后归档"). Each clause with days is one action; a prefix written
 * in the request scopes the rule. ROS writes `LifecycleConfiguration.Rule[]` with `Prefix`,
 * `Expiration` and `Transition`; Terraform a `lifecycle_rule` with `expiration` and `transitions`.
 * Linear: bounded anchored patterns over the clauses.
 */
export type StorageClass = "IA" | "Archive" | "ColdArchive";

export interface LifecycleRule {
  /** The object prefix the rule applies to; "" (the whole bucket) only when the request names none. */
  prefix: string;
  expireDays?: number;
  transitions: { days: number; storageClass: StorageClass }[];
}

/** "under logs/", "prefix logs/", "in tmp/", "前缀 logs/": a path ending in "/" after a scope word. */
const PREFIX_AFTER_WORD =
  /\b(?:under|prefix(?:ed)?(?: with)?|in|within|for|folder)\s{1,3}[\x60"'“]?([a-z0-9][\w.-]{0,40}\/(?:[\w.-]{1,40}\/)?)|前缀(?:为|是)?\s{0,3}[\x60"'“]?([a-z0-9][\w.-]{0,40}\/(?:[\w.-]{1,40}\/)?)/i;
/** "lifecycle: logs/ to IA after 30 days", "logs/ 30天后删除": a path leading its clause, the rule's subject. */
const PREFIX_LEADING =
  /(?:^|[:：,，;；]\s{0,3}|lifecycle\s{1,3})([a-z0-9][\w.-]{0,40}\/(?:[\w.-]{1,40}\/)?)\s{0,3}(?:to\b|→|->|transition|move|expire|delete|after|\d{1,4}\s{0,2}(?:days?|天)|转|移到|删除|过期)/i;
/** "logs/ 前缀", "logs/ 下的", "logs/ prefix": the path before its scope word. */
const PREFIX_BEFORE_WORD = /(?<![\w/.-])([a-z0-9][\w.-]{0,40}\/(?:[\w.-]{1,40}\/)?)\s{0,3}(?:前缀|目录|下的|下面|prefix|folder)/i;
/** Storage class words: "IA", "infrequent access", "低频", "Archive", "归档", "cold archive", "冷归档" (never a prefix: "archive/"). */
const CLASS_WORD = /(deep[- ]?cold[- ]?archive|深度冷归档|cold[- ]?archive|冷归档|archive(?![/\w])|归档|\bia\b(?!\/)|infrequent[- ]access|低频(?:访问)?)/i;
/**
 * "to IA after 30 days", "IA after 30 days", "Archive after 180" (days named once), "archive objects
 * older than 90 days", "deep cold archive after 180 days" (read, to be declined: see `declinedClasses`).
 */
const TRANSITION_AFTER =
  /(?:deep[- ]?cold[- ]?archive|深度冷归档|cold[- ]?archive|冷归档|archive(?![/\w])|归档|\bia\b(?!\/)|infrequent[- ]access|低频(?:访问)?)(?:\s{0,3}storage)?(?:\s{1,3}(?:all\s{1,3})?(?:objects|files|data|them|it))?\s{0,3}(?:after|at|in|older than)\s{0,3}(\d{1,4})(?:\s{0,2}(?:days?|天)|(?![\d.]|\s{0,2}[a-z%]))/gi;
/**
 * "30 days → Archive", "30天后转低频", "90天后归档", "objects older than 90 days to IA", "older than 30
 * days go to Archive", "older than 30 days should be moved to infrequent access", "90天以上的对象转为低频存储".
 */
const TRANSITION_BEFORE =
  /(\d{1,4})\s{0,2}(?:days?|天)\s{0,3}(?:后|later|after that|old|以上(?:的(?:对象|文件|数据))?)?\s{0,3}(?:(?:should |will |must )?(?:be |get |are )?(?:move|moved|go|goes|transition|transitioned|switch|convert|change|转(?:为|成|到|入)?|转换(?:为|成)?|变为|存为|进入)\s{0,3}(?:it |them |objects )?)?(?:to |into )?(?:the\s{1,3})?(?:deep[- ]?cold[- ]?archive|深度冷归档|cold[- ]?archive|冷归档|archive(?![/\w])|归档|\bia\b(?!\/)|infrequent[- ]access|低频(?:访问)?)/gi;

/** A storage class OSS offers that the engine does not build ("deep cold archive"): read so it is declined, never built as another class. */
type ReadClass = StorageClass | "DeepColdArchive";

function classOf(word: string): ReadClass {
  if (/deep|深度/i.test(word)) return "DeepColdArchive";
  if (/cold|冷/i.test(word)) return "ColdArchive";
  return /archive|归档/i.test(word) ? "Archive" : "IA";
}

/** Each transition the text asks for, by days, with the class as read (a declined class included). */
function readTransitions(text: string): Map<number, ReadClass> {
  const byDays = new Map<number, ReadClass>();
  for (const pattern of [TRANSITION_AFTER, TRANSITION_BEFORE]) {
    for (const match of text.matchAll(pattern)) {
      const word = CLASS_WORD.exec(match[0])?.[1] ?? "";
      byDays.set(Number(match[1]), classOf(word));
    }
  }
  return byDays;
}

/** The transitions to colder storage the request asks for, by days; a class the engine does not build is left out (`declinedClasses` names it). */
export function transitionsOf(text: string): LifecycleRule["transitions"] {
  const built: LifecycleRule["transitions"] = [];
  for (const [days, storageClass] of readTransitions(text)) if (storageClass !== "DeepColdArchive") built.push({ days, storageClass });
  return built.sort((a, b) => a.days - b.days);
}

/** "deep cold archive after 180 days": transitions the engine cannot build, as "DeepColdArchive after 180 days", for the reply's unsupported list. */
export function declinedTransitions(text: string): number[] {
  return [...readTransitions(text)].filter(([, storageClass]) => storageClass === "DeepColdArchive").map(([days]) => days);
}

/**
 * "a 7-day expiry on uploads/", "expire uploads/ after 7 days": whatever words stand around it, the
 * one path prefix of a request (the lexer's `pathPrefix` tokens, never a CIDR's "10.0.0.0/") is
 * what its lifecycle is scoped to. Two or more are each a clause's own (`lifecycleRulesOf`).
 */
function onlyPrefix(pathPrefixes: readonly string[]): string | undefined {
  const distinct = new Set(pathPrefixes.map((prefix) => prefix.toLowerCase()));
  return distinct.size === 1 ? pathPrefixes[0] : undefined;
}

/** The prefix a lifecycle clause is scoped to, if the request writes one. */
export function lifecyclePrefix(text: string): string | undefined {
  const after = PREFIX_AFTER_WORD.exec(text);
  return after?.[1] ?? after?.[2] ?? PREFIX_BEFORE_WORD.exec(text)?.[1] ?? PREFIX_LEADING.exec(text)?.[1];
}

/**
 * The lifecycle rule of the request: its prefix, expiry (read by the kind's `lifecycleDays`) and
 * transitions. Undefined when the request asks for no scoped rule and no transition (a plain
 * "expire after 365 days" stays the whole-bucket rule it always was).
 */
export function lifecycleRuleOf(text: string, expireDays: number | undefined, pathPrefixes: readonly string[] = []): LifecycleRule | undefined {
  const transitions = transitionsOf(text);
  const prefix = expireDays !== undefined || transitions.length > 0 ? (lifecyclePrefix(text) ?? onlyPrefix(pathPrefixes)) : undefined;
  if (prefix === undefined && transitions.length === 0) return undefined;
  // An expiry day that is a transition's day was read from the transition clause ("IA after 30 days"): no expiry.
  const expiry = expireDays !== undefined && !readTransitions(text).has(expireDays) ? expireDays : undefined;
  return { prefix: prefix ?? "", ...(expiry !== undefined ? { expireDays: expiry } : {}), transitions };
}

/** Where one clause of a lifecycle ends: "…after 3 days and move images/ …", a comma, a semicolon. */
const CLAUSE_BREAK = /[,;，；。\n]|\s(?:and|then|plus|但|并且|另外)\s/gi;
/** A prefix written anywhere in a clause (the three readers above, in any of their word orders). */
const ANY_PREFIX = /(?<![\w/.-])[a-z0-9][\w.-]{0,40}\/(?:[\w.-]{1,40}\/)?/gi;
/** The first such path of one clause. */
const CLAUSE_PREFIX = /(?<![\w/.-])[a-z0-9][\w.-]{0,40}\/(?:[\w.-]{1,40}\/)?/i;

/** "after 180 days", "older than 30 days", "180 天后": a clause's days with no action word of its own. */
const BARE_DAYS = /(?:\bafter|\bolder than|\bin)\s{1,3}(\d{1,4})\s{0,2}days?\b|(?<!\d)(\d{1,4})\s{0,2}(?:days?\b|天)/i;

/** The action a clause that names a prefix and days but no verb repeats: the clause before it's ("delete tmp/ after 7 days, archive/ after 180 days"). */
type Action = { expire: true } | { expire: false; storageClass: StorageClass };

/** One clause's rule: its own action, or the one before it repeated for a prefix and bare days. */
function clauseRule(clause: string, expiryOf: (clause: string) => number | undefined, previous: Action | undefined): LifecycleRule | undefined {
  const transitions = transitionsOf(clause);
  const expiry = expiryOf(clause);
  const days = expiry !== undefined && !readTransitions(clause).has(expiry) ? expiry : undefined;
  // "move images/ to IA": among several prefixes, a path in the clause is its rule's, whatever the words around it.
  const prefix = lifecyclePrefix(clause) ?? CLAUSE_PREFIX.exec(clause)?.[0];
  if (transitions.length > 0 || days !== undefined) return { prefix: prefix ?? "", ...(days !== undefined ? { expireDays: days } : {}), transitions };
  const bare = BARE_DAYS.exec(clause);
  const bareDays = Number(bare?.[1] ?? bare?.[2]);
  if (prefix === undefined || !previous || !bare || readTransitions(clause).size > 0 || bareDays <= 0) return undefined;
  return previous.expire
    ? { prefix, expireDays: bareDays, transitions: [] }
    : { prefix, transitions: [{ days: bareDays, storageClass: previous.storageClass }] };
}

/** The action a rule's clause stated last: its expiry, else its last transition's class. */
function actionOf(rule: LifecycleRule, clause: string, expiryOf: (clause: string) => number | undefined): Action | undefined {
  const last = transitionsOf(clause).at(-1);
  if (expiryOf(clause) !== undefined && rule.expireDays !== undefined) return { expire: true };
  return last ? { expire: false, storageClass: last.storageClass } : rule.expireDays !== undefined ? { expire: true } : undefined;
}

/**
 * The request's lifecycle rules: one per prefix it names with an action of its own ("delete
 * objects under tmp/ after 3 days and move images/ to IA after 60 days": two rules, never the
 * second clause's transition on the first clause's prefix); a clause that names no prefix adds to
 * the rule before it ("logs/ to IA after 30 days, to Archive after 180"); a clause that names a
 * prefix and days but no verb repeats the clause before it ("delete after 7 days for prefix tmp/,
 * after 180 days for prefix archive/"). One prefix or none is the single rule of
 * `lifecycleRuleOf`. `expiryOf` reads a clause's expiry days (the kind's reader); `pathPrefixes` are
 * the request's path prefixes as the lexer reads them.
 */
export function lifecycleRulesOf(
  text: string,
  expireDays: number | undefined,
  expiryOf: (clause: string) => number | undefined,
  pathPrefixes: readonly string[] = [],
): LifecycleRule[] {
  const prefixes = new Set((text.match(ANY_PREFIX) ?? []).map((prefix) => prefix.toLowerCase()));
  if (prefixes.size < 2) {
    const rule = lifecycleRuleOf(text, expireDays, pathPrefixes);
    return rule ? [rule] : [];
  }
  const rules: LifecycleRule[] = [];
  let at = 0;
  const clauses: string[] = [];
  for (const end of text.matchAll(CLAUSE_BREAK)) {
    clauses.push(text.slice(at, end.index));
    at = end.index + end[0].length;
  }
  clauses.push(text.slice(at));
  let previous: Action | undefined;
  for (const clause of clauses) {
    const rule = clauseRule(clause, expiryOf, previous);
    if (!rule) continue;
    previous = actionOf(rule, clause, expiryOf) ?? previous;
    const current = rules[rules.length - 1];
    if (rule.prefix === "" && current) {
      current.transitions.push(...rule.transitions);
      if (rule.expireDays !== undefined) current.expireDays = rule.expireDays;
      continue;
    }
    rules.push(rule);
  }
  return rules;
}
