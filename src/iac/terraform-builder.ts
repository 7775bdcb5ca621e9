import { allocateSubnets } from "./cidr";
import type { InfrastructureRequest } from "./generation-request";
import { listenersOf } from "./kinds/slb";
import { RDS_ENGINE_VERSIONS, SENSITIVE_PORTS } from "./resource-defaults";

/**
 * Builds a Terraform configuration (HCL, alicloud provider) for an InfrastructureRequest.
 *
 * Where the ROS template asks the deployer for inventory-dependent values through AssociationProperty
 * parameters, the Terraform version looks them up with the provider's data sources
 * (alicloud_zones, alicloud_instance_types, alicloud_images, alicloud_db_instance_classes), which is
 * the Terraform way of not hard-coding what a region may not sell.
 *
 * One function per resource family, in declaration order, like the ROS builder
 * (ros-template-builder.ts): each appends its blocks to the one `Hcl` being written.
 */

export interface TerraformConfiguration {
  text: string;
  /** `type.name` of every resource, in declaration order. */
  resources: string[];
}

function block(header: string, body: string[]): string {
  return [`${header} {`, ...body.map((line) => (line === "" ? "" : `  ${line}`)), "}", ""].join("\n");
}

function quoted(value: string): string {
  return JSON.stringify(value);
}

/** The configuration being written: blocks in order, then the outputs after them all. */
class Hcl {
  readonly blocks: string[] = [];
  readonly resources: string[] = [];
  private readonly outputs: string[] = [];

  add(header: string, body: string[]): void {
    this.blocks.push(block(header, body));
  }

  resource(type: string, name: string, body: string[]): void {
    this.resources.push(`${type}.${name}`);
    this.add(`resource ${quoted(type)} ${quoted(name)}`, body);
  }

  output(name: string, value: string, description: string): void {
    this.outputs.push(block(`output ${quoted(name)}`, [`description = ${quoted(description)}`, `value       = ${value}`]));
  }

  text(): string {
    return [...this.blocks, ...this.outputs].join("\n").trimEnd() + "\n";
  }
}

/** The providers the configuration needs: random_id (OSS bucket names) lives in hashicorp/random. */
function requiredProviders(needsRandom: boolean): string[] {
  const provider = (name: string, source: string, version: string) => [`  ${name} = {`, `    source  = "${source}"`, `    version = "${version}"`, "  }"];
  return [
    "required_providers {",
    ...provider("alicloud", "aliyun/alicloud", ">= 1.220.0"),
    ...(needsRandom ? provider("random", "hashicorp/random", ">= 3.5.0") : []),
    "}",
  ];
}

function sensitiveVariable(name: string, description: string): [string, string[]] {
  return [`variable ${quoted(name)}`, [`description = ${quoted(description)}`, "type        = string", "sensitive   = true"]];
}

/** The terraform and provider blocks, the variables the deployer sets, and the inventory lookups. */
function buildHeader(request: InfrastructureRequest, hcl: Hcl): void {
  const { counts } = request;
  hcl.add("terraform", requiredProviders(counts.oss > 0));
  hcl.add('provider "alicloud"', ["region = var.region"]);
  hcl.add('variable "region"', ['description = "Region to deploy to."', "type        = string", `default     = ${quoted(request.region ?? "cn-hangzhou")}`]);
  if (counts.ecs > 0) hcl.add(...sensitiveVariable("ecs_password", "Login password of the ECS instances (8-30 characters, mixed case, digits and symbols)."));
  if (counts.rds > 0) hcl.add(...sensitiveVariable("db_password", "Password of the database administrator account."));
  if (counts.redis > 0) hcl.add(...sensitiveVariable("redis_password", "Password of the Redis default account."));

  if (counts.vpc > 0 && counts.vswitch > 0) hcl.add('data "alicloud_zones" "available"', ['available_resource_creation = "VSwitch"']);
  if (counts.ecs > 0) {
    hcl.add('data "alicloud_instance_types" "ecs"', [
      "availability_zone = data.alicloud_zones.available.zones[0].id",
      "cpu_core_count    = 2",
      "memory_size       = 8",
    ]);
    hcl.add('data "alicloud_images" "ecs"', ['name_regex  = "^aliyun_3_x64"', 'owners      = "system"', "most_recent = true"]);
  }
  if (counts.rds > 0) {
    hcl.add('data "alicloud_db_instance_classes" "rds"', [
      "zone_id        = data.alicloud_zones.available.zones[0].id",
      `engine         = ${quoted(request.rdsEngine)}`,
      `engine_version = ${quoted(RDS_ENGINE_VERSIONS[request.rdsEngine])}`,
      'category       = "HighAvailability"',
      'instance_charge_type = "PostPaid"',
      'db_instance_storage_type = "cloud_essd"',
    ]);
  }
}

