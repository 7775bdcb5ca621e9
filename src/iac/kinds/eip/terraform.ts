/** The Terraform builder of the EIP kind (index.ts): addresses, bound to the NAT gateway first, then to instances. */
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted } from "../../terraform/terraform-build/hcl";

/** The EIPs: the first goes to the NAT gateway when there is one, the others to instances in order. Returns the NAT's. */
export function buildEips(build: TerraformBuild): void {
  const { request, values, instances, hcl, details } = build;
  const unbound = [...instances];
  let natEip: string | undefined;
  for (let index = 0; index < request.counts.eip; index += 1) {
    const name = `eip_${index + 1}`;
    hcl.resource("alicloud_eip_address", name, [
      `address_name         = ${quoted(`eip-${index + 1}`)}`,
      `bandwidth            = ${values.bandwidth ?? 5}`,
      `internet_charge_type = ${quoted(details.billedByBandwidth ? "PayByBandwidth" : "PayByTraffic")}`,
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
  if (natEip !== undefined) build.natEip = natEip;
}
