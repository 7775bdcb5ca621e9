/**
 * A type of their own for some of the servers: a parameter beside `EcsInstanceType` (the console's
 * instance-type selector, defaulting to the type asked, with the same zone filter), placed next to it
 * in the parameter groups, and those servers' `InstanceType` referring to it. The bastion's type
 * (kinds/security-group/bastion-design.ts) and each role's type (server-groups.ts) are both this.
 */
import { resourceProperties, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";

type Template = Record<string, unknown>;

export interface ServerTypeParameter {
  /** The parameter's name ("BastionInstanceType", "WorkerInstanceType"). */
  name: string;
  label: string;
  description: string;
  /** The type asked: the parameter's default. */
  instanceType: string;
}

export function giveServersType(template: Template, serverNames: readonly string[], parameter: ServerTypeParameter): void {
  const parameters = section(template, "Parameters");
  const serversType = parameters.EcsInstanceType;
  parameters[parameter.name] = {
    Type: "String",
    Label: parameter.label,
    Description: parameter.description,
    AssociationProperty: "ALIYUN::ECS::Instance::InstanceType",
    ...(isRecord(serversType) && serversType.AssociationPropertyMetadata !== undefined
      ? { AssociationPropertyMetadata: structuredClone(serversType.AssociationPropertyMetadata) }
      : {}),
    Default: parameter.instanceType,
  };
  const groups = (section(template, "Metadata")["ALIYUN::Interface"] as { ParameterGroups?: { Parameters: string[] }[] } | undefined)?.ParameterGroups;
  const ecsGroup = groups?.find((group) => group.Parameters.includes("EcsInstanceType"));
  if (ecsGroup && !ecsGroup.Parameters.includes(parameter.name)) {
    // After the types placed before it: the order the roles are written in.
    const typeNames = ecsGroup.Parameters.filter((name) => name.endsWith("InstanceType"));
    ecsGroup.Parameters.splice(ecsGroup.Parameters.indexOf(typeNames[typeNames.length - 1] ?? "EcsInstanceType") + 1, 0, parameter.name);
  }
  const resources = section(template, "Resources");
  for (const name of serverNames) resourceProperties(resources[name]).InstanceType = { Ref: parameter.name };
}
