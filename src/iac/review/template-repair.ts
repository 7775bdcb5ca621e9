import { allocateSubnets, cidrsOverlap, parseCidr, type CidrBlock } from "../read/cidr";
import { closestMatch } from "./closest-match";
import { ROS_FUNCTION_NAMES } from "../template/data/ros-functions";
import { ROS_RESOURCE_TYPES } from "../template/data/ros-resource-types";
import type { Diagnostic } from "../template/diagnostic";
import { INVENTORY_PROPERTIES } from "../template/inventory-properties";
import { isRecord } from "../template/template-parser";
import {
  ROS_FORMAT_VERSION,
  TOP_LEVEL_SECTIONS,
  getAttTarget,
  isRefTarget,
  resourceProperties,
  resourceType,
  section,
  substitutionVariables,
  templateSymbols,
} from "../template/template-model";
import { pathSegments, removeAt, renameKey, replaceAt, valueAt } from "../template/template-path";
import { catalogueName, closestAllowedValue } from "./property-check";
import { PARAMETER_TYPES, RESOURCE_KEYS, referencedVpc } from "./template-validator";
import { restrictRuleSource, restrictWhitelist } from "./public-exposure";

/**
 * Automatic repairs for validator findings. Each repair changes the template in place and returns a
 * one-line description of what it did, or undefined when the finding needs a human decision (syntax
 * errors, dependency cycles, open security group rules, ...).
 *
 * Repairs prefer keeping the author's intent: a misspelt name is corrected to the closest known one;
 * a value that only the deployer can know (a missing required property, an undefined symbol, a
 * hard-coded zone) becomes a parameter instead of being invented.
 */
type Repair = (template: Record<string, unknown>, segments: string[]) => string | undefined;

function ensureSection(template: Record<string, unknown>, name: string): Record<string, unknown> {
  const existing = template[name];
  if (isRecord(existing)) return existing;
  const created: Record<string, unknown> = {};
  template[name] = created;
  return created;
}

function uniqueSymbol(template: Record<string, unknown>, base: string): string {
  const symbols = templateSymbols(template);
  const taken = (name: string): boolean => symbols.parameters.has(name) || symbols.resources.has(name) || symbols.locals.has(name);
  const clean = base.replace(/[^A-Za-z0-9]/g, "") || "Value";
  if (!taken(clean)) return clean;
  for (let index = 2; ; index += 1) {
    if (!taken(`${clean}${index}`)) return `${clean}${index}`;
  }
}

/** A parameter for a property of a resource, with the AssociationProperty the console needs. */
function propertyParameter(type: string, property: string, defaultValue?: unknown): Record<string, unknown> {
  const inventory = INVENTORY_PROPERTIES[type]?.[property];
  const secret = /password|secret/i.test(property);
  const definition: Record<string, unknown> = {
    Type: "String",
    Label: inventory?.label ?? property,
    Description: `${property} of ${type}.`,
  };
  if (inventory?.associationProperty) definition.AssociationProperty = inventory.associationProperty;
  if (inventory?.allowedValues) definition.AllowedValues = [...inventory.allowedValues];
  if (type === "ALIYUN::ECS::Instance" && property === "Password") {
    definition.AssociationProperty = "ALIYUN::ECS::Instance::Password";
  }
  if (secret) definition.NoEcho = true;
  if (defaultValue !== undefined && !secret) definition.Default = defaultValue;
  else if (inventory?.allowedValues?.[0] !== undefined) definition.Default = inventory.allowedValues[0];
  return definition;
}

function addParameter(template: Record<string, unknown>, base: string, definition: Record<string, unknown>): string {
  const name = uniqueSymbol(template, base);
  ensureSection(template, "Parameters")[name] = definition;
  return name;
}

const fixVersion: Repair = (template) => {
  template.ROSTemplateFormatVersion = ROS_FORMAT_VERSION;
  return `set ROSTemplateFormatVersion to '${ROS_FORMAT_VERSION}'`;
};

const renameSection: Repair = (template, [key]) => {
  if (key === undefined) return undefined;
  const suggestion = closestMatch(key, TOP_LEVEL_SECTIONS);
  if (!suggestion || suggestion in template) return undefined;
  renameKey(template, key, suggestion);
  return `renamed section ${key} to ${suggestion}`;
};

const removeResource: Repair = (template, segments) => {
  const name = segments[1];
  if (!removeAt(template, segments.slice(0, 2))) return undefined;
  return `removed resource ${name ?? ""}, which had no usable definition`;
};

