/** The Terraform builder of the OSS kind (index.ts): buckets with the name and settings the request states, private by default. */
import { BUCKET_NAME } from "./bucket-name";
import type { RequestedValues } from "../values";
import type { LifecycleRule } from "./lifecycle";
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted } from "../../terraform/terraform-build/hcl";

/** The bucket name the request states, when OSS accepts it; without one the names get a random suffix (they are global). */
export function statedBucketName(values: RequestedValues): string | undefined {
  return values.bucketName && BUCKET_NAME.test(values.bucketName) ? values.bucketName : undefined;
}

/** A lifecycle rule scoped to a prefix or with transitions (lifecycle.ts), as `lifecycle_rule` with `transitions` blocks. */
function scopedRule(rule: LifecycleRule): string[] {
  return [
    "lifecycle_rule {",
    `  prefix  = ${quoted(rule.prefix)}`,
    "  enabled = true",
    ...(rule.expireDays !== undefined ? ["  expiration {", `    days = ${rule.expireDays}`, "  }"] : []),
    ...rule.transitions.flatMap((t) => ["  transitions {", `    days          = ${t.days}`, `    storage_class = ${quoted(t.storageClass)}`, "  }"]),
    "}",
  ];
}

/** The nested blocks of the settings the request states: versioning, server-side encryption, a lifecycle rule, a website. */
function settingBlocks(values: RequestedValues): string[] {
  const days = values.lifecycleRules ? undefined : values.lifecycleDays;
  const website = values.website;
  return [
    ...(values.versioning ? ["versioning {", '  status = "Enabled"', "}"] : []),
    ...(values.encryption ? ["server_side_encryption_rule {", `  sse_algorithm = ${quoted(values.encryption)}`, "}"] : []),
    ...(values.lifecycleRules ?? []).flatMap(scopedRule),
    ...(values.cors
      ? [
          "cors_rule {",
          `  allowed_origins = [${values.cors.origins.map(quoted).join(", ")}]`,
          `  allowed_methods = [${values.cors.methods.map(quoted).join(", ")}]`,
          '  allowed_headers = ["*"]',
          "}",
        ]
      : []),
    ...(website
      ? [
          "website {",
          `  index_document = ${quoted(website.indexDocument)}`,
          ...(website.errorDocument ? [`  error_document = ${quoted(website.errorDocument)}`] : []),
          "}",
        ]
      : []),
    ...(days !== undefined
      ? [
          "lifecycle_rule {",
          `  id      = ${quoted(`expire-after-${days}-days`)}`,
          '  prefix  = ""',
          "  enabled = true",
          "  expiration {",
          `    days = ${days}`,
          "  }",
          "}",
        ]
      : []),
  ];
}

/** The buckets: the stated name (`name`, `name-2`, …) or a random suffix, the stated ACL (private by default) and settings. */
export function buildOss({ request, values, hcl }: TerraformBuild): void {
  if (request.counts.oss === 0) return;
  const stated = statedBucketName(values);
  if (!stated) hcl.resource("random_id", "bucket_suffix", ["byte_length = 4"]);
  for (let index = 0; index < request.counts.oss; index += 1) {
    const name = `bucket_${index + 1}`;
    // "one for logs (private, …) and one for assets (public-read)": a bucket's own settings, whole, in place of the first one's.
    const own = values.bucketSettings?.[index];
    // "一个私有的 backup，一个公共读的 static": a bucket's own name first.
    const ownName = own?.bucketName && BUCKET_NAME.test(own.bucketName) ? own.bucketName : undefined;
    const bucket = ownName
      ? quoted(ownName)
      : stated
        ? quoted(index === 0 ? stated : `${stated}-${index + 1}`)
        : `"bucket-${index + 1}-\${random_id.bucket_suffix.hex}"`;
    const settings: RequestedValues = own
      ? { ...values, versioning: false, lifecycleRules: undefined, lifecycleDays: undefined, encryption: undefined, ...own }
      : values;
    hcl.resource("alicloud_oss_bucket", name, [`bucket = ${bucket}`, ...settingBlocks(settings)]);
    hcl.resource("alicloud_oss_bucket_acl", name, [`bucket = alicloud_oss_bucket.${name}.bucket`, `acl    = ${quoted(settings.bucketAcl ?? "private")}`]);
    hcl.output(`${name}_domain`, `alicloud_oss_bucket.${name}.extranet_endpoint`, `The endpoint of bucket ${index + 1}.`);
  }
}