/** The VPC and its vSwitches (the blocks given, then allocated ones); returns the vSwitch names. */
function buildNetwork(request: InfrastructureRequest, hcl: Hcl): string[] {
  if (request.counts.vpc === 0) return [];
  const vswitchCount = request.counts.vswitch;
  hcl.resource("alicloud_vpc", "main", ['vpc_name   = "vpc"', `cidr_block = ${quoted(request.vpcCidr.text)}`]);
  hcl.output("vpc_id", "alicloud_vpc.main.id", "The ID of the VPC.");
  const given = request.vswitchCidrs.slice(0, vswitchCount);
  const cidrs = [...given, ...allocateSubnets(request.vpcCidr, vswitchCount - given.length, given)];
  const names = cidrs.map((cidr, index) => {
    const name = `vsw_${index + 1}`;
    hcl.resource("alicloud_vswitch", name, [
      `vswitch_name = ${quoted(`vsw-${index + 1}`)}`,
      "vpc_id       = alicloud_vpc.main.id",
      `cidr_block   = ${quoted(cidr.text)}`,
      // Spreads vSwitches over zones; wraps around when the region has fewer zones.
      `zone_id      = data.alicloud_zones.available.zones[${index} % length(data.alicloud_zones.available.zones)].id`,
    ]);
    return name;
  });
  hcl.output("vswitch_ids", `[${names.map((name) => `alicloud_vswitch.${name}.id`).join(", ")}]`, "The IDs of the vSwitches.");
  return names;
}

/** The vSwitch the `index`-th instance of a kind goes in: round robin over the vSwitches. */
function vswitchFor(vswitches: string[], index: number): string {
  return `alicloud_vswitch.${vswitches[index % Math.max(vswitches.length, 1)] ?? "vsw_1"}.id`;
}

/** SSH from inside the VPC, then each public port: to the Internet, or to the VPC if sensitive. */
function buildSecurityGroup(request: InfrastructureRequest, hcl: Hcl): void {
  if (request.counts.securityGroup === 0 || request.counts.vpc === 0) return;
  hcl.resource("alicloud_security_group", "main", ['security_group_name = "security-group"', "vpc_id              = alicloud_vpc.main.id"]);
  const rules: { port: number; cidr: string; name: string }[] = [{ port: 22, cidr: request.vpcCidr.text, name: "ssh_from_vpc" }];
  for (const port of request.publicPorts) {
    if (port === 22) continue;
    rules.push({ port, cidr: SENSITIVE_PORTS.has(port) ? request.vpcCidr.text : "0.0.0.0/0", name: `port_${port}` });
  }
  for (const rule of rules) {
    hcl.resource("alicloud_security_group_rule", rule.name, [
      'type              = "ingress"',
      'ip_protocol       = "tcp"',
      'policy            = "accept"',
      `port_range        = ${quoted(`${rule.port}/${rule.port}`)}`,
      "priority          = 1",
      "security_group_id = alicloud_security_group.main.id",
      `cidr_ip           = ${quoted(rule.cidr)}`,
    ]);
  }
  hcl.output("security_group_id", "alicloud_security_group.main.id", "The ID of the security group.");
}

/** The ECS instances, with a public address of their own only when nothing else gives them one. */
function buildEcs(request: InfrastructureRequest, vswitches: string[], hcl: Hcl): string[] {
  const { counts } = request;
  const publicAccess = counts.eip === 0 && counts.slb === 0 && counts.nat === 0;
  return Array.from({ length: counts.ecs }, (_, index) => {
    const name = `ecs_${index + 1}`;
    hcl.resource("alicloud_instance", name, [
      `instance_name              = ${quoted(`ecs-${index + 1}`)}`,
      "instance_type              = data.alicloud_instance_types.ecs.instance_types[0].id",
      "image_id                   = data.alicloud_images.ecs.images[0].id",
      `vswitch_id                 = ${vswitchFor(vswitches, index)}`,
      "security_groups            = [alicloud_security_group.main.id]",
      'system_disk_category       = "cloud_essd"',
      "system_disk_size           = 40",
      "password                   = var.ecs_password",
      'instance_charge_type       = "PostPaid"',
      `internet_max_bandwidth_out = ${publicAccess ? 5 : 0}`,
    ]);
    hcl.output(`${name}_private_ip`, `alicloud_instance.${name}.private_ip`, `The private IP of ECS instance ${index + 1}.`);
    return name;
  });
}

