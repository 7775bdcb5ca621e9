/**
 * The offline ROS template validator: structure, symbols, functions, resource types, network plans and
 * security hygiene, each finding a Diagnostic with a stable code and a suggested fix. This file holds
 * the structure, parameter, resource and output checks and runs the others: expressions
 * (validate/expressions.ts) and the checks of one kind each, the network plan of VPCs and vSwitches
 * (validate/network-plan.ts) and security group rules (validate/security-group-rules.ts).
 *
 * Codes that iac-code's own validator defines (`ros_validation/analyzer.py`) keep their meaning here;
 * the rest are ours, numbered in the same style (1xxx structure, 2xxx functions, 4xxx symbols,
 * 5xxx resource semantics).
 *
 * | Code    | Severity | Meaning                                                                          |
 * |---------|----------|----------------------------------------------------------------------------------|
 * | ROS1001 | error    | YAML/JSON syntax error (with line number)                                        |
 * | ROS1002 | error    | Empty template                                                                   |
 * | ROS1004 | error    | `ROSTemplateFormatVersion` missing (iac-code)                                    |
 * | ROS1005 | error    | Top level is not a mapping (iac-code)                                            |
 * | ROS1006 | warning  | Unknown top-level section                                                        |
 * | ROS1007 | error    | Values nested more than 64 levels deep (iac-code; the walk below recurses)       |
 * | ROS1007 | warning  | No `Resources` section (and not a Terraform-type template)                       |
 * | ROS1101 | error    | `Resources` (or another section) is not a mapping                                |
 * | ROS1102 | error    | Resource is not a mapping (iac-code)                                             |
 * | ROS1103 | error    | Resource has no `Type` (iac-code)                                                |
 * | ROS1104 | error    | Invalid `DeletionPolicy` (iac-code)                                              |
 * | ROS1105 | warning  | Unknown key in a resource definition                                             |
 * | ROS1106 | error    | Resource `Properties` is not a mapping                                           |
 * | ROS1120 | error    | `ROSTemplateFormatVersion` is not exactly `2015-09-01` (iac-code)                |
 * | ROS1201 | error    | Parameter is not a mapping or has no `Type`                                      |
 * | ROS1202 | error    | Parameter `Type` is not a ROS parameter type                                     |
 * | ROS1301 | error    | Output is not a mapping or has no `Value`                                        |
 * | ROS1302 | warning  | Output has no `Label` (iac-code best practice)                                   |
 * | ROS2001 | error    | Unknown function or short tag (iac-code)                                         |
 * | ROS2002 | error    | Malformed function arguments (`Fn::GetAtt`, `Fn::Sub`, `Fn::If`, ...)            |
 * | ROS2003 | error    | Functions nested deeper than 20 levels (iac-code)                                |
 * | ROS4001 | error    | `Ref` / `${Name}` to an undefined parameter, resource or pseudo parameter (iac-code) |
 * | ROS4002 | error    | `DependsOn` names a missing resource (iac-code)                                  |
 * | ROS4003 | error    | Reference to an undefined condition (iac-code)                                   |
 * | ROS4005 | error    | Resources depend on each other in a cycle                                        |
 * | ROS4006 | error    | `Fn::GetAtt` on something that is not a resource of the template                 |
 * | ROS4101 | error    | `Fn::FindInMap` names a missing mapping or key (iac-code)                        |
 * | ROS4201 | error    | Duplicate symbol: a key defined twice, or a name used by two sections (iac-code) |
 * | ROS5001 | error    | Unknown resource type (no such product, or a misspelling of a known type)        |
 * | ROS5002 | warning  | Resource type of a known product that the offline catalogue does not list        |
 * | ROS5102 | warning  | Literal vSwitch CIDR inside an existing VPC passed as a parameter (iac-code)     |
 * | ROS5103 | error    | Required resource property missing                                               |
 * | ROS5104 | error    | Property name not in the type's catalogue but close to one ("did you mean")      |
 * | ROS5105 | warning  | Property name not in the offline property catalogue of a catalogued type          |
 * | ROS5106 | error    | Literal property value of the wrong type (string, integer, boolean, list, map)   |
 * | ROS5107 | error    | Literal property value outside the values ROS allows for it                      |
 * | ROS5201 | error    | `Fn::GetAtt` names an attribute the resource type does not have                  |
 * | ROS5203 | warning  | `Fn::Sub` variable defined but not used (iac-code)                               |
 * | ROS5301 | error    | Invalid CIDR block (syntax, host bits set, or prefix outside the allowed range)  |
 * | ROS5302 | error    | vSwitch CIDR blocks in the same VPC overlap                                      |
 * | ROS5303 | error    | vSwitch CIDR block is not inside its VPC's CIDR block                             |
 * | ROS5304 | warning  | VPC CIDR block outside the private ranges 10/8, 172.16/12, 192.168/16            |
 * | ROS5401 | warning  | Parameter defined but never used                                                 |
 * | ROS5402 | warning  | Credential-like parameter without `NoEcho: true`                                 |
 * | ROS5403 | error    | Parameter `Default` is not one of its `AllowedValues`                            |
 * | ROS5404 | warning  | Inventory-dependent property hard-coded instead of a parameter with AssociationProperty |
 * | ROS5405 | warning  | Password or secret written as a literal in resource properties                   |
 * | ROS5501 | error    | Security group rule opens SSH, RDP or every port to 0.0.0.0/0 (a warning for a    |
 * |         | warning  | database or cache port)                                                          |
 * | ROS5503 | error    | A database or cache whitelist admits 0.0.0.0/0                                   |
 * | ROS5502 | error    | Invalid security group rule (`IpProtocol` or `PortRange`)                         |
 */
