import { allocateSubnets, type CidrBlock } from "./cidr";
import type { InfrastructureRequest } from "./generation-request";
import { listenersOf } from "./kinds/slb";
import { ROS_FORMAT_VERSION } from "./template-model";
import { RDS_ENGINE_VERSIONS, SENSITIVE_PORTS } from "./resource-defaults";

/**
 * Builds a ROS template from an InfrastructureRequest.
 *
 * Conventions of iac-code's generation skill are followed: inventory-dependent values (zones,
 * instance types, images, disk categories, database classes) are Parameters with an
 * AssociationProperty and no guessed default, secrets are NoEcho parameters, every Output has a Label,
 * and SSH is open only to the VPC itself.
 */

type Template = Record<string, unknown>;
type Definition = Record<string, unknown>;

function ref(name: string): Definition {
  return { Ref: name };
}

function getAtt(resource: string, attribute: string): Definition {
  return { "Fn::GetAtt": [resource, attribute] };
}

/** `Name` for one resource, `Name1`, `Name2`, ... for several. */
function names(base: string, count: number): string[] {
  return count === 1 ? [base] : Array.from({ length: count }, (_, index) => `${base}${index + 1}`);
}

interface Builder {
  parameters: Record<string, Definition>;
  resources: Record<string, Definition>;
  outputs: Record<string, Definition>;
  groups: { label: string; parameters: string[] }[];
  notes: string[];
}

function addGroup(builder: Builder, label: string, parameters: string[]): void {
  if (parameters.length > 0) builder.groups.push({ label, parameters });
}

function output(builder: Builder, name: string, label: string, value: unknown, description: string): void {
  builder.outputs[name] = { Value: value, Label: label, Description: description };
}

function vswitchCidrs(request: InfrastructureRequest): CidrBlock[] {
  const given = request.vswitchCidrs.slice(0, request.counts.vswitch);
  const missing = request.counts.vswitch - given.length;
  return missing > 0 ? [...given, ...allocateSubnets(request.vpcCidr, missing, given, request.vswitchPrefix)] : given;
}

