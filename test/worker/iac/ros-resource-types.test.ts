/** The resource type catalogue behind the validator covers the common products. */
import { describe, expect, it } from "vitest";
import { ROS_RESOURCE_TYPES } from "../../../src/iac/index";

describe("the ROS resource type catalogue", () => {
  const types = Object.keys(ROS_RESOURCE_TYPES);

  it("knows well over 120 types", () => {
    expect(types.length).toBeGreaterThanOrEqual(120);
  });

  it("covers the products the generator and reviewer meet most", () => {
    const products = new Set(types.map((type) => type.split("::")[1]));
    for (const product of [
      "ECS",
      "VPC",
      "SLB",
      "ALB",
      "NLB",
      "RDS",
      "REDIS",
      "OSS",
      "NAS",
      "CS",
      "RAM",
      "KMS",
      "SLS",
      "FC",
      "FC3",
      "MONGODB",
      "POLARDB",
      "CDN",
      "DNS",
      "ROS",
      "ESS",
      "CEN",
      "GA",
    ]) {
      expect(products.has(product), product).toBe(true);
    }
  });

  it("has well-formed names and attribute lists", () => {
    for (const [type, spec] of Object.entries(ROS_RESOURCE_TYPES)) {
      expect(type).toMatch(/^ALIYUN::[A-Za-z0-9]+::[A-Za-z0-9]+$/);
      for (const attribute of spec.attributes) expect(attribute).toMatch(/^[A-Za-z][\w.]*$/);
      expect(new Set(spec.attributes).size).toBe(spec.attributes.length);
    }
  });

  it("records the attributes and required properties of the core types", () => {
    expect(ROS_RESOURCE_TYPES["ALIYUN::ECS::VPC"]?.attributes).toEqual(["RouteTableId", "VRouterId", "VpcId", "VpcName"]);
    expect(ROS_RESOURCE_TYPES["ALIYUN::ECS::VSwitch"]?.required).toEqual(["CidrBlock", "VpcId", "ZoneId"]);
    expect(ROS_RESOURCE_TYPES["ALIYUN::ECS::Instance"]?.attributes).toContain("PrivateIp");
    expect(ROS_RESOURCE_TYPES["ALIYUN::RDS::DBInstance"]?.required).toEqual([
      "DBInstanceClass",
      "DBInstanceStorage",
      "Engine",
      "EngineVersion",
      "SecurityIPList",
    ]);
    expect(ROS_RESOURCE_TYPES["ALIYUN::RDS::DBInstance"]?.attributes).toContain("InnerConnectionString");
    expect(ROS_RESOURCE_TYPES["ALIYUN::OSS::Bucket"]?.required).toEqual(["BucketName"]);
    expect(ROS_RESOURCE_TYPES["ALIYUN::SLB::Listener"]?.required).toEqual(["BackendServerPort", "Bandwidth", "ListenerPort", "LoadBalancerId", "Protocol"]);
    expect(ROS_RESOURCE_TYPES["ALIYUN::VPC::EIPAssociation"]?.required).toEqual(["AllocationId", "InstanceId"]);
  });
});
