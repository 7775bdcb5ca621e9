/**
 * Accountable by construction (issue 27 item 1): every value-shaped token of the request, as the
 * lexer reads it, is accounted for. A token one of the check's value families read (extract.ts)
 * is that value's; any other is placed by its sort (token-places.ts) or listed as unplaced with
 * its words. Then the bindings (bindings.ts) move a value found on the wrong rule to not expressed,
 * and the scope checks (scope.ts) name what is broader than asked.
 */
import { serverScopes } from "../read/server-scopes";
import { nounMatches, RESOURCE_KINDS, requestMentions } from "../kinds";
import { serverRoles } from "../read/server-roles";
import { redisOnlyEngine } from "./cache-version";
import { mixedLoadBalancerCount } from "../read/load-balancer-scope";
import type { Token } from "../read/token";
import { checkBindings } from "./bindings";
import { coverage, isCovered } from "./coverage";
import { resourceCount } from "./locate";
import type { RequestedValue } from "./requested-value";
import type { BroaderScope, CheckedValue, UnplacedToken } from "./result";
import { broaderScopes, offInternetScopes } from "./scope";
import { bastionInstanceType } from "../read/server-roles";
import { groupSizes, roleSizes, sizeKey } from "../read/role-sizes";
import { namedRole } from "../read/role-names";
import { backendRoleFindings, serverRolesOf } from "./backend-roles";
import { templateRules } from "./template-rules";
import type { TemplateView } from "./template-slots";
import { clauseWords, countedFamily, typedCountOf } from "./token-context";
import { placeToken, portOnItsSourceRule, setCountOf } from "./token-places";
import { uniformly } from "./uniform";

export interface AccountingInput {
  /** The prose the tokens were read from. */
  prose: string;
  tokens: readonly Token[];
  values: readonly RequestedValue[];
  view: TemplateView;
  before?: TemplateView;
  /** The families' outcome so far: the bindings move misplaced values out of it. */
  applied: CheckedValue[];
  notExpressed: CheckedValue[];
}

export interface Accounting {
  applied: CheckedValue[];
  notExpressed: CheckedValue[];
  broader: BroaderScope[];
  unplaced: UnplacedToken[];
  /** The counts the tokens state for a product ("2x ecs.c7.xlarge", "api x2, worker x1"): how many the request allows (unrequested.ts). */
  statedCounts: RequestedValue[];
}

/** A count token placed against a product: "2x" before "ecs.c7.xlarge" states 2 of ecs. */
function statedCount(token: Token, family: string | undefined): RequestedValue[] {
  return family === undefined ? [] : [{ kind: "count", text: token.text, role: "wanted", value: Number(token.value), target: family }];
}

/** Counts with no product near ("api x2, worker x1", "2台 4核16G"): servers, when together they are the template's servers. */
function serverCounts(tokens: readonly Token[], unplaced: number[], view: TemplateView): { found: CheckedValue[]; rest: number[] } {
  const counts = unplaced.filter((index) => tokens[index]?.kind === "count");
  if (counts.length === 0) return { found: [], rest: unplaced };
  const total = counts.reduce((sum, index) => sum + Number(tokens[index]?.value ?? 0), 0);
  const servers = resourceCount(view, "ecs");
  if (total !== servers) return { found: [], rest: unplaced };
  const found = counts.map((index): CheckedValue => ({ kind: "count", text: tokens[index]?.text ?? "", where: `${total} × ecs in all` }));
  return { found, rest: unplaced.filter((index) => tokens[index]?.kind !== "count") };
}

/** Where each kind's nouns ask for the kind: its mentions minus those used for a protocol or a port (the registry's `notARequest`). */
function askingMentions(prose: string): Map<string, { all: Set<number>; asking: Set<number> }> {
  const starts = (matches: RegExpMatchArray[]) => new Set(matches.map((match) => match.index ?? -1));
  return new Map(RESOURCE_KINDS.map((kind) => [kind, { all: starts(nounMatches(prose, kind)), asking: starts(requestMentions(prose, kind)) }]));
}

/** "allow MySQL port 3306", "Redis 的 6379 端口": a product's name used for its protocol names no product (it is bound with its port). */
function usedForProtocol(token: Token, mentions: ReadonlyMap<string, { all: ReadonlySet<number>; asking: ReadonlySet<number> }>): boolean {
  if (token.kind !== "name" || (token.of !== "product" && token.of !== "engine")) return false;
  const kind = token.of === "product" ? String(token.value) : token.value === "Redis" ? "redis" : "rds";
  const starts = mentions.get(kind);
  return starts !== undefined && starts.all.has(token.start) && !starts.asking.has(token.start);
}

/** A port the families placed on the first rule that opens it, moved to the rule of the source written after it ("SSH 22 from 1.2.3.4"). */
function rebindPort(context: Parameters<typeof portOnItsSourceRule>[0], index: number, applied: CheckedValue[]): void {
  const token = context.tokens[index];
  if (token?.kind !== "port") return;
  const bound = portOnItsSourceRule(context, index, Number(token.value));
  const value = bound ? applied.find((candidate) => candidate.kind === "port" && candidate.text === token.text) : undefined;
  if (value && bound) value.where = bound;
}

/** The sizes and types a request gives to the one role it names, of servers named by role (read/role-names.ts). */
function namedRoleSizes(tokens: readonly Token[], prose: string, view: TemplateView): Map<string, string> {
  const roles = new Set(serverRolesOf(view).values());
  const keys = new Map<string, string>();
  const role = roles.size >= 2 ? namedRole(prose, [...roles]) : undefined;
  if (role === undefined) return keys;
  for (const [index, token] of tokens.entries()) {
    const memory = tokens[index + 1];
    if (token.kind === "compute" && memory?.kind === "size") keys.set(sizeKey(`${token.text}${memory.text}`), role);
    if (token.kind === "instanceType" && token.of === "ecs") keys.set(String(token.value).toLowerCase(), role);
  }
  return keys;
}

