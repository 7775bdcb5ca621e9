/** The Terraform builder of the ECS kind (kinds/ecs.ts): instances with type and image from the data sources. */
import type { InfrastructureRequest } from "../generation-request";
import { type Hcl, quoted, vswitchFor } from "./hcl";

/** The ECS instances, with a public address of their own only when nothing else gives them one. */
export function buildEcs(request: InfrastructureRequest, vswitches: string[], hcl: Hcl): string[] {
  const { counts } = request;
  const publicAccess = counts.eip === 0 && counts.slb === 0 && counts.nat === 0;
  return Array.from({ length: counts.ecs }, (_, index) => {
    const name = `ecs_${index + 1}`;
    hcl.resource("alicloud_instance", name, [
      `instance_name              = ${quoted(`ecs-${index + 1}`)}`,
      "instance_type              = data.alicloud_instance_types.ecs.instance_types[0].id",
      "image_id                   = data.alicloud_images.ecs.images[0].id",
      `vswitch_id                 = ${vswitchFor(vswitches, index)}`,
      "security_groups            = [alicloud_security_group.main.id]",
      'system_disk_category       = "cloud_essd"',
      "system_disk_size           = 40",
      "password                   = var.ecs_password",
      'instance_charge_type       = "PostPaid"',
      `internet_max_bandwidth_out = ${publicAccess ? 5 : 0}`,
    ]);
    hcl.output(`${name}_private_ip`, `alicloud_instance.${name}.private_ip`, `The private IP of ECS instance ${index + 1}.`);
    return name;
  });
}
