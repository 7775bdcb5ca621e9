/**
 * One Terraform configuration being written, handed to each kind's Terraform builder
 * (kinds/<kind>/terraform.ts) in build order (kinds/index.ts `BUILD_ORDER`), as ros-build/builder.ts
 * `RosBuild` is for ROS: the vSwitch kind fills `vswitches`, the ECS kind `instances`, the EIP kind
 * the NAT gateway's `natEip`, and the kinds after them read what they need.
 */
import type { InfrastructureRequest } from "../infrastructure-request";
import type { RequestedValues } from "../kinds/values";
import type { Hcl } from "./hcl";

export interface TerraformBuild {
  readonly request: InfrastructureRequest;
  /** The request's stated values (request-values.ts): bucket settings, source ranges, engine versions, sizes, instance type, EIP bandwidth. */
  readonly values: RequestedValues;
  readonly hcl: Hcl;
  vswitches: string[];
  instances: string[];
  natEip?: string;
}
