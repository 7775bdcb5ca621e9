/**
 * Validator checks of a template's expressions, across kinds: every function call's name, arguments,
 * depth and the symbols it uses (`Ref`, `Fn::GetAtt` attributes, `Fn::Sub` variables, `Fn::FindInMap`
 * keys), and dependency cycles. Split out of template-validator.ts; the codes are listed there.
 */
import type { Report } from "../../template/diagnostic";
import { closestMatch } from "../closest-match";
import { ROS_FUNCTION_NAMES } from "../../template/data/ros-functions";
import { ROS_RESOURCE_TYPES } from "../../template/data/ros-resource-types";
import type { Diagnostic } from "../../template/diagnostic";
import { isRecord } from "../../template/template-parser";
import {
  getAttTarget,
  isRefTarget,
  joinPath,
  resourceDependencies,
  resourceType,
  section,
  substitutionVariables,
  visitFunctionCalls,
  type TemplateSymbols,
} from "../../template/template-model";

/** How deep function calls may nest (iac-code's analyzer limit). */
export const MAX_FUNCTION_DEPTH = 20;

/** A `Condition` naming no condition of the template (resources and outputs use it too). */
export function undefinedCondition(condition: string, path: string, symbols: TemplateSymbols): Diagnostic {
  const suggestion = closestMatch(condition, symbols.conditions);
  return {
    code: "ROS4003",
    severity: "error",
    path,
    message: `Condition "${condition}" is not defined in the Conditions section.`,
    fix: suggestion ? `Use "${suggestion}".` : `Define "${condition}" under Conditions or remove the reference.`,
  };
}

/** Every function call in the template is checked for its name, arguments, depth and the symbols it uses. */
export function checkExpressions(template: Record<string, unknown>, symbols: TemplateSymbols, report: Report): void {
  const roots: [string, unknown][] = [
    ["Conditions", template.Conditions],
    ["Rules", template.Rules],
    ["Locals", template.Locals],
    ["Outputs", template.Outputs],
  ];
  for (const [name, resource] of Object.entries(section(template, "Resources"))) {
    if (!isRecord(resource)) continue;
    roots.push([`Resources/${name}/Properties`, resource.Properties]);
    roots.push([`Resources/${name}/Count`, resource.Count]);
  }
  const resources = section(template, "Resources");
  const mappings = section(template, "Mappings");
  for (const [rootPath, value] of roots) {
    let depthReported = false;
    visitFunctionCalls(value, rootPath, (call) => {
      if (call.depth > MAX_FUNCTION_DEPTH && !depthReported) {
        depthReported = true;
        report({
          code: "ROS2003",
          severity: "error",
          path: call.path,
          message: `Functions are nested more than ${MAX_FUNCTION_DEPTH} levels deep.`,
          fix: "Flatten the expression, e.g. move parts into Locals or parameters.",
        });
      }
      if (!ROS_FUNCTION_NAMES.has(call.name)) {
        const suggestion = closestMatch(call.name, ROS_FUNCTION_NAMES);
        report({
          code: "ROS2001",
          severity: "error",
          path: call.path,
          message: `Unknown function "${call.name}".`,
          fix: suggestion ? `Use "${suggestion}".` : "Use one of the ROS functions (Fn::Join, Fn::Sub, Fn::GetAtt, ...).",
        });
        return;
      }
      checkFunctionCall(call.name, call.argument, call.path, symbols, resources, mappings, report);
    });
  }
}

function checkFunctionCall(
  name: string,
  argument: unknown,
  path: string,
  symbols: TemplateSymbols,
  resources: Record<string, unknown>,
  mappings: Record<string, unknown>,
  report: Report,
): void {
  switch (name) {
    case "Ref":
      if (typeof argument === "string" && !isRefTarget(symbols, argument)) {
        report(undefinedReference(argument, path, symbols));
      }
      return;
    case "Fn::GetAtt":
      checkGetAtt(argument, path, symbols, resources, report);
      return;
    case "Fn::Sub":
      checkSub(argument, path, symbols, resources, report);
      return;
    case "Fn::If": {
      const condition = Array.isArray(argument) && argument.length === 3 ? argument[0] : undefined;
      if (condition === undefined) {
        report(malformed(name, path, "[ConditionName, ValueIfTrue, ValueIfFalse]"));
      } else if (typeof condition === "string" && !symbols.conditions.has(condition)) {
        report(undefinedCondition(condition, `${path}/0`, symbols));
      }
      return;
    }
    case "Fn::FindInMap":
      checkFindInMap(argument, path, mappings, report);
      return;
    default:
      return;
  }
}

function undefinedReference(name: string, path: string, symbols: TemplateSymbols): Diagnostic {
  const suggestion = closestMatch(name, [...symbols.parameters, ...symbols.resources, ...symbols.locals]);
  return {
    code: "ROS4001",
    severity: "error",
    path,
    message: `"${name}" is not a parameter, resource or pseudo parameter of this template.`,
    fix: suggestion ? `Use "${suggestion}".` : `Define a parameter "${name}" (e.g. \`${name}: {Type: String}\`) or reference an existing symbol.`,
  };
}

function malformed(name: string, path: string, expected: string): Diagnostic {
  return {
    code: "ROS2002",
    severity: "error",
    path,
    message: `${name} has malformed arguments.`,
    fix: `Write it as \`${name}: ${expected}\`.`,
  };
}

