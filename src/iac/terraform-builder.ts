import { allocateSubnets } from "./cidr";
import type { InfrastructureRequest } from "./generation-request";
import { RDS_ENGINE_VERSIONS, SENSITIVE_PORTS } from "./resource-defaults";

/**
 * Builds a Terraform configuration (HCL, alicloud provider) for an InfrastructureRequest.
 *
 * Where the ROS template asks the deployer for inventory-dependent values through AssociationProperty
 * parameters, the Terraform version looks them up with the provider's data sources
 * (alicloud_zones, alicloud_instance_types, alicloud_images, alicloud_db_instance_classes), which is
 * the Terraform way of not hard-coding what a region may not sell.
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

export function buildTerraform(request: InfrastructureRequest): TerraformConfiguration {
  const blocks: string[] = [];
  const resources: string[] = [];
  const outputs: string[] = [];
  const { counts } = request;
  const resource = (type: string, name: string, body: string[]): void => {
    resources.push(`${type}.${name}`);
    blocks.push(block(`resource ${quoted(type)} ${quoted(name)}`, body));
  };
  const output = (name: string, value: string, description: string, sensitive = false): void => {
    outputs.push(
      block(`output ${quoted(name)}`, [`description = ${quoted(description)}`, `value       = ${value}`, ...(sensitive ? ["sensitive   = true"] : [])]),
    );
  };

  blocks.push(
    block("terraform", ["required_providers {", "  alicloud = {", '    source  = "aliyun/alicloud"', '    version = ">= 1.220.0"', "  }", "}"]),
    block('provider "alicloud"', ["region = var.region"]),
    block('variable "region"', ['description = "Region to deploy to."', "type        = string", `default     = ${quoted(request.region ?? "cn-hangzhou")}`]),
  );
  if (counts.ecs > 0) {
    blocks.push(
      block('variable "ecs_password"', [
        'description = "Login password of the ECS instances (8-30 characters, mixed case, digits and symbols)."',
        "type        = string",
        "sensitive   = true",
      ]),
    );
  }
  if (counts.rds > 0) {
    blocks.push(
      block('variable "db_password"', ['description = "Password of the database administrator account."', "type        = string", "sensitive   = true"]),
    );
  }
  if (counts.redis > 0) {
    blocks.push(block('variable "redis_password"', ['description = "Password of the Redis default account."', "type        = string", "sensitive   = true"]));
  }

  const vswitchCount = counts.vpc > 0 ? counts.vswitch : 0;
  if (vswitchCount > 0) {
    blocks.push(block('data "alicloud_zones" "available"', ['available_resource_creation = "VSwitch"']));
  }
  if (counts.ecs > 0) {
    blocks.push(
      block('data "alicloud_instance_types" "ecs"', [
        "availability_zone = data.alicloud_zones.available.zones[0].id",
        "cpu_core_count    = 2",
        "memory_size       = 8",
      ]),
      block('data "alicloud_images" "ecs"', ['name_regex  = "^aliyun_3_x64"', 'owners      = "system"', "most_recent = true"]),
    );
  }
  if (counts.rds > 0) {
    blocks.push(
      block('data "alicloud_db_instance_classes" "rds"', [
        "zone_id        = data.alicloud_zones.available.zones[0].id",
        `engine         = ${quoted(request.rdsEngine)}`,
        `engine_version = ${quoted(RDS_ENGINE_VERSIONS[request.rdsEngine])}`,
        'category       = "HighAvailability"',
        'instance_charge_type = "PostPaid"',
        'db_instance_storage_type = "cloud_essd"',
      ]),
    );
  }

  const vswitchNames: string[] = [];
  if (counts.vpc > 0) {
    resource("alicloud_vpc", "main", ['vpc_name   = "vpc"', `cidr_block = ${quoted(request.vpcCidr.text)}`]);
    output("vpc_id", "alicloud_vpc.main.id", "The ID of the VPC.");
    const given = request.vswitchCidrs.slice(0, vswitchCount);
    const cidrs = [...given, ...allocateSubnets(request.vpcCidr, vswitchCount - given.length, given)];
    cidrs.forEach((cidr, index) => {
      const name = `vsw_${index + 1}`;
      vswitchNames.push(name);
      resource("alicloud_vswitch", name, [
        `vswitch_name = ${quoted(`vsw-${index + 1}`)}`,
        "vpc_id       = alicloud_vpc.main.id",
        `cidr_block   = ${quoted(cidr.text)}`,
        // Spreads vSwitches over zones; wraps around when the region has fewer zones.
        `zone_id      = data.alicloud_zones.available.zones[${index} % length(data.alicloud_zones.available.zones)].id`,
      ]);
    });
    output("vswitch_ids", `[${vswitchNames.map((name) => `alicloud_vswitch.${name}.id`).join(", ")}]`, "The IDs of the vSwitches.");
  }

  if (counts.securityGroup > 0 && counts.vpc > 0) {
    resource("alicloud_security_group", "main", ['security_group_name = "security-group"', "vpc_id              = alicloud_vpc.main.id"]);
    const rules: { port: number; cidr: string; name: string }[] = [{ port: 22, cidr: request.vpcCidr.text, name: "ssh_from_vpc" }];
    for (const port of request.publicPorts) {
      if (port === 22) continue;
      const sensitive = SENSITIVE_PORTS.has(port);
      rules.push({ port, cidr: sensitive ? request.vpcCidr.text : "0.0.0.0/0", name: `port_${port}` });
    }
    for (const rule of rules) {
      resource("alicloud_security_group_rule", rule.name, [
        'type              = "ingress"',
        'ip_protocol       = "tcp"',
        'policy            = "accept"',
        `port_range        = ${quoted(`${rule.port}/${rule.port}`)}`,
        "priority          = 1",
        "security_group_id = alicloud_security_group.main.id",
        `cidr_ip           = ${quoted(rule.cidr)}`,
      ]);
    }
    output("security_group_id", "alicloud_security_group.main.id", "The ID of the security group.");
  }

  const instanceNames: string[] = [];
  const publicAccess = counts.eip === 0 && counts.slb === 0 && counts.nat === 0;
  for (let index = 0; index < counts.ecs; index += 1) {
    const name = `ecs_${index + 1}`;
    instanceNames.push(name);
    resource("alicloud_instance", name, [
      `instance_name              = ${quoted(`ecs-${index + 1}`)}`,
      "instance_type              = data.alicloud_instance_types.ecs.instance_types[0].id",
      "image_id                   = data.alicloud_images.ecs.images[0].id",
      `vswitch_id                 = alicloud_vswitch.${vswitchNames[index % Math.max(vswitchNames.length, 1)] ?? "vsw_1"}.id`,
      "security_groups            = [alicloud_security_group.main.id]",
      'system_disk_category       = "cloud_essd"',
      "system_disk_size           = 40",
      "password                   = var.ecs_password",
      'instance_charge_type       = "PostPaid"',
      `internet_max_bandwidth_out = ${publicAccess ? 5 : 0}`,
    ]);
    output(`${name}_private_ip`, `alicloud_instance.${name}.private_ip`, `The private IP of ECS instance ${index + 1}.`);
  }

  const unboundInstances = [...instanceNames];
  let natEip: string | undefined;
  for (let index = 0; index < counts.eip; index += 1) {
    const name = `eip_${index + 1}`;
    resource("alicloud_eip_address", name, [
      `address_name         = ${quoted(`eip-${index + 1}`)}`,
      "bandwidth            = 5",
      'internet_charge_type = "PayByTraffic"',
    ]);
    output(`${name}_address`, `alicloud_eip_address.${name}.ip_address`, `The address of EIP ${index + 1}.`);
    if (counts.nat > 0 && natEip === undefined) {
      natEip = name;
      continue;
    }
    const instance = unboundInstances.shift();
    if (instance === undefined) continue;
    resource("alicloud_eip_association", `${name}_${instance}`, [
      `allocation_id = alicloud_eip_address.${name}.id`,
      `instance_id   = alicloud_instance.${instance}.id`,
    ]);
  }

  if (counts.nat > 0 && counts.vpc > 0) {
    resource("alicloud_nat_gateway", "main", [
      "vpc_id           = alicloud_vpc.main.id",
      `vswitch_id       = alicloud_vswitch.${vswitchNames[0] ?? "vsw_1"}.id`,
      'nat_gateway_name = "nat-gateway"',
      'nat_type         = "Enhanced"',
      'payment_type     = "PayAsYouGo"',
    ]);
    output("nat_gateway_id", "alicloud_nat_gateway.main.id", "The ID of the NAT gateway.");
    if (natEip) {
      resource("alicloud_eip_association", `${natEip}_nat`, [
        `allocation_id = alicloud_eip_address.${natEip}.id`,
        "instance_id   = alicloud_nat_gateway.main.id",
      ]);
      for (const vswitch of vswitchNames) {
        resource("alicloud_snat_entry", vswitch, [
          "snat_table_id     = alicloud_nat_gateway.main.snat_table_ids",
          `source_vswitch_id = alicloud_vswitch.${vswitch}.id`,
          `snat_ip           = alicloud_eip_address.${natEip}.ip_address`,
          `depends_on        = [alicloud_eip_association.${natEip}_nat]`,
        ]);
      }
    }
  }

  const ports = request.publicPorts.length > 0 ? request.publicPorts : [80];
  for (let index = 0; index < counts.slb; index += 1) {
    const name = `slb_${index + 1}`;
    resource("alicloud_slb_load_balancer", name, [
      `load_balancer_name   = ${quoted(`slb-${index + 1}`)}`,
      'address_type         = "internet"',
      'load_balancer_spec   = "slb.s1.small"',
      'internet_charge_type = "PayByTraffic"',
    ]);
    for (const port of ports) {
      resource("alicloud_slb_listener", `${name}_${port}`, [
        `load_balancer_id = alicloud_slb_load_balancer.${name}.id`,
        `protocol         = ${quoted(port === 80 ? "http" : "tcp")}`,
        `frontend_port    = ${port}`,
        `backend_port     = ${port}`,
        "bandwidth        = -1",
      ]);
    }
    if (instanceNames.length > 0) {
      resource("alicloud_slb_backend_server", name, [
        `load_balancer_id = alicloud_slb_load_balancer.${name}.id`,
        ...instanceNames.flatMap((instance) => ["backend_servers {", `  server_id = alicloud_instance.${instance}.id`, "  weight    = 100", "}"]),
      ]);
    }
    output(`${name}_address`, `alicloud_slb_load_balancer.${name}.address`, `The address of load balancer ${index + 1}.`);
  }

  for (let index = 0; index < (counts.vpc > 0 ? counts.rds : 0); index += 1) {
    const name = `rds_${index + 1}`;
    resource("alicloud_db_instance", name, [
      `instance_name            = ${quoted(`rds-${index + 1}`)}`,
      `engine                   = ${quoted(request.rdsEngine)}`,
      `engine_version           = ${quoted(RDS_ENGINE_VERSIONS[request.rdsEngine])}`,
      "instance_type            = data.alicloud_db_instance_classes.rds.instance_classes[0].instance_class",
      "instance_storage         = 20",
      'db_instance_storage_type = "cloud_essd"',
      `vswitch_id               = alicloud_vswitch.${vswitchNames[index % Math.max(vswitchNames.length, 1)] ?? "vsw_1"}.id`,
      `security_ips             = [${quoted(request.vpcCidr.text)}]`,
    ]);
    resource("alicloud_rds_account", name, [
      `db_instance_id   = alicloud_db_instance.${name}.id`,
      'account_name     = "dbadmin"',
      "account_password = var.db_password",
      'account_type     = "Super"',
    ]);
    output(`${name}_connection_string`, `alicloud_db_instance.${name}.connection_string`, `The connection string of database ${index + 1}.`);
  }

  for (let index = 0; index < (counts.vpc > 0 ? counts.redis : 0); index += 1) {
    const name = `redis_${index + 1}`;
    resource("alicloud_kvstore_instance", name, [
      `db_instance_name = ${quoted(`redis-${index + 1}`)}`,
      'instance_class   = "redis.master.small.default"',
      'instance_type    = "Redis"',
      'engine_version   = "7.0"',
      `vswitch_id       = alicloud_vswitch.${vswitchNames[index % Math.max(vswitchNames.length, 1)] ?? "vsw_1"}.id`,
      "password         = var.redis_password",
      `security_ips     = [${quoted(request.vpcCidr.text)}]`,
    ]);
    output(`${name}_connection_domain`, `alicloud_kvstore_instance.${name}.connection_domain`, `The connection domain of Redis ${index + 1}.`);
  }

  if (counts.oss > 0) {
    blocks.push(block('resource "random_id" "bucket_suffix"', ["byte_length = 4"]));
    resources.push("random_id.bucket_suffix");
  }
  for (let index = 0; index < counts.oss; index += 1) {
    const name = `bucket_${index + 1}`;
    resource("alicloud_oss_bucket", name, [`bucket = "bucket-${index + 1}-\${random_id.bucket_suffix.hex}"`]);
    resource("alicloud_oss_bucket_acl", name, [`bucket = alicloud_oss_bucket.${name}.bucket`, 'acl    = "private"']);
    output(`${name}_domain`, `alicloud_oss_bucket.${name}.extranet_endpoint`, `The endpoint of bucket ${index + 1}.`);
  }

  if (counts.oss > 0) {
    // random_id lives in the hashicorp/random provider, which must be declared next to alicloud.
    blocks[0] = block("terraform", [
      "required_providers {",
      "  alicloud = {",
      '    source  = "aliyun/alicloud"',
      '    version = ">= 1.220.0"',
      "  }",
      "  random = {",
      '    source  = "hashicorp/random"',
      '    version = ">= 3.5.0"',
      "  }",
      "}",
    ]);
  }

  return { text: [...blocks, ...outputs].join("\n").trimEnd() + "\n", resources };
}
