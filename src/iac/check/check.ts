/**
 * The request check: reads every explicit value from the user's request (extract.ts), independently
 * of whoever wrote the template, and looks each up in the produced template (locate.ts). What is
 * found is applied, with where; what is not is "not expressed" — whatever the generator or the
 * model believed. It also lists billable resources the conversation never asked for.
 */
import { extractRequestedValues } from "./extract";
import { locate } from "./locate";
import type { RequestedValue, ValueKind } from "./requested-value";
import { templateView, type TemplateView } from "./template-slots";
import { excessResources, unrequestedResources, type UnrequestedResource } from "./unrequested";

export interface CheckedValue {
  kind: ValueKind;
  /** The value as the user wrote it. */
  text: string;
  /** What the value is for, when the words say it: a CIDR's `source` or `network`, a size's disk. */
  target?: string;
  /** Where the template carries it (`Resource.Property`), for an applied value. */
  where?: string;
  /** Why it counts as not expressed: "missing", or "still present" for a value asked to be removed. */
  reason?: "missing" | "still-present";
}

export interface RequestCheck {
  applied: CheckedValue[];
  notExpressed: CheckedValue[];
  unrequested: UnrequestedResource[];
}

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

function resourcesOf(text: string | undefined): Set<string> {
  const view = text === undefined ? undefined : templateView(text);
  return new Set((view?.resources ?? []).map((resource) => `${resource.name}:${resource.type}`));
}

function checkValue(value: RequestedValue, found: string | undefined): { applied?: CheckedValue; missed?: CheckedValue } {
  const role = value.kind === "cidr" || value.kind === "size" ? value.target : undefined;
  const base = { kind: value.kind, text: value.text, ...(role ? { target: role } : {}) };
  if (value.role === "removed") return found ? { missed: { ...base, where: found, reason: "still-present" } } : { applied: { ...base, where: "removed" } };
  return found ? { applied: { ...base, where: found } } : { missed: { ...base, reason: "missing" } };
}

const NO_TEMPLATE: TemplateView = { format: "ros", slots: [], resources: [], regionText: "" };

/** The check of one turn; undefined when the text is no template the check can read. */
export function checkRequest(input: RequestCheckInput): RequestCheck | undefined {
  const view = input.template === undefined ? NO_TEMPLATE : templateView(input.template);
  if (!view) return undefined;
  const result: RequestCheck = { applied: [], notExpressed: [], unrequested: [] };
  const values = extractRequestedValues(input.request);
  for (const value of values) {
    const { applied, missed } = checkValue(value, locate(view, value));
    if (applied) result.applied.push(applied);
    if (missed) result.notExpressed.push(missed);
  }
  const before = resourcesOf(input.before);
  const counts = values.filter((value) => value.kind === "count" && value.role === "wanted");
  result.unrequested = [
    ...unrequestedResources(view, [input.request, ...(input.earlierRequests ?? [])], before),
    ...excessResources(view, input.request, counts, before),
  ];
  return result;
}