import { checkWhitelists } from "./public-exposure";
import { closestMatch } from "./closest-match";
import { catalogueName, checkPropertyCatalogue } from "./property-check";
import { KNOWN_ROS_PRODUCTS, ROS_RESOURCE_TYPES } from "../template/data/ros-resource-types";
import type { Diagnostic, Report } from "../template/diagnostic";
import { checkDependencyCycles, checkExpressions, undefinedCondition } from "./validate/expressions";
import { checkNetworkPlan } from "./validate/network-plan";
import { checkSecurityGroupRules } from "./validate/security-group-rules";
import { INVENTORY_PROPERTIES, SECRET_PROPERTY_NAMES, isSecretParameterName } from "../template/inventory-properties";
import { isRecord, parseTemplateText } from "../template/template-parser";
import {
  ROS_FORMAT_VERSION,
  TOP_LEVEL_SECTIONS,
  resourceProperties,
  section,
  templateSymbols,
  usedParameterNames,
  type TemplateSymbols,
} from "../template/template-model";

export { MAX_FUNCTION_DEPTH } from "./validate/expressions";
export { referencedVpc } from "./validate/network-plan";
export { parsePortRange } from "./validate/security-group-rules";

export interface ValidationResult {
  diagnostics: Diagnostic[];
  template?: Record<string, unknown>;
}

export const PARAMETER_TYPES: ReadonlySet<string> = new Set([
  "String",
  "Number",
  "CommaDelimitedList",
  "Json",
  "Boolean",
  "ALIYUN::OOS::Parameter::Value",
  "ALIYUN::OOS::SecretParameter::Value",
]);

export const RESOURCE_KEYS: ReadonlySet<string> = new Set([
  "Type",
  "Properties",
  "DependsOn",
  "Condition",
  "DeletionPolicy",
  "UpdateReplacePolicy",
  "Metadata",
  "Count",
  "Description",
]);

const DELETION_POLICIES: ReadonlySet<string> = new Set(["Delete", "Retain", "Snapshot"]);