const removeKey: Repair = (template, segments) => (removeAt(template, segments) ? `removed ${segments.join("/")}` : undefined);

const fixResourceKey: Repair = (template, segments) => {
  const key = segments[2];
  const resource = valueAt(template, segments.slice(0, 2));
  if (key === undefined || !isRecord(resource)) return undefined;
  const suggestion = closestMatch(key, RESOURCE_KEYS);
  if (suggestion && !(suggestion in resource)) {
    renameKey(resource, key, suggestion);
    return `renamed ${segments.slice(0, 2).join("/")}/${key} to ${suggestion}`;
  }
  delete resource[key];
  return `removed unknown key ${segments.join("/")}`;
};

const resetProperties: Repair = (template, segments) =>
  replaceAt(template, segments, {}) ? `replaced ${segments.join("/")} with an empty mapping` : undefined;

const fixParameterDefinition: Repair = (template, segments) => {
  const name = segments[1] ?? "";
  const current = valueAt(template, segments.slice(0, 2));
  const definition = isRecord(current) ? current : {};
  definition.Type = "String";
  replaceAt(template, segments.slice(0, 2), definition);
  return `gave parameter ${name} Type String`;
};

const fixParameterType: Repair = (template, segments) => {
  const current = valueAt(template, segments);
  const suggestion = closestMatch(String(current), PARAMETER_TYPES) ?? "String";
  replaceAt(template, segments, suggestion);
  return `set ${segments.join("/")} to ${suggestion}`;
};

const removeOutput: Repair = (template, segments) =>
  removeAt(template, segments.slice(0, 2)) ? `removed output ${segments[1] ?? ""} without a Value` : undefined;

const addOutputLabel: Repair = (template, segments) => {
  const output = valueAt(template, segments.slice(0, 2));
  const name = segments[1] ?? "";
  if (!isRecord(output)) return undefined;
  output.Label = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  return `added Label to output ${name}`;
};

const renameFunction: Repair = (template, segments) => {
  const name = segments[segments.length - 1] ?? "";
  const call = valueAt(template, segments.slice(0, -1));
  const suggestion = closestMatch(name, ROS_FUNCTION_NAMES);
  if (!suggestion || !isRecord(call)) return undefined;
  renameKey(call, name, suggestion);
  return `renamed function ${name} to ${suggestion}`;
};

/** What an `…Id` property refers to: a `Ref` in `VpcId` means the template's VPC, and so on. */
const ID_PROPERTY_TARGETS: Readonly<Record<string, string>> = {
  VpcId: "ALIYUN::ECS::VPC",
  VPCId: "ALIYUN::ECS::VPC",
  VSwitchId: "ALIYUN::ECS::VSwitch",
  SourceVSwitchId: "ALIYUN::ECS::VSwitch",
  SecurityGroupId: "ALIYUN::ECS::SecurityGroup",
  LoadBalancerId: "ALIYUN::SLB::LoadBalancer",
  ServerId: "ALIYUN::ECS::Instance",
  NatGatewayId: "ALIYUN::VPC::NatGateway",
};

/** The one resource of the type a property refers to (`Properties/VpcId/Ref` → the template's only VPC). */
function resourceForProperty(template: Record<string, unknown>, segments: string[]): string | undefined {
  const property = segments[segments.length - 2];
  const wanted = property ? ID_PROPERTY_TARGETS[property] : undefined;
  if (!wanted) return undefined;
  const matches = Object.entries(section(template, "Resources")).filter(([, resource]) => resourceType(resource) === wanted);
  return matches.length === 1 ? matches[0]?.[0] : undefined;
}

/**
 * Undefined `Ref` targets and `${Name}` variables: the closest symbol if it is a typo, the existing
 * resource of the right type when the property says which type it wants, else a new parameter.
 */
