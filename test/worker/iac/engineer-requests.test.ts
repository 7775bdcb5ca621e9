/**
 * Issue 27 item 6: what engineers ask for, done right, in their own words (not the grammar's
 * phrasings), in English and Chinese, for ROS and Terraform. Each test names the item it proves:
 * engine switches, OSS static websites, lifecycle prefixes and transitions, count forms, images by
 * name, a listener's protocol, and the defects the issue lists. Templates come from the real
 * generator and editor and must pass the validator.
 */
import { describe, expect, it } from "vitest";
import { checkRequest, editTemplate, generateTemplate, terraformOfTwin, validateTemplateObject } from "../../../src/iac/index";

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

  it("'delete them after 1 year' and '半年后删除': a lifecycle's years and months in days (365, 180), and the check places '1 year'", () => {
    const english = "OSS bucket for backups, private, move objects to Archive after 60 days and delete them after 1 year";
    const [bucket] = props(generated(english), "ALIYUN::OSS::Bucket");
    expect((bucket?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule[0]).toMatchObject({
      Expiration: { Days: 365 },
      Transition: [{ Days: 60, StorageClass: "Archive" }],
    });
    const check = checkRequest({ request: english, template: generateTemplate({ text: english }).content });
    expect(check?.unplaced).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "days", text: "1 year" }));
    const [chinese] = props(generated("一个私有 OSS 桶，30天后转低频，半年后删除"), "ALIYUN::OSS::Bucket");
    expect((chinese?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule[0]).toMatchObject({ Expiration: { Days: 180 } });
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

  it("'remove one of the servers' after 'an EIP each' takes the removed server's EIP along (an idle EIP is billed)", () => {
    const after = edited(generated("2x ecs.c7.xlarge in a new VPC, an EIP each"), "remove one of the servers");
    expect(ofType(after, "ALIYUN::ECS::Instance")).toHaveLength(1);
    expect(ofType(after, "ALIYUN::VPC::EIP")).toHaveLength(1);
    expect(props(after, "ALIYUN::VPC::EIPAssociation")).toHaveLength(1);
  });

  it("'open 8080 to the VPC only and 443 to everyone': 8080 from the VPC's range, 443 from anywhere (ROS and Terraform)", () => {
    const template = generated("VPC 10.0.0.0/16 with one ECS, open 8080 to the VPC only and 443 to everyone");
    expect(portsOf(template)).toEqual(["22/22 10.0.0.0/16", "443/443 0.0.0.0/0", "8080/8080 10.0.0.0/16"]);
    expect(hcl(template)).toMatch(/port_range\s+= "8080\/8080"[\s\S]*?cidr_ip\s+= "10\.0\.0\.0\/16"/);
  });

  it("'8080 仅内网访问，443 对公网开放' opens both, 8080 inside the VPC only", () => {
    const ports = portsOf(generated("两台服务器；8080 仅内网访问，443 对公网开放"));
    expect(ports).toContain("8080/8080 192.168.0.0/16");
    expect(ports).toContain("443/443 0.0.0.0/0");
  });

  it("'open 22 and 9000 internal only, 80 and 443 publicly': a chain of ports shares its scope", () => {
    expect(portsOf(generated("one ECS, open 22 and 9000 internal only, 80 and 443 publicly"))).toEqual([
      "22/22 192.168.0.0/16",
      "80/80 0.0.0.0/0",
      "443/443 0.0.0.0/0",
      "9000/9000 192.168.0.0/16",
    ]);
  });

  it("'listener 80 to backend 8080, 2 ECS': the count after a listed port is no port", () => {
    const template = generated("SLB listener 80 to backend 8080, 2 ECS behind it (ecs.g7.large), Beijing");
    expect(portsOf(template)).toEqual(["22/22 192.168.0.0/16", "8080/8080 0.0.0.0/0"]);
    expect(props(template, "ALIYUN::SLB::Listener").map((l) => `${l.ListenerPort}->${l.BackendServerPort}`)).toEqual(["80->8080"]);
  });

  it("'one 2C4G box with a 200 GB data disk, public IP with 10 Mbps': a box is a server, with its disk, spec and EIP", () => {
    const template = generated(
      "Need a small setup in Shanghai: one 2C4G box with a 200 GB data disk, public IP with 10 Mbps, only ports 80/443 open to the world, SSH from 198.51.100.10",
    );
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(1);
    expect(props(template, "ALIYUN::VPC::EIP")[0]).toMatchObject({ Bandwidth: 10 });
    expect(portsOf(template)).toEqual(expect.arrayContaining(["80/80 0.0.0.0/0", "443/443 0.0.0.0/0", "22/22 198.51.100.10/32"]));
  });

  it("'HTTPS 443 on an internal SLB, RDP 3389 only from 10.1.0.0/16': an intranet SLB in the VPC, no listener for RDP (ROS and Terraform)", () => {
    const ask = "Web tier — 2 x ecs.c7.large, HTTPS 443 on an internal SLB, RDP 3389 only from 10.1.0.0/16";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::LoadBalancer")[0]).toMatchObject({ AddressType: "intranet", VpcId: { Ref: "Vpc" }, VSwitchId: { Ref: "VSwitch" } });
    expect(props(template, "ALIYUN::SLB::Listener").map((l) => l.ListenerPort)).toEqual([443]);
    expect(portsOf(template)).toContain("3389/3389 10.1.0.0/16");
    expect(hcl(template)).toMatch(/address_type\s+= "intranet"\n\s+vswitch_id\s+= alicloud_vswitch\.vsw_1\.id/);
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("'去掉一台服务器' leaves two servers of three", () => {
    const after = edited(generated("三台ECS，杭州"), "去掉一台服务器");
    expect(ofType(after, "ALIYUN::ECS::Instance")).toHaveLength(2);
  });

  it("'get rid of the data disks' / '去掉数据盘' removes the servers' data disks and keeps the servers", () => {
    for (const [ask, edit] of [
      ["one ECS in Hangzhou with a 100 GB data disk", "get rid of the data disks"],
      ["一台ECS，杭州，带一块200G数据盘", "去掉数据盘"],
    ] as const) {
      const before = generated(ask);
      expect(props(before, "ALIYUN::ECS::Instance")[0]?.DiskMappings, ask).toHaveLength(1);
      const after = edited(before, edit);
      expect(ofType(after, "ALIYUN::ECS::Instance"), edit).toHaveLength(1);
      expect(props(after, "ALIYUN::ECS::Instance")[0]?.DiskMappings, edit).toBeUndefined();
    }
  });

  it("'带一块200G数据盘': the count of data disks is placed on the server's disk mapping, not reported missing", () => {
    const ask = "一台ECS，杭州，带一块200G数据盘";
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.applied).toContainEqual({ kind: "count", text: "一块 数据盘", where: "1 × disk" });
    expect(check?.notExpressed).toEqual([]);
  });

  it("'开放 80 和 443，22 只允许 X' / 'open 80 and 443, 22 only from X': 80 and 443 stay public, only 22 takes the range (ROS and Terraform)", () => {
    for (const ask of ["一台ECS，开放 80 和 443，22 只允许 203.0.113.0/24", "one ECS, open 80 and 443, 22 only from 203.0.113.0/24"]) {
      const template = generated(ask);
      expect(portsOf(template), ask).toEqual(["80/80 0.0.0.0/0", "443/443 0.0.0.0/0", "22/22 203.0.113.0/24"]);
      expect(hcl(template), ask).toMatch(/port_range\s+= "22\/22"[\s\S]*?cidr_ip\s+= "203\.0\.113\.0\/24"/);
      const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unplaced, ask).toEqual([]);
      expect(check?.broader, ask).toEqual([]);
    }
  });

  it("'RDP from 198.51.100.4 only, 80 open to the world': 3389 from that address, 80 public (not the other way round)", () => {
    const ask = "Windows server, ecs.g6.xlarge, RDP from 198.51.100.4 only, 80 open to the world";
    const template = generated(ask);
    expect(portsOf(template)).toEqual(expect.arrayContaining(["80/80 0.0.0.0/0", "3389/3389 198.51.100.4/32"]));
    expect(portsOf(template)).not.toContain("80/80 198.51.100.4/32");
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
  });

  it("'open 22 to 0.0.0.0/0' opens SSH to the range the user gave, the validator's ROS5501 says what that risks, and the check places it", () => {
    const ask = "ECS with 5 Mbps public bandwidth, open 22 to 0.0.0.0/0";
    const template = generateTemplate({ text: ask }).template as Template;
    expect(portsOf(template)).toContain("22/22 0.0.0.0/0");
    expect(validateTemplateObject(template).map((diagnostic) => diagnostic.code)).toContain("ROS5501");
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.notExpressed).toEqual([]);
  });

  it("'3 web nodes (ecs.g7.large)' is three servers of that type", () => {
    const template = generated("Spin up 3 web nodes (ecs.g7.large) behind a public SLB, HTTP 80 forwarding to 8080, in cn-shanghai across 2 zones");
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(3);
  });

  it("'the app servers (two of them)' / '应用服务器（两台）': a count in brackets counts the noun before it, and the check places it", () => {
    for (const ask of ["Redis 5.0 with 8 GB, in the same VPC as the app servers (two of them)", "应用服务器（两台），挂 SLB"]) {
      expect(ofType(generated(ask), "ALIYUN::ECS::Instance"), ask).toHaveLength(2);
      const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      expect(check?.unplaced, ask).toEqual([]);
      expect(check?.unrequested, ask).toEqual([]);
    }
  });

  it("'RDS PostgreSQL 14 instance, 4 cores 8 GB, 100 GB ESSD': storage 100, not the spec's 8 GB; no server read from 'instance'", () => {
    const ask = "I need an RDS PostgreSQL 14 instance, 4 cores 8 GB, 100 GB ESSD, only reachable from 10.0.2.0/24";
    const template = generated(ask);
    expect(props(template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "14.0", DBInstanceStorage: 100 });
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(0);
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    // The class is the deployer's pick in the selector: the spec is named as not expressed, never claimed.
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["4 cores 8 GB"]);
    expect(check?.applied).toContainEqual({ kind: "disk-category", text: "ESSD", where: "RdsInstance.DBInstanceStorageType" });
  });

  it("'Redis 8 GB' / '4G 的 Redis': the standard class of that memory (ROS default and Terraform), placed by the check; 3 GB is named, not guessed", () => {
    const ros = generated("Redis 8GB memory for session cache, VPC 10.0.0.0/16");
    expect(ros.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.large.default");
    expect(generated("加一个 4G 的 Redis，杭州").Parameters?.RedisInstanceClass?.Default).toBe("redis.master.stand.default");
    const terraform = generateTemplate({ text: "Terraform: one ECS and a Redis 16 GB" });
    expect(terraform.content).toMatch(/instance_class\s+= "redis\.master\.2xlarge\.default"/);
    const check = checkRequest({ request: "Terraform: one ECS and a Redis 16 GB", template: terraform.content });
    expect(check?.applied).toContainEqual({ kind: "size", text: "16 GB", target: "memory", where: "redis_1.instance_class" });
    const odd = generateTemplate({ text: "Redis 3 GB" });
    expect((odd.template as Template).Parameters?.RedisInstanceClass?.Default).toBeUndefined();
    expect(checkRequest({ request: "Redis 3 GB", template: odd.content })?.notExpressed.map((value) => value.text)).toEqual(["3 GB"]);
  });

  it("'两台 ECS 不要公网 IP，通过 NAT 出网': the servers have no EIP, and the NAT gateway's own EIP is no finding", () => {
    for (const ask of [
      "给我一个 NAT 网关，两台 ECS 不要公网 IP，通过 NAT 出网，地域北京",
      "two ECS with no public IP, outbound internet through a NAT gateway",
    ]) {
      const template = generated(ask);
      expect(ofType(template, "ALIYUN::VPC::EIP"), ask).toHaveLength(1);
      expect(
        props(template, "ALIYUN::VPC::EIPAssociation").map((association) => association.InstanceId),
        ask,
      ).toEqual([{ Ref: "NatGateway" }]);
      const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      expect(check?.notExpressed, ask).toEqual([]);
    }
    // A server's EIP asked away is still a finding.
    const kept = generateTemplate({ text: "one ECS with an EIP" });
    expect(checkRequest({ request: "no public IP", template: kept.content })?.notExpressed.map((value) => value.reason)).toEqual(["still-present"]);
  });

  it("'also open 6379 from the same range' opens 6379 from the range given before, never to the Internet; the check flags the Internet", () => {
    const before = generated("one ECS, open 22 and 3306 from 10.0.0.0/8");
    const after = edited(before, "also open 6379 from the same range");
    expect(portsOf(after)).toContain("6379/6379 10.0.0.0/8");
    expect(portsOf(after)).not.toContain("6379/6379 0.0.0.0/0");
    const open = structuredClone(after);
    for (const rule of rules(open)) if (rule.PortRange === "6379/6379") rule.SourceCidrIp = "0.0.0.0/0";
    const check = checkRequest({ request: "also open 6379 from the same range", template: JSON.stringify(open), before: JSON.stringify(before) });
    expect(check?.broader.map((finding) => finding.asked)).toEqual(["port 6379 from the same range as before"]);
    // No range to refer to: the port is not opened, and the reply says why.
    const none = editTemplate(generated("one ECS") as unknown as Record<string, unknown>, "open 8080 from the same range");
    expect(rules(none.template as unknown as Template).map((rule) => rule.PortRange)).not.toContain("8080/8080");
    expect(none.unsupported.map((phrase) => phrase.en).join(" ")).toMatch(/port 8080 not opened: "the same range" names no range/);
  });

  it("'health check on /healthz' sets the HTTP listeners' HealthCheck.URI (ROS, Terraform, an edit); a TCP listener's path is named, not dropped", () => {
    const ros = generated("ECS x2 with SLB, health check on /healthz");
    expect(props(ros, "ALIYUN::SLB::Listener").map((listener) => listener.HealthCheck)).toEqual([{ URI: "/healthz" }]);
    const ask = "ECS x2 with SLB, health check on /healthz";
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.applied).toContainEqual({ kind: "url-path", text: "/healthz", where: "SlbListener80.HealthCheck.URI" });
    expect(check?.applied).toContainEqual({ kind: "count", text: "ECS x2", where: "2 × ecs" });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
    expect(hcl(ros)).toMatch(/health_check\s+= "on"\n\s+health_check_uri = "\/healthz"/);
    const edit = edited(generated("ECS x2 with SLB"), "set the health check to /ping");
    expect(props(edit, "ALIYUN::SLB::Listener").map((listener) => listener.HealthCheck)).toEqual([{ URI: "/ping" }]);
    const tcp = "two ECS behind an SLB TCP 443, health check /status";
    const tcpResult = generateTemplate({ text: tcp });
    expect(props(tcpResult.template as Template, "ALIYUN::SLB::Listener").map((listener) => listener.HealthCheck)).toEqual([undefined]);
    expect(checkRequest({ request: tcp, template: tcpResult.content })?.notExpressed.map((value) => value.text)).toEqual(["/status"]);
  });

  it("an ALB or PolarDB asked for is named as not built, never swapped silently for an SLB or an RDS MySQL", () => {
    const alb = "Need 2 app servers ecs.c6.large, 40GB system disk each, behind an ALB listening on 443, in cn-beijing";
    const albCheck = checkRequest({ request: alb, template: generateTemplate({ text: alb }).content });
    expect(albCheck?.notExpressed.map((value) => value.text)).toEqual(["ALB"]);
    const polar = generateTemplate({ text: "PolarDB MySQL 8.0 cluster, 2 nodes" });
    expect(ofType((polar.template ?? { Resources: {} }) as Template, "ALIYUN::RDS::DBInstance")).toHaveLength(0);
    const polarCheck = checkRequest({ request: "PolarDB MySQL 8.0 cluster, 2 nodes", template: polar.content });
    expect(polarCheck?.notExpressed.map((value) => value.text)).toContain("PolarDB");
  });

  it("'a private subnet' is no bucket ACL, and 'MySQL 8.0 HA instance' asks for no server", () => {
    const subnet = "Create a VPC (10.10.0.0/16) with a public subnet 10.10.1.0/24 and a private subnet 10.10.2.0/24 in Hangzhou";
    const check = checkRequest({ request: subnet, template: generateTemplate({ text: subnet }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    const ha = "MySQL 8.0 HA instance with 200GB";
    const template = generated(ha);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(0);
    expect(checkRequest({ request: ha, template: generateTemplate({ text: ha }).content })?.notExpressed).toEqual([]);
  });

  it("'two 200G data disks' / '每台挂两块 500G 数据盘': that many disks on each server (ROS and Terraform), counted per server by the check", () => {
    const one = "one ECS ecs.g7.large with a 40G system disk and two 200G data disks";
    const template = generated(one);
    expect(props(template, "ALIYUN::ECS::Instance")[0]?.DiskMappings).toEqual([
      { Category: "cloud_essd", Size: 200, DeleteWithInstance: true },
      { Category: "cloud_essd", Size: 200, DeleteWithInstance: true },
    ]);
    expect(hcl(template).match(/data_disks \{/g)).toHaveLength(2);
    const each = "两台ECS，每台挂两块 500G 数据盘";
    expect(props(generated(each), "ALIYUN::ECS::Instance").map((server) => (server.DiskMappings as unknown[]).length)).toEqual([2, 2]);
    const after = "Terraform: 2 ECS with two 100G data disks each, key pair ops";
    expect(generateTemplate({ text: after }).content.match(/data_disks \{/g)).toHaveLength(4);
    for (const ask of [one, each, after]) {
      const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unplaced, ask).toEqual([]);
    }
  });

  it("'a bastion + 2 private app servers', '一台跳板机加两台应用服务器': three servers, and the check counts the bastion beside the two", () => {
    for (const ask of [
      "Terraform for a bastion + 2 private app servers; bastion gets an EIP, SSH to bastion only from 203.0.113.0/24",
      "一台跳板机加两台应用服务器，杭州",
      "a jump box and 3 web servers behind an SLB",
    ]) {
      const result = generateTemplate({ text: ask });
      const check = checkRequest({ request: ask, template: result.content });
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unrequested, ask).toEqual([]);
      expect(result.content.match(/resource "alicloud_instance"|Type: ALIYUN::ECS::Instance/g)?.length, ask).toBe(ask.includes("3 web") ? 4 : 3);
    }
  });

  it("'open 80, 443, 8080-8090 to the world and 22 to 192.168.10.0/24 only': the range is 22's alone, and the check says so", () => {
    const ask = "one ECS, open 80, 443, 8080-8090 to the world and 22 to 192.168.10.0/24 only";
    expect(portsOf(generated(ask))).toEqual(["8080/8090 0.0.0.0/0", "80/80 0.0.0.0/0", "443/443 0.0.0.0/0", "22/22 192.168.10.0/24"]);
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.broader).toEqual([]);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
  });

  it("'带 5M 公网带宽，开放 80 端口': the bandwidth is 5 Mbps, not the port's 80", () => {
    const ask = "我需要在上海部署一个测试环境：一台 2核4G 的 ECS，系统盘 60G，带 5M 公网带宽，开放 80 端口";
    expect(props(generated(ask), "ALIYUN::ECS::Instance")[0]).toMatchObject({ InternetMaxBandwidthOut: 5 });
    expect(checkRequest({ request: ask, template: generateTemplate({ text: ask }).content })?.notExpressed).toEqual([]);
  });

  it("'RDS MySQL 8.0 with 100GB, Redis 4GB': 100 GB is the database's storage, 4 GB the cache's class", () => {
    const ask = "Set up a web stack in cn-shenzhen: 2 ECS (4C8G), an SLB on 80 and 443, RDS MySQL 8.0 with 100GB, Redis 4GB";
    const template = generated(ask);
    expect(props(template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ DBInstanceStorage: 100 });
    expect(template.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.stand.default");
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("'make the servers 3' sets the count, and the check places it", () => {
    const before = generated("two ECS in a VPC, Hangzhou");
    const after = edited(before, "make the servers 3");
    expect(ofType(after, "ALIYUN::ECS::Instance")).toHaveLength(3);
    const check = checkRequest({ request: "make the servers 3", template: JSON.stringify(after), before: JSON.stringify(before) });
    expect(check?.unplaced).toEqual([]);
    expect(check?.notExpressed).toEqual([]);
  });

  it("'key pair my-key, password login disabled': KeyPairName and no password (ROS and Terraform); without a key pair the password stays", () => {
    const ros = generated("Two ECS instances in Beijing, password login disabled, key pair my-key");
    for (const server of props(ros, "ALIYUN::ECS::Instance")) {
      expect(server.KeyPairName).toBe("my-key");
      expect(server.Password).toBeUndefined();
    }
    expect(ros.Parameters?.EcsPassword).toBeUndefined();
    const terraform = hcl(ros);
    expect(terraform).toMatch(/key_name\s+= "my-key"/);
    expect(terraform).not.toMatch(/ecs_password/);
    expect(props(generated("一台ECS，使用密钥对 prod-key 登录，禁用密码"), "ALIYUN::ECS::Instance")[0]).toMatchObject({ KeyPairName: "prod-key" });
    const noKey = generateTemplate({ text: "one ECS, key pair login only" });
    expect(props(noKey.template as Template, "ALIYUN::ECS::Instance")[0]?.Password).toEqual({ Ref: "EcsPassword" });
    expect(checkRequest({ request: "one ECS with key pair ops-key", template: noKey.content })?.unplaced).toEqual([]);
  });

  it("'an OSS bucket with CORS' names CORS as not built", () => {
    const result = generateTemplate({ text: "an OSS bucket named my-app-assets with CORS and public read" });
    expect(result.content).not.toMatch(/CORS/i);
    expect(JSON.stringify(result)).toMatch(/CORS rules on the bucket/);
  });

  describe("casual edits of a running template", () => {
    const stack = () => generated("VPC with 2 ECS, an RDS MySQL 8.0 and a Redis 6.0, in Hangzhou");

    it("'attach a 50 Mbps EIP to each server' is one 50 Mbps EIP per server", () => {
      const after = edited(stack(), "attach a 50 Mbps EIP to each server");
      expect(props(after, "ALIYUN::VPC::EIP").map((eip) => eip.Bandwidth)).toEqual([50, 50]);
    });

    it("'upgrade redis to 7.0' is Redis 7.0, and the check places 7.0 once", () => {
      const before = stack();
      const after = edited(before, "upgrade redis to 7.0");
      expect(props(after, "ALIYUN::REDIS::Instance")[0]).toMatchObject({ EngineVersion: "7.0" });
      const check = checkRequest({ request: "upgrade redis to 7.0", template: JSON.stringify(after), before: JSON.stringify(before) });
      expect(check?.unplaced).toEqual([]);
      expect(check?.notExpressed).toEqual([]);
    });

    it("'把 SSH 限制到 10.0.0.0/8' restricts SSH to that range", () => {
      expect(portsOf(edited(stack(), "把 SSH 限制到 10.0.0.0/8")).filter((port) => port.startsWith("22/22"))).toEqual(["22/22 10.0.0.0/8"]);
    });

    it("'再开一个 8080 端口给内网' opens 8080 to the VPC's range only", () => {
      const after = edited(stack(), "再开一个 8080 端口给内网");
      expect(portsOf(after)).toContain("8080/8080 192.168.0.0/16");
      expect(portsOf(after)).not.toContain("8080/8080 0.0.0.0/0");
    });

    it("'move everything to Shanghai' / '换到北京' moves the region; a pinned zone of the old region stops being the default", () => {
      const moved = edited(stack(), "move everything to Shanghai");
      expect(String((moved as unknown as { Description: string }).Description)).toMatch(/Region: cn-shanghai \(create the stack in this region\)\.$/);
      const pinned = edited(generated("MySQL 8.0 in cn-hangzhou-h with 100GB"), "换到北京");
      expect(String((pinned as unknown as { Description: string }).Description)).toMatch(/Region: cn-beijing/);
      expect(pinned.Parameters?.ZoneId?.Default).toBeUndefined();
    });

    it("'make it private' sets a bucket's ACL; on a template without a bucket it changes nothing", () => {
      const bucket = edited(generated("OSS bucket logs-bucket, public read"), "make it private");
      expect(props(bucket, "ALIYUN::OSS::Bucket")[0]).toMatchObject({ AccessControl: "private" });
      expect(editTemplate(generated("one ECS") as unknown as Record<string, unknown>, "make it private").understood).toBe(false);
    });
  });

  it("'lifecycle: logs/ to IA after 30 days, to Archive after 180 days, delete after 2 years': one rule on logs/ with both transitions and a 730-day expiry", () => {
    const ask = "OSS bucket, lifecycle: logs/ to IA after 30 days, to Archive after 180 days, delete after 2 years";
    const rule = (props(generated(ask), "ALIYUN::OSS::Bucket")[0]?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule[0];
    expect(rule).toMatchObject({ Prefix: "logs/", Expiration: { Days: 730 } });
    expect(rule?.Transition).toEqual([
      { Days: 30, StorageClass: "IA" },
      { Days: 180, StorageClass: "Archive" },
    ]);
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("a block said to be a subnet is a vSwitch of the /16 around it, never the VPC itself", () => {
    const cidrs = (template: Template, type: string) => props(template, type).map((resource) => resource.CidrBlock);
    const nat = generated("NAT gateway with SNAT for the 10.0.1.0/24 subnet, EIP 100Mbps");
    expect(cidrs(nat, "ALIYUN::ECS::VPC")).toEqual(["10.0.0.0/16"]);
    expect(cidrs(nat, "ALIYUN::ECS::VSwitch")).toEqual(["10.0.1.0/24"]);
    const two = generated("VPC with subnets 10.0.1.0/24 and 10.0.2.0/24");
    expect(cidrs(two, "ALIYUN::ECS::VPC")).toEqual(["10.0.0.0/16"]);
    expect(cidrs(two, "ALIYUN::ECS::VSwitch")).toEqual(["10.0.1.0/24", "10.0.2.0/24"]);
    // A block written as the VPC's stays the VPC's.
    expect(cidrs(generated("VPC 192.168.1.0/24 with one ECS"), "ALIYUN::ECS::VPC")).toEqual(["192.168.1.0/24"]);
  });

  it("'redirect 80 to 443' / '80 跳转到 443' / 'HTTP to HTTPS redirect': an HTTP listener forwarding its clients to the HTTPS one, not a backend port 443", () => {
    for (const ask of ["SLB with HTTPS 443 and redirect 80 to 443, 2 ECS behind it", "负载均衡 HTTPS 443，80 跳转到 443，两台 ECS"]) {
      const listeners = props(generated(ask), "ALIYUN::SLB::Listener");
      expect(
        listeners.find((listener) => listener.ListenerPort === 80),
        ask,
      ).toMatchObject({
        Protocol: "http",
        BackendServerPort: 80,
        HttpConfig: { ListenerForward: "on", ForwardPort: 443 },
      });
      expect(
        listeners.find((listener) => listener.ListenerPort === 443),
        ask,
      ).toMatchObject({ Protocol: "https" });
      const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      expect(check?.applied.find((value) => value.kind === "port-redirect")?.where, ask).toBe("SlbListener80.HttpConfig.ForwardPort");
      expect(check?.notExpressed, ask).toEqual([]);
    }
    const terraform = generateTemplate({ text: "Terraform: SLB, HTTP to HTTPS redirect, 2 ECS" }).content;
    expect(terraform).toMatch(/frontend_port\s+= 80[\s\S]*?listener_forward = "on"\n\s+forward_port\s+= 443/);
    // A mapping still forwards to its backend port.
    expect(props(generated("SLB listener 80 forwarding to 8080, 2 ECS"), "ALIYUN::SLB::Listener")[0]).toMatchObject({
      ListenerPort: 80,
      BackendServerPort: 8080,
    });
    // The check flags a redirect written as a backend port.
    const wrong = generated("SLB with HTTPS 443 and redirect 80 to 443, 2 ECS behind it");
    for (const listener of props(wrong, "ALIYUN::SLB::Listener")) delete listener.HttpConfig;
    const flagged = checkRequest({ request: "SLB with HTTPS 443 and redirect 80 to 443, 2 ECS behind it", template: JSON.stringify(wrong) });
    expect(flagged?.notExpressed.map((value) => value.kind)).toEqual(["port-redirect"]);
  });

  it("'杭州 H 区和 I 区', 'zone H': zones by their letter in the request's region, placed by the check", () => {
    const ask = "创建一个 VPC，网段 10.0.0.0/16，两个交换机 10.0.1.0/24 和 10.0.2.0/24，分别在杭州 H 区和 I 区";
    const template = generated(ask);
    expect([template.Parameters?.ZoneId1?.Default, template.Parameters?.ZoneId2?.Default]).toEqual(["cn-hangzhou-h", "cn-hangzhou-i"]);
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.applied.filter((value) => value.kind === "zone").map((value) => value.where)).toEqual([
      "VSwitch1.ZoneId (parameter ZoneId1)",
      "VSwitch2.ZoneId (parameter ZoneId2)",
    ]);
    expect(generated("two ECS in Hangzhou zone H").Parameters?.ZoneId?.Default).toBe("cn-hangzhou-h");
    // Without a region no zone is guessed.
    expect(generated("two ECS in zone H").Parameters?.ZoneId?.Default).toBeUndefined();
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

  it("a named image in Terraform looks that image up ('Ubuntu 22.04': name_regex ^ubuntu_22_04_x64), not Alibaba Cloud Linux", () => {
    const result = generateTemplate({ text: "Terraform: one ECS with Ubuntu 22.04 in a new VPC" });
    expect(result.content).toMatch(/data "alicloud_images" "ecs" \{\n\s+name_regex\s+= "\^ubuntu_22_04_x64_20G_alibase_"/);
    expect(result.content).not.toContain("^aliyun_3_x64");
    expect(generateTemplate({ text: "Terraform: one ECS in a new VPC" }).content).toContain('"^aliyun_3_x64"');
  });

  it("an image the table does not hold gets no guessed id", () => {
    const template = generated("one ECS with Rocky Linux 9");
    expect(image(template).Default).toBeUndefined();
  });
});