export function validateTemplate(text: string): ValidationResult {
  const parsed = parseTemplateText(text);
  if (!parsed.ok) return { diagnostics: parsed.diagnostics };
  // A value under an unknown short tag was kept without its tag; its type says nothing, so it is not
  // reported a second time as a wrong type.
  const droppedTags = parsed.diagnostics.some((diagnostic) => diagnostic.code === "ROS2001");
  const found = validateTemplateObject(parsed.template).filter((diagnostic) => !(droppedTags && diagnostic.code === "ROS5106"));
  return {
    diagnostics: [...parsed.diagnostics, ...found],
    template: parsed.template,
  };
}

/** Validates an already parsed template; the generator and the reviewer use this directly. */
export function validateTemplateObject(template: Record<string, unknown>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic): void => {
    diagnostics.push(diagnostic);
  };
  checkVersionAndSections(template, report);
  const symbols = templateSymbols(template);
  checkDuplicateSymbols(symbols, report);
  checkParameters(template, report);
  checkResources(template, symbols, report);
  checkPropertyCatalogue(template, report);
  checkOutputs(template, symbols, report);
  checkExpressions(template, symbols, report);
  checkDependencyCycles(template, symbols, report);
  checkNetworkPlan(template, report);
  checkSecurityGroupRules(template, report);
  checkWhitelists(template, report);
  return diagnostics;
}

function checkVersionAndSections(template: Record<string, unknown>, report: Report): void {
  const version = template.ROSTemplateFormatVersion;
  if (version === undefined) {
    report({
      code: "ROS1004",
      severity: "error",
      path: "ROSTemplateFormatVersion",
      message: "ROSTemplateFormatVersion is missing.",
      fix: `Add \`ROSTemplateFormatVersion: '${ROS_FORMAT_VERSION}'\` as the first line of the template.`,
    });
  } else if (String(version) !== ROS_FORMAT_VERSION) {
    report({
      code: "ROS1120",
      severity: "error",
      path: "ROSTemplateFormatVersion",
      message: `ROSTemplateFormatVersion must be exactly ${ROS_FORMAT_VERSION}, found "${String(version)}".`,
      fix: `Set \`ROSTemplateFormatVersion: '${ROS_FORMAT_VERSION}'\` (quoted, so YAML keeps it a string).`,
    });
  }
  for (const key of Object.keys(template)) {
    if (TOP_LEVEL_SECTIONS.has(key)) continue;
    const suggestion = closestMatch(key, TOP_LEVEL_SECTIONS);
    report({
      code: "ROS1006",
      severity: "warning",
      path: key,
      message: `Unknown top-level section "${key}"; ROS ignores or rejects it.`,
      fix: suggestion ? `Rename it to "${suggestion}".` : "Remove the section or move its content into Metadata.",
    });
  }
  for (const name of ["Parameters", "Resources", "Outputs", "Conditions", "Mappings", "Locals"]) {
    const value = template[name];
    if (value !== undefined && value !== null && !isRecord(value)) {
      report({
        code: "ROS1101",
        severity: "error",
        path: name,
        message: `The ${name} section must be a mapping of names to definitions.`,
        fix: `Write ${name} as \`Name: {...}\` entries.`,
      });
    }
  }
  const isTerraformTemplate = template.Transform !== undefined || template.Workspace !== undefined;
  const resources = template.Resources;
  const declaresNone = resources === undefined || resources === null || (isRecord(resources) && Object.keys(resources).length === 0);
  if (!isTerraformTemplate && declaresNone) {
    report({
      code: "ROS1007",
      severity: "warning",
      path: "Resources",
      message: "The template declares no Resources, so a stack created from it manages nothing.",
      fix: "Add the resources to create under a Resources section.",
    });
  }
}