export function account(input: AccountingInput): Accounting {
  const { tokens, view } = input;
  const rules = templateRules(view);
  const keys = coverage(input.values);
  const applied = [...input.applied];
  const notExpressed = [...input.notExpressed];
  let unplaced: number[] = [];
  const roles = serverRoles(tokens);
  const context = { tokens, view, rules, onlyRedis: redisOnlyEngine(tokens), ...(input.before ? { before: input.before } : {}), ...(roles ? { roles } : {}) };
  const asking = askingMentions(input.prose);
  const statedCounts: RequestedValue[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (isCovered(keys, tokens, index)) {
      rebindPort(context, index, input.applied);
      continue;
    }
    if (usedForProtocol(token, asking)) continue;
    const placement = placeToken(context, index);
    if (token.kind === "count" && placement !== "unplaced" && placement !== "none") statedCounts.push(...statedCount(token, countedFamily(tokens, index)));
    // "bump the web nodes to 6": a bare number a setting verb gives a product is how many the request allows.
    if (token.kind === "number" && placement !== "unplaced" && placement !== "none")
      statedCounts.push(...statedCount(token, setCountOf(tokens, index) ?? typedCountOf(tokens, index)));
    if (placement === "unplaced") unplaced.push(index);
    else if (placement !== "none" && "found" in placement) applied.push(placement.found);
    else if (placement !== "none") notExpressed.push(placement.missed);
  }
  const servers = serverCounts(tokens, unplaced, view);
  applied.push(...servers.found);
  if (servers.found.length > 0)
    statedCounts.push({
      kind: "count",
      text: servers.found.map((value) => value.text).join(", "),
      role: "wanted",
      value: resourceCount(view, "ecs"),
      target: "ecs",
    });
  unplaced = servers.rest;
  // "Public SLB (443) + internal SLB (6379)": a load balancer per pick, however many times the noun is written.
  const picks = mixedLoadBalancerCount(tokens);
  if (picks > 1 && !statedCounts.some((count) => count.target === "slb"))
    statedCounts.push({ kind: "count", text: "one public, one internal", role: "wanted", value: picks, target: "slb" });
  const networks = new Set(input.values.filter((value) => value.kind === "cidr" && value.target === "network").map((value) => String(value.value)));
  const bindings = checkBindings(tokens, rules, networks, view);
  // A range or a lifecycle's days found on the wrong rule is not applied: it is listed once, as misplaced.
  const misplacedTexts = new Set(
    bindings.misplaced
      .filter((value) => value.kind === "cidr" || value.kind === "days" || value.kind === "file-name")
      .map((value) => `${value.kind}|${value.text}`),
  );
  // "ecs.c7.2xlarge for workers, ecs.t6-c1m2.large for the jump server": a type per role when a bastion has its own.
  // "a bastion (t6 2c2g) and 4 app servers 4c16g": a size per role, each held on its role's servers.
  const sizes = roles !== undefined && roles.bastions > 0 ? roleSizes(tokens) : {};
  const sizeRoles = new Map<string, string>();
  if (sizes.bastion && sizes.others && sizes.bastion.key !== sizes.others.key) {
    sizeRoles.set(sizes.bastion.key, "bastion");
    sizeRoles.set(sizes.others.key, "server");
  }
  // "3 master nodes 4c8g and 5 worker nodes 8c32g": each size on its role's servers (named after the role).
  for (const group of groupSizes(tokens, roles) ?? []) if (!sizeRoles.has(group.size.key)) sizeRoles.set(group.size.key, group.role.toLowerCase());
  // "make the workers 16c64g" of servers named by role: the size (or type) is the named role's.
  if (sizeRoles.size === 0) for (const [key, role] of namedRoleSizes(tokens, input.prose, input.view)) sizeRoles.set(key, role);
  const typesByRole = roles !== undefined && roles.bastions > 0 && (bastionInstanceType(tokens) !== undefined || sizeRoles.size > 0);
  // "one public with 10Mbps, one private": the bandwidth is the public servers' (their number is a value of its own).
  const publicPicked = serverScopes(tokens) !== undefined;
  const uniform = uniformly(
    applied.filter((value) => !misplacedTexts.has(`${value.kind}|${value.text}`)),
    view,
    typesByRole,
    publicPicked,
    sizeRoles,
  );
  const kept = uniform.kept;
  notExpressed.push(...uniform.misplaced);
  const missingTexts = new Set(notExpressed.map((value) => `${value.kind}|${value.text}`));
  notExpressed.push(...bindings.misplaced.filter((value) => !missingTexts.has(`${value.kind}|${value.text}`)));
  // "SLB in front of the masters": its backends are the masters, all of them and no other (backend-roles.ts).
  const backends = backendRoleFindings(input.prose, view);
  notExpressed.push(...backends.misplaced);
  return {
    applied: kept,
    notExpressed: dedupe(notExpressed),
    broader: [
      ...broaderScopes(tokens, input.values, view, rules, input.before ? templateRules(input.before) : undefined),
      ...offInternetScopes(input.prose, view, rules),
      ...bindings.broader,
      ...backends.broader,
    ],
    unplaced: unplaced.map((index) => ({
      kind: tokens[index]?.kind ?? "word",
      text: tokens[index]?.text ?? "",
      words: clauseWords(input.prose, tokens, index),
    })),
    statedCounts,
  };
}

function dedupe(values: CheckedValue[]): CheckedValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = `${value.kind}|${value.text}|${value.reason}|${value.where}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
