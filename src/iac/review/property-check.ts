/**
 * Checks resource properties against the property catalogue: a misspelt name is an error with a
 * "did you mean" (ROS would reject the template or, worse, ignore the value the user meant to
 * set), an uncatalogued name is a warning, a literal of the wrong type or outside the allowed
 * values is an error. Values computed by functions (`Ref`, `Fn::*`) are only known at deploy time
 * and are not type-checked.
 */
import { closestMatch } from "./closest-match";
import { ROS_PROPERTY_CATALOGUE, type PropertySpec } from "../template/data/ros-property-catalogue";
import type { Diagnostic } from "../template/diagnostic";
import { functionCallName, resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";

function typeMatches(spec: PropertySpec, value: unknown): boolean {
  switch (spec.type) {
    case "string":
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
    case "integer":
      return (typeof value === "number" && Number.isInteger(value)) || (typeof value === "string" && /^-?\d+$/.test(value));
    case "number":
      return typeof value === "number" || (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)));
    case "boolean":
      return typeof value === "boolean" || value === "true" || value === "false" || value === "True" || value === "False";
    case "list":
      return Array.isArray(value);
    case "map":
      return isRecord(value);
    case "any":
      return true;
  }
}

function checkValue(type: string, name: string, spec: PropertySpec, value: unknown, path: string): Diagnostic | undefined {
  if (functionCallName(value) !== undefined) return undefined;
  if (!typeMatches(spec, value)) {
    return {
      code: "ROS5106",
      severity: "error",
      path,
      message: `${name} of ${type} must be a ${spec.type}, not ${Array.isArray(value) ? "a list" : isRecord(value) ? "a mapping" : JSON.stringify(value)}.`,
      fix: `Give ${name} a ${spec.type} value.`,
    };
  }
  if (spec.allowed && (typeof value === "string" || typeof value === "number") && !spec.allowed.includes(String(value))) {
    const suggestion = closestMatch(String(value), spec.allowed) ?? spec.allowed.find((allowed) => allowed.toLowerCase() === String(value).toLowerCase());
    return {
      code: "ROS5107",
      severity: "error",
      path,
      message: `${name} of ${type} is "${String(value)}"; ROS accepts ${spec.allowed.join(", ")}.`,
      fix: suggestion ? `Use "${suggestion}".` : `Use one of ${spec.allowed.join(", ")}.`,
    };
  }
  return undefined;
}

/** ROS5104 / ROS5105 / ROS5106 / ROS5107 for every resource of a catalogued type. */
export function checkPropertyCatalogue(template: Record<string, unknown>, report: (diagnostic: Diagnostic) => void): void {
  for (const [logicalId, resource] of Object.entries(section(template, "Resources"))) {
    const type = resourceType(resource);
    const catalogue = type ? ROS_PROPERTY_CATALOGUE[type] : undefined;
    if (!type || !catalogue) continue;
    for (const [name, value] of Object.entries(resourceProperties(resource))) {
      const path = `Resources/${logicalId}/Properties/${name}`;
      const spec = catalogue[name];
      if (spec) {
        const problem = checkValue(type, name, spec, value, path);
        if (problem) report(problem);
        continue;
      }
      const suggestion = closestMatch(name, Object.keys(catalogue));
      report(
        suggestion
          ? {
              code: "ROS5104",
              severity: "error",
              path,
              message: `${type} has no property "${name}". Did you mean "${suggestion}"?`,
              fix: `Rename ${name} to ${suggestion}.`,
            }
          : {
              code: "ROS5105",
              severity: "warning",
              path,
              message: `"${name}" is not in the offline property catalogue of ${type}.`,
              fix: `Check the name against the ${type} property table; ROS rejects unknown properties.`,
            },
      );
    }
  }
}

/** The catalogue's name for a misspelt property, for the repair. */
export function catalogueName(type: string | undefined, name: string): string | undefined {
  const catalogue = type ? ROS_PROPERTY_CATALOGUE[type] : undefined;
  return catalogue ? closestMatch(name, Object.keys(catalogue)) : undefined;
}

/** The allowed value closest to a wrong one, for the repair. */
export function closestAllowedValue(type: string | undefined, name: string, value: unknown): string | undefined {
  const allowed = type ? ROS_PROPERTY_CATALOGUE[type]?.[name]?.allowed : undefined;
  if (!allowed) return undefined;
  const text = String(value);
  const lower = text.toLowerCase();
  // "Public" → public-read: a case slip, a near miss, or the least permissive value the word starts.
  return (
    allowed.find((candidate) => candidate.toLowerCase() === lower) ??
    closestMatch(text, allowed) ??
    allowed.find((candidate) => candidate.toLowerCase().startsWith(lower))
  );
}
