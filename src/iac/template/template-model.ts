import { ROS_PSEUDO_PARAMETERS } from "./data/ros-functions";
import { isRecord } from "./template-parser";

/** Read-only views over a parsed ROS template: sections, symbols and the function calls inside values. */

export const ROS_FORMAT_VERSION = "2015-09-01";

export const TOP_LEVEL_SECTIONS: ReadonlySet<string> = new Set([
  "ROSTemplateFormatVersion",
  "Description",
  "Metadata",
  "Parameters",
  "Mappings",
  "Conditions",
  "Resources",
  "Outputs",
  "Rules",
  "Locals",
  "Transform",
  "Workspace",
]);

export function section(template: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = template[name];
  return isRecord(value) ? value : {};
}

export interface TemplateSymbols {
  parameters: ReadonlySet<string>;
  resources: ReadonlySet<string>;
  locals: ReadonlySet<string>;
  conditions: ReadonlySet<string>;
  mappings: ReadonlySet<string>;
}

export function templateSymbols(template: Record<string, unknown>): TemplateSymbols {
  return {
    parameters: new Set(Object.keys(section(template, "Parameters"))),
    resources: new Set(Object.keys(section(template, "Resources"))),
    locals: new Set(Object.keys(section(template, "Locals"))),
    conditions: new Set(Object.keys(section(template, "Conditions"))),
    mappings: new Set(Object.keys(section(template, "Mappings"))),
  };
}

/** True when `Ref: name` resolves to something in this template. */
export function isRefTarget(symbols: TemplateSymbols, name: string): boolean {
  return ROS_PSEUDO_PARAMETERS.has(name) || symbols.parameters.has(name) || symbols.resources.has(name) || symbols.locals.has(name);
}

export function resourceType(resource: unknown): string | undefined {
  return isRecord(resource) && typeof resource.Type === "string" ? resource.Type : undefined;
}

export function resourceProperties(resource: unknown): Record<string, unknown> {
  return isRecord(resource) && isRecord(resource.Properties) ? resource.Properties : {};
}

export interface FunctionCall {
  name: string;
  argument: unknown;
  path: string;
  depth: number;
}

/** A one-key mapping whose key is `Ref` or `Fn::*` is a function call. */
export function functionCallName(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0];
  return key === "Ref" || key?.startsWith("Fn::") ? key : undefined;
}

export function joinPath(path: string, key: string | number): string {
  return path === "" ? String(key) : `${path}/${key}`;
}

/** Calls `visit` for every function call in `value`, outermost first, with its nesting depth. */
export function visitFunctionCalls(value: unknown, path: string, visit: (call: FunctionCall) => void, depth = 0): void {
  const name = functionCallName(value);
  if (name !== undefined && isRecord(value)) {
    const argument = value[name];
    const callPath = joinPath(path, name);
    visit({ name, argument, path: callPath, depth: depth + 1 });
    visitFunctionCalls(argument, callPath, visit, depth + 1);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => visitFunctionCalls(item, joinPath(path, index), visit, depth));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) visitFunctionCalls(item, joinPath(path, key), visit, depth);
  }
}

/** `${Name}` and `${Resource.Attribute}` placeholders of an `Fn::Sub` string; `${!Literal}` is an escape. */
export function substitutionVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/\$\{([^{}]+)\}/g)) {
    const name = match[1]?.trim() ?? "";
    if (name !== "" && !name.startsWith("!")) names.push(name);
  }
  return names;
}

/** `Fn::GetAtt` accepts `[Resource, Attribute]` or the short `Resource.Attribute` string. */
export function getAttTarget(argument: unknown): { resource: string; attribute: unknown } | undefined {
  if (typeof argument === "string") {
    const dot = argument.indexOf(".");
    return dot > 0 ? { resource: argument.slice(0, dot), attribute: argument.slice(dot + 1) } : undefined;
  }
  if (Array.isArray(argument) && argument.length === 2 && typeof argument[0] === "string") {
    return { resource: argument[0], attribute: argument[1] };
  }
  return undefined;
}

/** The symbols a value refers to: `Ref` targets, `Fn::GetAtt` resources and `Fn::Sub` variables. */
export function referencedSymbols(value: unknown): string[] {
  const symbols: string[] = [];
  visitFunctionCalls(value, "", (call) => {
    if (call.name === "Ref" && typeof call.argument === "string") symbols.push(call.argument);
    if (call.name === "Fn::GetAtt") {
      const target = getAttTarget(call.argument);
      if (target) symbols.push(target.resource);
    }
    if (call.name === "Fn::Sub") {
      const text = Array.isArray(call.argument) ? call.argument[0] : call.argument;
      const local = Array.isArray(call.argument) && isRecord(call.argument[1]) ? call.argument[1] : {};
      if (typeof text === "string") {
        for (const variable of substitutionVariables(text)) {
          const symbol = variable.split(".")[0] ?? variable;
          if (!(symbol in local)) symbols.push(symbol);
        }
      }
    }
  });
  return symbols;
}

/** The resource names a resource depends on, through references and `DependsOn`. */
export function resourceDependencies(resource: unknown, resources: ReadonlySet<string>): string[] {
  if (!isRecord(resource)) return [];
  const dependsOn = resource.DependsOn;
  const explicit = typeof dependsOn === "string" ? [dependsOn] : Array.isArray(dependsOn) ? dependsOn : [];
  const implicit = referencedSymbols([resource.Properties, resource.Count]);
  return [...new Set([...explicit, ...implicit])].filter((name): name is string => typeof name === "string" && resources.has(name));
}

/**
 * Parameter names used anywhere outside their own definition, including `${Name}` placeholders in other
 * parameters' AssociationPropertyMetadata. Listing a name in Metadata parameter groups does not count:
 * that only arranges the console form.
 */
export function usedParameterNames(template: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const parameters = section(template, "Parameters");
  for (const [key, value] of Object.entries(template)) {
    if (key === "Parameters") continue;
    for (const symbol of referencedSymbols(value)) used.add(symbol);
  }
  for (const definition of Object.values(parameters)) {
    for (const symbol of placeholderNames(definition)) used.add(symbol);
  }
  return used;
}

/** `${Name}` placeholders in any string below `value` (AssociationPropertyMetadata, Fn::Sub bodies). */
export function placeholderNames(value: unknown): string[] {
  if (typeof value === "string") return substitutionVariables(value).map((name) => name.split(".")[0] ?? name);
  if (Array.isArray(value)) return value.flatMap(placeholderNames);
  if (isRecord(value)) return Object.values(value).flatMap(placeholderNames);
  return [];
}
