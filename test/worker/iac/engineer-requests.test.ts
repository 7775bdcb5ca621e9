/**
 * Issue 27 item 6: what engineers ask for, done right, in their own words (not the grammar's
 * phrasings), in English and Chinese, for ROS and Terraform. Each test names the item it proves:
 * engine switches, OSS static websites, lifecycle prefixes and transitions, count forms, images by
 * name, a listener's protocol, and the defects the issue lists. Templates come from the real
 * generator and editor and must pass the validator.
 */
import { describe, expect, it } from "vitest";
import { editTemplate, generateTemplate, terraformOfTwin, validateTemplateObject } from "../../../src/iac/index";

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Template = { Resources: Record<string, Resource>; Parameters?: Record<string, Record<string, unknown>> };

function generated(ask: string): Template {
  const result = generateTemplate({ text: ask });
  if (!result.template) throw new Error(`no template for ${ask}`);
  expect(
    validateTemplateObject(result.template).filter((d) => d.severity === "error"),
    ask,
  ).toEqual([]);
  return result.template as Template;
}

function edited(template: Template, ask: string): Template {
  const result = editTemplate(template as unknown as Record<string, unknown>, ask);
  expect(result.understood, ask).toBe(true);
  expect(
    validateTemplateObject(result.template).filter((d) => d.severity === "error"),
    ask,
  ).toEqual([]);
  return result.template as unknown as Template;
}

const ofType = (template: Template, type: string) => Object.values(template.Resources).filter((resource) => resource.Type === type);
const props = (template: Template, type: string) => ofType(template, type).map((resource) => resource.Properties ?? {});
const hcl = (template: Template) => terraformOfTwin(template as unknown as Record<string, unknown>).text;
const rules = (template: Template) =>
  props(template, "ALIYUN::ECS::SecurityGroup").flatMap((group) => (group.SecurityGroupIngress as Record<string, unknown>[] | undefined) ?? []);

describe("issue 27 item 6: engine switches change the engine, its version, class and port", () => {
  const base = "VPC with one ECS and a MySQL 8.0 database, port 3306 open to the VPC";

  it("'use PostgreSQL 15 instead of MySQL' makes the database PostgreSQL 15.0 (ROS and Terraform)", () => {
    const after = edited(generated(base), "use PostgreSQL 15 instead of MySQL");
    const [database] = props(after, "ALIYUN::RDS::DBInstance");
    expect(database).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "15.0" });
    expect(after.Parameters?.RdsInstanceClass?.AssociationPropertyMetadata).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "15.0" });
    expect(hcl(after)).toMatch(/engine\s+= "PostgreSQL"\n\s+engine_version\s+= "15.0"/);
  });

  it("'换成 PostgreSQL 15' makes the database PostgreSQL 15.0", () => {
    const after = edited(generated("一个 VPC，一台 ECS 和一个 MySQL 8.0 数据库"), "数据库换成 PostgreSQL 15");
    expect(props(after, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "15.0" });
  });

  it("'swap the database to MariaDB' gives MariaDB a version RDS offers for it, not MySQL's 8.0", () => {
    const after = edited(generated(base), "swap the database to MariaDB");
    expect(props(after, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "MariaDB", EngineVersion: "10.3" });
  });

  it("'migrate from PostgreSQL to MySQL 8.0' in a new request builds MySQL 8.0, not PostgreSQL", () => {
    const template = generated("VPC and an RDS database, migrate from PostgreSQL to MySQL 8.0, Hangzhou");
    expect(props(template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "MySQL", EngineVersion: "8.0" });
  });

  it("'SQL Server 2019 rather than MySQL' is SQL Server 2019 with port 1433 in place of 3306", () => {
    const template = generated("VPC, one ECS and a database, allow 3306 from the VPC");
    const after = edited(template, "actually make it SQL Server 2019 rather than MySQL");
    expect(props(after, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "SQLServer", EngineVersion: "2019_std_ha" });
    const ports = rules(after).map((rule) => rule.PortRange);
    expect(ports).not.toContain("3306/3306");
  });

  it("a MySQL class literal does not stay on a PostgreSQL database", () => {
    const template = generated("RDS MySQL 5.7, rds.mysql.s2.large, 100 GB");
    const after = edited(template, "switch to PostgreSQL 16");
    const [database] = props(after, "ALIYUN::RDS::DBInstance");
    expect(database).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "16.0" });
    expect(JSON.stringify(after)).not.toContain("rds.mysql.s2.large");
  });

  it("'upgrade MySQL to 8.0' is a version change, not an engine switch", () => {
    const after = edited(generated("RDS MySQL 5.7 in a VPC"), "upgrade MySQL to 8.0");
    expect(props(after, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "MySQL", EngineVersion: "8.0" });
  });

  it("a Terraform request 'Postgres 15 instead of MySQL' writes engine PostgreSQL 15.0", () => {
    const result = generateTemplate({ text: "Terraform: VPC with a Postgres 15 database instead of MySQL" });
    expect(result.content).toMatch(/engine\s+= "PostgreSQL"\n\s+engine_version\s+= "15.0"/);
  });
});

