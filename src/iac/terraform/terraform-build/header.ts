/** The Terraform header: the terraform and provider blocks, the variables the deployer sets, and the inventory lookups (data sources) the kinds' builders read. */
import type { InfrastructureRequest } from "../../read/infrastructure-request";
import { RDS_ENGINE_VERSIONS } from "../../generate/resource-defaults";
import type { RequestedValues } from "../../kinds/values";
import type { TwinDetails } from "./build";
import { type Hcl, quoted } from "./hcl";
import { statedBucketName } from "../../kinds/oss/terraform";

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

/** Without an image named, Alibaba Cloud Linux 3 (the ROS twin leaves the image to the deployer). */
const DEFAULT_IMAGE_REGEX = "^aliyun_3_x64";

/**
 * The image lookup's `name_regex` for the twin's image ("Ubuntu 22.04" is the ROS pattern
 * `ubuntu_22_04_x64_20G_alibase_*.vhd`): the pattern up to its wildcard, so the lookup picks the
 * latest such public image, as ROS does with the pattern; an image id is matched whole.
 */
function imageNameRegex(image: string | undefined): string {
  if (image === undefined) return DEFAULT_IMAGE_REGEX;
  const fixed = image.split("*")[0] ?? "";
  const escaped = fixed.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  return image.includes("*") ? `^${escaped}` : `^${escaped}$`;
}

/** The terraform and provider blocks, the variables the deployer sets, and the inventory lookups. */
export function buildHeader(request: InfrastructureRequest, values: RequestedValues, details: TwinDetails, hcl: Hcl): void {
  const { counts } = request;
  hcl.add("terraform", requiredProviders(counts.oss > 0 && statedBucketName(values) === undefined));
  hcl.add('provider "alicloud"', ["region = var.region"]);
  hcl.add('variable "region"', ['description = "Region to deploy to."', "type        = string", `default     = ${quoted(request.region ?? "cn-hangzhou")}`]);
  if (counts.ecs > 0 && !details.noPassword)
    hcl.add(...sensitiveVariable("ecs_password", "Login password of the ECS instances (8-30 characters, mixed case, digits and symbols)."));
  if (counts.rds > 0) hcl.add(...sensitiveVariable("db_password", "Password of the database administrator account."));
  if (counts.redis > 0) hcl.add(...sensitiveVariable("redis_password", "Password of the Redis default account."));

  if (counts.vpc > 0 && counts.vswitch > 0) hcl.add('data "alicloud_zones" "available"', ['available_resource_creation = "VSwitch"']);
  // A stated instance type is written as such; without one, a 2 vCPU / 8 GiB type the zone sells is looked up.
  if (counts.ecs > 0 && !values.ecsInstanceType) {
    hcl.add('data "alicloud_instance_types" "ecs"', [
      "availability_zone = data.alicloud_zones.available.zones[0].id",
      "cpu_core_count    = 2",
      "memory_size       = 8",
    ]);
  }
  if (counts.ecs > 0)
    hcl.add('data "alicloud_images" "ecs"', [`name_regex  = ${quoted(imageNameRegex(details.ecsImage))}`, 'owners      = "system"', "most_recent = true"]);
  // A database class the twin states is written as such; without one, a class the zone sells is looked up.
  if (counts.rds > 0 && !details.rdsClass) {
    hcl.add('data "alicloud_db_instance_classes" "rds"', [
      "zone_id        = data.alicloud_zones.available.zones[0].id",
      `engine         = ${quoted(request.rdsEngine)}`,
      `engine_version = ${quoted(values.rdsEngineVersion ?? RDS_ENGINE_VERSIONS[request.rdsEngine])}`,
      `category       = ${quoted(details.rdsCategory ?? "HighAvailability")}`,
      'instance_charge_type = "PostPaid"',
      'db_instance_storage_type = "cloud_essd"',
    ]);
  }
}