/** The EIPs: the first goes to the NAT gateway when there is one, the others to instances in order. Returns the NAT's. */
function buildEips(request: InfrastructureRequest, instances: string[], hcl: Hcl): string | undefined {
  const unbound = [...instances];
  let natEip: string | undefined;
  for (let index = 0; index < request.counts.eip; index += 1) {
    const name = `eip_${index + 1}`;
    hcl.resource("alicloud_eip_address", name, [
      `address_name         = ${quoted(`eip-${index + 1}`)}`,
      "bandwidth            = 5",
      'internet_charge_type = "PayByTraffic"',
    ]);
    hcl.output(`${name}_address`, `alicloud_eip_address.${name}.ip_address`, `The address of EIP ${index + 1}.`);
    if (request.counts.nat > 0 && natEip === undefined) {
      natEip = name;
      continue;
    }
    const instance = unbound.shift();
    if (instance === undefined) continue;
    hcl.resource("alicloud_eip_association", `${name}_${instance}`, [
      `allocation_id = alicloud_eip_address.${name}.id`,
      `instance_id   = alicloud_instance.${instance}.id`,
    ]);
  }
  return natEip;
}

/** The NAT gateway; with an EIP, one SNAT entry per vSwitch gives the instances outbound access. */
function buildNat(request: InfrastructureRequest, vswitches: string[], natEip: string | undefined, hcl: Hcl): void {
  if (request.counts.nat === 0 || request.counts.vpc === 0) return;
  hcl.resource("alicloud_nat_gateway", "main", [
    "vpc_id           = alicloud_vpc.main.id",
    `vswitch_id       = alicloud_vswitch.${vswitches[0] ?? "vsw_1"}.id`,
    'nat_gateway_name = "nat-gateway"',
    'nat_type         = "Enhanced"',
    'payment_type     = "PayAsYouGo"',
  ]);
  hcl.output("nat_gateway_id", "alicloud_nat_gateway.main.id", "The ID of the NAT gateway.");
  if (!natEip) return;
  hcl.resource("alicloud_eip_association", `${natEip}_nat`, [
    `allocation_id = alicloud_eip_address.${natEip}.id`,
    "instance_id   = alicloud_nat_gateway.main.id",
  ]);
  for (const vswitch of vswitches) {
    hcl.resource("alicloud_snat_entry", vswitch, [
      "snat_table_id     = alicloud_nat_gateway.main.snat_table_ids",
      `source_vswitch_id = alicloud_vswitch.${vswitch}.id`,
      `snat_ip           = alicloud_eip_address.${natEip}.ip_address`,
      `depends_on        = [alicloud_eip_association.${natEip}_nat]`,
    ]);
  }
}

/** The load balancers: a listener per public port (80 when none), every instance as a backend. */
function buildSlb(request: InfrastructureRequest, instances: string[], hcl: Hcl): void {
  const listeners = listenersOf(request.publicPorts, request.portMappings);
  for (let index = 0; index < request.counts.slb; index += 1) {
    const name = `slb_${index + 1}`;
    hcl.resource("alicloud_slb_load_balancer", name, [
      `load_balancer_name   = ${quoted(`slb-${index + 1}`)}`,
      'address_type         = "internet"',
      'load_balancer_spec   = "slb.s1.small"',
      'internet_charge_type = "PayByTraffic"',
    ]);
    for (const { front, back } of listeners) {
      hcl.resource("alicloud_slb_listener", `${name}_${front}`, [
        `load_balancer_id = alicloud_slb_load_balancer.${name}.id`,
        `protocol         = ${quoted(front === 80 ? "http" : "tcp")}`,
        `frontend_port    = ${front}`,
        `backend_port     = ${back}`,
        "bandwidth        = -1",
      ]);
    }
    if (instances.length > 0) {
      hcl.resource("alicloud_slb_backend_server", name, [
        `load_balancer_id = alicloud_slb_load_balancer.${name}.id`,
        ...instances.flatMap((instance) => ["backend_servers {", `  server_id = alicloud_instance.${instance}.id`, "  weight    = 100", "}"]),
      ]);
    }
    hcl.output(`${name}_address`, `alicloud_slb_load_balancer.${name}.address`, `The address of load balancer ${index + 1}.`);
  }
}

