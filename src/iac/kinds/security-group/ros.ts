/** The ROS builder of the security group kind (index.ts): the groups with SSH from inside the VPC and the requested ports, or an existing group. */
import type { InfrastructureRequest } from "../../read/infrastructure-request";
import { SENSITIVE_PORTS } from "../../generate/resource-defaults";
import { EXISTING_GROUP_RULES } from "./existing-group-rules";
import { addGroup, type Builder, type Definition, getAtt, names, output, ref, type RosBuild, vpcRange } from "../../generate/ros-build/builder";

/** The groups (`network.securityGroups`) the ECS instances join. */
export function buildSecurityGroups({ request, builder, network }: RosBuild): void {
  const vpc = network.vpc;
  if (vpc === undefined) return;
  if (request.existingSecurityGroupId && request.counts.securityGroup > 0) {
    network.securityGroups.push(existingSecurityGroup(request, builder));
    // The ports the request opens go on the existing group (existing-group-rules.ts); its own rules, SSH included, stay as they are.
    const rules = ingressRules(request).slice(1);
    builder.resources[EXISTING_GROUP_RULES] = { Type: "ALIYUN::ECS::SecurityGroup", Properties: { VpcId: ref(vpc), SecurityGroupIngress: rules } };
    // The VPC's range served the new group's rules; a database's whitelist, or a rule kept inside the VPC, still uses it.
    if (request.existingVpc && request.counts.rds === 0 && !JSON.stringify(rules).includes("VpcCidrBlock")) {
      delete builder.parameters.VpcCidrBlock;
      for (const group of builder.groups) group.parameters = group.parameters.filter((name) => name !== "VpcCidrBlock");
    }
    return;
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
  network.securityGroups.push(...securityGroups);
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

/**
 * The servers' ports that carry UDP: the backend port of each UDP listener ("UDP 53 -> 53") and a
 * port opened as UDP ("open UDP 514"). Their rules must admit UDP: a TCP rule would drop every
 * datagram the load balancer forwards.
 */
function udpPorts(request: InfrastructureRequest): Set<number> {
  const ports = new Set<number>();
  for (const [front, protocol] of request.listenerProtocols ?? []) {
    if (protocol !== "udp") continue;
    ports.add(request.portMappings.find((mapping) => mapping.front === front)?.back ?? front);
  }
  return ports;
}

function ingressRules(request: InfrastructureRequest): Definition[] {
  const vpcCidr = vpcRange(request);
  const udp = udpPorts(request);
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
      SourceCidrIp: request.offInternet ? vpcCidr : "0.0.0.0/0",
      Policy: "accept",
      Priority: 1,
      Description: `Ports ${from}-${to} from ${request.offInternet ? "inside the VPC only" : "the Internet"}`,
    });
  }
  for (const port of request.publicPorts) {
    if (port === 22) continue;
    // A sensitive port (a database's, RDP) stays inside by default; any port the request keeps inside does too.
    const inside = SENSITIVE_PORTS.has(port) || request.insidePorts?.has(port) === true || request.offInternet === true;
    rules.push({
      IpProtocol: udp.has(port) ? "udp" : "tcp",
      PortRange: `${port}/${port}`,
      SourceCidrIp: inside ? vpcCidr : "0.0.0.0/0",
      Policy: "accept",
      Priority: 1,
      Description: inside ? `Port ${port} from inside the VPC only` : `Port ${port} from the Internet`,
    });
  }
  return rules;
}
