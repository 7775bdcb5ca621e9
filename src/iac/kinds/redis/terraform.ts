/** The Terraform builder of the Redis kind (index.ts): instances inside the VPC. */
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted, vswitchFor } from "../../terraform/terraform-build/hcl";

/** The smallest standard class (1 GB), when the request names no class or memory. */
const DEFAULT_CLASS = "redis.master.small.default";

/** The Redis instances (inside the VPC only). */
export function buildRedis({ request, values, details, vswitches, hcl }: TerraformBuild): void {
  const whitelist = (details.whitelists.redis ?? [request.vpcCidr.text]).map(quoted).join(", ");
  for (let index = 0; index < (request.counts.vpc > 0 ? request.counts.redis : 0); index += 1) {
    const name = `redis_${index + 1}`;
    hcl.resource("alicloud_kvstore_instance", name, [
      `db_instance_name = ${quoted(`redis-${index + 1}`)}`,
      `instance_class   = ${quoted(details.redisClass ?? DEFAULT_CLASS)}`,
      'instance_type    = "Redis"',
      `engine_version   = ${quoted(values.redisEngineVersion ?? "7.0")}`,
      `vswitch_id       = ${vswitchFor(vswitches, index)}`,
      "password         = var.redis_password",
      `security_ips     = [${whitelist}]`,
    ]);
    hcl.output(`${name}_connection_domain`, `alicloud_kvstore_instance.${name}.connection_domain`, `The connection domain of Redis ${index + 1}.`);
  }
}
