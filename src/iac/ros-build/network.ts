/**
 * The ROS builders of the network kinds (kinds/vpc.ts, vswitch.ts, security-group.ts): a new VPC or an
 * existing one as a parameter, the vSwitches (given blocks, then allocated ones) or an existing
 * vSwitch, and the security groups with SSH from inside the VPC and the requested ports.
 */
import { allocateSubnets, type CidrBlock } from "../cidr";
import type { InfrastructureRequest } from "../generation-request";
import { SENSITIVE_PORTS } from "../resource-defaults";
import { addGroup, type Builder, type Definition, getAtt, names, type Network, output, ref, vpcRange } from "./builder";

function vswitchCidrs(request: InfrastructureRequest): CidrBlock[] {
  const given = request.vswitchCidrs.slice(0, request.counts.vswitch);
  const missing = request.counts.vswitch - given.length;
  return missing > 0 ? [...given, ...allocateSubnets(request.vpcCidr, missing, given, request.vswitchPrefix)] : given;
}

/**
 * An existing VPC is a parameter (with the id the user gave as its default), not a new resource; its
 * address range is unknown offline, so the vSwitch blocks and the VPC range used in rules become
 * parameters too, with the planned blocks as defaults to adjust.
 */
function existingVpc(request: InfrastructureRequest, builder: Builder): string {
  builder.parameters.VpcId = {
    Type: "String",
    Label: "Existing VPC",
    Description: "The VPC the resources are created in.",
    AssociationProperty: "ALIYUN::ECS::VPC::VPCId",
    ...(request.existingVpcId ? { Default: request.existingVpcId } : {}),
  };
  builder.parameters.VpcCidrBlock = {
    Type: "String",
    Label: "CIDR block of the existing VPC",
    Description: "Used for SSH and database whitelists inside the VPC.",
    Default: request.vpcCidr.text,
  };
  return "VpcId";
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
  output(builder, "VSwitchIds", "vSwitch IDs", { "Fn::Join": [",", vswitches.map((vswitch) => ref(vswitch))] }, "The IDs of the vSwitches, comma-separated.");
  addGroup(builder, "Network", [...(request.existingVpc ? ["VpcId", "VpcCidrBlock", ...names("VSwitchCidrBlock", cidrs.length)] : []), ...zones]);
  return { vswitches, zones };
}

export function buildNetwork(request: InfrastructureRequest, builder: Builder): Network {
  if (request.counts.vpc === 0) return { vswitches: [], zones: [], securityGroups: [] };
  let vpc = "Vpc";
  if (request.existingVpc) vpc = existingVpc(request, builder);
  else {
    builder.resources[vpc] = {
      Type: "ALIYUN::ECS::VPC",
      Properties: { VpcName: "vpc", CidrBlock: request.vpcCidr.text, Description: "VPC of this stack." },
    };
    output(builder, "VpcId", "VPC ID", getAtt(vpc, "VpcId"), "The ID of the VPC.");
  }
  const { vswitches, zones } =
    request.existingVpc && request.existingVSwitchId !== undefined ? existingVSwitch(request, builder) : buildVSwitches(request, builder, vpc);

  if (request.existingSecurityGroupId && request.counts.securityGroup > 0) {
    // The VPC's range served the new group's rules; a database's whitelist still uses it.
    if (request.existingVpc && request.counts.rds === 0) {
      delete builder.parameters.VpcCidrBlock;
      for (const group of builder.groups) group.parameters = group.parameters.filter((name) => name !== "VpcCidrBlock");
    }
    return { vpc, vswitches, zones, securityGroups: [existingSecurityGroup(request, builder)] };
  }
  const securityGroups = names("SecurityGroup", request.counts.securityGroup);
  for (const securityGroup of securityGroups) {
    builder.resources[securityGroup] = {
      Type: "ALIYUN::ECS::SecurityGroup",
      Properties: {
        VpcId: ref(vpc),
        SecurityGroupName: securityGroup.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase(),
        SecurityGroupIngress: ingressRules(request),
      },
    };
    output(
      builder,
      `${securityGroup}Id`,
      `${securityGroup.replace(/([a-z])([A-Z0-9])/g, "$1 $2")} ID`,
      getAtt(securityGroup, "SecurityGroupId"),
      "The ID of the security group.",
    );
  }
  return { vpc, vswitches, zones, securityGroups };
}

/**
 * "in sg-bp1…": the servers join the group the user named, a parameter with that id as its default
 * (the selector lists the VPC's groups); its rules are the group's own, so none are added here.
 */
function existingSecurityGroup(request: InfrastructureRequest, builder: Builder): string {
  builder.parameters.SecurityGroupId = {
    Type: "String",
    Label: "Existing security group",
    Description: "The security group the ECS instances join; its rules are kept as they are.",
    AssociationProperty: "ALIYUN::ECS::SecurityGroup::SecurityGroupId",
    AssociationPropertyMetadata: { VpcId: "${VpcId}" },
    ...(request.existingSecurityGroupId ? { Default: request.existingSecurityGroupId } : {}),
  };
  addGroup(builder, "Network", ["SecurityGroupId"]);
  return "SecurityGroupId";
}

function ingressRules(request: InfrastructureRequest): Definition[] {
  const vpcCidr = vpcRange(request);
  const rules: Definition[] = [
    {
      IpProtocol: "tcp",
      PortRange: "22/22",
      SourceCidrIp: vpcCidr,
      Policy: "accept",
      Priority: 1,
      Description: "SSH from inside the VPC only",
    },
  ];
  for (const { from, to } of request.portRanges ?? []) {
    rules.push({
      IpProtocol: "tcp",
      PortRange: `${from}/${to}`,
      SourceCidrIp: "0.0.0.0/0",
      Policy: "accept",
      Priority: 1,
      Description: `Ports ${from}-${to} from the Internet`,
    });
  }
  for (const port of request.publicPorts) {
    if (port === 22) continue;
    const sensitive = SENSITIVE_PORTS.has(port);
    rules.push({
      IpProtocol: "tcp",
      PortRange: `${port}/${port}`,
      SourceCidrIp: sensitive ? vpcCidr : "0.0.0.0/0",
      Policy: "accept",
      Priority: 1,
      Description: sensitive ? `Port ${port} from inside the VPC only` : `Port ${port} from the Internet`,
    });
  }
  return rules;
}