const fixUndefinedReference: Repair = (template, segments) => {
  const last = segments[segments.length - 1];
  const symbols = templateSymbols(template);
  const known = [...symbols.parameters, ...symbols.resources, ...symbols.locals];
  const resolve = (name: string): string => {
    const suggestion = closestMatch(name, known) ?? (last === "Ref" ? resourceForProperty(template, segments) : undefined);
    if (suggestion) return suggestion;
    if (!isRefTarget(templateSymbols(template), name)) {
      ensureSection(template, "Parameters")[name] = {
        Type: "String",
        Label: name,
        Description: `Value for ${name}, referenced by the template but not defined in it.`,
      };
    }
    return name;
  };
  if (last === "Ref") {
    const name = valueAt(template, segments);
    if (typeof name !== "string") return undefined;
    const target = resolve(name);
    replaceAt(template, segments, target);
    return target === name ? `added parameter ${name}` : `changed Ref ${name} to ${target}`;
  }
  if (last === "Fn::Sub") {
    const argument = valueAt(template, segments);
    const text = Array.isArray(argument) ? argument[0] : argument;
    const local = Array.isArray(argument) && isRecord(argument[1]) ? argument[1] : {};
    if (typeof text !== "string") return undefined;
    let updated = text;
    const notes: string[] = [];
    for (const variable of substitutionVariables(text)) {
      if (variable.includes(".") || variable in local || isRefTarget(templateSymbols(template), variable)) continue;
      const target = resolve(variable);
      if (target !== variable) updated = updated.split(`\${${variable}}`).join(`\${${target}}`);
      notes.push(target === variable ? `added parameter ${variable}` : `changed \${${variable}} to \${${target}}`);
    }
    if (Array.isArray(argument)) argument[0] = updated;
    else replaceAt(template, segments, updated);
    return notes.length > 0 ? notes.join("; ") : undefined;
  }
  return undefined;
};

const fixDependsOn: Repair = (template, segments) => {
  const resourceName = segments[1] ?? "";
  const resource = valueAt(template, segments.slice(0, 2));
  if (!isRecord(resource)) return undefined;
  const resources = templateSymbols(template).resources;
  const current = typeof resource.DependsOn === "string" ? [resource.DependsOn] : resource.DependsOn;
  if (!Array.isArray(current)) {
    delete resource.DependsOn;
    return `removed the malformed DependsOn of ${resourceName}`;
  }
  const kept: string[] = [];
  for (const target of current) {
    if (typeof target !== "string") continue;
    const valid = resources.has(target) && target !== resourceName ? target : closestMatch(target, resources);
    if (valid && valid !== resourceName && !kept.includes(valid)) kept.push(valid);
  }
  if (kept.length === 0) delete resource.DependsOn;
  else resource.DependsOn = kept.length === 1 ? kept[0] : kept;
  return `kept only existing resources in DependsOn of ${resourceName}`;
};

const fixUndefinedCondition: Repair = (template, segments) => {
  const conditions = templateSymbols(template).conditions;
  const last = segments[segments.length - 1];
  const value = valueAt(template, segments);
  const suggestion = typeof value === "string" ? closestMatch(value, conditions) : undefined;
  if (suggestion) {
    replaceAt(template, segments, suggestion);
    return `changed condition ${String(value)} to ${suggestion}`;
  }
  if (last === "Condition") {
    removeAt(template, segments);
    return `removed the undefined Condition of ${segments.slice(0, 2).join("/")}`;
  }
  // Inside Fn::If: without the condition, keep the value-if-true branch.
  const callSegments = segments.slice(0, -2);
  const call = valueAt(template, [...callSegments, "Fn::If"]);
  if (!Array.isArray(call)) return undefined;
  replaceAt(template, callSegments, call[1]);
  return `replaced Fn::If on undefined condition ${String(value)} with its first branch`;
};

/**
 * The one resource whose type has the attribute (`Fn::GetAtt [Network, VpcId]` → the template's
 * only resource with a `VpcId` attribute: its VPC), or undefined when none or several do.
 */
function resourceWithAttribute(template: Record<string, unknown>, attribute: unknown): string | undefined {
  if (typeof attribute !== "string") return undefined;
  const matches = Object.entries(section(template, "Resources")).filter(([, resource]) => {
    const spec = ROS_RESOURCE_TYPES[resourceType(resource) ?? ""];
    return spec?.attributes.includes(attribute) === true;
  });
  if (matches.length === 1) return matches[0]?.[0];
  // Several have it (a vSwitch also has VpcId): the one whose type is named by the attribute (VpcId → VPC).
  const named = matches.filter(([, resource]) => `${(resourceType(resource) ?? "").split("::")[2] ?? ""}Id`.toLowerCase() === attribute.toLowerCase());
  return named.length === 1 ? named[0]?.[0] : undefined;
}

