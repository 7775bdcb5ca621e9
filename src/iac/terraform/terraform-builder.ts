/**
 * Builds a Terraform configuration (HCL, alicloud provider) for an InfrastructureRequest.
 *
 * Where the ROS template asks the deployer for inventory-dependent values through AssociationProperty
 * parameters, the Terraform version looks them up with the provider's data sources
 * (alicloud_zones, alicloud_instance_types, alicloud_images, alicloud_db_instance_classes), which is
 * the Terraform way of not hard-coding what a region may not sell.
 *
 * The configuration is rendered from a ROS template of the same infrastructure, its twin
 * (terraform-build/from-ros.ts says why), so a Terraform follow-up edits the twin like any ROS template.
 *
 * Each kind's builder is in kinds/<kind>/terraform.ts, reached from its definition like its ROS
 * builder; this file writes the header (terraform-build/header.ts) and runs them in the registry's
 * build order (kinds/index.ts `BUILD_ORDER`), each appending its blocks to the one `Hcl` being written.
 */
import { BUILD_ORDER, KINDS } from "../kinds";
import type { TerraformBuild } from "./terraform-build/build";
import type { TwinReading } from "./terraform-build/from-ros";
import { buildHeader } from "./terraform-build/header";
import { Hcl, type TerraformConfiguration } from "./terraform-build/hcl";

export type { TerraformConfiguration } from "./terraform-build/hcl";

/** Renders the configuration from its ROS twin, as read by terraform-build/from-ros.ts `readTwin`. */
export function buildTerraform({ request, values, rules, listeners, details }: TwinReading): TerraformConfiguration {
  const hcl = new Hcl();
  buildHeader(request, values, details, hcl);
  const build: TerraformBuild = { request, values, rules, listeners, details, hcl, vswitches: [], instances: [] };
  for (const kind of BUILD_ORDER) KINDS[kind].build.terraform(build);
  return { text: hcl.text(), resources: hcl.resources };
}
