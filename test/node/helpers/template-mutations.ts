/**
 * Issue 27 item 4: every single mutation of a right ROS template, in the six classes the issue
 * names, each derived from what the request check found where (so every mutation breaks something
 * the request stated): a stated value removed, a value moved to another rule or resource (swapped
 * with the same property elsewhere), a scope broadened (a source range opened to 0.0.0.0/0, a
 * prefix emptied, a private ACL made public, an internal load balancer made internet-facing), a
 * count ±1 (a resource duplicated or removed), the database engine swapped, a required resource
 * dropped. A mutation is a new template object; the original is never changed.
 */
import { familyOfType, isProductType } from "../../../src/iac/check/families";
import type { CheckedValue } from "../../../src/iac/check/result";

export type MutationClass = "removed" | "moved" | "broadened" | "count" | "engine" | "dropped";

export interface Mutation {
  kind: MutationClass;
  /** What was done, for the list of misses. */
  name: string;
  template: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const clone = (template: Json): Json => structuredClone(template);
const resourcesOf = (template: Json): Json => (isObject(template.Resources) ? template.Resources : {});

/** "Sg.SecurityGroupIngress[0].SourceCidrIp (parameter X)" → the resource and the path's segments. */
function location(where: string | undefined): { resource: string; path: Array<string | number> } | undefined {
  const match = /^([A-Za-z0-9_]+)\.([A-Za-z0-9_.[\]]+)/.exec(where ?? "");
  if (!match?.[1] || !match[2]) return undefined;
  const path = match[2].split(".").flatMap((part) => {
    const [name, ...indexes] = part.split("[");
    return [name ?? "", ...indexes.map((index) => Number(index.replace("]", "")))];
  });
  return { resource: match[1], path };
}

/** The holder of a path's last segment inside a resource's Properties, and that segment. */
function holderOf(template: Json, resource: string, path: Array<string | number>): { holder: Json | unknown[]; last: string | number } | undefined {
  let node: unknown = resourcesOf(template)[resource];
  node = isObject(node) ? node.Properties : undefined;
  for (const part of path.slice(0, -1)) {
    if (Array.isArray(node) && typeof part === "number") node = node[part];
    else if (isObject(node) && typeof part === "string") node = node[part];
    else return undefined;
  }
  const last = path[path.length - 1];
  if (last === undefined || !(Array.isArray(node) || isObject(node))) return undefined;
  return { holder: node as Json | unknown[], last };
}

function valueAt(template: Json, where: string | undefined): unknown {
  const at = location(where);
  const found = at ? holderOf(template, at.resource, at.path) : undefined;
  return found ? (found.holder as Record<string | number, unknown>)[found.last] : undefined;
}

function setAt(template: Json, where: string, value: unknown): Json | undefined {
  const copy = clone(template);
  const at = location(where);
  const found = at ? holderOf(copy, at.resource, at.path) : undefined;
  if (!found) return undefined;
  if (value === undefined) {
    if (Array.isArray(found.holder) && typeof found.last === "number") found.holder.splice(found.last, 1);
    else delete (found.holder as Json)[found.last];
  } else (found.holder as Record<string | number, unknown>)[found.last] = value;
  return copy;
}

/** Every `Resource.Path` of a scalar (or Ref) property in the template, with its last key. */
function propertyPaths(template: Json): Array<{ where: string; key: string; value: unknown }> {
  const out: Array<{ where: string; key: string; value: unknown }> = [];
  const walk = (node: unknown, where: string, key: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${where}[${index}]`, key));
    else if (isObject(node) && !("Ref" in node) && !Object.keys(node).some((name) => name.startsWith("Fn::")))
      for (const [name, inner] of Object.entries(node)) walk(inner, `${where}.${name}`, name);
    else out.push({ where, key, value: node });
  };
  for (const [name, resource] of Object.entries(resourcesOf(template)))
    if (isObject(resource) && isObject(resource.Properties)) walk(resource.Properties, name, "");
  return out;
}

const siteOf = (value: CheckedValue) => value.where?.split(" → ")[0];

function removals(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  return applied.flatMap((value) => {
    const site = siteOf(value);
    if (site === "Description")
      return [{ kind: "removed" as const, name: `removed ${value.text} (Description)`, template: { ...clone(template), Description: "" } }];
    const mutated = site && valueAt(template, site) !== undefined ? setAt(template, site, undefined) : undefined;
    return mutated ? [{ kind: "removed" as const, name: `removed ${value.kind} ${value.text} at ${site}`, template: mutated }] : [];
  });
}

/** The object holding a property's path, without that property and its free text: two rules alike but for it. */
function holderWithout(template: Json, where: string, key: string): string {
  const parent = valueAt(template, where.slice(0, where.lastIndexOf(".")));
  if (!isObject(parent)) return where;
  const { [key]: _value, Description: _text, ...rest } = parent;
  return JSON.stringify(rest);
}

/** Swapping a value between two objects alike but for it ("22 from A" and "22 from B") changes nothing: no mutation. */
const sameHolder = (template: Json, a: string, b: string, key: string) => holderWithout(template, a, key) === holderWithout(template, b, key);

function moves(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  const paths = propertyPaths(template);
  return applied.flatMap((value) => {
    const site = siteOf(value);
    const here = paths.find((path) => path.where === site);
    const other = here
      ? paths.find((path) => path.key === here.key && path.where !== here.where && JSON.stringify(path.value) !== JSON.stringify(here.value))
      : undefined;
    if (!here || !other || sameHolder(template, here.where, other.where, here.key)) return [];
    const swapped = setAt(setAt(template, here.where, other.value) ?? template, other.where, here.value);
    return swapped ? [{ kind: "moved" as const, name: `moved ${value.text} from ${here.where} to ${other.where}`, template: swapped }] : [];
  });
}

const WIDER: Readonly<Record<string, (value: unknown) => unknown>> = {
  SourceCidrIp: (value) => (value === "0.0.0.0/0" ? undefined : "0.0.0.0/0"),
  Prefix: (value) => (value === "" ? undefined : ""),
  AccessControl: (value) => (value === "private" ? "public-read" : undefined),
  AddressType: (value) => (value === "intranet" ? "internet" : undefined),
};

function broadenings(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  const sites = new Set(applied.flatMap((value) => [siteOf(value) ?? ""]));
  return propertyPaths(template).flatMap((path) => {
    const wider = WIDER[path.key]?.(path.value);
    // Only a scope the request stated: its value was found right there, or on the rule it belongs to (a lifecycle prefix).
    const stated = sites.has(path.where) || [...sites].some((site) => site !== "" && path.where.startsWith(`${site}.`));
    const mutated = wider !== undefined && stated ? setAt(template, path.where, wider) : undefined;
    return mutated ? [{ kind: "broadened" as const, name: `${path.where}: ${String(path.value)} → ${String(wider)}`, template: mutated }] : [];
  });
}

function namesOfFamily(template: Json, family: string): string[] {
  return Object.entries(resourcesOf(template))
    .filter(([, resource]) => isObject(resource) && isProductType(String(resource.Type)) && familyOfType(String(resource.Type))?.id === family)
    .map(([name]) => name);
}

/** The family of an applied count or product: "2 × ecs", "2 × eip for 2 × ecs". */
const familyOf = (value: CheckedValue) => /^\d{1,4} × ([A-Za-z]{2,16})/.exec(value.where ?? "")?.[1];

function counts(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  const families = new Set(applied.filter((value) => value.kind === "count" || value.kind === "per-server").flatMap((value) => [familyOf(value) ?? ""]));
  return [...families].flatMap((family) => {
    const names = namesOfFamily(template, family);
    const last = names[names.length - 1];
    if (!last) return [];
    const more = clone(template);
    resourcesOf(more)[`${last}Mutant`] = structuredClone(resourcesOf(template)[last]);
    const fewer = clone(template);
    delete resourcesOf(fewer)[last];
    return [
      { kind: "count" as const, name: `${family} +1 (${last} duplicated)`, template: more },
      { kind: "count" as const, name: `${family} −1 (${last} removed)`, template: fewer },
    ];
  });
}

const ENGINE_SWAP: Readonly<Record<string, string>> = { MySQL: "PostgreSQL", PostgreSQL: "MySQL", MariaDB: "MySQL", SQLServer: "MySQL" };

/** The engine of a database whose engine or version this request states (found on that resource). */
function engineSwaps(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  const stated = applied.filter((value) => value.kind === "engine" || value.kind === "engine-version").map((value) => value.where?.split(".")[0]);
  return propertyPaths(template).flatMap((path) => {
    const swapped = path.key === "Engine" && stated.includes(path.where.split(".")[0]) ? ENGINE_SWAP[String(path.value)] : undefined;
    const mutated = swapped ? setAt(template, path.where, swapped) : undefined;
    return mutated ? [{ kind: "engine" as const, name: `${path.where}: ${String(path.value)} → ${swapped}`, template: mutated }] : [];
  });
}

function drops(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  const families = new Set(applied.filter((value) => value.kind === "product").flatMap((value) => [familyOf(value) ?? ""]));
  return [...families].flatMap((family) => {
    const names = namesOfFamily(template, family);
    if (names.length === 0) return [];
    const dropped = clone(template);
    for (const name of names) delete resourcesOf(dropped)[name];
    return [{ kind: "dropped" as const, name: `dropped every ${family} (${names.join(", ")})`, template: dropped }];
  });
}

/** Every single mutation of the template, by class. */
export function mutationsOf(template: Json, applied: readonly CheckedValue[]): Mutation[] {
  return [
    ...removals(template, applied),
    ...moves(template, applied),
    ...broadenings(template, applied),
    ...counts(template, applied),
    ...engineSwaps(template, applied),
    ...drops(template, applied),
  ];
}
