/** Routing requests to the four iac-code skills. */
import { describe, expect, it } from "vitest";
import { classifyRequest } from "../../../src/iac/index";
import { CLEAN_TEMPLATE } from "./fixtures";

describe("classifying requests to skills", () => {
  const cases: [string, ReturnType<typeof classifyRequest>][] = [
    ["Create a VPC with two vSwitches in Hangzhou", "iac_generation"],
    ["在杭州创建一个VPC和两个交换机", "iac_generation"],
    ["Write Terraform for 2 ECS instances and an SLB", "iac_generation"],
    ["Create a stack with a VPC and an RDS database", "iac_generation"],
    [`Please review this template:\n${CLEAN_TEMPLATE}`, "iac_review"],
    ['{"ROSTemplateFormatVersion":"2015-09-01","Resources":{}}', "iac_review"],
    ["帮我检查一下这个模板有什么问题", "iac_review"],
    ["Convert my Terraform code to a ROS template", "terraform_ros_conversion"],
    ['resource "alicloud_vpc" "main" {\n  cidr_block = "10.0.0.0/8"\n}\nturn this into ROS', "terraform_ros_conversion"],
    ["把这个Terraform转换成ROS模板", "terraform_ros_conversion"],
    ["My stack is stuck in ROLLBACK_FAILED", "aliyun_ros_operations"],
    ["Why did my stack fail to create?", "aliyun_ros_operations"],
    ['{"Events":[{"LogicalResourceId":"Vpc","Status":"CREATE_FAILED","StatusReason":"x"}]}', "aliyun_ros_operations"],
    ["How do I delete a stack but keep its resources?", "aliyun_ros_operations"],
    ["资源栈创建失败了，怎么办", "aliyun_ros_operations"],
  ];
  for (const [text, kind] of cases) {
    it(`${kind}: ${text.split("\n")[0]?.slice(0, 60)}`, () => {
      expect(classifyRequest(text)).toBe(kind);
    });
  }
});