/** `Fn::GetAtt` on a missing resource: the closest resource if it is a typo, else the one resource of the type that has the attribute, else a parameter. */
const fixGetAttTarget: Repair = (template, segments) => {
  const last = segments[segments.length - 1];
  if (last !== "Fn::GetAtt") return fixSubAttributes(template, segments);
  const target = getAttTarget(valueAt(template, segments));
  if (!target) return undefined;
  const suggestion = closestMatch(target.resource, templateSymbols(template).resources) ?? resourceWithAttribute(template, target.attribute);
  if (suggestion) {
    replaceAt(template, segments, [suggestion, target.attribute]);
    return `changed Fn::GetAtt ${target.resource} to ${suggestion}`;
  }
  const name = addParameter(template, `${target.resource}${String(target.attribute)}`, {
    Type: "String",
    Label: `${target.resource} ${String(target.attribute)}`,
    Description: `Replaces Fn::GetAtt ${target.resource}.${String(target.attribute)}; ${target.resource} is not in the template.`,
  });
  replaceAt(template, segments.slice(0, -1), { Ref: name });
  return `replaced Fn::GetAtt on missing resource ${target.resource} with parameter ${name}`;
};

function bestAttribute(type: string | undefined, attribute: string): string | undefined {
  const spec = type ? ROS_RESOURCE_TYPES[type] : undefined;
  if (!spec || spec.attributes.length === 0) return undefined;
  const shortName = type?.split("::")[2] ?? "";
  return (
    closestMatch(attribute, spec.attributes) ??
    spec.attributes.find((candidate) => candidate === `${shortName}Id`) ??
    spec.attributes.find((candidate) => candidate.endsWith("Id")) ??
    spec.attributes[0]
  );
}

const fixAttribute: Repair = (template, segments) => {
  const last = segments[segments.length - 1];
  if (last !== "Fn::GetAtt") return fixSubAttributes(template, segments);
  const target = getAttTarget(valueAt(template, segments));
  if (!target || typeof target.attribute !== "string") return undefined;
  const type = resourceType(section(template, "Resources")[target.resource]);
  const attribute = bestAttribute(type, target.attribute);
  if (!attribute) {
    replaceAt(template, segments.slice(0, -1), { Ref: target.resource });
    return `replaced Fn::GetAtt ${target.resource}.${target.attribute} with Ref ${target.resource}`;
  }
  replaceAt(template, segments, [target.resource, attribute]);
  return `changed attribute ${target.resource}.${target.attribute} to ${attribute}`;
};

/** `${Resource.Attribute}` placeholders in Fn::Sub with a wrong resource or attribute. */
function fixSubAttributes(template: Record<string, unknown>, segments: string[]): string | undefined {
  const argument = valueAt(template, segments);
  const text = Array.isArray(argument) ? argument[0] : argument;
  if (typeof text !== "string") return undefined;
  const resources = section(template, "Resources");
  let updated = text;
  for (const variable of substitutionVariables(text)) {
    const dot = variable.indexOf(".");
    if (dot < 0) continue;
    const resource = closestMatch(variable.slice(0, dot), Object.keys(resources));
    const attribute = resource ? bestAttribute(resourceType(resources[resource]), variable.slice(dot + 1)) : undefined;
    if (resource && attribute) updated = updated.split(`\${${variable}}`).join(`\${${resource}.${attribute}}`);
  }
  if (updated === text) return undefined;
  if (Array.isArray(argument)) argument[0] = updated;
  else replaceAt(template, segments, updated);
  return `corrected resource attributes in ${segments.join("/")}`;
}

const renameDuplicateSymbol: Repair = (template, segments) => {
  const [sectionName, name] = segments;
  if (sectionName === undefined || name === undefined || !isRecord(template[sectionName])) return undefined;
  const suffix = sectionName === "Locals" ? "Local" : "Param";
  const renamed = uniqueSymbol(template, `${name}${suffix}`);
  renameKey(template[sectionName], name, renamed);
  return `renamed ${sectionName}/${name} to ${renamed}; Ref ${name} keeps meaning the resource`;
};

const fixResourceType: Repair = (template, segments) => {
  const type = valueAt(template, segments);
  const suggestion = typeof type === "string" ? closestMatch(type, Object.keys(ROS_RESOURCE_TYPES)) : undefined;
  if (!suggestion) return undefined;
  replaceAt(template, segments, suggestion);
  return `changed resource type ${String(type)} to ${suggestion}`;
};