function checkDuplicateSymbols(symbols: TemplateSymbols, report: Report): void {
  for (const name of symbols.parameters) {
    if (symbols.resources.has(name)) {
      report({
        code: "ROS4201",
        severity: "error",
        path: `Parameters/${name}`,
        message: `"${name}" is defined both as a parameter and as a resource, so Ref ${name} is ambiguous.`,
        fix: `Rename the parameter (e.g. "${name}Param") and update the references that mean the parameter.`,
      });
    }
  }
  for (const name of symbols.locals) {
    if (symbols.resources.has(name) || symbols.parameters.has(name)) {
      report({
        code: "ROS4201",
        severity: "error",
        path: `Locals/${name}`,
        message: `"${name}" is defined in Locals and also as a parameter or resource.`,
        fix: `Rename the local value (e.g. "${name}Local").`,
      });
    }
  }
}

function checkParameters(template: Record<string, unknown>, report: Report): void {
  const parameters = section(template, "Parameters");
  const used = usedParameterNames(template);
  for (const [name, definition] of Object.entries(parameters)) {
    const path = `Parameters/${name}`;
    if (!isRecord(definition) || definition.Type === undefined) {
      report({
        code: "ROS1201",
        severity: "error",
        path,
        message: `Parameter "${name}" must be a mapping with a Type.`,
        fix: `Define it as \`${name}: {Type: String, Label: ..., Description: ...}\`.`,
      });
      continue;
    }
    if (typeof definition.Type !== "string" || !PARAMETER_TYPES.has(definition.Type)) {
      const suggestion = closestMatch(String(definition.Type), PARAMETER_TYPES);
      report({
        code: "ROS1202",
        severity: "error",
        path: `${path}/Type`,
        message: `Parameter "${name}" has an invalid Type "${String(definition.Type)}".`,
        fix: `Use one of ${[...PARAMETER_TYPES].join(", ")}${suggestion ? ` (probably ${suggestion})` : ""}.`,
      });
    }
    const allowed = definition.AllowedValues;
    if (Array.isArray(allowed) && definition.Default !== undefined) {
      const matches = allowed.some((value) => String(value) === String(definition.Default));
      if (!matches) {
        report({
          code: "ROS5403",
          severity: "error",
          path: `${path}/Default`,
          message: `Default "${String(definition.Default)}" of parameter "${name}" is not one of its AllowedValues.`,
          fix: `Set Default to one of: ${allowed.map(String).join(", ")}.`,
        });
      }
    }
    const isSecretType = definition.Type === "ALIYUN::OOS::SecretParameter::Value";
    if (isSecretParameterName(name) && !isSecretType && definition.NoEcho !== true && definition.NoEcho !== "true") {
      report({
        code: "ROS5402",
        severity: "warning",
        path,
        message: `Parameter "${name}" looks like a credential but is not marked NoEcho, so its value shows in the console and API.`,
        fix: `Add \`NoEcho: true\` to parameter "${name}".`,
      });
    }
    if (!used.has(name)) {
      report({
        code: "ROS5401",
        severity: "warning",
        path,
        message: `Parameter "${name}" is defined but never used.`,
        fix: `Remove parameter "${name}" or reference it with Ref.`,
      });
    }
  }
}

