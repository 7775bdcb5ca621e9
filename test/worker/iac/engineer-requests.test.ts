/**
 * Issue 27 item 6: what engineers ask for, done right, in their own words (not the grammar's
 * phrasings), in English and Chinese, for ROS and Terraform. Each test names the item it proves:
 * engine switches, OSS static websites, lifecycle prefixes and transitions, count forms, images by
 * name, a listener's protocol, and the defects the issue lists. Templates come from the real
 * generator and editor and must pass the validator.
 */
import { describe, expect, it } from "vitest";
import { checkRequest, editTemplate, generateTemplate, validateTemplateObject } from "../../../src/iac/index";
import { edited, generated, hcl, ofType, props, rules, type Template } from "./engineer-request-helpers";

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

  it("'RDS PostgreSQL 14 instance, 4 cores 8 GB, 100 GB ESSD': storage 100, the class of 4 cores 8 GB; no server read from 'instance'", () => {
    const ask = "I need an RDS PostgreSQL 14 instance, 4 cores 8 GB, 100 GB ESSD, only reachable from 10.0.2.0/24";
    const template = generated(ask);
    expect(props(template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "14.0", DBInstanceStorage: 100 });
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(0);
    // The class of that size in the general-purpose family (kinds/rds/instance-class.ts), as the selector's default.
    expect(template.Parameters?.RdsInstanceClass?.Default).toBe("pg.n2.large.2c");
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual({ kind: "compute-spec", text: "4 cores 8 GB", where: "RdsInstance.DBInstanceClass (parameter RdsInstanceClass)" });
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

  it("'an OSS bucket with CORS' builds a CORS rule (round eight; it was named as not built), and the check flags a template without one", () => {
    const ask = "an OSS bucket named my-app-assets with CORS and public read";
    const result = generateTemplate({ text: ask });
    expect(props(result.template as Template, "ALIYUN::OSS::Bucket")[0]?.CORSConfiguration).toEqual({
      CORSRule: [{ AllowedOrigin: ["*"], AllowedMethod: ["GET", "HEAD"], AllowedHeader: ["*"] }],
    });
    // No origin was named: the reply says every origin may read, so the user narrows it.
    expect(result.summary).toContain("no origin was named");
    expect(checkRequest({ request: ask, template: result.content })?.notExpressed).toEqual([]);
    const without = structuredClone(result.template as Template);
    delete props(without, "ALIYUN::OSS::Bucket")[0]?.CORSConfiguration;
    expect(checkRequest({ request: ask, template: JSON.stringify(without) })?.notExpressed).toContainEqual({
      kind: "bucket-setting",
      text: "CORS",
      reason: "missing",
    });
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

describe("issue 27: engineers' requests, round five", () => {
  it("'an SLB (intranet)': the protocol in brackets after the noun keeps it inside the VPC, and the check flags an internet one", () => {
    const ask = "Can you create an SLB (intranet) listening on TCP 3306 forwarding to 3306 on two backend ECS?";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::LoadBalancer")[0]).toMatchObject({ AddressType: "intranet" });
    const internet = structuredClone(template);
    (props(internet, "ALIYUN::SLB::LoadBalancer")[0] as Record<string, unknown>).AddressType = "internet";
    expect(checkRequest({ request: ask, template: JSON.stringify(internet) })?.broader).toContainEqual(
      expect.objectContaining({ kind: "public", asked: "an internal load balancer", found: "internet" }),
    );
    // "2 private app servers behind an SLB": the servers are private, the load balancer is not.
    expect(props(generated("2 private app servers behind an SLB, a VPC"), "ALIYUN::SLB::LoadBalancer")[0]).toMatchObject({ AddressType: "internet" });
  });

  it("'Web tier — 4 nodes, ecs.c6.large …; DB tier — PostgreSQL 14, 4 cores 8 GB …; allow 5432 only from the web tier's subnet 10.0.1.0/24'", () => {
    const ask =
      "Web tier — 4 nodes, ecs.c6.large, each with a 100 GiB data disk; DB tier — PostgreSQL 14, 4 cores 8 GB, 200 GB storage; allow 5432 only from the web tier's subnet 10.0.1.0/24";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(4);
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.c6.large");
    expect(template.Parameters?.RdsInstanceClass?.Default).toBe("pg.n2.large.2c");
    expect(props(template, "ALIYUN::ECS::VSwitch")[0]?.CidrBlock).toBe("10.0.1.0/24");
    expect(rules(template)).toContainEqual(expect.objectContaining({ PortRange: "5432/5432", SourceCidrIp: "10.0.1.0/24" }));
    expect(props(template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ DBInstanceStorage: 200, SecurityIPList: "10.0.1.0/24" });
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect([check?.notExpressed, check?.unplaced, check?.unrequested, check?.broader]).toEqual([[], [], [], []]);
    expect(check?.applied).toContainEqual({ kind: "count", text: "4", where: "4 × ecs" });
  });

  it("'bump the web nodes to 6' / 'actually make that 3 instances': the count set, placed by the check, no server called unrequested", () => {
    const base = generated("Web tier — 4 nodes, ecs.c6.large");
    const after = edited(base, "bump the web nodes to 6");
    expect(ofType(after, "ALIYUN::ECS::Instance")).toHaveLength(6);
    const check = checkRequest({ request: "bump the web nodes to 6", template: JSON.stringify(after), before: JSON.stringify(base) });
    expect([check?.unplaced, check?.unrequested]).toEqual([[], []]);
    const nat = generated("Set up a NAT gateway so my private ECS instances (2 of them, no public IPs) can reach the internet. Region ap-southeast-1.");
    expect(ofType(nat, "ALIYUN::ECS::Instance")).toHaveLength(2);
    const three = edited(nat, "actually make that 3 instances");
    expect(ofType(three, "ALIYUN::ECS::Instance")).toHaveLength(3);
    expect(checkRequest({ request: "actually make that 3 instances", template: JSON.stringify(three), before: JSON.stringify(nat) })?.unplaced).toEqual([]);
  });

  it("a database's vCPU/memory is its class: MySQL HA 2 cores 4GB, 基础版 4核8G, PostgreSQL in Terraform; SQL Server's is named, not guessed", () => {
    const ha = generated("MySQL 5.7 RDS, high availability, 2 cores 4GB, 50GB, whitelist 10.0.0.0/8");
    expect(ha.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n2.medium.2c");
    expect(props(ha, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Category: "HighAvailability", DBInstanceStorage: 50 });
    // The servers keep their own pair: "2 servers 2核4G, MySQL 4核8G 基础版".
    const basic = generated("2 servers 2核4G, MySQL 4核8G 基础版, 100G 存储");
    expect(basic.Parameters?.EcsInstanceType?.Default).toBe("ecs.c7.large");
    expect(basic.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n2.large.1");
    expect(props(basic, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Category: "Basic" });
    const terraform = generateTemplate({ text: "Terraform: RDS PostgreSQL 15 with 4 vCPU 16 GB, high availability" }).content;
    expect(terraform).toMatch(/instance_type\s+= "pg\.n4\.large\.2c"\n\s+category\s+= "HighAvailability"/);
    const sqlServer = generateTemplate({ text: "RDS SQL Server 2019 standard, 4c16g, 500GB, in cn-hangzhou" });
    expect(props(sqlServer.template as Template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ DBInstanceStorage: 500 });
    expect((sqlServer.template as Template).Parameters?.RdsInstanceClass?.Default).toBeUndefined();
    expect(JSON.stringify(sqlServer)).toMatch(/SQL Server database of 4 vCPU \/ 16 GiB/);
    expect(checkRequest({ request: "RDS SQL Server 2019 standard, 4c16g, 500GB, in cn-hangzhou", template: sqlServer.content })?.notExpressed).toEqual([
      { kind: "compute-spec", text: "4c16g", reason: "missing" },
    ]);
  });

  it("'a Redis 6.0 instance with 8 GB memory': the class of 8 GB; 'Redis 5.0 2GB + RDS …': 2 GB is the cache's, by the check too", () => {
    expect(
      generated("I want a Redis 6.0 instance with 8 GB memory in a new VPC, accessible from 10.1.0.0/16 only").Parameters?.RedisInstanceClass?.Default,
    ).toBe("redis.master.large.default");
    const ask = "Terraform: Redis 5.0 2GB + RDS PostgreSQL 16 2C4G + 1 ECS 4C8G, hangzhou";
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
  });

  it("'to IA after 30 days and to Archive after 180, delete after 365': the days named once hold for the later clauses", () => {
    const ask =
      "give me an OSS bucket called acme-logs-prod, private, versioning on, move objects to IA after 30 days and to Archive after 180, delete after 365";
    const [bucket] = props(generated(ask), "ALIYUN::OSS::Bucket");
    expect(bucket?.LifecycleConfiguration).toMatchObject({
      Rule: [
        {
          Expiration: { Days: 365 },
          Transition: [
            { Days: 30, StorageClass: "IA" },
            { Days: 180, StorageClass: "Archive" },
          ],
        },
      ],
    });
    expect(checkRequest({ request: ask, template: generateTemplate({ text: ask }).content })?.unplaced).toEqual([]);
  });

  it("'no versioning' is versioning asked away: no finding when the bucket has none, one when it has it", () => {
    const ask = "OSS bucket for backups: bkp-prod-01, private, server-side encryption with KMS, transition to Archive after 90 days, no versioning";
    const result = generateTemplate({ text: ask });
    expect(result.content).not.toMatch(/VersioningConfiguration/);
    expect(checkRequest({ request: ask, template: result.content })?.notExpressed).toEqual([]);
    const versioned = generateTemplate({ text: "OSS bucket bkp-prod-01, private, versioning on" }).content;
    expect(checkRequest({ request: ask, template: versioned })?.notExpressed).toContainEqual(
      expect.objectContaining({ text: "versioning", reason: "still-present" }),
    );
  });

  it("a full zone id ('in cn-hangzhou-i') and zone letters reach Terraform's vSwitches; letters without a region are named, not guessed", () => {
    const terraform = generateTemplate({ text: "Terraform please: one VPC (10.20.0.0/16), a single vswitch 10.20.1.0/24 in cn-hangzhou-i, one ECS" }).content;
    expect(terraform).toMatch(/zone_id\s+= "cn-hangzhou-i"/);
    const letters = generateTemplate({ text: "Terraform: shanghai, VPC with 2 vswitches in zones b and g, one ECS" }).content;
    expect(letters).toMatch(/zone_id\s+= "cn-shanghai-b"[\s\S]*zone_id\s+= "cn-shanghai-g"/);
    const ask = "create a vpc with cidr 10.8.0.0/16 and 3 vswitches: 10.8.1.0/24 (zone a), 10.8.2.0/24 (zone b), 10.8.3.0/24 (zone c)";
    expect(checkRequest({ request: ask, template: generateTemplate({ text: ask }).content })?.notExpressed.map((value) => value.text)).toEqual(["a", "b", "c"]);
  });

  it("'3 Ubuntu 22.04 boxes … behind a public CLB on 80/443, backend 8080. SSH only from 10.0.0.5': three servers, both listeners to 8080, 8080 not the SSH range's", () => {
    const ask = "Spin up 3 Ubuntu 22.04 boxes (ecs.g7.xlarge) in Singapore behind a public CLB on 80/443, backend 8080. SSH only from 10.0.0.5";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(3);
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => [listener.ListenerPort, listener.BackendServerPort])).toEqual([
      [80, 8080],
      [443, 8080],
    ]);
    expect(rules(template)).toContainEqual(expect.objectContaining({ PortRange: "22/22", SourceCidrIp: "10.0.0.5/32" }));
    expect(rules(template)).not.toContainEqual(expect.objectContaining({ PortRange: "8080/8080", SourceCidrIp: "10.0.0.5/32" }));
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
  });

  it("'add HTTPS on 443' / 'add a listener on 8443 forwarding to 8080': a listener on the load balancer and the port on the servers (ROS and Terraform)", () => {
    const base = generated("3 web servers behind an SLB in Beijing");
    const https = edited(base, "add HTTPS on 443");
    expect(props(https, "ALIYUN::SLB::Listener")).toContainEqual(
      expect.objectContaining({ Protocol: "https", ListenerPort: 443, BackendServerPort: 443, ServerCertificateId: { Ref: "SlbServerCertificateId" } }),
    );
    expect(https.Parameters?.SlbServerCertificateId).toBeDefined();
    expect(rules(https)).toContainEqual(expect.objectContaining({ PortRange: "443/443" }));
    expect(hcl(https)).toMatch(/protocol\s+= "https"[\s\S]*frontend_port\s+= 443/);
    const mapped = edited(base, "add a listener on 8443 forwarding to 8080");
    expect(props(mapped, "ALIYUN::SLB::Listener")).toContainEqual(expect.objectContaining({ Protocol: "tcp", ListenerPort: 8443, BackendServerPort: 8080 }));
    expect(rules(mapped)).toContainEqual(expect.objectContaining({ PortRange: "8080/8080" }));
  });

  it("'remove one of the data disks' takes one disk off each server, not all, and the check reads it as fewer", () => {
    const base = generated("Two ECS instances each with 2 data disks of 200GB");
    const after = edited(base, "remove one of the data disks");
    expect(props(after, "ALIYUN::ECS::Instance").map((server) => (server.DiskMappings as unknown[]).length)).toEqual([1, 1]);
    const check = checkRequest({ request: "remove one of the data disks", template: JSON.stringify(after), before: JSON.stringify(base) });
    expect(check?.applied).toContainEqual({ kind: "count", text: "one of the data disks", where: "2 × disk (4 before)" });
    expect(check?.notExpressed).toEqual([]);
  });

  it("'安全组放行 22（仅 116.62.0.0/16）和 443' (Terraform): 22 from that range only, 443 to everyone; the aside does not end the list", () => {
    const ask = "帮我写个 Terraform：上海，VPC 172.16.0.0/16，3 台 4核8G ECS，系统盘 100G ESSD，每台一个 10M EIP，安全组放行 22（仅 116.62.0.0/16）和 443";
    const result = generateTemplate({ text: ask });
    expect(result.content).toMatch(/port_range\s+= "22\/22"\n[\s\S]{0,80}cidr_ip\s+= "116\.62\.0\.0\/16"/);
    expect(result.content).toMatch(/port_range\s+= "443\/443"\n[\s\S]{0,80}cidr_ip\s+= "0\.0\.0\.0\/0"/);
    expect(result.content).not.toContain("ssh_from_vpc");
    const check = checkRequest({ request: ask, template: result.content });
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
  });

  it("'SLB (public, 443 TCP → 8443)': a protocol word between the port and the arrow keeps the mapping (generator and check)", () => {
    const ask =
      "Production: SLB (public, 443 TCP → 8443), 4 x ecs.g7.2xlarge in two zones, RDS MySQL 8.0 HA 4C16G 500GB, Redis 16G, NAT for outbound, region cn-shenzhen";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::Listener")).toEqual([expect.objectContaining({ Protocol: "tcp", ListenerPort: 443, BackendServerPort: 8443 })]);
    expect(template.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n4.large.2c");
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
  });

  it("'Two vswitches, one public subnet … and one private …': a count of some of them is a part of the total, not the total", () => {
    const ask = "Two vswitches, one public subnet 10.0.1.0/24 for the SLB and one private 10.0.2.0/24 for the app servers, VPC 10.0.0.0/16";
    const result = generateTemplate({ text: ask });
    expect(ofType(result.template as Template, "ALIYUN::ECS::VSwitch")).toHaveLength(2);
    expect(checkRequest({ request: ask, template: result.content })?.notExpressed).toEqual([]);
  });

  it("'2 c7.large instances … each with its own public IP': an ECS type written without 'ecs.' is that type, two servers with an EIP each", () => {
    const ask = "I need 2 c7.large instances running CentOS 7 in us-west-1, each with its own public IP (5 Mbps), ports 80 and 443 open to all";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(2);
    expect(ofType(template, "ALIYUN::VPC::EIP")).toHaveLength(2);
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.c7.large");
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
  });

  it("'可用区 H 和 K': a vSwitch in each zone named, placed by the check", () => {
    const ask = "网站架构：负载均衡 + 3 台服务器（2核4G）+ RDS MySQL 5.7，服务器不要公网 IP，地域北京，可用区 H 和 K";
    const template = generated(ask);
    expect([template.Parameters?.ZoneId1?.Default, template.Parameters?.ZoneId2?.Default]).toEqual(["cn-beijing-h", "cn-beijing-k"]);
    const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
    expect(check?.applied.filter((value) => value.kind === "zone").map((value) => value.text)).toEqual(["H", "K"]);
  });

  it("a setting the engine does not build ('IPv6 enabled') is named by the check; 'no IPv6' is none; 'deletion protection' is built (round nine)", () => {
    const ipv6 = "an ECS with IPv6 enabled";
    expect(checkRequest({ request: ipv6, template: generateTemplate({ text: ipv6 }).content })?.notExpressed).toEqual([
      { kind: "setting", text: "IPv6", reason: "missing" },
    ]);
    expect(JSON.stringify(generateTemplate({ text: ipv6 }))).toMatch(/IPv6 \(the VPC, vSwitches and servers are IPv4 only\)/);
    const protectedDb = "RDS MySQL 8.0 with deletion protection, no IPv6";
    const check = checkRequest({ request: protectedDb, template: generateTemplate({ text: protectedDb }).content });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "setting", text: "deletion protection" }));
    expect(check?.applied).toContainEqual({ kind: "setting", text: "IPv6", where: "removed" });
  });

  it("'delete objects under tmp/ after 3 days and move images/ to IA after 60 days': a rule per prefix (ROS and Terraform); days on the other prefix's rule are misplaced", () => {
    const ask = 'oss bucket "media-prod", lifecycle: delete objects under tmp/ after 3 days and move images/ to IA after 60 days';
    const template = generated(ask);
    const rulesOf = (bucket: Template) => (props(bucket, "ALIYUN::OSS::Bucket")[0]?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule;
    expect(rulesOf(template)).toEqual([
      expect.objectContaining({ Prefix: "tmp/", Expiration: { Days: 3 } }),
      expect.objectContaining({ Prefix: "images/", Transition: [{ Days: 60, StorageClass: "IA" }] }),
    ]);
    expect(rulesOf(template)[0]).not.toHaveProperty("Transition");
    const terraform = generateTemplate({ text: `Terraform: ${ask}` }).content;
    expect(terraform).toMatch(/prefix\s+= "tmp\/"[\s\S]*prefix\s+= "images\/"/);
    for (const text of [generateTemplate({ text: ask }).content, terraform])
      expect(checkRequest({ request: ask, template: text })?.notExpressed, text.slice(0, 40)).toEqual([]);
    // The days swapped between the two prefixes' rules: both are misplaced.
    const swapped = structuredClone(template);
    const [tmp, images] = rulesOf(swapped);
    if (!tmp || !images) throw new Error("two rules");
    tmp.Expiration = { Days: 60 };
    images.Transition = [{ Days: 3, StorageClass: "IA" }];
    const check = checkRequest({ request: ask, template: JSON.stringify(swapped) });
    expect(check?.notExpressed.map((value) => [value.kind, value.text, value.reason])).toEqual([
      ["days", "3 days", "misplaced"],
      ["days", "60 days", "misplaced"],
    ]);
  });

  it("'4 private ECS, each 4 vCPU 16 GB, no public IP': 'each' is the size's, and no server gets an EIP", () => {
    const template = generated("A VPC with a NAT gateway and 4 private ECS, each 4 vCPU 16 GB, no public IP, in eu-central-1");
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(4);
    // The NAT gateway's own EIP only.
    expect(ofType(template, "ALIYUN::VPC::EIP")).toHaveLength(1);
  });

  it("'监听 80 和 443，后端都是 80': both listeners forward to 80", () => {
    const template = generated("两台 ECS 放在不同可用区，前面挂一个公网 SLB，监听 80 和 443，后端都是 80");
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => [listener.ListenerPort, listener.BackendServerPort])).toEqual([
      [80, 80],
      [443, 80],
    ]);
    expect(ofType(template, "ALIYUN::ECS::VSwitch")).toHaveLength(2);
  });

  it("a zone named is a vSwitch's: the check flags a template whose vSwitch lost it, even when a database still names it", () => {
    const ask = "MySQL 8.0 in cn-hangzhou-h with 100GB";
    const template = generated(ask);
    expect(checkRequest({ request: ask, template: JSON.stringify(template) })?.notExpressed).toEqual([]);
    const moved = structuredClone(template);
    delete (props(moved, "ALIYUN::ECS::VSwitch")[0] as Record<string, unknown>).ZoneId;
    expect(checkRequest({ request: ask, template: JSON.stringify(moved) })?.notExpressed).toContainEqual({
      kind: "zone",
      text: "cn-hangzhou-h",
      reason: "missing",
    });
  });

  it("'把第二台的规格改成 ecs.c7.large': one server's type alone is not written over all of them; the reply says why and the check names it", () => {
    const base = generated("3 ECS");
    const result = editTemplate(base as unknown as Record<string, unknown>, "把第二台的规格改成 ecs.c7.large");
    expect((result.template as unknown as Template).Parameters?.EcsInstanceType?.Default).toBe(base.Parameters?.EcsInstanceType?.Default);
    expect(JSON.stringify(result.unsupported)).toMatch(/EcsInstanceType/);
    const check = checkRequest({ request: "把第二台的规格改成 ecs.c7.large", template: JSON.stringify(result.template), before: JSON.stringify(base) });
    expect(check?.notExpressed).toEqual([{ kind: "instance-type", text: "ecs.c7.large", reason: "missing" }]);
    // With one server, "the first server" is all of them.
    const one = edited(generated("one ECS in Hangzhou"), "make the first server ecs.c7.large");
    expect(one.Parameters?.EcsInstanceType?.Default).toBe("ecs.c7.large");
  });

  it("'a pg 15 db (4c16g, 500g ssd)', 'MySQL RDS 8.0': a number after an engine's name is its version, for the check too", () => {
    for (const ask of [
      "spin up a redis 7 (16g) and a pg 15 db (4c16g, 500g ssd) in the same vpc, singapore, only reachable from 10.0.0.0/16",
      "MySQL RDS 8.0 with 100GB",
    ]) {
      const check = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      expect(
        check?.notExpressed.filter((value) => value.kind === "count"),
        ask,
      ).toEqual([]);
      expect(check?.unplaced, ask).toEqual([]);
    }
  });

  it("a value taken back right away ('10.0.0.0/8? no wait, 10.10.0.0/16', '100G, sorry, 200G') is gone, for the generator and the check", () => {
    const vpc = "VPC 10.0.0.0/8? no wait, 10.10.0.0/16. One ECS.";
    expect(props(generated(vpc), "ALIYUN::ECS::VPC")[0]?.CidrBlock).toBe("10.10.0.0/16");
    const checked = checkRequest({ request: vpc, template: generateTemplate({ text: vpc }).content });
    expect(checked?.applied.filter((value) => value.kind === "cidr").map((value) => value.text)).toEqual(["10.10.0.0/16"]);
    expect(props(generated("ECS with 100G, sorry, 200G system disk"), "ALIYUN::ECS::Instance")[0]?.SystemDiskSize).toBe(200);
    // "sorry, one more thing" takes nothing back.
    expect(ofType(generated("sorry, one more thing: 3 servers in a VPC"), "ALIYUN::ECS::Instance")).toHaveLength(3);
  });

  it("'Redis 7.0 集群版 32G': the cluster edition is named as not built, by the reply and the check", () => {
    const ask = "给我一个 Redis 7.0 集群版 32G，杭州";
    const result = generateTemplate({ text: ask });
    expect(JSON.stringify(result)).toMatch(/Redis 集群版（生成的是标准版主从实例）/);
    expect(checkRequest({ request: ask, template: result.content })?.notExpressed).toEqual([
      { kind: "setting", text: "Redis cluster edition", reason: "missing" },
    ]);
    expect(
      checkRequest({ request: "a Kafka cluster and a Redis 6.0", template: generateTemplate({ text: "a Kafka cluster and a Redis 6.0" }).content })
        ?.notExpressed,
    ).toEqual([{ kind: "product", text: "Kafka", reason: "missing" }]);
  });

  it("'白名单加上 192.168.5.0/24' adds the range to the database's whitelist; 'whitelist X' alone replaces it", () => {
    const base = generated("两台 ECS 和一个 RDS MySQL 8.0，杭州");
    const after = edited(base, "数据库存储扩到 500G，白名单加上 192.168.5.0/24");
    expect(props(after, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ DBInstanceStorage: 500, SecurityIPList: "192.168.0.0/16,192.168.5.0/24" });
    expect(props(generated("MySQL 8.0 RDS, whitelist 10.0.0.0/8"), "ALIYUN::RDS::DBInstance")[0]?.SecurityIPList).toBe("10.0.0.0/8");
  });

  it("'change the listener to 8080' moves the only listener's front port (the servers' port stays); 'turn off public access' makes the bucket private", () => {
    const moved = edited(generated("an SLB in front of 2 ECS, HTTP 80"), "change the listener to 8080");
    expect(props(moved, "ALIYUN::SLB::Listener")).toEqual([expect.objectContaining({ ListenerPort: 8080, BackendServerPort: 80 })]);
    expect(rules(moved)).toContainEqual(expect.objectContaining({ PortRange: "80/80" }));
    const bucket = edited(generated("OSS bucket web-assets-88, public read, static website hosting with index.html"), "turn off public access");
    expect(props(bucket, "ALIYUN::OSS::Bucket")[0]?.AccessControl).toBe("private");
  });

  it("'把 Redis 升级到 7.0，内存扩到 8G': the version and the class of 8 GB, placed by the check", () => {
    const base = generated("an ECS and a Redis 5.0 4G in a VPC");
    const ask = "把 Redis 升级到 7.0，内存扩到 8G";
    const after = edited(base, ask);
    expect(props(after, "ALIYUN::REDIS::Instance")[0]).toMatchObject({ EngineVersion: "7.0" });
    expect(after.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.large.default");
    const check = checkRequest({ request: ask, template: JSON.stringify(after), before: JSON.stringify(base) });
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
  });

  it("'2 data disks: 100G and 500G': each disk its own size (ROS and Terraform), placed by the check", () => {
    const ask = "one ECS with 2 data disks: 100G and 500G";
    const template = generated(ask);
    expect((props(template, "ALIYUN::ECS::Instance")[0]?.DiskMappings as Array<{ Size: number }>).map((disk) => disk.Size)).toEqual([100, 500]);
    expect(hcl(template)).toMatch(/data_disks \{[\s\S]*size\s+= 100[\s\S]*data_disks \{[\s\S]*size\s+= 500/);
    expect(checkRequest({ request: ask, template: generateTemplate({ text: ask }).content })?.notExpressed).toEqual([]);
  });

  it("products the engine does not build are named by the check too: auto scaling, a read replica, Kafka; 'no CDN' is none", () => {
    const scaling = "2 ECS with auto scaling between 2 and 6 instances behind an SLB";
    const scaled = generateTemplate({ text: scaling });
    expect(ofType(scaled.template as Template, "ALIYUN::ECS::Instance")).toHaveLength(2);
    expect(checkRequest({ request: scaling, template: scaled.content })?.notExpressed).toContainEqual({
      kind: "product",
      text: "auto scaling",
      reason: "missing",
    });
    for (const [ask, text] of [
      ["MySQL 8.0 RDS with a read replica, 100GB", "read replica"],
      ["a Kafka cluster and 2 ECS", "Kafka"],
    ] as const)
      expect(checkRequest({ request: ask, template: generateTemplate({ text: ask }).content })?.notExpressed, ask).toContainEqual({
        kind: "product",
        text,
        reason: "missing",
      });
    const none = "ECS in hangzhou, no CDN, no WAF";
    expect(checkRequest({ request: none, template: generateTemplate({ text: none }).content })?.notExpressed).toEqual([]);
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

describe("issue 27 item 6: OSS lifecycle rules read the way engineers write them", () => {
  type Rule = Record<string, unknown>;
  const rulesOf = (template: Template) => (props(template, "ALIYUN::OSS::Bucket")[0]?.LifecycleConfiguration as { Rule: Rule[] } | undefined)?.Rule ?? [];
  const checked = (ask: string, template: string) => checkRequest({ request: ask, template });

  it("'move objects older than 90 days to IA storage': one whole-bucket rule with a 90-day transition to IA (ROS and Terraform), every value found", () => {
    const ask = "I want an OSS bucket named my-app-assets, private ACL, versioning on, and move objects older than 90 days to IA storage.";
    const template = generated(ask);
    expect(rulesOf(template)).toEqual([expect.objectContaining({ Prefix: "", Transition: [{ Days: 90, StorageClass: "IA" }] })]);
    expect(rulesOf(template)[0]).not.toHaveProperty("Expiration");
    expect(hcl(template)).toMatch(/lifecycle_rule \{\n\s+prefix\s+= ""\n\s+enabled = true\n\s+transitions \{\n\s+days\s+= 90\n\s+storage_class = "IA"/);
    for (const text of [generateTemplate({ text: ask }).content, generateTemplate({ text: `Terraform: ${ask}` }).content]) {
      expect(checked(ask, text)?.notExpressed, text.slice(0, 30)).toEqual([]);
      expect(checked(ask, text)?.broader).toEqual([]);
    }
    // The days on another action: an expiry (the data deleted) or Archive where IA was asked.
    for (const wrong of [{ Expiration: { Days: 90 } }, { Transition: [{ Days: 90, StorageClass: "Archive" }] }]) {
      const mutated = structuredClone(template);
      const rule = rulesOf(mutated)[0] as Rule;
      delete rule.Transition;
      Object.assign(rule, wrong);
      expect(checked(ask, JSON.stringify(mutated))?.notExpressed).toEqual([expect.objectContaining({ kind: "days", text: "90 days", reason: "misplaced" })]);
    }
  });

  it("'delete after 7 days for prefix tmp/, after 180 days for prefix archive/': two rules, the second repeating the first's action; swapped days and an emptied prefix are flagged", () => {
    const ask = "OSS bucket for logs: logs-bucket-prod, lifecycle: delete after 7 days for prefix tmp/, after 180 days for prefix archive/, Beijing";
    const template = generated(ask);
    expect(props(template, "ALIYUN::OSS::Bucket")[0]).toMatchObject({ BucketName: "logs-bucket-prod" });
    expect(rulesOf(template)).toEqual([
      expect.objectContaining({ Prefix: "tmp/", Expiration: { Days: 7 } }),
      expect.objectContaining({ Prefix: "archive/", Expiration: { Days: 180 } }),
    ]);
    const terraform = generateTemplate({ text: `Terraform: ${ask}` }).content;
    expect(terraform).toMatch(
      /prefix\s+= "tmp\/"\n\s+enabled = true\n\s+expiration \{\n\s+days = 7[\s\S]*prefix\s+= "archive\/"\n\s+enabled = true\n\s+expiration \{\n\s+days = 180/,
    );
    for (const text of [generateTemplate({ text: ask }).content, terraform]) expect(checked(ask, text)?.notExpressed, text.slice(0, 30)).toEqual([]);
    const swapped = structuredClone(template);
    const [tmp, archive] = rulesOf(swapped);
    if (!tmp || !archive) throw new Error("two rules");
    tmp.Expiration = { Days: 180 };
    archive.Expiration = { Days: 7 };
    expect(checked(ask, JSON.stringify(swapped))?.notExpressed.map((value) => [value.text, value.reason])).toEqual([
      ["7 days", "misplaced"],
      ["180 days", "misplaced"],
    ]);
    const emptied = structuredClone(template);
    (rulesOf(emptied)[1] as Rule).Prefix = "";
    expect(checked(ask, JSON.stringify(emptied))?.broader).toEqual([expect.objectContaining({ kind: "prefix", text: "archive/" })]);
  });

  it("'expire tmp/ after 1 day and logs/ after 30 days', 'logs/ to IA after 30 days, images/ after 60 days': a prefix and days with no verb repeat the clause before", () => {
    expect(rulesOf(generated("OSS bucket media-prod, expire tmp/ after 1 day and logs/ after 30 days"))).toEqual([
      expect.objectContaining({ Prefix: "tmp/", Expiration: { Days: 1 } }),
      expect.objectContaining({ Prefix: "logs/", Expiration: { Days: 30 } }),
    ]);
    expect(rulesOf(generated("OSS bucket, lifecycle: logs/ to IA after 30 days, images/ after 60 days"))).toEqual([
      expect.objectContaining({ Prefix: "logs/", Transition: [{ Days: 30, StorageClass: "IA" }] }),
      expect.objectContaining({ Prefix: "images/", Transition: [{ Days: 60, StorageClass: "IA" }] }),
    ]);
  });

  it("'tmp/ 下的对象 7 天后删除，archive/ 下的 180 天后删除' and '30天后转低频，180天后转归档'", () => {
    expect(rulesOf(generated("OSS 存储桶 data-lake-01，tmp/ 下的对象 7 天后删除，archive/ 下的 180 天后删除"))).toEqual([
      expect.objectContaining({ Prefix: "tmp/", Expiration: { Days: 7 } }),
      expect.objectContaining({ Prefix: "archive/", Expiration: { Days: 180 } }),
    ]);
    expect(rulesOf(generated("建一个 OSS 存储桶，90天以上的对象转为低频存储"))).toEqual([
      expect.objectContaining({ Prefix: "", Transition: [{ Days: 90, StorageClass: "IA" }] }),
    ]);
    const ask = "建一个 OSS 存储桶，30天后转低频，180天后转归档";
    expect(rulesOf(generated(ask))[0]?.Transition).toEqual([
      { Days: 30, StorageClass: "IA" },
      { Days: 180, StorageClass: "Archive" },
    ]);
    expect(checked(ask, generateTemplate({ text: ask }).content)?.notExpressed).toEqual([]);
  });

  it("'objects older than 30 days go to Archive', 'archive objects after 90 days', 'should be moved to infrequent access': transitions, not expiries", () => {
    const transitions = (ask: string) => rulesOf(generated(ask)).map((rule) => [rule.Transition, rule.Expiration]);
    expect(transitions("OSS bucket, objects older than 30 days go to Archive")).toEqual([[[{ Days: 30, StorageClass: "Archive" }], undefined]]);
    expect(transitions("OSS bucket, archive objects after 90 days")).toEqual([[[{ Days: 90, StorageClass: "Archive" }], undefined]]);
    expect(transitions("OSS bucket, files older than 30 days should be moved to infrequent access, and files older than 180 days to archive")).toEqual([
      [
        [
          { Days: 30, StorageClass: "IA" },
          { Days: 180, StorageClass: "Archive" },
        ],
        undefined,
      ],
    ]);
    expect(transitions("OSS bucket backups-01, transition to cold archive after 365 days")).toEqual([
      [[{ Days: 365, StorageClass: "ColdArchive" }], undefined],
    ]);
  });

  it("'keep objects for 90 days', '日志保留 30 天', 'older than 14 days get deleted': expiries", () => {
    const expiry = (ask: string) => rulesOf(generated(ask)).map((rule) => [rule.Prefix, rule.Expiration]);
    expect(expiry("OSS bucket audit-logs-01, keep objects for 90 days")).toEqual([["", { Days: 90 }]]);
    expect(expiry("OSS 桶，日志保留 30 天")).toEqual([["", { Days: 30 }]]);
    expect(expiry("OSS bucket named web-assets-01, public-read, logs/ prefix objects older than 14 days get deleted")).toEqual([["logs/", { Days: 14 }]]);
    expect(expiry("OSS bucket, lifecycle rule to expire objects under uploads/tmp/ after 2 days")).toEqual([["uploads/tmp/", { Days: 2 }]]);
  });

  it("'deep cold archive after 180 days' and 'expire noncurrent versions after 30 days': not built as something else; the reply and the check name them", () => {
    for (const [ask, days] of [
      ["OSS bucket, transition to deep cold archive after 180 days", "180 days"],
      ["OSS bucket, expire noncurrent versions after 30 days", "30 days"],
    ] as const) {
      const result = generateTemplate({ text: ask });
      expect(rulesOf(result.template as Template), ask).toEqual([]);
      expect(result.summary, ask).toMatch(/Deep Cold Archive after 180 days|noncurrent \(previous\) versions after 30 days/);
      expect(checked(ask, result.content)?.notExpressed, ask).toEqual([{ kind: "days", text: days, reason: "missing" }]);
    }
    // Built as the nearest class the engine has, the check still names it.
    const ask = "OSS bucket, transition to deep cold archive after 180 days";
    const wrong = structuredClone(generated("OSS bucket, transition to cold archive after 180 days"));
    expect(checked(ask, JSON.stringify(wrong))?.notExpressed).toEqual([expect.objectContaining({ text: "180 days", reason: "misplaced" })]);
  });
});

describe("issue 27 item 6: RDS storage autoscaling, backup retention and HA words, as engineers write them", () => {
  const database = (template: Template) => props(template, "ALIYUN::RDS::DBInstance")[0] ?? {};
  const checked = (ask: string, content: string) => checkRequest({ request: ask, template: content })?.notExpressed ?? [];

  it("'storage 200GB to start with autoscale up to 1000GB' enables storage autoscaling to 1000 GB (default threshold said), never ESS", () => {
    const ask = "RDS MySQL 8.0 high availability, storage 200GB to start with autoscale up to 1000GB, whitelist 10.0.0.0/16, Beijing region";
    const result = generateTemplate({ text: ask });
    const template = generated(ask);
    expect(database(template)).toMatchObject({
      DBInstanceStorage: 200,
      StorageAutoScale: "Enable",
      StorageUpperBound: 1000,
      StorageThreshold: 20,
      Category: "HighAvailability",
    });
    expect(result.summary).toContain("storage autoscaling up to 1000 GB, expanding when 20% of the storage is free (a default");
    expect(result.summary).not.toMatch(/ESS/);
    expect(checked(ask, result.content)).toEqual([]);
  });

  it("paraphrases: 'auto-expand to 2TB', '开启存储自动扩容，上限 2000G', 'auto-grow storage when 80% full, max 1TB', '10% free'", () => {
    for (const [ask, storage, bound, threshold] of [
      ["RDS MySQL 8.0, 100GB storage with storage auto-expand to 2TB, Hangzhou", 100, 2048, 20],
      ["杭州，RDS MySQL 8.0，存储 200G，开启存储自动扩容，上限 2000G", 200, 2000, 20],
      // ROS's threshold is the share still free: 80% full is 20% free.
      ["RDS PostgreSQL 14 in Shanghai, 100GB, auto-grow storage when 80% full, max 1TB", 100, 1024, 20],
      ["RDS MySQL 8.0 primary and standby, 100GB, Hangzhou, storage auto grow up to 1TB at 10% free", 100, 1024, 10],
      ["MySQL 8.0, 100GB, autoscale storage to 500GB when 70% used, Hangzhou", 100, 500, 30],
    ] as const) {
      const result = generateTemplate({ text: ask });
      expect(database(generated(ask)), ask).toMatchObject({
        DBInstanceStorage: storage,
        StorageAutoScale: "Enable",
        StorageUpperBound: bound,
        StorageThreshold: threshold,
      });
      expect(result.summary, ask).not.toMatch(/ESS|弹性伸缩/);
      expect(checked(ask, result.content), ask).toEqual([]);
    }
  });

  it("Terraform writes storage_auto_scale, storage_threshold and storage_upper_bound", () => {
    const ask = "Terraform: MySQL 8.0 RDS in Beijing, 200GB storage, enable storage autoscaling up to 500GB with threshold 30%";
    const result = generateTemplate({ text: ask });
    expect(result.content).toMatch(/storage_auto_scale\s+= "Enable"/);
    expect(result.content).toMatch(/storage_threshold\s+= 30/);
    expect(result.content).toMatch(/storage_upper_bound\s+= 500/);
    expect(result.summary).not.toMatch(/Not expressed in the Terraform configuration/);
    expect(checked(ask, result.content)).toEqual([]);
  });

  it("the check flags a template without the upper bound, or with another one", () => {
    const ask = "RDS MySQL 8.0, storage 200GB, autoscale up to 1000GB, Hangzhou";
    const template = generated(ask);
    const without = structuredClone(template);
    for (const resource of ofType(without, "ALIYUN::RDS::DBInstance")) {
      delete resource.Properties?.StorageUpperBound;
      delete resource.Properties?.StorageAutoScale;
    }
    expect(checked(ask, JSON.stringify(without)).map((value) => value.text)).toEqual(["1000GB", "storage autoscaling"]);
    const other = structuredClone(template);
    for (const resource of ofType(other, "ALIYUN::RDS::DBInstance")) if (resource.Properties) resource.Properties.StorageUpperBound = 500;
    expect(checked(ask, JSON.stringify(other))).toContainEqual({ kind: "size", text: "1000GB", target: "storage-bound", reason: "missing" });
    const threshold = "RDS PostgreSQL 14, 100GB, auto-grow storage when 80% full, max 1TB";
    const wrong = structuredClone(generated(threshold));
    for (const resource of ofType(wrong, "ALIYUN::RDS::DBInstance")) if (resource.Properties) resource.Properties.StorageThreshold = 30;
    expect(checked(threshold, JSON.stringify(wrong)).map((value) => value.text)).toEqual(["80%"]);
  });

  it("autoscaling without an upper bound, or a threshold RDS does not offer, is named; ECS auto scaling stays ESS", () => {
    const bare = generateTemplate({ text: "RDS MySQL 8.0 in Hangzhou, storage 100GB, enable storage autoscaling" });
    expect(database(bare.template as Template).StorageAutoScale).toBeUndefined();
    expect(bare.summary).toContain("storage autoscaling without an upper bound");
    expect(checked("RDS MySQL 8.0 in Hangzhou, storage 100GB, enable storage autoscaling", bare.content).map((value) => value.text)).toEqual([
      "storage autoscaling",
    ]);
    const odd = generateTemplate({ text: "MySQL 8.0, 100GB, autoscale storage to 500GB when 75% used, Hangzhou" });
    expect(odd.summary).toContain("a storage autoscaling threshold of 25% free");
    expect(checked("MySQL 8.0, 100GB, autoscale storage to 500GB when 75% used, Hangzhou", odd.content).map((value) => value.text)).toEqual(["75%"]);
    const ess = "ECS auto scaling between 2 and 6 instances in Hangzhou, with an RDS MySQL 8.0 of 100GB";
    const scaling = generateTemplate({ text: ess });
    expect(scaling.summary).toContain("auto scaling (ESS)");
    expect(database(scaling.template as Template).StorageAutoScale).toBeUndefined();
    expect(checked(ess, scaling.content).map((value) => value.text)).toEqual(["auto scaling"]);
  });

  it("Terraform 'backup retention 7 days' writes an alicloud_db_backup_policy; ROS keeps BackupRetentionPeriod", () => {
    const ask = "Terraform: RDS PostgreSQL 15, pg.n2.medium.1, 100G ESSD PL1, backup retention 7 days, cn-hangzhou";
    const result = generateTemplate({ text: ask });
    expect(result.content).toMatch(
      /resource "alicloud_db_backup_policy" "rds_1" \{\n\s+instance_id\s+= alicloud_db_instance\.rds_1\.id\n\s+backup_retention_period = 7\n/,
    );
    expect(result.summary).not.toContain("backup retention 7 days");
    expect(checked(ask, result.content)).toEqual([]);
    for (const [words, days] of [
      ["MySQL 8.0 database in Hangzhou, 50GB, backups kept 14 days", 14],
      ["北京 RDS MySQL 8.0 高可用版，存储 100G，备份保留 30 天", 30],
    ] as const) {
      const template = generated(words);
      expect(database(template).BackupRetentionPeriod, words).toBe(days);
      expect(hcl(template), words).toContain(`backup_retention_period = ${days}`);
    }
  });

  it("'一主一备', '双机高可用', 'primary/standby', 'HA MySQL' are the high-availability edition; '基础版', 'single node' the basic one", () => {
    for (const [ask, category] of [
      ["给我一套：上海，SLB（公网）监听 443 转发到后端 8080，后端两台 4核8G ECS，RDS MySQL 5.7 一主一备，存储 100G。", "HighAvailability"],
      ["杭州 RDS MySQL 5.7 双机高可用，存储 50G", "HighAvailability"],
      ["RDS MySQL 8.0 primary/standby, 100GB, Shenzhen", "HighAvailability"],
      ["RDS MySQL 8.0 primary and standby, 100GB, Hangzhou", "HighAvailability"],
      ["HA MySQL 8.0 in Hangzhou, 100GB storage", "HighAvailability"],
      ["上海 RDS MySQL 8.0 基础版 存储 50G", "Basic"],
      ["RDS MySQL 8.0 single node, 20GB, Hangzhou", "Basic"],
      ["杭州 RDS MySQL 8.0 单机版，存储 20G", "Basic"],
    ] as const) {
      const template = generated(ask);
      expect(database(template).Category, ask).toBe(category);
      expect(hcl(template), ask).toContain(`category                 = "${category}"`);
    }
  });
});

describe("issue 27 item 6: the request check reads a database's edition", () => {
  it("'一主一备' and '基础版' are checked on the database's Category: a template without it is flagged", () => {
    for (const [ask, category] of [
      ["上海 RDS MySQL 5.7 一主一备，存储 100G", "HighAvailability"],
      ["RDS MySQL 8.0 primary/standby, 100GB, Shenzhen", "HighAvailability"],
      ["上海 RDS MySQL 8.0 基础版 存储 50G", "Basic"],
    ] as const) {
      const template = generateTemplate({ text: ask }).template as Template;
      expect(checkRequest({ request: ask, template: JSON.stringify(template) })?.notExpressed, ask).toEqual([]);
      const other = structuredClone(template);
      for (const resource of ofType(other, "ALIYUN::RDS::DBInstance"))
        if (resource.Properties) resource.Properties.Category = category === "Basic" ? "HighAvailability" : "Basic";
      expect(
        checkRequest({ request: ask, template: JSON.stringify(other) })?.notExpressed.map((value) => value.kind),
        ask,
      ).toEqual(["setting"]);
    }
  });
});