/** Missing required properties and hard-coded inventory values or secrets become parameters. */
const parameterizeProperty: Repair = (template, segments) => {
  const [, resourceName, , property] = segments;
  const resource = valueAt(template, segments.slice(0, 2));
  if (resourceName === undefined || property === undefined || !isRecord(resource)) return undefined;
  const type = resourceType(resource) ?? "";
  const properties = isRecord(resource.Properties) ? resource.Properties : (resource.Properties = {});
  const current = properties[property];
  const literal = typeof current === "string" || typeof current === "number" ? current : undefined;
  const name = addParameter(template, `${resourceName}${property}`, propertyParameter(type, property, literal));
  properties[property] = { Ref: name };
  return `made ${resourceName}.${property} a parameter (${name})`;
};

function literalOrDefault(template: Record<string, unknown>, value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.Ref === "string") {
    const parameter = section(template, "Parameters")[value.Ref];
    if (isRecord(parameter) && typeof parameter.Default === "string") return parameter.Default;
  }
  return undefined;
}

function freeSubnet(template: Record<string, unknown>, vswitchName: string): string | undefined {
  const resources = section(template, "Resources");
  const vpcName = referencedVpc(resourceProperties(resources[vswitchName]).VpcId);
  const vpcCidr = vpcName ? literalOrDefault(template, resourceProperties(resources[vpcName]).CidrBlock) : undefined;
  const vpcBlock = parseCidr(vpcCidr ?? "192.168.0.0/16");
  if (!vpcBlock) return undefined;
  const taken: CidrBlock[] = [];
  for (const [name, resource] of Object.entries(resources)) {
    if (name === vswitchName || resourceType(resource) !== "ALIYUN::ECS::VSwitch") continue;
    const properties = resourceProperties(resource);
    if (vpcName !== undefined && referencedVpc(properties.VpcId) !== vpcName) continue;
    const cidr = literalOrDefault(template, properties.CidrBlock);
    const block = cidr === undefined ? undefined : parseCidr(cidr);
    if (block && !taken.some((other) => cidrsOverlap(other, block))) taken.push(block);
  }
  return allocateSubnets(vpcBlock, 1, taken)[0]?.text;
}

const fixCidr: Repair = (template, segments) => {
  const [, resourceName] = segments;
  if (resourceName === undefined) return undefined;
  const resource = section(template, "Resources")[resourceName];
  const type = resourceType(resource);
  const replacement = type === "ALIYUN::ECS::VPC" ? "192.168.0.0/16" : freeSubnet(template, resourceName);
  if (!replacement) return undefined;
  const current = valueAt(template, segments);
  if (isRecord(current) && typeof current.Ref === "string") {
    const parameter = section(template, "Parameters")[current.Ref];
    if (isRecord(parameter)) {
      parameter.Default = replacement;
      return `set the Default of parameter ${current.Ref} to ${replacement}`;
    }
  }
  replaceAt(template, segments, replacement);
  return `set the CIDR block of ${resourceName} to ${replacement}`;
};

const removeParameter: Repair = (template, segments) => {
  const name = segments[1];
  if (name === undefined || !removeAt(template, segments.slice(0, 2))) return undefined;
  removeFromParameterGroups(template.Metadata, name);
  return `removed unused parameter ${name}`;
};

/** Drops a removed parameter from `Metadata.ALIYUN::Interface.ParameterGroups[].Parameters`. */
function removeFromParameterGroups(metadata: unknown, name: string): void {
  const groups = valueAt(metadata, ["ALIYUN::Interface", "ParameterGroups"]);
  if (!Array.isArray(groups)) return;
  for (const group of groups) {
    if (isRecord(group) && Array.isArray(group.Parameters)) {
      group.Parameters = group.Parameters.filter((parameter) => parameter !== name);
    }
  }
}

const addNoEcho: Repair = (template, segments) => {
  const definition = valueAt(template, segments.slice(0, 2));
  if (!isRecord(definition)) return undefined;
  definition.NoEcho = true;
  return `added NoEcho: true to parameter ${segments[1] ?? ""}`;
};

const fixDefault: Repair = (template, segments) => {
  const definition = valueAt(template, segments.slice(0, 2));
  if (!isRecord(definition) || !Array.isArray(definition.AllowedValues)) return undefined;
  definition.Default = definition.AllowedValues[0];
  return `set the Default of parameter ${segments[1] ?? ""} to its first allowed value`;
};

const removeUnusedSubVariables: Repair = (template, segments) => {
  const argument = valueAt(template, segments.slice(0, -1));
  if (!Array.isArray(argument) || typeof argument[0] !== "string" || !isRecord(argument[1])) return undefined;
  const used = new Set(substitutionVariables(argument[0]));
  for (const key of Object.keys(argument[1])) if (!used.has(key)) delete argument[1][key];
  return `removed unused Fn::Sub variables at ${segments.slice(0, -1).join("/")}`;
};

