/** The Terraform builder of the NAT kind (index.ts): the gateway, its EIP association and SNAT entries. */
import type { TerraformBuild } from "../../terraform/terraform-build/build";

/** The NAT gateway; with an EIP, one SNAT entry per vSwitch gives the instances outbound access. */
export function buildNat({ request, vswitches, natEip, hcl }: TerraformBuild): void {
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