/** The databases (inside the VPC only), each with its administrator account. */
function buildRds(request: InfrastructureRequest, vswitches: string[], hcl: Hcl): void {
  for (let index = 0; index < (request.counts.vpc > 0 ? request.counts.rds : 0); index += 1) {
    const name = `rds_${index + 1}`;
    hcl.resource("alicloud_db_instance", name, [
      `instance_name            = ${quoted(`rds-${index + 1}`)}`,
      `engine                   = ${quoted(request.rdsEngine)}`,
      `engine_version           = ${quoted(RDS_ENGINE_VERSIONS[request.rdsEngine])}`,
      "instance_type            = data.alicloud_db_instance_classes.rds.instance_classes[0].instance_class",
      "instance_storage         = 20",
      'db_instance_storage_type = "cloud_essd"',
      `vswitch_id               = ${vswitchFor(vswitches, index)}`,
      `security_ips             = [${quoted(request.vpcCidr.text)}]`,
    ]);
    hcl.resource("alicloud_rds_account", name, [
      `db_instance_id   = alicloud_db_instance.${name}.id`,
      'account_name     = "dbadmin"',
      "account_password = var.db_password",
      'account_type     = "Super"',
    ]);
    hcl.output(`${name}_connection_string`, `alicloud_db_instance.${name}.connection_string`, `The connection string of database ${index + 1}.`);
  }
}

/** The Redis instances (inside the VPC only). */
function buildRedis(request: InfrastructureRequest, vswitches: string[], hcl: Hcl): void {
  for (let index = 0; index < (request.counts.vpc > 0 ? request.counts.redis : 0); index += 1) {
    const name = `redis_${index + 1}`;
    hcl.resource("alicloud_kvstore_instance", name, [
      `db_instance_name = ${quoted(`redis-${index + 1}`)}`,
      'instance_class   = "redis.master.small.default"',
      'instance_type    = "Redis"',
      'engine_version   = "7.0"',
      `vswitch_id       = ${vswitchFor(vswitches, index)}`,
      "password         = var.redis_password",
      `security_ips     = [${quoted(request.vpcCidr.text)}]`,
    ]);
    hcl.output(`${name}_connection_domain`, `alicloud_kvstore_instance.${name}.connection_domain`, `The connection domain of Redis ${index + 1}.`);
  }
}

/** Private buckets, named with one random suffix (bucket names are global). */
function buildOss(request: InfrastructureRequest, hcl: Hcl): void {
  if (request.counts.oss === 0) return;
  hcl.resource("random_id", "bucket_suffix", ["byte_length = 4"]);
  for (let index = 0; index < request.counts.oss; index += 1) {
    const name = `bucket_${index + 1}`;
    hcl.resource("alicloud_oss_bucket", name, [`bucket = "bucket-${index + 1}-\${random_id.bucket_suffix.hex}"`]);
    hcl.resource("alicloud_oss_bucket_acl", name, [`bucket = alicloud_oss_bucket.${name}.bucket`, 'acl    = "private"']);
    hcl.output(`${name}_domain`, `alicloud_oss_bucket.${name}.extranet_endpoint`, `The endpoint of bucket ${index + 1}.`);
  }
}

export function buildTerraform(request: InfrastructureRequest): TerraformConfiguration {
  const hcl = new Hcl();
  buildHeader(request, hcl);
  const vswitches = buildNetwork(request, hcl);
  buildSecurityGroup(request, hcl);
  const instances = buildEcs(request, vswitches, hcl);
  const natEip = buildEips(request, instances, hcl);
  buildNat(request, vswitches, natEip, hcl);
  buildSlb(request, instances, hcl);
  buildRds(request, vswitches, hcl);
  buildRedis(request, vswitches, hcl);
  buildOss(request, hcl);
  return { text: hcl.text(), resources: hcl.resources };
}
