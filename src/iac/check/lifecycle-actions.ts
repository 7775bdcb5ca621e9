/**
 * Why: finding a lifecycle's days in the template is not enough — "move objects older than 90 days
 * to IA" written as an expiry after 90 days deletes the data, and "to IA" written as Archive makes
 * it slow to read. The days a request writes beside an action word (an expiry: "delete", "expire",
 * "keep for", "删除", "保留"; a storage class: "IA", "Archive", "cold archive", "低频", "归档"; noncurrent
 * versions, which the objects' own expiry is not) must be
 * on a lifecycle entry doing that action; days found only on another action are misplaced. Read
 * from the lexer's tokens, independent of the generator's reader. Linear: one pass over the slots
 * into a map, a bounded look around each days token.
 */
import type { Token } from "../read/token";
import type { CheckedValue } from "./result";
import type { TemplateView } from "./template-slots";
import { isClauseEnd } from "./token-context";

/** An expiry, or a transition to the storage class named. */
type Action = "expire" | "IA" | "Archive" | "ColdArchive" | "DeepColdArchive" | "noncurrent";

interface Entry {
  action: Action | string;
  where: string;
}

/** How many tokens either side of the days a look reaches (within the comma clause). */
const REACH = 8;
const EXPIRY_WORDS = new Set(["expire", "expires", "expired", "expiry", "expiration", "delete", "deleted", "deletes", "purge", "purged", "keep", "retain"]);
const EXPIRY_ZH = /删除|过期|清理|保留/;

const ACTION_TEXT: Record<Action, string> = {
  expire: "an expiry",
  IA: "a transition to IA",
  Archive: "a transition to Archive",
  ColdArchive: "a transition to Cold Archive",
  DeepColdArchive: "a transition to Deep Cold Archive",
  noncurrent: "an expiry of noncurrent versions",
};

/** The lifecycle entries holding each number of days: an `Expiration` / `expiration`, or a transition with its storage class. */
function lifecycleEntries(view: TemplateView): Map<number, Entry[]> {
  const classes = new Map<string, string>();
  for (const slot of view.slots)
    if (/^(?:StorageClass|storage_class)$/.test(slot.key))
      classes.set(`${slot.resource}|${slot.path.slice(0, slot.path.lastIndexOf("."))}`, String(slot.value));
  const entries = new Map<number, Entry[]>();
  for (const slot of view.slots) {
    if (!/^(?:Days|days)$/.test(slot.key) || !/lifecycle/i.test(slot.path)) continue;
    const parent = slot.path.slice(0, slot.path.lastIndexOf("."));
    const action = /expiration$/i.test(parent) ? "expire" : /transitions?(?:\[\d+\])?$/i.test(parent) ? classes.get(`${slot.resource}|${parent}`) : undefined;
    if (action === undefined) continue;
    const list = entries.get(Number(slot.value)) ?? [];
    list.push({ action, where: `${slot.resource}.${parent}` });
    entries.set(Number(slot.value), list);
  }
  return entries;
}

/** The action one word token names, with the words before it ("deep cold archive", "cold archive"). */
function actionOfWord(tokens: readonly Token[], index: number): Action | undefined {
  const token = tokens[index] as Token;
  if (token.kind !== "word") return undefined;
  const word = String(token.value).toLowerCase();
  const before = String(tokens[index - 1]?.value ?? "").toLowerCase();
  if (word === "archive" || word === "archived") {
    if (before !== "cold") return "Archive";
    return String(tokens[index - 2]?.value ?? "").toLowerCase() === "deep" ? "DeepColdArchive" : "ColdArchive";
  }
  if (word === "ia" || word === "infrequent") return "IA";
  // "expire noncurrent versions after 30 days": not the objects' own expiry.
  if (word === "noncurrent" || word === "non-current" || word.includes("历史版本") || word.includes("非当前版本")) return "noncurrent";
  if (EXPIRY_WORDS.has(word) || EXPIRY_ZH.test(word)) return "expire";
  if (word.includes("深度冷归档")) return "DeepColdArchive";
  if (word.includes("冷归档")) return "ColdArchive";
  if (word.includes("归档")) return "Archive";
  return word.includes("低频") ? "IA" : undefined;
}

const isBreak = (token: Token | undefined) => isClauseEnd(token) || (token?.kind === "punctuation" && (token.value === "," || token.value === "，"));

/** The action word nearest the days in their comma clause; at equal distance the one before ("to Archive after 60 days and delete them after 1 year"). */
function actionNear(tokens: readonly Token[], index: number): Action | undefined {
  let back = true;
  let ahead = true;
  for (let step = 1; step <= REACH && (back || ahead); step += 1) {
    // Other days between: the words beyond are theirs ("IA after 30 days, Archive after 90").
    if (back && (isBreak(tokens[index - step]) || tokens[index - step]?.kind === "duration")) back = false;
    const before = back ? actionOfWord(tokens, index - step) : undefined;
    if (before) return before;
    // Ahead, a prefix starts another rule as well ("after 3 days and move images/ to IA").
    const next = tokens[index + step];
    if (ahead && (isBreak(next) || next?.kind === "duration" || next?.kind === "pathPrefix")) ahead = false;
    const after = ahead ? actionOfWord(tokens, index + step) : undefined;
    if (after) return after;
  }
  return undefined;
}

/** Days written with an action but held in the template only by entries doing another action. */
export function bindLifecycleActions(tokens: readonly Token[], view: TemplateView, days: (token: Token) => number | undefined): CheckedValue[] {
  const entries = lifecycleEntries(view);
  const misplaced: CheckedValue[] = [];
  if (entries.size === 0) return misplaced;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const count = days(token);
    const held = count === undefined ? undefined : entries.get(count);
    if (!held) continue;
    const asked = actionNear(tokens, index);
    if (!asked || held.some((entry) => entry.action === asked)) continue;
    const first = held[0] as Entry;
    const found = ACTION_TEXT[first.action as Action] ?? `a transition to ${first.action}`;
    misplaced.push({ kind: "days", text: token.text, reason: "misplaced", where: `${first.where} is ${found}, not ${ACTION_TEXT[asked]}` });
  }
  return misplaced;
}
