/** The Terraform builder of the OSS kind (kinds/oss.ts): private buckets with one random name suffix. */
import type { InfrastructureRequest } from "../generation-request";
import type { Hcl } from "./hcl";

/** Private buckets, named with one random suffix (bucket names are global). */
export function buildOss(request: InfrastructureRequest, hcl: Hcl): void {
  if (request.counts.oss === 0) return;
  hcl.resource("random_id", "bucket_suffix", ["byte_length = 4"]);
  for (let index = 0; index < request.counts.oss; index += 1) {
    const name = `bucket_${index + 1}`;
    hcl.resource("alicloud_oss_bucket", name, [`bucket = "bucket-${index + 1}-\${random_id.bucket_suffix.hex}"`]);
    hcl.resource("alicloud_oss_bucket_acl", name, [`bucket = alicloud_oss_bucket.${name}.bucket`, 'acl    = "private"']);
    hcl.output(`${name}_domain`, `alicloud_oss_bucket.${name}.extranet_endpoint`, `The endpoint of bucket ${index + 1}.`);
  }
}
