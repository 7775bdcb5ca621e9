/**
 * Issue 19 item 1: the request check on its own — what it reads from a request (every family of
 * explicit value, in English and Chinese, with the traps the issue lists), where it finds each in a
 * template (a literal, or the Default of the parameter the property refers to; ROS and Terraform),
 * what it reports as not expressed or unrequested, and that it stays linear on hostile input.
 */
import { describe, expect, it } from "vitest";
import { checkRequest, extractRequestedValues, requestCheckMetadata, withRequestCheck } from "../../../src/iac/index";

const values = (request: string) =>
  extractRequestedValues(request).map((value) => `${value.kind}:${value.text}${value.role === "removed" ? " (removed)" : ""}`);

describe("reading values from a request", () => {
  it("reads CIDRs with their role, so a source range next to the VPC's own range is two values", () => {
    const read = extractRequestedValues("VPC 10.20.0.0/16 with MySQL, port 3306 only from 10.20.0.0/16");
    expect(read.filter((value) => value.kind === "cidr").map((value) => value.target)).toEqual(["network", "source"]);
  });

  it("reads port mappings in both word orders and in Chinese, and replacements without the word port", () => {
    expect(values("SLB listener 80 to backend 8080")).toContain("port-mapping:80 to backend 8080");
    expect(values("two app servers on backend port 8080 behind listener 80")).toContain("port-mapping:8080 behind listener 80");
    expect(values("负载均衡监听80端口，转发到后端8080")).toContain("port-mapping:80端口,转发到后端8080");
    expect(values("Load balancer with listeners 80->8080 and 443->8443")).toEqual(["port-mapping:80->8080", "port-mapping:443->8443"]);
    expect(values("把443改成8443")).toEqual(["port:8443"]);
    expect(values("change 443 to 8443")).toEqual(["port:8443"]);
    expect(values("close port 22")).toEqual(["port:22 (removed)"]);
  });

  it("reads several ports of one rule set, each next to its source", () => {
    expect(values("security group: 22 from 10.0.0.0/8, 3389 from 192.168.1.0/24, 80 and 443 from anywhere")).toEqual([
      "cidr:10.0.0.0/8",
      "cidr:192.168.1.0/24",
      "port:22",
      "port:3389",
      "port:80",
      "port:443",
    ]);
    expect(values("安全组开放80、443、8443端口")).toEqual(["port:80", "port:443", "port:8443"]);
  });

  it("reads sizes, bandwidths and specs in the units people type", () => {
    expect(values("两台4核8G的ECS，系统盘100G，公网带宽5M")).toEqual(["compute-spec:4核8G", "size:100G", "bandwidth:5M", "count:两台 ECS"]);
    const read = extractRequestedValues("PostgreSQL 14 with 1 TB storage, an EIP with 1 Gbps");
    expect(read.find((value) => value.kind === "size")).toMatchObject({ value: 1024, target: "storage" });
    expect(read.find((value) => value.kind === "bandwidth")).toMatchObject({ value: 1000 });
  });

  it("reads versions (including the ones the engine does not offer) but not a protocol named before a port", () => {
    expect(values("Redis 6.0 and PostgreSQL 16 and SQL Server 2019")).toEqual([
      "engine-version:Redis 6.0",
      "engine-version:PostgreSQL 16",
      "engine-version:SQL Server 2019",
    ]);
    expect(values("allow MySQL port 3306")).toEqual(["port:3306"]);
  });

  it("reads type strings, zones (a zone names its region), resource ids, bucket names and settings, days and counts", () => {
    expect(values("ECS ecs.g6.large in sg-bp1abcdefghij1234 and vsw-bp1zyxwvutsr9876, zone cn-hangzhou-h")).toEqual([
      "resource-id:sg-bp1abcdefghij1234",
      "resource-id:vsw-bp1zyxwvutsr9876",
      "instance-type:ecs.g6.large",
      "zone:cn-hangzhou-h",
    ]);
    expect(values("建一个名为 img-store-01 的存储桶，公共读，开启版本控制，30天后过期")).toEqual([
      "days:30天",
      "bucket-name:img-store-01",
      "bucket-setting:versioning",
      "bucket-setting:公共读",
    ]);
    expect(values("Set up 4 vSwitches across 2 zones")).toEqual(["count:4 vSwitches", "count:2 zones"]);
  });

  it("reads nothing from the template a request carries", () => {
    expect(values("Review this:\n```yaml\nResources:\n  Sg:\n    Properties:\n      PortRange: 22/22\n```")).toEqual([]);
  });

  it("stays linear on hostile input: 20 000 characters of near-matches take milliseconds", () => {
    const hostile = `${"1.1.1.1.1.1 port 80 to 8080 -> 3 ".repeat(400)}${"9".repeat(5000)}`;
    const started = performance.now();
    extractRequestedValues(hostile);
    expect(performance.now() - started).toBeLessThan(1000);
    const tenPorts = "open ports 21, 22, 80, 443, 3306, 5432, 6379, 8080, 8443 and 9000 on the security group";
    expect(extractRequestedValues(tenPorts).filter((value) => value.kind === "port")).toHaveLength(10);
  });
});

