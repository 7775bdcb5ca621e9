// Sample inputs for the card's skill examples. "Review this ROS template …" and "Convert this
// Terraform module …" name an input the example itself does not carry; offline, the agent would
// answer that it has nothing to review or convert (a failed terraform_to_ros). Clicking such an
// example puts a small sample under it in the composer, which the user can edit or replace.

const SAMPLE_ROS_TEMPLATE = `\`\`\`yaml
ROSTemplateFormatVersion: '2015-09-01'
Parameters:
  ZoneId:
    Type: String
    AssociationProperty: ALIYUN::ECS::ZoneId
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 192.168.0.0/16
  VSwitch:
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId:
        Ref: Vpc
      ZoneId:
        Ref: ZoneId
      CidrBlock:
        Ref: VSwitchCidr
\`\`\``;

const SAMPLE_TERRAFORM = `\`\`\`hcl
resource "alicloud_vpc" "main" {
  vpc_name   = "demo-vpc"
  cidr_block = "10.0.0.0/16"
}

resource "alicloud_vswitch" "main" {
  vpc_id     = alicloud_vpc.main.id
  cidr_block = "10.0.1.0/24"
  zone_id    = "cn-hangzhou-h"
}
\`\`\``;

/** The example's text, followed by the sample input it refers to when it refers to one. */
export function withSampleInput(example) {
  if (/\bterraform\b/i.test(example) && /\bconvert\b/i.test(example)) return `${example}\n\n${SAMPLE_TERRAFORM}`;
  if (/\breview\b/i.test(example) && /\btemplate\b/i.test(example)) return `${example}\n\n${SAMPLE_ROS_TEMPLATE}`;
  return example;
}
