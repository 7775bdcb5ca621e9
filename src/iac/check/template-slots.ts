/**
 * The template as a flat list of slots — each scalar a resource carries, with its resource, type and
 * property path — for the check to look values up in. A property that refers to a parameter carries
 * that parameter's Default (the console selector keeps the parameter; the Default is the user's
 * value). ROS templates (YAML/JSON) are read through the parser; Terraform is read line by line
 * (resource blocks, `key = value` attributes, variable defaults), enough to find literal values.
 */
import { parseTemplate } from "../template/parse-template";
import { isRecord } from "../template/template-parser";
import { resourceProperties, resourceType, section } from "../template/template-model";

export interface Slot {
  resource: string;
  type: string;
  /** Property path inside the resource: `SecurityGroupIngress[0].PortRange`. */
  path: string;
  /** The last property name of the path. */
  key: string;
  value: string | number | boolean;
  /** The parameter whose Default this is, when the property refers to one. */
  parameter?: string;
}

/** A property naming another resource of the template (ROS `Ref`, Terraform `type.name.attribute`): a server's vSwitch. */
export interface ResourceRef {
  resource: string;
  key: string;
  target: string;
}

export interface TemplateView {
  format: "ros" | "terraform";
  slots: Slot[];
  /** Properties that name another resource (not a parameter): which vSwitch a server stands in. */
  refs?: ResourceRef[];
  /** Each resource and its type. */
  resources: Array<{ name: string; type: string }>;
  /** Text that may name the region: the Description, a provider's region. */
  regionText: string;
}

const ZONE_PARAMETER_KEY = /^ZoneId$/;

/** Deepest property nesting the flattening follows (ROS properties nest a few levels; a bound keeps it linear). */
const MAX_DEPTH = 12;

function flatten(
  resource: string,
  type: string,
  value: unknown,
  path: string,
  key: string,
  parameters: Record<string, unknown>,
  out: Slot[],
  depth: number,
  refs?: ResourceRef[],
): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out.push({ resource, type, path, key, value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(resource, type, item, `${path}[${index}]`, key, parameters, out, depth + 1, refs));
    return;
  }
  if (!isRecord(value)) return;
  const ref = value.Ref;
  if (typeof ref === "string" && Object.keys(value).length === 1) {
    const parameter = parameters[ref];
    if (parameter === undefined) refs?.push({ resource, key, target: ref });
    const fallback = isRecord(parameter) ? parameter.Default : undefined;
    if (typeof fallback === "string" || typeof fallback === "number" || typeof fallback === "boolean")
      out.push({ resource, type, path, key, value: fallback, parameter: ref });
    // A zone the deployer picks (a selector without a default) still counts as a zone: "3 vSwitches in 3 zones" is three ZoneId parameters.
    else if (ZONE_PARAMETER_KEY.test(key)) out.push({ resource, type, path, key, value: "", parameter: ref });
    return;
  }
  for (const [name, inner] of Object.entries(value)) {
    if (name.startsWith("Fn::")) continue;
    flatten(resource, type, inner, path === "" ? name : `${path}.${name}`, name, parameters, out, depth + 1, refs);
  }
}

function rosView(template: Record<string, unknown>): TemplateView {
  const parameters = section(template, "Parameters");
  const slots: Slot[] = [];
  const refs: ResourceRef[] = [];
  const resources: TemplateView["resources"] = [];
  for (const [name, resource] of Object.entries(section(template, "Resources"))) {
    const type = resourceType(resource) ?? "";
    resources.push({ name, type });
    flatten(name, type, resourceProperties(resource), "", "", parameters, slots, 0, refs);
  }
  const description = typeof template.Description === "string" ? template.Description : "";
  return { format: "ros", slots, refs, resources, regionText: description };
}