describe("looking values up in the template", () => {
  const template = `ROSTemplateFormatVersion: '2015-09-01'
Description: 'Region: cn-hangzhou'
Parameters:
  EcsInstanceType:
    Type: String
    AssociationProperty: ALIYUN::ECS::Instance::InstanceType
    Default: ecs.g7.large
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 192.168.0.0/16
  Ecs:
    Type: ALIYUN::ECS::Instance
    Properties:
      InstanceType:
        Ref: EcsInstanceType
      SystemDiskSize: 100
  Listener:
    Type: ALIYUN::SLB::Listener
    Properties:
      ListenerPort: 80
      BackendServerPort: 80
  Bucket:
    Type: ALIYUN::OSS::Bucket
`;

  it("finds literals and the Default of the parameter that keeps the console selector; lists every other value as not expressed", () => {
    const check = checkRequest({ request: "VPC 10.20.0.0/16, an ECS ecs.g7.large with 100G system disk, listener 80 to backend 8080, in Hangzhou", template });
    expect(check?.applied.map((value) => `${value.text} @ ${value.where}`)).toEqual([
      "ecs.g7.large @ Ecs.InstanceType (parameter EcsInstanceType)",
      "cn-hangzhou @ Description",
      "100G @ Ecs.SystemDiskSize",
      // Products are value-shaped words too (issue 27 item 1): each is placed among the resources.
      "VPC @ 1 × vpc",
      "ECS @ 1 × ecs",
    ]);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["10.20.0.0/16", "80 to backend 8080"]);
    expect(check?.unrequested).toEqual([{ resource: "Bucket", type: "ALIYUN::OSS::Bucket" }]);
  });

  it("puts the check's headline first and its misses under Not expressed, in the reply's language", () => {
    const check = checkRequest({ request: "VPC 10.20.0.0/16", template });
    if (!check) throw new Error("no check");
    const reply = withRequestCheck("Generated a template.\n\n**Parameters to fill in when creating the stack:**\n- `X`", check, "en");
    expect(reply.split("\n")[0]).toBe(
      '**Request check: 1 of the 2 values you gave are not in the template** (see "Not expressed in the template" below); the template does not fully meet your request.',
    );
    expect(reply).toMatch(
      /\*\*Not expressed in the template \(request check\):\*\*\n- `10\.20\.0\.0\/16` \(CIDR block, VPC or vSwitch range\): not found in the template[\s\S]*\*\*Parameters to fill in/,
    );
    const clean = checkRequest({ request: "ECS with an OSS bucket", template });
    if (!clean) throw new Error("no check");
    expect(withRequestCheck("Generated.\n\n**Parameters to fill in when creating the stack:**", clean, "en")).toBe(
      "**Request check:** all 2 values you gave are in the template.\n\nGenerated.\n\n**Parameters to fill in when creating the stack:**",
    );
    expect(withRequestCheck("已生成模板。", check, "zh").split("\n")[0]).toContain("**请求核对：你给出的 2 个值中有 1 个不在模板中**");
    expect(requestCheckMetadata(check).notExpressed).toEqual([{ kind: "cidr", text: "10.20.0.0/16", target: "network", reason: "missing" }]);
  });

  it("reads Terraform: attributes, variable defaults and the provider's region", () => {
    const hcl = `provider "alicloud" {\n  region = var.region\n}\nvariable "region" {\n  default = "cn-shanghai"\n}\nresource "alicloud_vpc" "main" {\n  cidr_block = "10.30.0.0/16"\n}\nresource "alicloud_eip_address" "eip" {\n  bandwidth = 5\n}\n`;
    const check = checkRequest({ request: "Terraform: VPC 10.30.0.0/16 and an EIP of 50 Mbps in Shanghai", template: hcl });
    expect(check?.applied.map((value) => value.text)).toEqual(["cn-shanghai", "10.30.0.0/16", "VPC", "EIP"]);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["50 Mbps"]);
  });

  it("reads Terraform attributes aligned the way terraform fmt aligns them (a gap of any width before `=`)", () => {
    const hcl = `resource "alicloud_security_group_rule" "ssh" {\n  security_group_id = alicloud_security_group.main.id\n  port_range        = "22/22"\n  cidr_ip           = "203.0.113.0/24"\n}\n`;
    const check = checkRequest({ request: "SSH only from 203.0.113.0/24", template: hcl });
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "cidr", text: "203.0.113.0/24", where: "ssh.cidr_ip" }));
    expect(check?.notExpressed).toEqual([]);
  });

  it("a database's own port is carried by its engine when no property sets another", () => {
    const db = `ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Db:\n    Type: ALIYUN::RDS::DBInstance\n    Properties:\n      Engine: MySQL\n`;
    expect(checkRequest({ request: "MySQL, port 3306 only from 10.0.0.0/8", template: db })?.applied.filter((value) => value.kind === "port")).toEqual([
      { kind: "port", text: "3306", where: "Db (the mysql default port)" },
    ]);
    expect(checkRequest({ request: "MySQL on port 5432", template: db })?.notExpressed.map((value) => value.text)).toEqual(["5432"]);
  });

  it("a value asked to be removed counts as not expressed while the template still has it", () => {
    const rules = `ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Sg:\n    Type: ALIYUN::ECS::SecurityGroup\n    Properties:\n      SecurityGroupIngress:\n        - {IpProtocol: tcp, PortRange: 22/22, SourceCidrIp: 10.0.0.0/8}\n`;
    expect(checkRequest({ request: "close port 22", template: rules })?.notExpressed).toEqual([
      { kind: "port", text: "22", where: "Sg.SecurityGroupIngress[0].PortRange", reason: "still-present" },
    ]);
  });

  it("a port or the word storage is no request for a product; a resource of an earlier turn or template is no addition", () => {
    const rds = `ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Db:\n    Type: ALIYUN::RDS::DBInstance\n  Oss:\n    Type: ALIYUN::OSS::Bucket\n`;
    expect(checkRequest({ request: "allow MySQL port 3306, 200 GB storage", template: rds })?.unrequested.map((resource) => resource.type)).toEqual([
      "ALIYUN::RDS::DBInstance",
      "ALIYUN::OSS::Bucket",
    ]);
    expect(checkRequest({ request: "port 3306", template: rds, earlierRequests: ["a MySQL database"], before: rds })?.unrequested).toEqual([]);
  });

  it("more of a named product than the request allows is unrequested too: 'EIP 20M' is one EIP, not twenty (ROS and Terraform)", () => {
    const eips = (count: number) =>
      Array.from({ length: count }, (_, i) => `  Eip${i + 1}:\n    Type: ALIYUN::VPC::EIP\n    Properties:\n      Bandwidth: 20\n`).join("");
    const ros = (body: string) => `ROSTemplateFormatVersion: '2015-09-01'\nResources:\n${body}`;
    const twenty = checkRequest({ request: "VPC, OSS bucket with versioning and 30 day lifecycle, EIP 20M", template: ros(eips(20)) });
    expect(twenty?.unrequested).toEqual(Array.from({ length: 19 }, (_, i) => ({ resource: `Eip${i + 2}`, type: "ALIYUN::VPC::EIP" })));
    // A NAT gateway's EIP comes on top of the one asked for; "each" allows one per server; stated counts add up.
    const nat = "  Nat:\n    Type: ALIYUN::VPC::NatGateway\n";
    expect(checkRequest({ request: "a NAT gateway and an EIP for the bastion", template: ros(nat + eips(2)) })?.unrequested).toEqual([]);
    expect(checkRequest({ request: "a NAT gateway and an EIP for the bastion", template: ros(nat + eips(3)) })?.unrequested).toEqual([
      { resource: "Eip3", type: "ALIYUN::VPC::EIP" },
    ]);
    const servers = (count: number) => Array.from({ length: count }, (_, i) => `  Ecs${i + 1}:\n    Type: ALIYUN::ECS::Instance\n`).join("");
    expect(checkRequest({ request: "3 servers, each with an EIP", template: ros(servers(3) + eips(3)) })?.unrequested).toEqual([]);
    expect(checkRequest({ request: "2 web servers and 3 app servers", template: ros(servers(5)) })?.unrequested).toEqual([]);
    expect(checkRequest({ request: "2 web servers and 3 app servers", template: ros(servers(6)) })?.unrequested).toEqual([
      { resource: "Ecs6", type: "ALIYUN::ECS::Instance" },
    ]);
    expect(checkRequest({ request: "Web tier: 3 x ecs.g7.large", template: ros(servers(3)) })?.unrequested).toEqual([]);
    // A count written after its noun: "ECS x2", "服务器 3 台".
    expect(checkRequest({ request: "ECS x2 + SLB(80->8080)", template: ros(servers(2)) })?.unrequested).toEqual([]);
    expect(checkRequest({ request: "服务器 3 台，开放 80", template: ros(servers(3)) })?.unrequested).toEqual([]);
    expect(checkRequest({ request: "服务器 3 台，开放 80", template: ros(servers(1)) })?.notExpressed.map((value) => value.text)).toContain("服务器 3 台");
    // "add 2 more" sets no upper bound; what the template had before this turn is no addition.
    expect(checkRequest({ request: "add 2 more servers", template: ros(servers(5)), before: ros(servers(3)) })?.unrequested).toEqual([]);
    expect(checkRequest({ request: "make the EIP 50M", template: ros(eips(4)), before: ros(eips(4)) })?.unrequested).toEqual([]);
    const terraform = Array.from({ length: 4 }, (_, i) => `resource "alicloud_eip_address" "eip_${i + 1}" {\n  bandwidth = 20\n}\n`).join("");
    expect(checkRequest({ request: "Terraform: EIP 20M", template: terraform })?.unrequested.map((resource) => resource.resource)).toEqual([
      "eip_2",
      "eip_3",
      "eip_4",
    ]);
  });

  it("counts zones the deployer picks: ZoneId selectors without a default (ROS), zones looked up by a data source (Terraform)", () => {
    const ros = (zones: number) =>
      `ROSTemplateFormatVersion: '2015-09-01'\nParameters:\n${Array.from({ length: zones }, (_, i) => `  ZoneId${i + 1}:\n    Type: String\n`).join("")}Resources:\n${Array.from({ length: zones }, (_, i) => `  VSwitch${i + 1}:\n    Type: ALIYUN::ECS::VSwitch\n    Properties:\n      ZoneId:\n        Ref: ZoneId${i + 1}\n`).join("")}`;
    expect(checkRequest({ request: "a VPC across 3 zones", template: ros(3) })?.applied.map((value) => value.where)).toEqual(["3 × zone"]);
    // The fixture has no VPC resource: the word "VPC" is not placed either (issue 27 item 1).
    expect(checkRequest({ request: "a VPC across 3 zones", template: ros(1) })?.notExpressed.map((value) => value.text)).toEqual(["3 zones", "VPC"]);
    const terraform = [1, 2]
      .map(
        (i) =>
          `resource "alicloud_vswitch" "vsw_${i}" {\n  zone_id = data.alicloud_zones.available.zones[${i - 1} % length(data.alicloud_zones.available.zones)].id\n}\n`,
      )
      .join("");
    expect(checkRequest({ request: "Terraform: a VPC across 2 zones", template: terraform })?.applied.map((value) => value.where)).toEqual(["2 × zone"]);
  });
});
