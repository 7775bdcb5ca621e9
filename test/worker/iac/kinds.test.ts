/**
 * Issue 19 item 3: one registry of resource kinds (src/iac/kinds/). Each kind's types are ones ROS
 * knows, each value lands in a property the catalogue lists for that type, and every kind can be
 * generated, named in the help text, and removed by the same nouns, English and Chinese (before the
 * registry, a "tair" could be added but not removed: the editor had a shorter noun list of its own).
 */
import { describe, expect, it } from "vitest";
import { ROS_PROPERTY_CATALOGUE } from "../../../src/iac/template/data/ros-property-catalogue";
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
import { BUILD_ORDER, type ResourceKind } from "../../../src/iac/kinds";
import type { RequestedValues } from "../../../src/iac/kinds/values";
import { tokenize } from "../../../src/iac/kinds/vocabulary";

type Template = Record<string, unknown> & { Resources: Record<string, { Type: string }> };

function typesOf(template: Record<string, unknown> | undefined): string[] {
  return Object.values((template as Template | undefined)?.Resources ?? {}).map((resource) => resource.Type);
}

describe("issue 19 item 3: the registry of resource kinds", () => {
  it("builds every kind once, through the builders its definition holds, each after the kinds it needs", () => {
    expect([...BUILD_ORDER].sort()).toEqual([...RESOURCE_KINDS].sort());
    for (const [index, kind] of BUILD_ORDER.entries()) {
      for (const need of KINDS[kind].needs) expect(BUILD_ORDER.indexOf(need), `${kind} needs ${need}`).toBeLessThan(index);
    }
    // The generators name no kind: a request for every kind builds each kind's own type from its folder's builders.
    const built = typesOf(
      generateTemplate({ text: "a VPC with 2 vSwitches, a security group, 2 ECS, an SLB, RDS MySQL, Redis, an OSS bucket and a NAT gateway with an EIP" })
        .template,
    );
    for (const kind of RESOURCE_KINDS) expect(built, kind).toContain(KINDS[kind].rosType);
  });

  it("names only ROS types the catalogue knows, and properties those types have", () => {
    for (const kind of RESOURCE_KINDS) {
      const definition = KINDS[kind];
      for (const type of [definition.rosType, ...definition.rosParts]) expect(ROS_RESOURCE_TYPES, `${kind}: ${type}`).toHaveProperty([type]);
      // The catalogue entries of the kind's types are the kind's own, in its folder, and are the catalogue's.
      expect(Object.keys(definition.rosResourceTypes).sort(), kind).toEqual([definition.rosType, ...definition.rosParts].sort());
      for (const [type, spec] of Object.entries(definition.rosResourceTypes)) expect(ROS_RESOURCE_TYPES[type], `${kind}: ${type}`).toBe(spec);
      for (const value of definition.values) {
        const head = value.rosProperty.split(/[.[]/)[0] ?? "";
        expect(Object.keys(ROS_PROPERTY_CATALOGUE[value.rosType] ?? {}), `${kind}: ${value.rosType}.${head}`).toContain(head);
      }
    }
  });

  it("carries in each kind's file the property catalogue of the types it builds", () => {
    for (const kind of RESOURCE_KINDS) {
      const definition = KINDS[kind];
      expect(Object.keys(definition.rosProperties).sort(), kind).toEqual([definition.rosType, ...definition.rosParts].sort());
      for (const [type, list] of Object.entries(definition.rosProperties)) {
        const names = list.split(/\s+/).map((entry) => entry.split(":")[0]);
        expect(Object.keys(ROS_PROPERTY_CATALOGUE[type] ?? {}), `${kind}: ${type}`).toEqual(names);
      }
    }
    expect(ROS_PROPERTY_CATALOGUE["ALIYUN::RDS::DBInstance"]?.Engine?.allowed).toEqual(["MySQL", "SQLServer", "PostgreSQL", "PPAS", "MariaDB"]);
  });

  it("reads each kind's values with the grammar in that kind's own file", () => {
    const read = (kind: ResourceKind, text: string): RequestedValues => {
      const into: RequestedValues = { systemDisk: {}, zones: [], existingVpc: false, unsupported: [], text };
      KINDS[kind].readValues?.(text, into, { sizeForKind: () => undefined, tokens: tokenize(text) });
      return into;
    };
    expect(read("ecs", "ecs.g7.large on Ubuntu 22.04 with a 100 GB ESSD system disk")).toMatchObject({
      ecsInstanceType: "ecs.g7.large",
      imageHint: "Ubuntu 22.04",
      systemDisk: { size: 100, category: "cloud_essd" },
    });
    // A size of a sold family becomes that type (issue 19, ROS generator gaps); another stays a named miss.
    expect(read("ecs", "a server with 4 vCPU and 8 GB memory").sizeSpec).toEqual({ vcpus: 4, memoryGib: 8, instanceType: "ecs.c7.xlarge" });
    expect(read("ecs", "两台8核32G的ECS").sizeSpec?.instanceType).toBe("ecs.g7.2xlarge");
    expect(
      read("ecs", "a server with 6 vCPU and 10 GB memory")
        .unsupported.map((miss) => miss.en)
        .join(),
    ).toContain("6 vCPU / 10 GiB");
    expect(read("rds", "MySQL 5.7 with 50 GB storage, class mysql.n2.medium.1")).toMatchObject({
      rdsEngineVersion: "5.7",
      rdsStorage: 50,
      rdsInstanceClass: "mysql.n2.medium.1",
    });
    expect(read("rds", "MySQL 9.1 database").unsupported.map((miss) => miss.en)).toEqual(["MySQL 9.1 (RDS offers 5.6, 5.7, 8.0)"]);
    expect(read("redis", "Redis 6.0, class redis.master.small.default")).toMatchObject({
      redisEngineVersion: "6.0",
      redisInstanceClass: "redis.master.small.default",
    });
    expect(read("oss", "an OSS bucket named logs-2024, public read, versioning on, KMS encryption, delete objects after 30 days")).toMatchObject({
      bucketName: "logs-2024",
      bucketAcl: "public-read",
      versioning: true,
      encryption: "KMS",
      lifecycleDays: 30,
    });
    expect(read("vpc", "in vpc-bp1abcdefgh")).toMatchObject({ existingVpcId: "vpc-bp1abcdefgh", existingVpc: true });
    expect(read("vswitch", "in vsw-bp1abcdefgh")).toMatchObject({ existingVSwitchId: "vsw-bp1abcdefgh", existingVpc: true });
    expect(read("securityGroup", "SSH only from 198.51.100.0/24, port 443 from 10.0.0.0/8")).toMatchObject({
      sshCidr: "198.51.100.0/24",
      sshOnly: true,
      sourceCidr: "10.0.0.0/8",
    });
    expect(read("eip", "an EIP of 50M")).toMatchObject({ bandwidth: 50 });
    // A kind reads only its own values: the database grammar leaves the bucket's name alone.
    expect(read("rds", "MySQL 8.0 and a bucket named logs-2024").bucketName).toBeUndefined();
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

  it("a Chinese reply names the kinds by their Chinese labels, and says in Chinese why each dependency is there", () => {
    const { summary } = generateTemplate({ text: "一个 MySQL 数据库和两台服务器" });
    expect(summary.split("\n")[0]).toBe("已生成 ROS 模板（`template.yaml`），包含 1 个 VPC、1 个交换机、1 个安全组、2 个 ECS 实例、1 个 RDS 数据库。");
    expect(summary).toContain("VPC：ECS 实例、RDS 数据库 必须创建在 VPC 中。");
    expect(summary).toContain("交换机：ECS 实例、RDS 数据库 必须放在某个可用区的交换机中。");
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
