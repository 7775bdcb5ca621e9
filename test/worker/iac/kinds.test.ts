/**
 * Issue 19 item 3: one registry of resource kinds (src/iac/kinds/). Each kind's types are ones ROS
 * knows, each value lands in a property the catalogue lists for that type, and every kind can be
 * generated, named in the help text, and removed by the same nouns, English and Chinese (before the
 * registry, a "tair" could be added but not removed: the editor had a shorter noun list of its own).
 */
import { describe, expect, it } from "vitest";
import { ROS_PROPERTY_CATALOGUE } from "../../../src/iac/data/ros-property-catalogue";
import {
  BILLABLE_ROS_TYPES,
  dependentsOf,
  editTemplate,
  generateTemplate,
  KINDS,
  kindCatalogue,
  kindOfRosType,
  parseTemplate,
  RESOURCE_KINDS,
  ROS_RESOURCE_TYPES,
} from "../../../src/iac/index";
import { greetingAnswer } from "../../../src/agent/offline-answers";

type Template = Record<string, unknown> & { Resources: Record<string, { Type: string }> };

function typesOf(template: Record<string, unknown> | undefined): string[] {
  return Object.values((template as Template | undefined)?.Resources ?? {}).map((resource) => resource.Type);
}

describe("issue 19 item 3: the registry of resource kinds", () => {
  it("names only ROS types the catalogue knows, and properties those types have", () => {
    for (const kind of RESOURCE_KINDS) {
      const definition = KINDS[kind];
      for (const type of [definition.rosType, ...definition.rosParts]) expect(ROS_RESOURCE_TYPES, `${kind}: ${type}`).toHaveProperty([type]);
      for (const value of definition.values) {
        const head = value.rosProperty.split(/[.[]/)[0] ?? "";
        expect(Object.keys(ROS_PROPERTY_CATALOGUE[value.rosType] ?? {}), `${kind}: ${value.rosType}.${head}`).toContain(head);
      }
    }
  });

  it("maps every type back to its kind and knows which are billed", () => {
    expect(kindOfRosType("ALIYUN::VPC::SnatEntry")).toBe("nat");
    expect(kindOfRosType("ALIYUN::SLB::Listener")).toBe("slb");
    expect(kindOfRosType("ALIYUN::REDIS::Instance")).toBe("redis");
    expect([...BILLABLE_ROS_TYPES].sort()).toEqual(
      [
        "ALIYUN::ECS::Instance",
        "ALIYUN::OSS::Bucket",
        "ALIYUN::RDS::DBInstance",
        "ALIYUN::REDIS::Instance",
        "ALIYUN::SLB::LoadBalancer",
        "ALIYUN::VPC::EIP",
        "ALIYUN::VPC::NatGateway",
      ].sort(),
    );
    expect(dependentsOf("vswitch").sort()).toEqual(["ecs", "nat", "rds", "redis"]);
    expect(dependentsOf("eip")).toEqual(["nat"]);
  });

  it("generates each kind from its own label, in English and in Chinese", () => {
    for (const kind of RESOURCE_KINDS) {
      for (const language of ["en", "zh"] as const) {
        const ask = language === "en" ? `Create one ${KINDS[kind].label.en}` : `创建一个${KINDS[kind].label.zh}`;
        expect(typesOf(generateTemplate({ text: ask }).template), ask).toContain(KINDS[kind].rosType);
      }
    }
  });

  it("lists every kind in the help text, from the registry", () => {
    for (const kind of RESOURCE_KINDS) {
      expect(greetingAnswer("en")).toContain(KINDS[kind].catalogueName.en);
      expect(greetingAnswer("zh")).toContain(KINDS[kind].catalogueName.zh);
    }
    expect(kindCatalogue("en")).toBe("VPC, vSwitches, security groups, ECS, SLB, RDS, OSS, EIP, NAT, Redis");
  });

  it("removes a Tair instance by the noun that added it", () => {
    const added = generateTemplate({ text: "Create an ECS server and a Tair instance" });
    expect(typesOf(added.template)).toContain("ALIYUN::REDIS::Instance");
    const removed = editTemplate(added.template ?? {}, "remove the Tair");
    expect(removed.understood).toBe(true);
    expect(typesOf(removed.template)).not.toContain("ALIYUN::REDIS::Instance");
    expect(typesOf(removed.template)).toContain("ALIYUN::ECS::Instance");
  });

  it("removes each billable kind by its Chinese label with 删掉", () => {
    const everything = generateTemplate({ text: "一个 VPC，两台 ECS，一个 SLB，一个 RDS MySQL，一个 Redis，一个 OSS 存储桶，一个 NAT 网关" });
    const parsed = parseTemplate(everything.content);
    expect(parsed.ok).toBe(true);
    for (const kind of RESOURCE_KINDS.filter((candidate) => KINDS[candidate].billable && candidate !== "eip")) {
      const edit = editTemplate(everything.template ?? {}, `删掉${KINDS[kind].label.zh}`);
      expect(typesOf(edit.template), kind).not.toContain(KINDS[kind].rosType);
    }
  });
});
