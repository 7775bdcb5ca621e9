/** The ROS builder of the OSS kind (index.ts): private buckets named from a prefix and the stack id. */
import { addGroup, getAtt, names, output, type RosBuild } from "../../generate/ros-build/builder";

export function buildOss({ request, builder }: RosBuild): void {
  if (request.counts.oss === 0) return;
  builder.parameters.OssBucketNamePrefix = {
    Type: "String",
    Label: "OSS bucket name prefix",
    Description: "Prefix of the bucket names; the stack ID is appended so names are globally unique.",
    Default: "bucket",
    AllowedPattern: "^[a-z0-9][a-z0-9-]{1,19}$",
    MaxLength: 20,
  };
  addGroup(builder, "Object storage", ["OssBucketNamePrefix"]);
  names("OssBucket", request.counts.oss).forEach((bucket, index) => {
    const infix = request.counts.oss === 1 ? "" : `-${index + 1}`;
    builder.resources[bucket] = {
      Type: "ALIYUN::OSS::Bucket",
      Properties: {
        BucketName: { "Fn::Sub": `\${OssBucketNamePrefix}${infix}-\${ALIYUN::StackId}` },
        AccessControl: "private",
      },
    };
    output(builder, `${bucket}DomainName`, `OSS bucket ${index + 1} domain`, getAtt(bucket, "DomainName"), "The public domain name of the bucket.");
  });
}
