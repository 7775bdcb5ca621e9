/** The Terraform builder of the SLB kind (index.ts): load balancers, the ROS twin's listeners and backend servers. */
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted } from "../../terraform/terraform-build/hcl";

/** The load balancers: the twin's listeners (front → backend port), every instance as a backend. */
export function buildSlb({ request, listeners, instances, hcl }: TerraformBuild): void {
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