function checkResources(template: Record<string, unknown>, symbols: TemplateSymbols, report: Report): void {
  for (const [name, resource] of Object.entries(section(template, "Resources"))) {
    const path = `Resources/${name}`;
    if (!isRecord(resource)) {
      report({
        code: "ROS1102",
        severity: "error",
        path,
        message: `Resource "${name}" must be a mapping with Type and Properties.`,
        fix: `Define it as \`${name}: {Type: ALIYUN::<Product>::<Type>, Properties: {...}}\`.`,
      });
      continue;
    }
    const type = resource.Type;
    if (typeof type !== "string" || type === "") {
      report({
        code: "ROS1103",
        severity: "error",
        path,
        message: `Resource "${name}" has no Type.`,
        fix: "Add `Type: ALIYUN::<Product>::<Type>` naming the resource type to create.",
      });
    } else {
      checkResourceType(type, `${path}/Type`, report);
    }
    for (const key of Object.keys(resource)) {
      if (RESOURCE_KEYS.has(key)) continue;
      const suggestion = closestMatch(key, RESOURCE_KEYS);
      report({
        code: "ROS1105",
        severity: "warning",
        path: `${path}/${key}`,
        message: `Unknown key "${key}" in resource "${name}"; ROS ignores it.`,
        fix: suggestion ? `Rename it to "${suggestion}".` : `Remove "${key}" or move it under Properties.`,
      });
    }
    if (resource.Properties !== undefined && !isRecord(resource.Properties)) {
      report({
        code: "ROS1106",
        severity: "error",
        path: `${path}/Properties`,
        message: `Properties of resource "${name}" must be a mapping.`,
        fix: "Write Properties as `PropertyName: value` entries.",
      });
    }
    if (resource.DeletionPolicy !== undefined && !DELETION_POLICIES.has(String(resource.DeletionPolicy))) {
      report({
        code: "ROS1104",
        severity: "error",
        path: `${path}/DeletionPolicy`,
        message: `DeletionPolicy "${String(resource.DeletionPolicy)}" is not valid.`,
        fix: "Use Delete (default) or Retain.",
      });
    }
    checkDependsOn(name, resource.DependsOn, symbols, path, report);
    if (resource.Condition !== undefined && !symbols.conditions.has(String(resource.Condition))) {
      report(undefinedCondition(String(resource.Condition), `${path}/Condition`, symbols));
    }
    if (typeof type === "string") {
      checkRequiredProperties(name, type, resourceProperties(resource), path, report);
      checkHardCodedValues(name, type, resourceProperties(resource), path, report);
    }
  }
}

function checkResourceType(type: string, path: string, report: Report): void {
  if (ROS_RESOURCE_TYPES[type] !== undefined) return;
  const suggestion = closestMatch(type, Object.keys(ROS_RESOURCE_TYPES));
  const parts = type.split("::");
  const product = parts[1] ?? "";
  const wellFormed = parts.length === 3 && (parts[0] === "ALIYUN" || parts[0] === "DATASOURCE");
  if (!suggestion && wellFormed && KNOWN_ROS_PRODUCTS.has(product)) {
    report({
      code: "ROS5002",
      severity: "warning",
      path,
      message: `Resource type "${type}" is not in the offline catalogue of ${product} types; it could not be checked.`,
      fix: "Check the spelling against the ROS resource type list; ValidateTemplate in ROS confirms it.",
    });
    return;
  }
  if (!suggestion && parts[0] === "DATASOURCE" && parts.length === 3) return;
  report({
    code: "ROS5001",
    severity: "error",
    path,
    message: `Unknown resource type "${type}".`,
    fix: suggestion ? `Use "${suggestion}".` : "Use a type of the form ALIYUN::<Product>::<Type> from the ROS resource type list.",
  });
}

function checkDependsOn(name: string, dependsOn: unknown, symbols: TemplateSymbols, path: string, report: Report): void {
  if (dependsOn === undefined) return;
  const targets = typeof dependsOn === "string" ? [dependsOn] : Array.isArray(dependsOn) ? dependsOn : [null];
  targets.forEach((target, index) => {
    const targetPath = Array.isArray(dependsOn) ? `${path}/DependsOn/${index}` : `${path}/DependsOn`;
    if (typeof target === "string" && symbols.resources.has(target) && target !== name) return;
    const suggestion = typeof target === "string" ? closestMatch(target, symbols.resources) : undefined;
    report({
      code: "ROS4002",
      severity: "error",
      path: targetPath,
      message:
        target === name
          ? `Resource "${name}" depends on itself.`
          : `DependsOn of "${name}" names "${String(target)}", which is not a resource of this template.`,
      fix: suggestion && suggestion !== name ? `Use "${suggestion}".` : `Remove "${String(target)}" from DependsOn.`,
    });
  });
}

