/** The Terraform builder of the vSwitch kind (index.ts): the blocks given, then allocated ones, spread over the zones. */
import { allocateSubnets } from "../../read/cidr";
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted } from "../../terraform/terraform-build/hcl";

/** The vSwitches (`vswitches`) the kinds after it are placed in. */
export function buildVSwitches(build: TerraformBuild): void {
  const { request, hcl } = build;
  if (request.counts.vpc === 0) return;
  const vswitchCount = request.counts.vswitch;
  const given = request.vswitchCidrs.slice(0, vswitchCount);
  const cidrs = [...given, ...allocateSubnets(request.vpcCidr, vswitchCount - given.length, given)];
  const names = cidrs.map((cidr, index) => {
    const name = `vsw_${index + 1}`;
    hcl.resource("alicloud_vswitch", name, [
      `vswitch_name = ${quoted(`vsw-${index + 1}`)}`,
      "vpc_id       = alicloud_vpc.main.id",
      `cidr_block   = ${quoted(cidr.text)}`,
      // A zone the request names ("in cn-hangzhou-i", "zones b and g") is written as such; the others spread over the region's zones, wrapping around.
      `zone_id      = ${build.values.zones[index] ? quoted(build.values.zones[index] ?? "") : `data.alicloud_zones.available.zones[${index} % length(data.alicloud_zones.available.zones)].id`}`,
    ]);
    return name;
  });
  hcl.output("vswitch_ids", `[${names.map((name) => `alicloud_vswitch.${name}.id`).join(", ")}]`, "The IDs of the vSwitches.");
  build.vswitches = names;
}
