/** The ROS builder of the vSwitch kind (index.ts): the vSwitches (given blocks, then allocated ones) or an existing vSwitch, in the VPC kind's VPC. */
import { allocateSubnets, type CidrBlock } from "../../read/cidr";
import type { InfrastructureRequest } from "../../read/infrastructure-request";
import { addGroup, type Builder, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";

function vswitchCidrs(request: InfrastructureRequest): CidrBlock[] {
  const given = request.vswitchCidrs.slice(0, request.counts.vswitch);
  const missing = request.counts.vswitch - given.length;
  return missing > 0 ? [...given, ...allocateSubnets(request.vpcCidr, missing, given, request.vswitchPrefix)] : given;
}

/** An existing vSwitch (the id the user gave) is a parameter, with the zone it is in. */
function existingVSwitch(request: InfrastructureRequest, builder: Builder): { vswitches: string[]; zones: string[] } {
  builder.parameters.ZoneId = {
    Type: "String",
    Label: "Availability zone",
    Description: "Zone of the existing vSwitch.",
    AssociationProperty: "ALIYUN::ECS::ZoneId",
  };
  builder.parameters.VSwitchId = {
    Type: "String",
    Label: "Existing vSwitch",
    Description: "The vSwitch the resources are placed in.",
    AssociationProperty: "ALIYUN::VPC::VSwitch::VSwitchId",
    AssociationPropertyMetadata: { VpcId: "${VpcId}", ZoneId: "${ZoneId}" },
    ...(request.existingVSwitchId?.startsWith("vsw-") ? { Default: request.existingVSwitchId } : {}),
  };
  addGroup(builder, "Network", ["VpcId", "VpcCidrBlock", "ZoneId", "VSwitchId"]);
  return { vswitches: ["VSwitchId"], zones: ["ZoneId"] };
}

function buildVSwitches(request: InfrastructureRequest, builder: Builder, vpc: string): { vswitches: string[]; zones: string[] } {
  const cidrs = vswitchCidrs(request);
  const vswitches = names("VSwitch", cidrs.length);
  const zones = names("ZoneId", cidrs.length);
  cidrs.forEach((cidr, index) => {
    const zone = zones[index] ?? "ZoneId";
    const vswitch = vswitches[index] ?? "VSwitch";
    builder.parameters[zone] = {
      Type: "String",
      Label: cidrs.length === 1 ? "Availability zone" : `Availability zone ${index + 1}`,
      Description:
        cidrs.length === 1
          ? "Zone of the vSwitch and of the resources placed in it."
          : `Zone of vSwitch ${index + 1}; choose different zones for high availability.`,
      AssociationProperty: "ALIYUN::ECS::ZoneId",
    };
    const cidrParameter = `VSwitchCidrBlock${cidrs.length === 1 ? "" : index + 1}`;
    if (request.existingVpc) {
      builder.parameters[cidrParameter] = {
        Type: "String",
        Label: cidrs.length === 1 ? "vSwitch CIDR block" : `vSwitch ${index + 1} CIDR block`,
        Description: "A free block inside the existing VPC's CIDR block.",
        Default: cidr.text,
      };
    }
    builder.resources[vswitch] = {
      Type: "ALIYUN::ECS::VSwitch",
      Properties: {
        VpcId: ref(vpc),
        ZoneId: ref(zone),
        CidrBlock: request.existingVpc ? ref(cidrParameter) : cidr.text,
        VSwitchName: `vsw-${index + 1}`,
      },
    };
  });
  // In an existing VPC with nothing placed in a vSwitch ("open 8080 on my sg-…"), there is none to list.
  if (vswitches.length > 0)
    output(builder, "VSwitchIds", "vSwitch IDs", { "Fn::Join": [",", vswitches.map((vswitch) => ref(vswitch))] }, "The IDs of the vSwitches, comma-separated.");
  addGroup(builder, "Network", [...(request.existingVpc ? ["VpcId", "VpcCidrBlock", ...names("VSwitchCidrBlock", cidrs.length)] : []), ...zones]);
  return { vswitches, zones };
}

/** The vSwitches and their zones (`network.vswitches`, `network.zones`) the kinds after it are placed in. */
export function buildVSwitch({ request, builder, network }: RosBuild): void {
  if (network.vpc === undefined) return;
  const { vswitches, zones } =
    request.existingVpc && request.existingVSwitchId !== undefined ? existingVSwitch(request, builder) : buildVSwitches(request, builder, network.vpc);
  network.vswitches.push(...vswitches);
  network.zones.push(...zones);
}
