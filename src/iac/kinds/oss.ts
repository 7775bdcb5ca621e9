/** The OSS bucket: billed by storage and traffic; outside any VPC. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

const BUCKET = "ALIYUN::OSS::Bucket";

export const oss: KindDefinition = {
  kind: "oss",
  label: phrase("OSS bucket", "OSS 存储桶"),
  catalogueName: phrase("OSS", "OSS"),
  rosType: BUCKET,
  rosParts: [],
  terraformType: "alicloud_oss_bucket",
  terraformParts: ["alicloud_oss_bucket_acl", "random_id"],
  nouns: /\boss(?: buckets?)?\b|\bbuckets?\b|\bobject storage\b|对象存储|存储桶|存储空间/gi,
  // "200GB 存储空间" is a size (a database's storage); "存储空间" alone is what the OSS console calls a bucket.
  notARequest: (mention, before, after) =>
    mention === "存储空间" && (/\d\s{0,3}(?:[gt]i?b?|[gt])?\s{0,3}(?:的\s{0,3})?$/i.test(before) || /^\s{0,3}(?:为|是|[:：])?\s{0,3}\d/.test(after)),
  billable: true,
  maxCount: 5,
  needs: [],
  takesAlong: [],
  values: [
    {
      sort: "bucketName",
      label: phrase("bucket name", "存储桶名称"),
      rosType: BUCKET,
      rosProperty: "BucketName",
      terraformType: "alicloud_oss_bucket",
      terraformArgument: "bucket",
    },
    {
      sort: "bucketSetting",
      label: phrase("ACL", "读写权限"),
      rosType: BUCKET,
      rosProperty: "AccessControl",
      terraformType: "alicloud_oss_bucket_acl",
      terraformArgument: "acl",
    },
    { sort: "bucketSetting", label: phrase("versioning", "版本控制"), rosType: BUCKET, rosProperty: "VersioningConfiguration.Status" },
    { sort: "bucketSetting", label: phrase("encryption", "服务端加密"), rosType: BUCKET, rosProperty: "ServerSideEncryptionConfiguration.SSEAlgorithm" },
    { sort: "days", label: phrase("lifecycle days", "生命周期天数"), rosType: BUCKET, rosProperty: "LifecycleConfiguration.Rule[].Expiration.Days" },
  ],
};