/** `alicloud_vswitch.vsw_2.id`: a resource's attribute, its name captured. */
const RESOURCE_ATTRIBUTE = /^alicloud_[a-z_]{1,64}\.([A-Za-z0-9_-]{1,64})\.[a-z_]{1,64}$/;
const BLOCK_OPEN = /^[ \t]{0,40}(resource|data|variable|provider|locals|output|module)[ \t]{1,8}"([^"]{1,200})"[ \t]{0,8}("[^"]{1,200}"|)[ \t]{0,8}\{/;
const NESTED_OPEN = /^[ \t]{0,40}([A-Za-z_][A-Za-z0-9_]{0,63})[ \t]{0,8}\{/;
/** `name = value`; `terraform fmt` aligns the `=` of a block's attributes, so the gap before it is as wide as the longest name allows. */
const ATTRIBUTE = /^[ \t]{0,40}([A-Za-z_][A-Za-z0-9_]{0,63})[ \t]{0,64}=[ \t]{0,8}(.{0,2000})$/;

function hclScalar(raw: string, variables: Map<string, string | number>): Array<string | number> {
  const text = raw.trim().replace(/,$/, "");
  if (text.startsWith("var.")) {
    const value = variables.get(text.slice(4));
    return value === undefined ? [] : [value];
  }
  if (text.startsWith("[")) return [...text.matchAll(/"([^"]{0,200})"/g)].map((match) => match[1] ?? "");
  if (text.startsWith('"')) return [text.slice(1, text.indexOf('"', 1) < 0 ? undefined : text.indexOf('"', 1))];
  if (/^\d{1,12}$/.test(text)) return [Number(text)];
  // "deletion_protection = true": a switch, kept as the word (the setting checks read "false" as off).
  if (text === "true" || text === "false") return [text];
  return [];
}

/** Terraform: two passes over the lines — variable defaults first, then the resources' attributes. */
function terraformView(text: string): TemplateView {
  const lines = text.split("\n");
  const variables = new Map<string, string | number>();
  let variable: string | undefined;
  for (const line of lines) {
    const open = BLOCK_OPEN.exec(line);
    if (open) variable = open[1] === "variable" ? open[2] : undefined;
    const attribute = ATTRIBUTE.exec(line);
    if (variable && attribute?.[1] === "default") {
      const value = hclScalar(attribute[2] ?? "", variables)[0];
      if (value !== undefined) variables.set(variable, value);
    }
  }
  const slots: Slot[] = [];
  const refs: ResourceRef[] = [];
  const resources: TemplateView["resources"] = [];
  let regionText = "";
  const stack: string[] = [];
  // A nested block repeated in one resource ("lifecycle_rule", "transitions", "data_disks"): the second is "name[1]", so the two are two records.
  const repeats = new Map<string, number>();
  let current: { name: string; type: string; kind: string } | undefined;
  for (const line of lines) {
    const open = BLOCK_OPEN.exec(line);
    if (open) {
      current = { kind: open[1] ?? "", type: open[2] ?? "", name: (open[3] ?? "").replaceAll('"', "") };
      if (current.kind === "resource") resources.push({ name: current.name, type: current.type });
      stack.length = 0;
      repeats.clear();
      if (!line.includes("}")) continue;
    }
    const nested = NESTED_OPEN.exec(line);
    if (nested && current && !open) {
      const name = nested[1] ?? "";
      const seen = `${stack.join(".")}|${name}`;
      const before = repeats.get(seen) ?? 0;
      repeats.set(seen, before + 1);
      stack.push(before === 0 ? name : `${name}[${before}]`);
    }
    const attribute = ATTRIBUTE.exec(line);
    if (attribute && current) {
      const key = attribute[1] ?? "";
      const values = hclScalar(attribute[2] ?? "", variables);
      for (const value of values) {
        if (current.kind === "resource") slots.push({ resource: current.name, type: current.type, path: [...stack, key].join("."), key, value });
        // The image a configuration picks is its data source's `name_regex` ("^ubuntu_22_04_x64_20G_alibase_"): a slot, so the check can place it.
        if (current.kind === "data" && key === "name_regex") slots.push({ resource: `data.${current.name}`, type: current.type, path: key, key, value });
        if (current.kind === "provider" && key === "region") regionText += ` ${String(value)}`;
      }
      // "vswitch_id = alicloud_vswitch.vsw_2.id": the resource it names (which vSwitch a server stands in).
      const named = values.length === 0 && current.kind === "resource" ? RESOURCE_ATTRIBUTE.exec((attribute[2] ?? "").trim()) : null;
      if (named?.[1]) refs.push({ resource: current.name, key, target: named[1] });
      // A zone looked up by a data source ("data.alicloud_zones….zones[1 % …].id") is still a zone: kept by its expression, so zones can be counted.
      if (values.length === 0 && key === "zone_id" && current.kind === "resource") {
        slots.push({ resource: current.name, type: current.type, path: [...stack, key].join("."), key, value: "", parameter: (attribute[2] ?? "").trim() });
      }
    }
    if (line.trim().startsWith("}")) {
      if (stack.length > 0) stack.pop();
      else current = undefined;
    }
  }
  return { format: "terraform", slots, refs, resources, regionText };
}

/** The template's view, or undefined when the text is neither a ROS template nor Terraform. */
export function templateView(text: string): TemplateView | undefined {
  if (/^[ \t]{0,40}resource[ \t]{1,8}"/m.test(text)) return terraformView(text);
  const parsed = parseTemplate(text);
  if (!parsed.ok || !isRecord(parsed.template.Resources)) return undefined;
  return rosView(parsed.template);
}
