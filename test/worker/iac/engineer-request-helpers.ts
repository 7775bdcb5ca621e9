/**
 * What every engineer-request test does with a request: generate or edit through the real engine
 * (the template must pass the validator), read resources of a type, render the Terraform twin, run the
 * request check, and mutate a template for the check to flag. One copy for every round's file.
 */
import { expect } from "vitest";
import { checkRequest, editTemplate, generateTemplate, terraformOfTwin, validateTemplateObject } from "../../../src/iac/index";

export type Resource = { Type: string; Properties?: Record<string, unknown> };
export type Template = { Resources: Record<string, Resource>; Parameters?: Record<string, Record<string, unknown>> };
export type IngressRule = { IpProtocol?: string; PortRange: string; SourceCidrIp?: string; SourceGroupId?: unknown; Description?: string };

export function generated(ask: string): Template {
  const result = generateTemplate({ text: ask });
  if (!result.template) throw new Error(`no template for ${ask}`);
  expect(
    validateTemplateObject(result.template).filter((d) => d.severity === "error"),
    ask,
  ).toEqual([]);
  return result.template as Template;
}

export function edited(template: Template, ask: string): Template {
  const result = editTemplate(template as unknown as Record<string, unknown>, ask);
  expect(result.understood, ask).toBe(true);
  expect(
    validateTemplateObject(result.template).filter((d) => d.severity === "error"),
    ask,
  ).toEqual([]);
  return result.template as unknown as Template;
}

export const ofType = (template: Template, type: string) => Object.values(template.Resources).filter((resource) => resource.Type === type);
export const props = (template: Template, type: string) => ofType(template, type).map((resource) => resource.Properties ?? {});
export const hcl = (template: Template) => terraformOfTwin(template as unknown as Record<string, unknown>).text;
/** Every ingress rule of every security group, in order. */
export const rules = (template: Template) =>
  props(template, "ALIYUN::ECS::SecurityGroup").flatMap((group) => (group.SecurityGroupIngress as IngressRule[] | undefined) ?? []);
export const checkOf = (ask: string, template: Template | string) =>
  checkRequest({ request: ask, template: typeof template === "string" ? template : JSON.stringify(template) });

/** The texts the check lists as not in the template. */
export const missedTexts = (ask: string, template: Template | string) => checkOf(ask, template)?.notExpressed.map((value) => value.text) ?? [];
/** The texts the check could not place. */
export const unplacedTexts = (ask: string, template: Template | string) => checkOf(ask, template)?.unplaced.map((token) => token.text) ?? [];
/** What the check does not vouch for: not in the template, or not placed. */
export const flaggedTexts = (ask: string, template: Template | string) => [...missedTexts(ask, template), ...unplacedTexts(ask, template)];
/** The scopes the check finds written broader than asked. */
export const broaderTexts = (ask: string, template: Template | string) => checkOf(ask, template)?.broader.map((scope) => scope.asked) ?? [];

/** A copy without the named resources (a mutation the check must flag). */
export function without(template: Template, ...names: string[]): Template {
  const copy = structuredClone(template);
  for (const name of names) delete copy.Resources[name];
  return copy;
}

/** A copy whose ingress rules on `portRange` are changed by `change` (a mutation the check must flag). */
export function withRules(template: Template, portRange: string, change: (rule: IngressRule) => void): Template {
  const copy = structuredClone(template);
  for (const rule of rules(copy)) if (rule.PortRange === portRange) change(rule);
  return copy;
}
