/**
 * The request check: reads every explicit value from the user's request (extract.ts), independently
 * of whoever wrote the template, and looks each up in the produced template (locate.ts); then reads
 * the request's tokens (read/lexer.ts) and accounts for every value-shaped one (accounting.ts):
 * placed, not expressed, misplaced on another rule (bindings), broader than asked (scope), or
 * listed as unplaced with its words (issue 27 items 1–3). It also lists billable resources the
 * conversation never asked for.
 */
import { runsOwnDatabase } from "../read/self-hosted";
import type { Token } from "../read/token";
import { BASTION, type ServerRoles, serverRoles } from "../read/server-roles";
import { tokenize } from "../kinds/vocabulary";
import { familyOfType } from "./families";
import { account } from "./accounting";
import { extractRequestedValues } from "./extract";
import { requestProse } from "./prose";
import { askedAway } from "./token-context";
import { locate, resourceCount } from "./locate";
import type { RequestedValue } from "./requested-value";
import type { CheckedValue, RequestCheck } from "./result";
import { templateView, type TemplateView } from "./template-slots";
import { excessResources, unrequestedResources } from "./unrequested";

export type { BroaderScope, CheckedValue, RequestCheck, UnplacedToken } from "./result";

export interface RequestCheckInput {
  /** This turn's request. */
  request: string;
  /** The template the turn produced (ROS YAML/JSON or Terraform); none: every value is not expressed. */
  template: string | undefined;
  /** The conversation's earlier requests: a resource they named is requested. */
  earlierRequests?: readonly string[];
  /** The template before this turn (an edit's base): its resources are not this turn's additions. */
  before?: string;
}

function resourcesOf(view: TemplateView | undefined): Set<string> {
  return new Set((view?.resources ?? []).map((resource) => `${resource.name}:${resource.type}`));
}

/** "PostgreSQL instead of MySQL", "no MySQL": an engine the request names to be gone is a value to remove, not to find. */
function withRolesFromTokens(values: readonly RequestedValue[], tokens: readonly Token[]): RequestedValue[] {
  const away = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.kind === "name" && token.of === "engine" && askedAway(tokens, index)) away.add(String(token.value).toLowerCase());
  });
  // "一台做数据库服务器（自建MySQL，不要RDS）": the engine is what the user's own server runs (no value of the template), and "1 db server" counts servers.
  const ownDatabase = runsOwnDatabase(tokens);
  return values.flatMap((value): RequestedValue[] => {
    if (ownDatabase && isDatabaseEngineValue(value)) return [];
    if (ownDatabase && value.kind === "count" && value.target === "rds") return [{ ...value, target: "ecs" }];
    return [value.kind === "engine" && away.has(String(value.value).toLowerCase()) ? { ...value, role: "removed" } : value];
  });
}

/** A relational engine named, with or without its version ("MySQL", "MySQL 8.0"); Redis is a product of its own. */
const isDatabaseEngineValue = (value: RequestedValue) =>
  (value.kind === "engine" || value.kind === "engine-version") && !/^(?:redis|mongodb)$/i.test(String(value.kind === "engine" ? value.value : value.target));

function checkValue(value: RequestedValue, found: string | undefined): { applied?: CheckedValue; missed?: CheckedValue } {
  const role = value.kind === "cidr" || value.kind === "size" ? value.target : undefined;
  const base = { kind: value.kind, text: value.text, ...(role ? { target: role } : {}) };
  if (value.role === "removed") return found ? { missed: { ...base, where: found, reason: "still-present" } } : { applied: { ...base, where: "removed" } };
  return found ? { applied: { ...base, where: found } } : { missed: { ...base, reason: "missing" } };
}

/**
 * "add one more server" on an edit: exactly that many more than the template before, not merely
 * at least; with no template before (a new template: "再加一个 Redis", or "加" inside "新加坡"),
 * exactly the number stated.
 */
