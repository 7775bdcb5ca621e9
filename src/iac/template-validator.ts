/**
 * The offline ROS template validator: structure, symbols, functions, resource types, network plans and
 * security hygiene, each finding a Diagnostic with a stable code and a suggested fix.
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
import { SENSITIVE_PORTS } from "./resource-defaults";
import { checkWhitelists, exposureSeverity } from "./public-exposure";
import { closestMatch } from "./closest-match";
import { catalogueName, checkPropertyCatalogue } from "./property-check";
import { allocateSubnets, cidrContains, cidrsOverlap, isPrivateCidr, parseCidr, type CidrBlock } from "./cidr";
import { ROS_FUNCTION_NAMES } from "./data/ros-functions";
import { KNOWN_ROS_PRODUCTS, ROS_RESOURCE_TYPES } from "./data/ros-resource-types";
import type { Diagnostic } from "./diagnostic";
import { INVENTORY_PROPERTIES, SECRET_PROPERTY_NAMES, isSecretParameterName } from "./inventory-properties";
import { isRecord, parseTemplateText } from "./template-parser";
import {
  ROS_FORMAT_VERSION,
  TOP_LEVEL_SECTIONS,
  getAttTarget,
  isRefTarget,
  joinPath,
  resourceDependencies,
  resourceProperties,
  resourceType,
  section,
  substitutionVariables,
  templateSymbols,
  usedParameterNames,
  visitFunctionCalls,
  type TemplateSymbols,
} from "./template-model";

export interface ValidationResult {
  diagnostics: Diagnostic[];
  template?: Record<string, unknown>;
}

export const MAX_FUNCTION_DEPTH = 20;

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

const SECURITY_GROUP_PROTOCOLS: ReadonlySet<string> = new Set(["tcp", "udp", "icmp", "gre", "all", "icmpv6"]);

const VPC_TYPES: ReadonlySet<string> = new Set(["ALIYUN::ECS::VPC"]);
const VSWITCH_TYPES: ReadonlySet<string> = new Set(["ALIYUN::ECS::VSwitch"]);

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

type Report = (diagnostic: Diagnostic) => void;

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

function undefinedCondition(condition: string, path: string, symbols: TemplateSymbols): Diagnostic {
  const suggestion = closestMatch(condition, symbols.conditions);
  return {
    code: "ROS4003",
    severity: "error",
    path,
    message: `Condition "${condition}" is not defined in the Conditions section.`,
    fix: suggestion ? `Use "${suggestion}".` : `Define "${condition}" under Conditions or remove the reference.`,
  };
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

/** Every function call in the template is checked for its name, arguments, depth and the symbols it uses. */
function checkExpressions(template: Record<string, unknown>, symbols: TemplateSymbols, report: Report): void {
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

function checkDependencyCycles(template: Record<string, unknown>, symbols: TemplateSymbols, report: Report): void {
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

/** A literal CIDR, or the Default of the parameter a `Ref` points to. */
function cidrValue(template: Record<string, unknown>, value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.Ref === "string") {
    const parameter = section(template, "Parameters")[value.Ref];
    if (isRecord(parameter) && typeof parameter.Default === "string") return parameter.Default;
  }
  return undefined;
}

/** The VPC resource a vSwitch's VpcId points to (`Ref` or `Fn::GetAtt [Vpc, VpcId]`). */
export function referencedVpc(vpcId: unknown): string | undefined {
  if (!isRecord(vpcId)) return undefined;
  if (typeof vpcId.Ref === "string") return vpcId.Ref;
  const target = getAttTarget(vpcId["Fn::GetAtt"]);
  return target?.resource;
}

function checkNetworkPlan(template: Record<string, unknown>, report: Report): void {
  const resources = section(template, "Resources");
  const vpcBlocks = checkVpcCidrs(template, resources, report);
  checkVSwitchCidrs(template, resources, vpcBlocks, report);
}

/** Each VPC's CIDR: a valid block of /8–/28, preferably private. Returns the valid blocks by VPC. */
function checkVpcCidrs(template: Record<string, unknown>, resources: Record<string, unknown>, report: Report): Map<string, CidrBlock> {
  const vpcBlocks = new Map<string, CidrBlock>();
  for (const [name, resource] of Object.entries(resources)) {
    const type = resourceType(resource);
    if (!type || !VPC_TYPES.has(type)) continue;
    const raw = resourceProperties(resource).CidrBlock;
    const text = cidrValue(template, raw);
    if (text === undefined) continue;
    const path = `Resources/${name}/Properties/CidrBlock`;
    const block = parseCidr(text);
    if (!block || block.prefix < 8 || block.prefix > 28) {
      report(invalidCidr(text, path, "a VPC CIDR needs a prefix between /8 and /28", "192.168.0.0/16"));
      continue;
    }
    vpcBlocks.set(name, block);
    if (!isPrivateCidr(block)) {
      report({
        code: "ROS5304",
        severity: "warning",
        path,
        message: `VPC CIDR ${text} is outside the private ranges 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16.`,
        fix: "Use a private range such as 192.168.0.0/16 or 10.0.0.0/8.",
      });
    }
  }
  return vpcBlocks;
}

/**
 * Each vSwitch's CIDR: a valid block of /16–/29, inside its VPC and overlapping no earlier
 * vSwitch of that VPC; a fixed block inside an existing VPC (a parameter) is only a warning.
 */
function checkVSwitchCidrs(template: Record<string, unknown>, resources: Record<string, unknown>, vpcBlocks: Map<string, CidrBlock>, report: Report): void {
  const parameters = section(template, "Parameters");
  const seen = new Map<string, { name: string; block: CidrBlock }[]>();
  for (const [name, resource] of Object.entries(resources)) {
    const type = resourceType(resource);
    if (!type || !VSWITCH_TYPES.has(type)) continue;
    const properties = resourceProperties(resource);
    const text = cidrValue(template, properties.CidrBlock);
    const path = `Resources/${name}/Properties/CidrBlock`;
    const vpcName = referencedVpc(properties.VpcId);
    const vpcBlock = vpcName ? vpcBlocks.get(vpcName) : undefined;
    if (text === undefined) continue;
    const block = parseCidr(text);
    if (!block || block.prefix < 16 || block.prefix > 29) {
      const suggestion = vpcBlock ? allocateSubnets(vpcBlock, 1)[0]?.text : undefined;
      report(invalidCidr(text, path, "a vSwitch CIDR needs a prefix between /16 and /29", suggestion ?? "192.168.1.0/24"));
      continue;
    }
    if (vpcName && parameters[vpcName] !== undefined && typeof properties.CidrBlock === "string") {
      report({
        code: "ROS5102",
        severity: "warning",
        path,
        message: `vSwitch "${name}" has a fixed CIDR ${text} inside an existing VPC passed as parameter "${vpcName}"; it may overlap that VPC's vSwitches.`,
        fix: "Make the vSwitch CIDR a parameter with `AssociationProperty: ALIYUN::VPC::VSwitch::CidrBlock`.",
      });
    }
    if (!vpcName || !vpcBlock) continue;
    if (!cidrContains(vpcBlock, block)) {
      report({
        code: "ROS5303",
        severity: "error",
        path,
        message: `vSwitch CIDR ${text} of "${name}" is not inside VPC "${vpcName}" (${vpcBlock.text}).`,
        fix: `Use a subnet of ${vpcBlock.text}, e.g. ${allocateSubnets(vpcBlock, 1)[0]?.text ?? vpcBlock.text}.`,
      });
      continue;
    }
    const siblings = seen.get(vpcName) ?? [];
    const clash = siblings.find((sibling) => cidrsOverlap(sibling.block, block));
    if (clash) {
      const free = allocateSubnets(
        vpcBlock,
        1,
        siblings.map((sibling) => sibling.block),
      )[0];
      report({
        code: "ROS5302",
        severity: "error",
        path,
        message: `vSwitch CIDR ${text} of "${name}" overlaps ${clash.block.text} of "${clash.name}" in VPC "${vpcName}".`,
        fix: free ? `Use a free subnet such as ${free.text}.` : `Give each vSwitch of "${vpcName}" a distinct subnet.`,
      });
      continue;
    }
    siblings.push({ name, block });
    seen.set(vpcName, siblings);
  }
}

function invalidCidr(text: string, path: string, rule: string, example: string): Diagnostic {
  return {
    code: "ROS5301",
    severity: "error",
    path,
    message: `"${text}" is not a valid CIDR block here (${rule}; host bits must be zero).`,
    fix: `Use a CIDR block such as ${example}.`,
  };
}

interface RuleLocation {
  rule: Record<string, unknown>;
  path: string;
}

function securityGroupRules(template: Record<string, unknown>): RuleLocation[] {
  const rules: RuleLocation[] = [];
  for (const [name, resource] of Object.entries(section(template, "Resources"))) {
    const type = resourceType(resource);
    const properties = resourceProperties(resource);
    const path = `Resources/${name}/Properties`;
    if (type === "ALIYUN::ECS::SecurityGroup") {
      for (const key of ["SecurityGroupIngress", "SecurityGroupEgress"]) {
        const list = properties[key];
        if (!Array.isArray(list)) continue;
        list.forEach((rule, index) => {
          if (isRecord(rule)) rules.push({ rule, path: `${path}/${key}/${index}` });
        });
      }
    }
    if (type === "ALIYUN::ECS::SecurityGroupIngress" || type === "ALIYUN::ECS::SecurityGroupEgress") {
      rules.push({ rule: properties, path });
    }
  }
  return rules;
}

/** `"22/22"` → [22, 22]; undefined when the text is not a valid range for the protocol. */
export function parsePortRange(value: unknown): [number, number] | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(-?\d+)\/(-?\d+)$/.exec(value.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (from === -1 && to === -1) return [-1, -1];
  if (from < 1 || to > 65535 || from > to) return undefined;
  return [from, to];
}

function checkSecurityGroupRules(template: Record<string, unknown>, report: Report): void {
  for (const { rule, path } of securityGroupRules(template)) {
    const protocol = rule.IpProtocol;
    if (typeof protocol === "string" && !SECURITY_GROUP_PROTOCOLS.has(protocol.toLowerCase())) {
      report({
        code: "ROS5502",
        severity: "error",
        path: `${path}/IpProtocol`,
        message: `IpProtocol "${protocol}" is not valid.`,
        fix: "Use tcp, udp, icmp, gre or all.",
      });
      continue;
    }
    const range = parsePortRange(rule.PortRange);
    const needsAnyPort = typeof protocol === "string" && ["icmp", "gre", "all"].includes(protocol.toLowerCase());
    if (typeof rule.PortRange === "string" && (!range || (needsAnyPort && range[0] !== -1))) {
      report({
        code: "ROS5502",
        severity: "error",
        path: `${path}/PortRange`,
        message: `PortRange "${rule.PortRange}" is not valid for protocol ${String(protocol)}.`,
        fix: needsAnyPort ? "Use -1/-1 for icmp, gre and all." : "Write it as start/end with 1 <= start <= end <= 65535, e.g. 80/80.",
      });
      continue;
    }
    const source = rule.SourceCidrIp;
    if (!range || (source !== "0.0.0.0/0" && source !== "::/0")) continue;
    const exposed = [...SENSITIVE_PORTS].filter((port) => range[0] === -1 || (port >= range[0] && port <= range[1]));
    if (exposed.length === 0) continue;
    const severity = exposureSeverity(range, exposed);
    report({
      code: "ROS5501",
      severity,
      path,
      message: `Security group rule opens ${range[0] === -1 || (range[0] <= 1 && range[1] >= 65535) ? "every port" : `port(s) ${exposed.join(", ")}`} to the whole Internet (${String(source)}).`,
      fix: "Restrict SourceCidrIp to the administrators' or application's address range.",
    });
  }
}
