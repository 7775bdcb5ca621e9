/**
 * Builds a Terraform configuration (HCL, alicloud provider) for an InfrastructureRequest.
 *
 * Where the ROS template asks the deployer for inventory-dependent values through AssociationProperty
 * parameters, the Terraform version looks them up with the provider's data sources
 * (alicloud_zones, alicloud_instance_types, alicloud_images, alicloud_db_instance_classes), which is
 * the Terraform way of not hard-coding what a region may not sell.
 *
 * Each kind's builder is in terraform-build/<kind>.ts (the network kinds together in
 * terraform-build/network.ts), like the ROS builders in ros-build/; this file runs them in
 * dependency order, each appending its blocks to the one `Hcl` being written.
 */
import type { InfrastructureRequest } from "./generation-request";
import type { RequestedValues } from "./kinds/values";
import { buildEcs } from "./terraform-build/ecs";
import { buildEips } from "./terraform-build/eip";
import { buildHeader } from "./terraform-build/header";
import { Hcl, type TerraformConfiguration } from "./terraform-build/hcl";
import { buildNat } from "./terraform-build/nat";
import { buildNetwork, buildSecurityGroup } from "./terraform-build/network";
import { buildOss } from "./terraform-build/oss";
import { buildRds } from "./terraform-build/rds";
import { buildRedis } from "./terraform-build/redis";
import { buildSlb } from "./terraform-build/slb";

export type { TerraformConfiguration } from "./terraform-build/hcl";

/** `values` are the request's stated values (request-values.ts): the builders write the bucket settings and source ranges from them. */
export function buildTerraform(request: InfrastructureRequest, values: RequestedValues): TerraformConfiguration {
  const hcl = new Hcl();
  buildHeader(request, values, hcl);
  const vswitches = buildNetwork(request, hcl);
  buildSecurityGroup(request, values, hcl);
  const instances = buildEcs(request, vswitches, hcl);
  const natEip = buildEips(request, instances, hcl);
  buildNat(request, vswitches, natEip, hcl);
  buildSlb(request, instances, hcl);
  buildRds(request, vswitches, hcl);
  buildRedis(request, vswitches, hcl);
  buildOss(request, values, hcl);
  return { text: hcl.text(), resources: hcl.resources };
}