function locateAgainst(view: TemplateView, value: RequestedValue, before: TemplateView | undefined, roles?: ServerRoles): string | undefined {
  // "a bastion + 2 app servers": the two are counted with the bastion beside them.
  if (value.kind === "count" && value.target === "ecs" && roles) {
    const servers = resourceCount(view, "ecs");
    const own = BASTION.test(value.text) ? [roles.bastions] : [roles.others, ...roles.groups];
    if (servers === roles.bastions + roles.others && own.includes(Number(value.value)))
      return roles.bastions > 0
        ? `${servers} × ecs (${roles.bastions} bastion and ${roles.others} more)`
        : `${servers} × ecs (${roles.groups.join(" + ")} by role)`;
  }
  if (value.kind === "count" && value.fewer && before) {
    // "remove one of the data disks": fewer than the template before had, however many were on each server.
    const had = resourceCount(before, value.target);
    const count = resourceCount(view, value.target);
    return count < had ? `${count} × ${value.target} (${had} before)` : undefined;
  }
  if (value.kind === "count" && value.perZone && value.target === "vswitch") {
    // "3 vswitches, one per zone a/b/c": N vSwitches in each zone, so as many zones as vSwitches over N (two in one zone fail).
    const vswitches = resourceCount(view, "vswitch");
    const zones = resourceCount(view, "zone");
    return vswitches > 0 && vswitches === Number(value.value) * zones ? `${vswitches} × vswitch (${value.value} per zone, ${zones} zones)` : undefined;
  }
  if (value.kind === "count" && value.perZone) {
    // "3 nodes, one per zone": N servers in each zone's vSwitch (the servers are spread over them in turn).
    const zones = Math.max(resourceCount(view, "vswitch"), 1);
    const count = resourceCount(view, value.target);
    return count === Number(value.value) * zones ? `${count} × ${value.target} (${value.value} per zone, ${zones} zones)` : undefined;
  }
  if (value.kind === "count" && value.perServer) {
    // "每台两块数据盘", "an EIP for each server": N for every server (or N in all, when the servers are one).
    const servers = resourceCount(view, "ecs");
    const count = resourceCount(view, value.target);
    return count === Number(value.value) * servers || count === Number(value.value) ? `${count} × ${value.target} (${value.value} per server)` : undefined;
  }
  if (value.kind !== "count" || !value.atLeast || value.target === "zone") return locate(view, value);
  if (!before) return locate(view, { ...value, atLeast: false });
  const wanted = resourceCount(before, value.target) + Number(value.value);
  const count = resourceCount(view, value.target);
  return count === wanted ? `${count} × ${value.target} (${resourceCount(before, value.target)} before)` : undefined;
}

const NO_TEMPLATE: TemplateView = { format: "ros", slots: [], resources: [], regionText: "" };

/** The check of one turn; undefined when the text is no template the check can read. */
export function checkRequest(input: RequestCheckInput): RequestCheck | undefined {
  const view = input.template === undefined ? NO_TEMPLATE : templateView(input.template);
  if (!view) return undefined;
  const prose = requestProse(input.request);
  const tokens = tokenize(prose);
  const values = withRolesFromTokens(extractRequestedValues(input.request), tokens);
  const applied: CheckedValue[] = [];
  const notExpressed: CheckedValue[] = [];
  const beforeView = input.before === undefined ? undefined : templateView(input.before);
  const roles = serverRoles(tokens);
  for (const value of values) {
    const outcome = checkValue(value, locateAgainst(view, value, beforeView, roles));
    if (outcome.applied) applied.push(outcome.applied);
    if (outcome.missed) notExpressed.push(outcome.missed);
  }
  const accounted = account({ prose, tokens, values, view, applied, notExpressed, ...(beforeView ? { before: beforeView } : {}) });
  const before = resourcesOf(beforeView);
  // "one per zone" counts servers in each zone: it allows that many times the template's vSwitches.
  const zones = Math.max(resourceCount(view, "vswitch"), 1);
  const extracted = values
    .filter((value) => value.kind === "count" && value.role === "wanted")
    .map((value) => (value.perZone ? { ...value, value: Number(value.value) * zones, perZone: false } : value));
  // A count the extractor missed ("2x ecs.c7.xlarge") but the tokens state allows that many too.
  const stated = [...extracted, ...accounted.statedCounts.filter((count) => !extracted.some((value) => value.target === count.target))];
  // "a bastion + 2 app servers" allows three servers.
  // Servers counted by role are their total, once (their counts summed again would allow twice as many).
  const byRole = (count: RequestedValue) => count.target === "ecs" && !count.atLeast;
  const firstByRole = stated.find(byRole);
  const counts = roles && firstByRole ? [...stated.filter((count) => !byRole(count)), { ...firstByRole, value: roles.bastions + roles.others }] : stated;
  // "api x2, worker x1": servers counted by role name no server, and are asked for all the same.
  const counted = new Set(accounted.statedCounts.map((count) => count.target));
  const unrequested = [
    ...unrequestedResources(view, [input.request, ...(input.earlierRequests ?? [])], before).filter(
      (resource) => !counted.has(familyOfType(resource.type)?.id),
    ),
    ...excessResources(view, input.request, counts, before),
  ];
  return { applied: accounted.applied, notExpressed: accounted.notExpressed, unrequested, broader: accounted.broader, unplaced: accounted.unplaced };
}