const fixSecurityGroupRule: Repair = (template, segments) => {
  const field = segments[segments.length - 1];
  const rule = valueAt(template, segments.slice(0, -1));
  if (!isRecord(rule)) return undefined;
  if (field === "IpProtocol") {
    const protocol = String(rule.IpProtocol).toLowerCase();
    rule.IpProtocol = closestMatch(protocol, ["tcp", "udp", "icmp", "gre", "all"]) ?? "tcp";
    return `set IpProtocol to ${String(rule.IpProtocol)}`;
  }
  if (field === "PortRange") {
    const protocol = String(rule.IpProtocol).toLowerCase();
    if (["icmp", "gre", "all"].includes(protocol)) {
      rule.PortRange = "-1/-1";
      return "set PortRange to -1/-1";
    }
    const numbers = String(rule.PortRange).match(/\d+/g)?.map(Number) ?? [];
    const [from, to = from] = numbers;
    if (from === undefined || to === undefined || from < 1 || to > 65535) return undefined;
    rule.PortRange = `${Math.min(from, to)}/${Math.max(from, to)}`;
    return `rewrote PortRange as ${String(rule.PortRange)}`;
  }
  return undefined;
};

/** A misspelt property name becomes the catalogue's name (its value is kept). */
const renameProperty: Repair = (template, segments) => {
  const name = segments[segments.length - 1];
  const type = resourceType(valueAt(template, segments.slice(0, 2)));
  const target = name ? catalogueName(type, name) : undefined;
  if (!name || !target) return undefined;
  const properties = valueAt(template, segments.slice(0, -1));
  if (!isRecord(properties) || target in properties) return undefined;
  renameKey(properties, name, target);
  return `renamed property ${name} of ${segments[1] ?? ""} to ${target}`;
};

/** A value outside an enumeration becomes the allowed value it was meant to be, when that is clear. */
const fixAllowedValue: Repair = (template, segments) => {
  const name = segments[segments.length - 1] ?? "";
  const type = resourceType(valueAt(template, segments.slice(0, 2)));
  const value = valueAt(template, segments);
  const target = closestAllowedValue(type, name, value);
  if (target === undefined) return undefined;
  replaceAt(template, segments, target);
  return `changed ${name} of ${segments[1] ?? ""} from ${String(value)} to ${target}`;
};

const REPAIRS: Readonly<Record<string, Repair>> = {
  ROS5104: renameProperty,
  ROS5107: fixAllowedValue,
  ROS1004: fixVersion,
  ROS1120: fixVersion,
  ROS1006: renameSection,
  ROS1102: removeResource,
  ROS1103: removeResource,
  ROS1104: removeKey,
  ROS1105: fixResourceKey,
  ROS1106: resetProperties,
  ROS1201: fixParameterDefinition,
  ROS1202: fixParameterType,
  ROS1301: removeOutput,
  ROS1302: addOutputLabel,
  ROS2001: renameFunction,
  ROS4001: fixUndefinedReference,
  ROS4002: fixDependsOn,
  ROS4003: fixUndefinedCondition,
  ROS4006: fixGetAttTarget,
  ROS4201: renameDuplicateSymbol,
  ROS5001: fixResourceType,
  ROS5103: parameterizeProperty,
  ROS5201: fixAttribute,
  ROS5203: removeUnusedSubVariables,
  ROS5301: fixCidr,
  ROS5302: fixCidr,
  ROS5303: fixCidr,
  ROS5401: removeParameter,
  ROS5402: addNoEcho,
  ROS5403: fixDefault,
  ROS5404: parameterizeProperty,
  ROS5405: parameterizeProperty,
  ROS5501: restrictRuleSource,
  ROS5502: fixSecurityGroupRule,
  ROS5503: restrictWhitelist,
};

/** Applies the repair for one diagnostic; returns what was changed, or undefined if nothing was. */
export function repairDiagnostic(template: Record<string, unknown>, diagnostic: Diagnostic): string | undefined {
  const repair = REPAIRS[diagnostic.code];
  if (!repair || diagnostic.path.startsWith("line ")) return undefined;
  return repair(template, pathSegments(diagnostic.path));
}

export function isRepairable(code: string): boolean {
  return code in REPAIRS;
}