interface Network {
  vpc?: string;
  vswitches: string[];
  zones: string[];
  securityGroups: string[];
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

function buildNetwork(request: InfrastructureRequest, builder: Builder): Network {
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

/** The VPC's range in rules and whitelists: the literal plan, or the parameter of an existing VPC. */
function vpcRange(request: InfrastructureRequest): unknown {
  return request.existingVpc ? ref("VpcCidrBlock") : request.vpcCidr.text;
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

function buildEcs(request: InfrastructureRequest, network: Network, builder: Builder): string[] {
  const count = request.counts.ecs;
  if (count === 0) return [];
  const firstZone = network.zones[0] ?? "ZoneId";
  builder.parameters.EcsInstanceType = {
    Type: "String",
    Label: "ECS instance type",
    Description: "Instance type of the ECS instances; the list shows the types on sale in the chosen zone.",
    AssociationProperty: "ALIYUN::ECS::Instance::InstanceType",
    AssociationPropertyMetadata: { ZoneId: `\${${firstZone}}` },
  };
  builder.parameters.EcsImageId = {
    Type: "String",
    Label: "ECS image",
    Description: "Image of the ECS instances.",
    AssociationProperty: "ALIYUN::ECS::Image::ImageId",
    AssociationPropertyMetadata: { InstanceType: "${EcsInstanceType}" },
  };
  builder.parameters.EcsSystemDiskCategory = {
    Type: "String",
    Label: "System disk category",
    Description: "Category of the ECS system disks.",
    AssociationProperty: "ALIYUN::ECS::Disk::SystemDiskCategory",
    AssociationPropertyMetadata: { ZoneId: `\${${firstZone}}`, InstanceType: "${EcsInstanceType}" },
    Default: "cloud_essd",
  };
  builder.parameters.EcsPassword = {
    Type: "String",
    Label: "ECS login password",
    Description: "Password of the root/Administrator user: 8-30 characters with upper and lower case letters, digits and symbols.",
    NoEcho: true,
    MinLength: 8,
    MaxLength: 30,
    AssociationProperty: "ALIYUN::ECS::Instance::Password",
  };
  addGroup(builder, "ECS", ["EcsInstanceType", "EcsImageId", "EcsSystemDiskCategory", "EcsPassword"]);
  // No public IP unless the request asks for one (applyRequestedValues): public bandwidth is billed.
  const publicAccess = false;
  const instances = names("EcsInstance", count);
  instances.forEach((instance, index) => {
    const slot = index % Math.max(network.vswitches.length, 1);
    builder.resources[instance] = {
      Type: "ALIYUN::ECS::Instance",
      Properties: {
        VpcId: ref(network.vpc ?? "Vpc"),
        VSwitchId: ref(network.vswitches[slot] ?? "VSwitch"),
        ZoneId: ref(network.zones[slot] ?? "ZoneId"),
        SecurityGroupId: ref(network.securityGroups[0] ?? "SecurityGroup"),
        InstanceType: ref("EcsInstanceType"),
        ImageId: ref("EcsImageId"),
        SystemDiskCategory: ref("EcsSystemDiskCategory"),
        SystemDiskSize: 40,
        Password: ref("EcsPassword"),
        InstanceName: `ecs-${index + 1}`,
        InstanceChargeType: "PostPaid",
        AllocatePublicIP: publicAccess,
        InternetMaxBandwidthOut: publicAccess ? 5 : 0,
      },
    };
    output(builder, `${instance}Id`, `ECS instance ${index + 1} ID`, getAtt(instance, "InstanceId"), "The ID of the ECS instance.");
    output(
      builder,
      `${instance}PrivateIp`,
      `ECS instance ${index + 1} private IP`,
      getAtt(instance, "PrivateIp"),
      "The private IP address of the ECS instance.",
    );
  });
  return instances;
}

/** EIPs go first to the NAT gateway (for SNAT), then one per ECS instance; extras stay unbound. */
function buildEips(request: InfrastructureRequest, instances: string[], builder: Builder): string | undefined {
  const eips = names("Eip", request.counts.eip);
  let natEip: string | undefined;
  const targets = [...instances];
  eips.forEach((eip, index) => {
    builder.resources[eip] = {
      Type: "ALIYUN::VPC::EIP",
      Properties: { Name: `eip-${index + 1}`, Bandwidth: 5, InternetChargeType: "PayByTraffic" },
    };
    output(builder, `${eip}Address`, `EIP ${index + 1} address`, getAtt(eip, "EipAddress"), "The public IP address of the EIP.");
    if (request.counts.nat > 0 && natEip === undefined) {
      natEip = eip;
      return;
    }
    const instance = targets.shift();
    if (instance === undefined) return;
    builder.resources[`${eip}Association`] = {
      Type: "ALIYUN::VPC::EIPAssociation",
      Properties: { AllocationId: getAtt(eip, "AllocationId"), InstanceId: ref(instance) },
    };
  });
  return natEip;
}

function buildNat(request: InfrastructureRequest, network: Network, natEip: string | undefined, builder: Builder): void {
  if (request.counts.nat === 0 || !network.vpc) return;
  builder.resources.NatGateway = {
    Type: "ALIYUN::VPC::NatGateway",
    Properties: {
      VpcId: ref(network.vpc),
      VSwitchId: ref(network.vswitches[0] ?? "VSwitch"),
      NatGatewayName: "nat-gateway",
      NatType: "Enhanced",
    },
  };
  output(builder, "NatGatewayId", "NAT gateway ID", getAtt("NatGateway", "NatGatewayId"), "The ID of the NAT gateway.");
  if (!natEip) return;
  builder.resources.NatEipAssociation = {
    Type: "ALIYUN::VPC::EIPAssociation",
    Properties: { AllocationId: getAtt(natEip, "AllocationId"), InstanceId: ref("NatGateway") },
  };
  network.vswitches.forEach((vswitch, index) => {
    builder.resources[names("SnatEntry", network.vswitches.length)[index] ?? "SnatEntry"] = {
      Type: "ALIYUN::VPC::SnatEntry",
      DependsOn: "NatEipAssociation",
      Properties: {
        SnatTableId: getAtt("NatGateway", "SNatTableId"),
        SnatIp: getAtt(natEip, "EipAddress"),
        SourceVSwitchId: ref(vswitch),
      },
    };
  });
}

function buildSlb(request: InfrastructureRequest, instances: string[], builder: Builder): void {
  if (request.counts.slb === 0) return;
  builder.parameters.SlbZoneId = {
    Type: "String",
    Label: "SLB primary zone",
    Description: "Primary zone of the load balancer.",
    AssociationProperty: "ALIYUN::SLB::LoadBalancer::ZoneId",
  };
  addGroup(builder, "Load balancer", ["SlbZoneId"]);
  const listeners = listenersOf(request.publicPorts, request.portMappings);
  names("Slb", request.counts.slb).forEach((slb, index) => {
    builder.resources[slb] = {
      Type: "ALIYUN::SLB::LoadBalancer",
      Properties: {
        LoadBalancerName: `slb-${index + 1}`,
        AddressType: "internet",
        InternetChargeType: "paybytraffic",
        LoadBalancerSpec: "slb.s1.small",
        MasterZoneId: ref("SlbZoneId"),
      },
    };
    for (const { front, back } of listeners) {
      builder.resources[`${slb}Listener${front}`] = {
        Type: "ALIYUN::SLB::Listener",
        Properties: {
          LoadBalancerId: ref(slb),
          Protocol: front === 80 ? "http" : "tcp",
          ListenerPort: front,
          BackendServerPort: back,
          Bandwidth: -1,
        },
      };
    }
    if (instances.length > 0) {
      builder.resources[`${slb}BackendServers`] = {
        Type: "ALIYUN::SLB::BackendServerAttachment",
        Properties: {
          LoadBalancerId: ref(slb),
          BackendServers: instances.map((instance) => ({ ServerId: ref(instance), Weight: 100 })),
        },
      };
    }
    output(builder, `${slb}IpAddress`, `Load balancer ${index + 1} address`, getAtt(slb, "IpAddress"), "The service address of the load balancer.");
  });
}

function buildRds(request: InfrastructureRequest, network: Network, builder: Builder): void {
  if (request.counts.rds === 0 || !network.vpc) return;
  const engine = request.rdsEngine;
  const version = RDS_ENGINE_VERSIONS[engine];
  const firstZone = network.zones[0] ?? "ZoneId";
  builder.parameters.RdsInstanceClass = {
    Type: "String",
    Label: "RDS instance class",
    Description: `Instance class of the ${engine} database.`,
    AssociationProperty: "ALIYUN::RDS::Instance::InstanceType",
    AssociationPropertyMetadata: { Engine: engine, EngineVersion: version, ZoneId: `\${${firstZone}}` },
  };
  builder.parameters.RdsStorageType = {
    Type: "String",
    Label: "RDS storage type",
    Description: "Storage type of the database (no console selector exists for it, hence AllowedValues).",
    AllowedValues: ["cloud_essd", "cloud_ssd", "local_ssd"],
    Default: "cloud_essd",
  };
  builder.parameters.RdsPassword = {
    Type: "String",
    Label: "Database administrator password",
    Description: "Password of the database administrator account: 8-32 characters with three of upper case, lower case, digits and symbols.",
    NoEcho: true,
    MinLength: 8,
    MaxLength: 32,
    AssociationProperty: "ALIYUN::RDS::Instance::AccountPassword",
  };
  addGroup(builder, "Database", ["RdsInstanceClass", "RdsStorageType", "RdsPassword"]);
  names("RdsInstance", request.counts.rds).forEach((rds, index) => {
    const slot = index % Math.max(network.vswitches.length, 1);
    builder.resources[rds] = {
      Type: "ALIYUN::RDS::DBInstance",
      Properties: {
        Engine: engine,
        EngineVersion: version,
        DBInstanceClass: ref("RdsInstanceClass"),
        DBInstanceStorage: 20,
        DBInstanceStorageType: ref("RdsStorageType"),
        ZoneId: ref(network.zones[slot] ?? "ZoneId"),
        VpcId: ref(network.vpc ?? "Vpc"),
        VSwitchId: ref(network.vswitches[slot] ?? "VSwitch"),
        SecurityIPList: vpcRange(request),
        DBInstanceNetType: "Intranet",
        PayType: "Postpaid",
        MasterUsername: "dbadmin",
        MasterUserPassword: ref("RdsPassword"),
      },
    };
    output(
      builder,
      `${rds}ConnectionString`,
      `Database ${index + 1} endpoint`,
      getAtt(rds, "InnerConnectionString"),
      "The internal connection string of the database.",
    );
  });
}

function buildOss(request: InfrastructureRequest, builder: Builder): void {
  if (request.counts.oss === 0) return;
  builder.parameters.OssBucketNamePrefix = {
    Type: "String",
    Label: "OSS bucket name prefix",
    Description: "Prefix of the bucket names; the stack ID is appended so names are globally unique.",
    Default: "bucket",
    AllowedPattern: "^[a-z0-9][a-z0-9-]{1,19}$",
    MaxLength: 20,
  };
  addGroup(builder, "Object storage", ["OssBucketNamePrefix"]);
  names("OssBucket", request.counts.oss).forEach((bucket, index) => {
    const infix = request.counts.oss === 1 ? "" : `-${index + 1}`;
    builder.resources[bucket] = {
      Type: "ALIYUN::OSS::Bucket",
      Properties: {
        BucketName: { "Fn::Sub": `\${OssBucketNamePrefix}${infix}-\${ALIYUN::StackId}` },
        AccessControl: "private",
      },
    };
    output(builder, `${bucket}DomainName`, `OSS bucket ${index + 1} domain`, getAtt(bucket, "DomainName"), "The public domain name of the bucket.");
  });
}

function buildRedis(request: InfrastructureRequest, network: Network, builder: Builder): void {
  if (request.counts.redis === 0 || !network.vpc) return;
  builder.parameters.RedisInstanceClass = {
    Type: "String",
    Label: "Redis instance class",
    Description: "Instance class of the Redis (Tair) instance.",
    AssociationProperty: "ALIYUN::Redis::Instance::InstanceType",
    AssociationPropertyMetadata: { ZoneId: `\${${network.zones[0] ?? "ZoneId"}}` },
  };
  builder.parameters.RedisPassword = {
    Type: "String",
    Label: "Redis password",
    Description: "Password of the Redis default account: 8-32 characters.",
    NoEcho: true,
    MinLength: 8,
    MaxLength: 32,
  };
  addGroup(builder, "Redis", ["RedisInstanceClass", "RedisPassword"]);
  names("RedisInstance", request.counts.redis).forEach((redis, index) => {
    const slot = index % Math.max(network.vswitches.length, 1);
    builder.resources[redis] = {
      Type: "ALIYUN::REDIS::Instance",
      Properties: {
        InstanceName: `redis-${index + 1}`,
        InstanceClass: ref("RedisInstanceClass"),
        EngineVersion: "7.0",
        ZoneId: ref(network.zones[slot] ?? "ZoneId"),
        VpcId: ref(network.vpc ?? "Vpc"),
        VSwitchId: ref(network.vswitches[slot] ?? "VSwitch"),
        Password: ref("RedisPassword"),
      },
    };
    output(
      builder,
      `${redis}ConnectionDomain`,
      `Redis ${index + 1} endpoint`,
      getAtt(redis, "ConnectionDomain"),
      "The connection domain of the Redis instance.",
    );
  });
}

function description(request: InfrastructureRequest, resources: Record<string, Definition>): string {
  const counts = new Map<string, number>();
  for (const resource of Object.values(resources)) {
    const type = String(resource.Type);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const parts = [...counts].map(([type, count]) => `${type} x${count}`);
  const region = request.region ? ` Region: ${request.region} (create the stack in this region).` : "";
  return `Resources: ${parts.join(", ")}.${region}`;
}

export function buildRosTemplate(request: InfrastructureRequest): Template {
  const builder: Builder = { parameters: {}, resources: {}, outputs: {}, groups: [], notes: [] };
  const network = buildNetwork(request, builder);
  const instances = buildEcs(request, network, builder);
  const natEip = buildEips(request, instances, builder);
  buildNat(request, network, natEip, builder);
  buildSlb(request, instances, builder);
  buildRds(request, network, builder);
  buildRedis(request, network, builder);
  buildOss(request, builder);
  const template: Template = {
    ROSTemplateFormatVersion: ROS_FORMAT_VERSION,
    Description: description(request, builder.resources),
  };
  if (builder.groups.length > 0) {
    template.Metadata = {
      "ALIYUN::Interface": {
        ParameterGroups: builder.groups.map((group) => ({
          Parameters: group.parameters,
          Label: { default: group.label },
        })),
      },
    };
  }
  if (Object.keys(builder.parameters).length > 0) template.Parameters = builder.parameters;
  template.Resources = builder.resources;
  template.Outputs = builder.outputs;
  return template;
}