describe("issue 27 item 6: count forms and 'each'/'per' counts", () => {
  it("'2x ecs.c7.xlarge' is two servers of that type", () => {
    const template = generated("VPC in Hangzhou with 2x ecs.c7.xlarge behind an SLB");
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(2);
  });

  it("'api x2, worker x1, scheduler x1' is four servers", () => {
    const template = generated("ECS servers for api x2, worker x1, scheduler x1 in a new VPC, Shanghai");
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(4);
  });

  it("'2台 4核16G' is two servers", () => {
    const template = generated("杭州，新建VPC，2台 4核16G，系统盘100G");
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(2);
  });

  it("'an EIP each' is one EIP per server (ROS and Terraform)", () => {
    const template = generated("two ECS instances in a VPC, an EIP each");
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(2);
    expect(ofType(template, "ALIYUN::VPC::EIP")).toHaveLength(2);
    expect(hcl(template).match(/resource "alicloud_eip_address"/g)).toHaveLength(2);
  });

  it("'各配一个公网IP' is one EIP per server", () => {
    const template = generated("两台ECS，各配一个公网IP");
    expect(ofType(template, "ALIYUN::VPC::EIP")).toHaveLength(2);
  });
});

describe("issue 27 item 6: a listener's protocol", () => {
  const listeners = (template: Template) => props(template, "ALIYUN::SLB::Listener").map((l) => [l.Protocol, l.ListenerPort, l.BackendServerPort]);

  it("'internet SLB on 443 (TCP)' is a TCP listener on 443, not HTTP on 80 (ROS and Terraform)", () => {
    const template = generated("two ECS behind an internet SLB on 443 (TCP), Hangzhou");
    expect(listeners(template)).toEqual([["tcp", 443, 443]]);
    expect(hcl(template)).toMatch(/protocol\s+= "tcp"\n\s+frontend_port\s+= 443/);
  });

  it("'HTTPS on 443' is an HTTPS listener with a certificate parameter", () => {
    const template = generated("SLB with HTTPS on 443 forwarding to backend 8080, two ECS");
    expect(listeners(template)).toEqual([["https", 443, 8080]]);
    expect(template.Parameters?.SlbServerCertificateId).toBeDefined();
    expect(hcl(template)).toContain("server_certificate_id = var.slb_server_certificate_id");
  });

  it("'负载均衡 TCP 监听 8080' is a TCP listener", () => {
    const template = generated("两台ECS，负载均衡 TCP 监听 8080");
    expect(listeners(template)).toEqual([["tcp", 8080, 8080]]);
  });
});

describe("issue 27 item 5 findings: spellings that change no value", () => {
  it("a full stop after a range keeps 'SSH only from' (ROS)", () => {
    const plain = generated("VPC with an ECS, SSH only from 203.0.113.0/24");
    expect(generated("VPC with an ECS, SSH only from 203.0.113.0/24.")).toEqual(plain);
  });

  it("'100 gigs' is 100 GB of storage", () => {
    expect(props(generated("MySQL 8.0 database, 100 gigs storage"), "ALIYUN::RDS::DBInstance")[0]?.DBInstanceStorage).toBe(100);
  });
});

