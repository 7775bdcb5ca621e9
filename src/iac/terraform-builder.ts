/**
 * Builds a Terraform configuration (HCL, alicloud provider) for an InfrastructureRequest.
 *
 * Where the ROS template asks the deployer for inventory-dependent values through AssociationProperty
 * parameters, the Terraform version looks them up with the provider's data sources
 * (alicloud_zones, alicloud_instance_types, alicloud_images, alicloud_db_instance_classes), which is
 * the Terraform way of not hard-coding what a region may not sell.
 *
 * Each kind's builder is in kinds/<kind>/terraform.ts, reached from its definition like its ROS
 * builder; this file writes the header (terraform-build/header.ts) and runs them in the registry's
 * build order (kinds/index.ts `BUILD_ORDER`), each appending its blocks to the one `Hcl` being written.
 */
import type { InfrastructureRequest } from "./infrastructure-request";
import { BUILD_ORDER, KINDS } from "./kinds";
import type { RequestedValues } from "./kinds/values";
import type { TerraformBuild } from "./terraform-build/build";
import { buildHeader } from "./terraform-build/header";
import { Hcl, type TerraformConfiguration } from "./terraform-build/hcl";

export type { TerraformConfiguration } from "./terraform-build/hcl";

/** `values` are the request's stated values (request-values.ts): the builders write the bucket settings, source ranges, engine versions, sizes, instance type and EIP bandwidth from them. */
export function buildTerraform(request: InfrastructureRequest, values: RequestedValues): TerraformConfiguration {
  const hcl = new Hcl();
  buildHeader(request, values, hcl);
  const build: TerraformBuild = { request, values, hcl, vswitches: [], instances: [] };
  for (const kind of BUILD_ORDER) KINDS[kind].build.terraform(build);
  return { text: hcl.text(), resources: hcl.resources };
}
