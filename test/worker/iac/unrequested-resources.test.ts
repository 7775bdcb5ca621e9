/**
 * Issue 19 item 2: no unrequested billable resources. A port number, a protocol name or a word like
 * "storage" is not a request for a product: "allow MySQL port 3306" opens a port and buys no
 * database, "200GB 存储空间" sizes a database and buys no bucket, a "database server" is the
 * database and not an ECS instance. Every billable resource in a template is named by the request
 * or is a dependency the reply explains.
 */
import { describe, expect, it } from "vitest";
import { BILLABLE_ROS_TYPES, BILLABLE_TERRAFORM_TYPES, editTemplate, generateTemplate } from "../../../src/iac/index";

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Template = { Resources: Record<string, Resource> };

function resourcesOf(template: Record<string, unknown> | undefined): Resource[] {
  return Object.values((template as Template | undefined)?.Resources ?? {});
}

/** The billable types of a template, with how many of each. */
function billed(template: Record<string, unknown> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const resource of resourcesOf(template)) if (BILLABLE_ROS_TYPES.has(resource.Type)) out[resource.Type] = (out[resource.Type] ?? 0) + 1;
  return out;
}

function openedPorts(template: Record<string, unknown> | undefined): string[] {
  return resourcesOf(template)
    .flatMap((resource) => (Array.isArray(resource.Properties?.SecurityGroupIngress) ? resource.Properties.SecurityGroupIngress : []))
    .map((rule) => String((rule as { PortRange?: unknown }).PortRange));
}

const CASES: { ask: string; bills: Record<string, number>; ports?: string[]; storage?: number }[] = [
  { ask: "Create an ECS server; allow MySQL port 3306 from the VPC", bills: { "ALIYUN::ECS::Instance": 1 }, ports: ["3306/3306"] },
  { ask: "Two web servers, open the Redis port 6379 to the app subnet", bills: { "ALIYUN::ECS::Instance": 2 }, ports: ["6379/6379"] },
  { ask: "两台服务器，开放 Redis 的 6379 端口和 MySQL 3306", bills: { "ALIYUN::ECS::Instance": 2 }, ports: ["3306/3306", "6379/6379"] },
  { ask: "an app server, port 5432 (PostgreSQL) open inside the VPC", bills: { "ALIYUN::ECS::Instance": 1 }, ports: ["5432/5432"] },
  { ask: "A MySQL database with 200 GB storage", bills: { "ALIYUN::RDS::DBInstance": 1 }, storage: 200 },
  { ask: "一个 MySQL 数据库，200GB 存储空间", bills: { "ALIYUN::RDS::DBInstance": 1 }, storage: 200 },
  { ask: "I need a PostgreSQL database server in Shanghai", bills: { "ALIYUN::RDS::DBInstance": 1 } },
  { ask: "一台数据库服务器（MySQL 8.0）", bills: { "ALIYUN::RDS::DBInstance": 1 } },
  { ask: "a Redis cache server for the sessions", bills: { "ALIYUN::REDIS::Instance": 1 } },
];

describe("issue 19 item 2: a port, a protocol or a size is not a product", () => {
  for (const { ask, bills, ports, storage } of CASES) {
    it(ask, () => {
      const result = generateTemplate({ text: ask });
      expect(billed(result.template)).toEqual(bills);
      const rules = openedPorts(result.template);
      for (const port of ports ?? []) expect(rules).toContain(port);
      if (storage !== undefined) {
        const database = resourcesOf(result.template).find((resource) => resource.Type === "ALIYUN::RDS::DBInstance");
        expect(database?.Properties?.DBInstanceStorage).toBe(storage);
      }
    });
  }

  it("explains every resource the request did not name: a database gets a VPC and a vSwitch, and says why", () => {
    const result = generateTemplate({ text: "A MySQL database with 200 GB storage" });
    expect(
      resourcesOf(result.template)
        .map((resource) => resource.Type)
        .sort(),
    ).toEqual(["ALIYUN::ECS::VPC", "ALIYUN::ECS::VSwitch", "ALIYUN::RDS::DBInstance"].sort());
    expect(result.summary).toContain("VPC: the RDS database must be created in a VPC.");
    expect(result.summary).toContain("vSwitch: the RDS database must be placed in a vSwitch of a zone.");
  });

  it("Terraform: opening the MySQL port on a server adds no database and no account", () => {
    const result = generateTemplate({ text: "Terraform for one ECS instance; allow MySQL port 3306 from 10.0.0.0/8" });
    const types = [...result.content.matchAll(/^resource "([\w-]+)"/gm)].map((match) => match[1] ?? "");
    expect(types.filter((type) => BILLABLE_TERRAFORM_TYPES.has(type))).toEqual(["alicloud_instance"]);
    expect(types).not.toContain("alicloud_rds_account");
    expect(result.content).toContain('port_range        = "3306/3306"');
  });

  it("an edit that opens or closes a protocol's port neither buys nor removes the product", () => {
    const servers = generateTemplate({ text: "Create two ECS servers" }).template ?? {};
    const opened = editTemplate(servers, "also allow MySQL port 3306");
    expect(billed(opened.template)).toEqual({ "ALIYUN::ECS::Instance": 2 });
    expect(openedPorts(opened.template)).toContain("3306/3306");

    const withDatabase = generateTemplate({ text: "an ECS server and a MySQL database" }).template ?? {};
    const closed = editTemplate(withDatabase, "remove the MySQL port 3306 rule");
    expect(billed(closed.template)).toEqual({ "ALIYUN::ECS::Instance": 1, "ALIYUN::RDS::DBInstance": 1 });
  });
});