describe("issue 27 item 6: OSS static websites and lifecycle rules with prefixes and transitions", () => {
  const ask =
    "Static website on OSS in Hangzhou: bucket named acme-site-01, index document index.html and error page 404.html, and expire objects under logs/ after 30 days";

  it("the issue's website request: WebsiteConfiguration, and a lifecycle rule scoped to logs/ (ROS)", () => {
    const [bucket] = props(generated(ask), "ALIYUN::OSS::Bucket");
    expect(bucket?.WebsiteConfiguration).toEqual({ IndexDocument: "index.html", ErrorDocument: "404.html" });
    const rules = (bucket?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ Prefix: "logs/", Expiration: { Days: 30 } });
  });

  it("the same request in Terraform: a website block and a lifecycle_rule with prefix logs/", () => {
    const result = generateTemplate({ text: `Terraform. ${ask}` });
    expect(result.content).toMatch(/website \{\n\s+index_document = "index.html"\n\s+error_document = "404.html"/);
    expect(result.content).toMatch(/lifecycle_rule \{\n\s+prefix\s+= "logs\/"/);
    expect(result.content).not.toContain('prefix  = ""');
  });

  it("'静态网站托管，首页 index.html，错误页 404.html，logs/ 前缀 30 天后删除'", () => {
    const [bucket] = props(generated("OSS 静态网站托管，首页 index.html，错误页 404.html，logs/ 前缀 30 天后删除"), "ALIYUN::OSS::Bucket");
    expect(bucket?.WebsiteConfiguration).toEqual({ IndexDocument: "index.html", ErrorDocument: "404.html" });
    expect((bucket?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule[0]).toMatchObject({ Prefix: "logs/", Expiration: { Days: 30 } });
  });

  it("transitions: 'move to IA after 30 days, Archive after 90, delete after 365'", () => {
    const [bucket] = props(
      generated("an OSS bucket for backups/: move to IA after 30 days, Archive after 90 days, delete after 365 days"),
      "ALIYUN::OSS::Bucket",
    );
    const rule = (bucket?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule[0];
    expect(rule).toMatchObject({
      Prefix: "backups/",
      Expiration: { Days: 365 },
      Transition: [
        { Days: 30, StorageClass: "IA" },
        { Days: 90, StorageClass: "Archive" },
      ],
    });
  });

  it("'30天后转低频，90天后归档' in Terraform: transitions blocks", () => {
    const result = generateTemplate({ text: "用 Terraform 建一个 OSS 存储桶，30天后转低频，90天后归档" });
    expect(result.content).toMatch(/transitions \{\n\s+days\s+= 30\n\s+storage_class = "IA"/);
    expect(result.content).toMatch(/transitions \{\n\s+days\s+= 90\n\s+storage_class = "Archive"/);
  });

  it("a whole-bucket expiry stays a whole-bucket rule", () => {
    const [bucket] = props(generated("A bucket called tf-state-prod-01, lifecycle: delete after 365 days"), "ALIYUN::OSS::Bucket");
    expect((bucket?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule[0]).toMatchObject({ Prefix: "", Expiration: { Days: 365 } });
  });
});

describe("issue 27 item 6: the issue's defect list", () => {
  const base = "VPC 10.0.0.0/16 with two ECS behind an SLB, HTTPS on 443, Hangzhou";
  const portsOf = (template: Template) => rules(template).map((rule) => `${rule.PortRange} ${rule.SourceCidrIp}`);

  it("'change the HTTPS port to 8443 and also allow SSH only from 203.0.113.0/24': 443 → 8443, SSH restricted, no range on 8443", () => {
    const after = edited(
      generated("VPC 10.0.0.0/16 with one ECS, open 443 to the internet"),
      "change the HTTPS port to 8443 and also allow SSH only from 203.0.113.0/24",
    );
    const ports = portsOf(after);
    expect(ports).toContain("8443/8443 0.0.0.0/0");
    expect(ports).toContain("22/22 203.0.113.0/24");
    expect(ports.some((port) => port.startsWith("443/443"))).toBe(false);
  });

  it("'22 from 192.0.2.0/24' in a Terraform request leaves the VPC's own CIDR alone", () => {
    const result = generateTemplate({ text: "Terraform: a VPC with one ECS, 22 from 192.0.2.0/24" });
    expect(result.content).not.toMatch(/cidr_block\s+= "192\.0\.2\.0\/24"/);
    expect(result.content).toMatch(/"192\.0\.2\.0\/24"/);
  });

  it("a leading label 'Bastion host:' keeps 'SSH only from' on", () => {
    const template = generated("Bastion host: one ECS in a new VPC, SSH only from 203.0.113.0/24");
    expect(portsOf(template)).toEqual(["22/22 203.0.113.0/24"]);
  });

  it("'lock SSH down to my office 203.0.113.7' restricts SSH to 203.0.113.7/32", () => {
    const after = edited(generated("VPC with one ECS, SSH open"), "lock SSH down to my office 203.0.113.7");
    expect(portsOf(after).filter((port) => port.startsWith("22/22"))).toEqual(["22/22 203.0.113.7/32"]);
  });

  it("'remove one of the servers' leaves one server of two", () => {
    const after = edited(generated("two ECS in a VPC, Hangzhou"), "remove one of the servers");
    expect(ofType(after, "ALIYUN::ECS::Instance")).toHaveLength(1);
  });

  it("'去掉一台服务器' leaves two servers of three", () => {
    const after = edited(generated("三台ECS，杭州"), "去掉一台服务器");
    expect(ofType(after, "ALIYUN::ECS::Instance")).toHaveLength(2);
  });

  it("an HTTPS listener on 443 in the base keeps its protocol through an edit", () => {
    const after = edited(generated(base), "bump the system disk to 100G");
    expect(props(after, "ALIYUN::SLB::Listener").map((l) => l.Protocol)).toEqual(["https"]);
  });
});

describe("issue 27 item 6: images by name", () => {
  const image = (template: Template) => template.Parameters?.EcsImageId ?? {};

  it("'Ubuntu 22.04' is the EcsImageId parameter's default as a name pattern ROS resolves, and its description says so", () => {
    const template = generated("one ECS with Ubuntu 22.04 in a new VPC, Hangzhou");
    expect(image(template).Default).toBe("ubuntu_22_04_x64_20G_alibase_*.vhd");
    expect(String(image(template).Description)).toContain("Ubuntu 22.04");
    expect(image(template).AssociationProperty).toBe("ALIYUN::ECS::Image::ImageId");
  });

  it("'阿里云 Alibaba Cloud Linux 3 的服务器' picks aliyun_3", () => {
    expect(image(generated("两台 Alibaba Cloud Linux 3 的服务器，杭州")).Default).toBe("aliyun_3_x64_20G_alibase_*.vhd");
  });

  it("an image the table does not hold gets no guessed id", () => {
    const template = generated("one ECS with Rocky Linux 9");
    expect(image(template).Default).toBeUndefined();
  });
});
