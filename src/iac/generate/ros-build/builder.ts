/**
 * What every kind's ROS builder shares (kinds/<kind>/ros.ts): the template being built, with its
 * parameters, resources, outputs and parameter groups, the network the kinds are placed in, what
 * each kind's builder leaves for the kinds built after it, and the small helpers for references and names.
 */
import type { InfrastructureRequest } from "../../read/infrastructure-request";
import { resourceType } from "../../template/template-model";

export type Template = Record<string, unknown>;
export type Definition = Record<string, unknown>;

export function ref(name: string): Definition {
  return { Ref: name };
}

export function getAtt(resource: string, attribute: string): Definition {
  return { "Fn::GetAtt": [resource, attribute] };
}

/** `Name` for one resource, `Name1`, `Name2`, ... for several. */
export function names(base: string, count: number): string[] {
  return count === 1 ? [base] : Array.from({ length: count }, (_, index) => `${base}${index + 1}`);
}

export interface Builder {
  parameters: Record<string, Definition>;
  resources: Record<string, Definition>;
  outputs: Record<string, Definition>;
  groups: { label: string; parameters: string[] }[];
  notes: string[];
}

export function addGroup(builder: Builder, label: string, parameters: string[]): void {
  if (parameters.length > 0) builder.groups.push({ label, parameters });
}

export function output(builder: Builder, name: string, label: string, value: unknown, description: string): void {
  builder.outputs[name] = { Value: value, Label: label, Description: description };
}

/** The network the kinds are placed in: the VPC (resource or parameter), its vSwitches and zones, the security groups. */
export interface Network {
  vpc?: string;
  vswitches: string[];
  zones: string[];
  securityGroups: string[];
}

/** The VPC's range in rules and whitelists: the literal plan, or the parameter of an existing VPC. */
export function vpcRange(request: InfrastructureRequest): unknown {
  return request.existingVpc ? ref("VpcCidrBlock") : request.vpcCidr.text;
}

/**
 * One template being built, handed to each kind's ROS builder in build order (kinds/index.ts
 * `BUILD_ORDER`): the network kinds fill `network`, the ECS kind `instances`, the EIP kind the NAT
 * gateway's `natEip`, and the kinds after them read what they need.
 */
export interface RosBuild {
  readonly request: InfrastructureRequest;
  readonly builder: Builder;
  readonly network: Network;
  instances: string[];
  natEip?: string;
}

/** "Resources: ALIYUN::ECS::VPC x1, …": the template's Description, by type in order of first use. */
export function resourcesDescription(resources: Record<string, unknown>): string {
  const counts = new Map<string, number>();
  for (const resource of Object.values(resources)) {
    const type = resourceType(resource) ?? "";
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return `Resources: ${[...counts].map(([type, count]) => `${type} x${count}`).join(", ")}.`;
}