function hasValue(properties: Record<string, unknown>, name: string): boolean {
  const value = properties[name];
  return value !== undefined && value !== null && value !== "";
}

function checkRequiredProperties(name: string, type: string, properties: Record<string, unknown>, path: string, report: Report): void {
  const spec = ROS_RESOURCE_TYPES[type];
  if (!spec) return;
  // A required property present under a misspelt name is reported once, as the misspelling (ROS5104).
  const misspelt = new Set(
    Object.keys(properties).map((key) => (key in properties && catalogueName(type, key) !== key ? catalogueName(type, key) : undefined)),
  );
  for (const property of spec.required ?? []) {
    if (hasValue(properties, property) || misspelt.has(property)) continue;
    report({
      code: "ROS5103",
      severity: "error",
      path: `${path}/Properties/${property}`,
      message: `Resource "${name}" (${type}) is missing required property ${property}.`,
      fix: `Set Properties.${property}, for example from a parameter: \`${property}: {Ref: ${name}${property}}\`.`,
    });
  }
  for (const group of spec.requiredOneOf ?? []) {
    if (group.some((property) => hasValue(properties, property))) continue;
    report({
      code: "ROS5103",
      severity: "error",
      path: `${path}/Properties/${group[0] ?? ""}`,
      message: `Resource "${name}" (${type}) needs one of ${group.join(" or ")}.`,
      fix: `Set Properties.${group[0] ?? ""} from a parameter with an AssociationProperty.`,
    });
  }
}

function checkHardCodedValues(name: string, type: string, properties: Record<string, unknown>, path: string, report: Report): void {
  for (const [property, inventory] of Object.entries(INVENTORY_PROPERTIES[type] ?? {})) {
    const value = properties[property];
    if (typeof value !== "string" && typeof value !== "number") continue;
    report({
      code: "ROS5404",
      severity: "warning",
      path: `${path}/Properties/${property}`,
      message: `${property} of "${name}" is hard-coded as "${String(value)}"; it depends on the region's inventory.`,
      fix: inventory.associationProperty
        ? `Make it a parameter with \`AssociationProperty: ${inventory.associationProperty}\` and Ref it.`
        : `Make it a parameter with AllowedValues (${(inventory.allowedValues ?? []).join(", ")}) and Ref it.`,
    });
  }
  for (const property of Object.keys(properties)) {
    const value = properties[property];
    if (!SECRET_PROPERTY_NAMES.has(property) || typeof value !== "string" || value === "") continue;
    report({
      code: "ROS5405",
      severity: "warning",
      path: `${path}/Properties/${property}`,
      message: `${property} of "${name}" is a literal secret in the template.`,
      fix: `Pass it through a parameter with \`NoEcho: true\` and Ref it.`,
    });
  }
}

function checkOutputs(template: Record<string, unknown>, symbols: TemplateSymbols, report: Report): void {
  for (const [name, output] of Object.entries(section(template, "Outputs"))) {
    const path = `Outputs/${name}`;
    if (!isRecord(output) || output.Value === undefined) {
      report({
        code: "ROS1301",
        severity: "error",
        path,
        message: `Output "${name}" must be a mapping with a Value.`,
        fix: `Give it a Value, e.g. \`Value: {Ref: SomeResource}\`, or remove it.`,
      });
      continue;
    }
    if (output.Label === undefined || output.Label === "") {
      report({
        code: "ROS1302",
        severity: "warning",
        path,
        message: `Output "${name}" has no Label, so the console shows its raw key.`,
        fix: `Add a short human-readable \`Label\` to output "${name}".`,
      });
    }
    if (output.Condition !== undefined && !symbols.conditions.has(String(output.Condition))) {
      report(undefinedCondition(String(output.Condition), `${path}/Condition`, symbols));
    }
  }
}