function checkGetAtt(argument: unknown, path: string, symbols: TemplateSymbols, resources: Record<string, unknown>, report: Report): void {
  const target = getAttTarget(argument);
  if (!target) {
    report(malformed("Fn::GetAtt", path, "[ResourceName, AttributeName]"));
    return;
  }
  checkAttribute(target.resource, target.attribute, path, symbols, resources, report);
}

function checkAttribute(
  resourceName: string,
  attribute: unknown,
  path: string,
  symbols: TemplateSymbols,
  resources: Record<string, unknown>,
  report: Report,
): void {
  if (!symbols.resources.has(resourceName)) {
    const suggestion = closestMatch(resourceName, symbols.resources);
    report({
      code: "ROS4006",
      severity: "error",
      path,
      message: `Fn::GetAtt refers to "${resourceName}", which is not a resource of this template.`,
      fix: suggestion ? `Use "${suggestion}".` : `Add resource "${resourceName}" or reference an existing resource.`,
    });
    return;
  }
  const type = resourceType(resources[resourceName]);
  const spec = type ? ROS_RESOURCE_TYPES[type] : undefined;
  if (!spec || spec.dynamicAttributes || typeof attribute !== "string") return;
  if (spec.attributes.includes(attribute)) return;
  const suggestion = closestMatch(attribute, spec.attributes);
  report({
    code: "ROS5201",
    severity: "error",
    path,
    message:
      spec.attributes.length === 0
        ? `${type} "${resourceName}" exposes no attributes, so "${attribute}" cannot be read.`
        : `${type} has no attribute "${attribute}" (resource "${resourceName}").`,
    fix:
      spec.attributes.length === 0
        ? "Reference the resource with Ref instead."
        : `Use ${suggestion ? `"${suggestion}"` : `one of: ${spec.attributes.join(", ")}`}.`,
  });
}

function checkSub(argument: unknown, path: string, symbols: TemplateSymbols, resources: Record<string, unknown>, report: Report): void {
  const text = Array.isArray(argument) ? argument[0] : argument;
  const local = Array.isArray(argument) ? argument[1] : {};
  if (typeof text !== "string" || (Array.isArray(argument) && (argument.length !== 2 || !isRecord(local)))) {
    report(malformed("Fn::Sub", path, "'text with ${Name}' or ['text with ${Name}', {Name: value}]"));
    return;
  }
  const variables = substitutionVariables(text);
  const localNames = isRecord(local) ? Object.keys(local) : [];
  for (const variable of variables) {
    if (localNames.includes(variable)) continue;
    const dot = variable.indexOf(".");
    if (dot > 0) {
      checkAttribute(variable.slice(0, dot), variable.slice(dot + 1), path, symbols, resources, report);
    } else if (!isRefTarget(symbols, variable)) {
      report(undefinedReference(variable, path, symbols));
    }
  }
  for (const name of localNames) {
    if (variables.includes(name)) continue;
    report({
      code: "ROS5203",
      severity: "warning",
      path: joinPath(path, 1),
      message: `Fn::Sub variable "${name}" is defined but not used in the text.`,
      fix: `Remove "${name}" from the variable map or use \${${name}} in the text.`,
    });
  }
}

function checkFindInMap(argument: unknown, path: string, mappings: Record<string, unknown>, report: Report): void {
  if (!Array.isArray(argument) || argument.length !== 3) {
    report(malformed("Fn::FindInMap", path, "[MapName, TopLevelKey, SecondLevelKey]"));
    return;
  }
  const [mapName, firstKey, secondKey] = argument;
  if (typeof mapName !== "string") return;
  const mapping = mappings[mapName];
  const missing = (what: string): Diagnostic => ({
    code: "ROS4101",
    severity: "error",
    path,
    message: `Fn::FindInMap: ${what}.`,
    fix: "Add the missing entry under Mappings or correct the names in Fn::FindInMap.",
  });
  if (!isRecord(mapping)) {
    report(missing(`mapping "${mapName}" is not defined`));
    return;
  }
  if (typeof firstKey !== "string") return;
  const level = mapping[firstKey];
  if (!isRecord(level)) {
    report(missing(`mapping "${mapName}" has no key "${firstKey}"`));
    return;
  }
  if (typeof secondKey === "string" && !(secondKey in level)) {
    report(missing(`mapping "${mapName}.${firstKey}" has no key "${secondKey}"`));
  }
}

export function checkDependencyCycles(template: Record<string, unknown>, symbols: TemplateSymbols, report: Report): void {
  const resources = section(template, "Resources");
  const edges = new Map<string, string[]>();
  for (const [name, resource] of Object.entries(resources)) {
    edges.set(name, resourceDependencies(resource, symbols.resources));
  }
  const state = new Map<string, "visiting" | "done">();
  const reported = new Set<string>();
  const visit = (name: string, trail: string[]): void => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      const cycle = [...trail.slice(trail.indexOf(name)), name];
      const key = [...cycle].sort().join(",");
      if (!reported.has(key)) {
        reported.add(key);
        report({
          code: "ROS4005",
          severity: "error",
          path: `Resources/${name}`,
          message: `Resources depend on each other in a cycle: ${cycle.join(" -> ")}.`,
          fix: "Break the cycle: remove a DependsOn, or split a property into a separate attachment resource.",
        });
      }
      return;
    }
    state.set(name, "visiting");
    for (const next of edges.get(name) ?? []) visit(next, [...trail, name]);
    state.set(name, "done");
  };
  for (const name of [...edges.keys()].sort()) visit(name, []);
}
