/** The Terraform builder of the SLB kind (index.ts): load balancers, the ROS twin's listeners and backend servers. */
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted } from "../../terraform/terraform-build/hcl";
import { protocolFor } from "./protocol";
import { DEFAULT_SLB_SPEC } from "./load-balancer-spec";

/** The load balancers: the twin's listeners (front → backend port), every instance as a backend. */
export function buildSlb({ request, listeners, instances, vswitches, details, hcl }: TerraformBuild): void {
  if (request.counts.slb > 0 && listeners.some((listener) => listener.protocol === "https")) {
    hcl.add('variable "slb_server_certificate_id"', [
      'description = "ID of the SLB server certificate the HTTPS listener serves (upload it in the SLB console first)."',
      "type        = string",
      ...(details.certificateId ? [`default     = ${quoted(details.certificateId)}`] : []),
    ]);
  }
  for (let index = 0; index < request.counts.slb; index += 1) {
    const name = `slb_${index + 1}`;
    // "one public …, one internal …": the twin's scope of each load balancer.
    const internal = request.internalSlb === true && (request.internalSlbPositions?.includes(index) ?? true);
    hcl.resource("alicloud_slb_load_balancer", name, [
      `load_balancer_name   = ${quoted(`slb-${index + 1}`)}`,
      ...(internal
        ? ['address_type         = "intranet"', `vswitch_id           = alicloud_vswitch.${vswitches[0] ?? "vsw_1"}.id`]
        : ['address_type         = "internet"']),
      `load_balancer_spec   = ${quoted(details.slbSpec ?? DEFAULT_SLB_SPEC)}`,
      ...(internal ? [] : ['internet_charge_type = "PayByTraffic"']),
    ]);
    const own = request.slbListenerPorts?.[index];
    for (const { front, back, protocol, redirectTo } of own ? listeners.filter((listener) => own.includes(listener.front)) : listeners) {
      const stated = redirectTo === undefined ? protocolFor(front, protocol) : "http";
      hcl.resource("alicloud_slb_listener", `${name}_${front}`, [
        `load_balancer_id = alicloud_slb_load_balancer.${name}.id`,
        `protocol         = ${quoted(stated)}`,
        ...(stated === "https" ? ["server_certificate_id = var.slb_server_certificate_id"] : []),
        `frontend_port    = ${front}`,
        `backend_port     = ${back}`,
        "bandwidth        = -1",
        ...(redirectTo === undefined ? [] : ['listener_forward = "on"', `forward_port     = ${redirectTo}`]),
        ...(details.healthCheckUri && (stated === "http" || stated === "https")
          ? ['health_check     = "on"', `health_check_uri = ${quoted(details.healthCheckUri)}`]
          : []),
      ]);
    }
    // The servers the twin puts behind it ("SLB in front of the masters"); else all but a bastion, which serves no traffic (kinds/security-group/bastion-design.ts).
    const backends = details.backendServers
      ? details.backendServers.flatMap((position) => (instances[position] ? [instances[position]] : []))
      : instances.slice(details.serversGroup?.bastions ?? 0);
    if (backends.length > 0) {
      hcl.resource("alicloud_slb_backend_server", name, [
        `load_balancer_id = alicloud_slb_load_balancer.${name}.id`,
        ...backends.flatMap((instance) => ["backend_servers {", `  server_id = alicloud_instance.${instance}.id`, "  weight    = 100", "}"]),
      ]);
    }
    hcl.output(`${name}_address`, `alicloud_slb_load_balancer.${name}.address`, `The address of load balancer ${index + 1}.`);
  }
}
