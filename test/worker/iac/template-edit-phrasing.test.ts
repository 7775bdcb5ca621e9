/**
 * Issue 19 item 4: edits that mean what users mean. "Only from X" replaces the default rule;
 * "change A to B" works without the word "port"; sizes and bandwidths in the short forms people
 * type ("50M", "100G"); the Chinese colloquial verbs (删掉, 去掉, 改成, 调到, 加一个); removing a
 * resource removes what only it needed (a NAT gateway takes its EIP, association and SNAT entries)
 * and the reply says so. Each edit starts from a template the engine generated.
 */
import { describe, expect, it } from "vitest";
import { editTemplate, generateTemplate, validateTemplateObject } from "../../../src/iac/index";

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Template = { Resources: Record<string, Resource>; Outputs?: Record<string, unknown> };

function start(ask: string): Record<string, unknown> {
  const template = generateTemplate({ text: ask }).template;
  if (!template) throw new Error(`no template for ${ask}`);
  return template;
}

function view(template: Record<string, unknown>) {
  const resources = (template as Template).Resources;
  const ofType = (type: string) => Object.values(resources).filter((resource) => resource.Type === type);
  const rules = () => ofType("ALIYUN::ECS::SecurityGroup").flatMap((group) => group.Properties?.SecurityGroupIngress as Record<string, unknown>[]);
  const listeners = () => ofType("ALIYUN::SLB::Listener").map((listener) => [listener.Properties?.ListenerPort, listener.Properties?.BackendServerPort]);
  return { resources, ofType, rules, listeners };
}

function edit(template: Record<string, unknown>, text: string) {
  const result = editTemplate(template, text);
  expect(result.understood, text).toBe(true);
  expect(
    validateTemplateObject(result.template).filter((diagnostic) => diagnostic.severity === "error"),
    text,
  ).toEqual([]);
  return {
    ...result,
    ...view(result.template),
    said: result.changes
      .concat(result.applied)
      .map((change) => change.en)
      .join("\n"),
  };
}

const WEB = "VPC with two ECS servers behind an SLB on port 443, a NAT gateway and a MySQL database";

describe("issue 19 item 4: edits that mean what users mean", () => {
  for (const ask of ["把443改成8443", "change 443 to 8443", "443 → 8443 please"]) {
    it(`changes a port without the word "port": ${ask}`, () => {
      const result = edit(start(WEB), ask);
      expect(result.rules().map((rule) => rule.PortRange)).toContain("8443/8443");
      expect(result.rules().map((rule) => rule.PortRange)).not.toContain("443/443");
      expect(result.listeners()).toEqual([[8443, 8443]]);
    });
  }

  // Issue 19 (listener mapping in an edit): the listener keeps its own port; the servers' rule follows the backend.
  for (const ask of ["change the listener to forward 80 to 8080", "backend 8080 behind listener 80", "监听80转发到后端8080"]) {
    it(`maps a listener to a new backend port: ${ask}`, () => {
      const result = edit(start("two ECS servers with an SLB on port 80"), ask);
      expect(result.listeners()).toEqual([[80, 8080]]);
      const ports = result.rules().map((rule) => rule.PortRange);
      expect(ports).toContain("8080/8080");
      expect(ports).not.toContain("80/80");
      expect(result.said).toContain("listener 80 now forwards to backend port 8080");
    });
  }

  // Issue 19 (removing a port's rule): the verb before or after the port, Chinese or English, with or without "port".
  for (const ask of ["去掉 22 端口", "把22端口删掉", "remove the port-22 rule", "delete 22 port"]) {
    it(`removes every rule of a port: ${ask}`, () => {
      const result = edit(start("two ECS servers with ports 22 and 80 open"), ask);
      const ports = result.rules().map((rule) => rule.PortRange);
      expect(ports).not.toContain("22/22");
      expect(ports).toContain("80/80");
      expect(result.said).toContain("port 22 closed");
    });
  }

  // Issue 19 (an existing VPC named in an edit): the template's own VPC gives way to it, everything else is kept.
  for (const ask of ["put it in vpc-bp1existing0009", "放到现有的 vpc-bp1existing0009 里"]) {
    it(`moves the template into an existing VPC: ${ask}`, () => {
      const result = edit(start("two ECS servers with an SLB on port 80 and a MySQL database"), ask);
      expect(result.ofType("ALIYUN::ECS::VPC")).toEqual([]);
      const parameters = (result.template as { Parameters: Record<string, { Default?: unknown }> }).Parameters;
      expect(parameters.VpcId?.Default).toBe("vpc-bp1existing0009");
      expect(parameters.VpcCidrBlock?.Default).toBe("192.168.0.0/16");
      for (const type of ["ALIYUN::ECS::VSwitch", "ALIYUN::ECS::SecurityGroup", "ALIYUN::ECS::Instance", "ALIYUN::RDS::DBInstance"]) {
        const vpcIds = result.ofType(type).map((resource) => JSON.stringify(resource.Properties?.VpcId ?? { Ref: "VpcId" }));
        expect(
          vpcIds.filter((vpcId) => vpcId !== JSON.stringify({ Ref: "VpcId" })),
          type,
        ).toEqual([]);
      }
      expect(result.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
      expect(result.ofType("ALIYUN::RDS::DBInstance")[0]?.Properties?.SecurityIPList).toEqual({ Ref: "VpcCidrBlock" });
      expect(result.said).toContain("existing VPC vpc-bp1existing0009");
    });
  }

  it("a number the template does not use as a port is not a port change", () => {
    const result = edit(start("two ECS servers, port 443 open"), "change the system disk from 40 to 100 GB");
    expect(result.ofType("ALIYUN::ECS::Instance").map((instance) => instance.Properties?.SystemDiskSize)).toEqual([100, 100]);
    expect(result.changes.map((change) => change.en).join()).not.toContain("port");
  });

  it("a backend port change leaves the listener's own port alone", () => {
    const result = edit(start("two ECS servers with an SLB, listener 80 to backend 8080"), "change 8080 to 9090");
    expect(result.listeners()).toEqual([[80, 9090]]);
    expect(result.rules().map((rule) => rule.PortRange)).toContain("9090/9090");
    // A later rebuild (one server fewer) keeps the one listener, not a second one per server port.
    const fewer = edit(result.template, "去掉一台服务器");
    expect(fewer.listeners()).toEqual([[80, 9090]]);
    expect(fewer.ofType("ALIYUN::ECS::Instance")).toHaveLength(1);
  });

  for (const [ask, bandwidth] of [
    ["make the EIP 50M", 50],
    ["把 EIP 带宽调到 20M", 20],
    ["EIP bandwidth 100 Mbps", 100],
    ["公网带宽改成 10 兆", 10],
  ] as const) {
    it(`bandwidth in a short form: ${ask}`, () => {
      const result = edit(start(WEB), ask);
      expect(result.ofType("ALIYUN::VPC::EIP").map((eip) => eip.Properties?.Bandwidth)).toEqual([bandwidth]);
    });
  }

  for (const [ask, property, size] of [
    ["系统盘调到 200G", "SystemDiskSize", 200],
    ["make the system disk 100G", "SystemDiskSize", 100],
    ["数据库存储改成 100G", "DBInstanceStorage", 100],
    ["database storage to 1T", "DBInstanceStorage", 1024],
  ] as const) {
    it(`size in a short form: ${ask}`, () => {
      const result = edit(start(WEB), ask);
      const type = property === "SystemDiskSize" ? "ALIYUN::ECS::Instance" : "ALIYUN::RDS::DBInstance";
      for (const resource of result.ofType(type)) expect(resource.Properties?.[property]).toBe(size);
    });
  }

  it("SSH only from a range replaces the default SSH rule (中文: SSH 只允许)", () => {
    for (const ask of ["SSH only from 203.0.113.0/24", "restrict SSH to 203.0.113.0/24", "SSH 只允许 203.0.113.0/24 访问"]) {
      const result = edit(start("two ECS servers"), ask);
      expect(
        result.rules().filter((rule) => rule.PortRange === "22/22"),
        ask,
      ).toEqual([expect.objectContaining({ SourceCidrIp: "203.0.113.0/24" })]);
    }
  });

  for (const ask of ["删掉 NAT 网关", "去掉 NAT", "remove the NAT gateway", "we no longer need the NAT gateway"]) {
    it(`removing the NAT gateway takes its EIP, association and SNAT entries, and says so: ${ask}`, () => {
      const result = edit(start(WEB), ask);
      for (const type of ["ALIYUN::VPC::NatGateway", "ALIYUN::VPC::EIP", "ALIYUN::VPC::EIPAssociation", "ALIYUN::VPC::SnatEntry"])
        expect(result.ofType(type), `${ask}: ${type}`).toHaveLength(0);
      expect(result.said).toContain("removed `Eip` (EIP): only the removed NAT gateway used it");
      expect(result.said).toContain("removed `NatEipAssociation`, `SnatEntry`: they connected the removed resources");
      expect(JSON.stringify((result.template as Template).Outputs)).not.toContain("Eip");
      // Everything else stays.
      expect(result.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
      expect(result.ofType("ALIYUN::RDS::DBInstance")).toHaveLength(1);
    });
  }

  it("an EIP a server still uses stays when the NAT gateway goes", () => {
    const both = edit(start("two ECS servers and a NAT gateway"), "add another EIP");
    expect(both.ofType("ALIYUN::VPC::EIP")).toHaveLength(2);
    const result = edit(both.template, "remove the NAT gateway");
    expect(result.ofType("ALIYUN::VPC::EIP")).toHaveLength(1);
    expect(result.ofType("ALIYUN::VPC::EIPAssociation")).toHaveLength(1);
  });

  it("the Chinese colloquial verbs: 加一个, 调到 … 台, 改成 … 台, 去掉", () => {
    const redis = edit(start("两台 ECS"), "加一个 Redis");
    expect(redis.ofType("ALIYUN::REDIS::Instance")).toHaveLength(1);
    const four = edit(redis.template, "把 ECS 调到 4 台");
    expect(four.ofType("ALIYUN::ECS::Instance")).toHaveLength(4);
    const three = edit(four.template, "服务器改成 3 台");
    expect(three.ofType("ALIYUN::ECS::Instance")).toHaveLength(3);
    const none = edit(three.template, "去掉 Redis");
    expect(none.ofType("ALIYUN::REDIS::Instance")).toHaveLength(0);
    expect(none.ofType("ALIYUN::ECS::Instance")).toHaveLength(3);
  });

  it("scale the servers to N, in English", () => {
    const result = edit(start("four ECS servers behind an SLB"), "scale the servers to 2");
    expect(result.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
  });

  it("'make the bucket public-read' sets the ACL and keeps the bucket's name (it renamed the bucket 'public-read')", () => {
    const bucket = start("an OSS bucket acme-assets, Shanghai");
    const result = edit(bucket, "make the bucket public-read with versioning");
    const properties = view(result.template).ofType("ALIYUN::OSS::Bucket")[0]?.Properties ?? {};
    expect(properties.BucketName).toBe("acme-assets");
    expect(properties.AccessControl).toBe("public-read");
    expect(properties.VersioningConfiguration).toEqual({ Status: "Enabled" });
  });

  it("'a second vSwitch' or '第二个交换机' adds one, with the block it names", () => {
    const network = start("VPC 10.0.0.0/16 with one ECS");
    const second = edit(network, "add a second vswitch 10.0.2.0/24");
    expect(
      view(second.template)
        .ofType("ALIYUN::ECS::VSwitch")
        .map((vsw) => vsw.Properties?.CidrBlock),
    ).toContain("10.0.2.0/24");
    expect(view(second.template).ofType("ALIYUN::ECS::VSwitch")).toHaveLength(2);
    expect(view(edit(network, "加第二个交换机").template).ofType("ALIYUN::ECS::VSwitch")).toHaveLength(2);
  });

  it("a port opened on the servers alone gets no listener when a later edit rebuilds (adding a bucket, a server)", () => {
    const opened = edit(start("VPC 10.0.0.0/16, 2 ECS behind an SLB, open 80"), "open 8080");
    expect(opened.listeners()).toEqual([[80, 80]]);
    const bucket = edit(opened.template, "add an OSS bucket named logs-2026");
    expect(bucket.listeners()).toEqual([[80, 80]]);
    const servers = edit(bucket.template, "make it 3 ECS instances");
    expect(servers.listeners()).toEqual([[80, 80]]);
    expect(servers.rules().map((rule) => rule.PortRange)).toEqual(expect.arrayContaining(["80/80", "8080/8080"]));
  });

  it("the Chinese order 'noun, then verb': '把 SLB 去掉', 'NAT 网关删掉'; '给每台 ECS 一个 EIP' is one per server; '把 Redis 加上，版本 6.0' keeps the version", () => {
    const web = start("VPC 10.30.0.0/16, 3 ECS behind an SLB listening 80 -> 8080, MySQL 8.0");
    const swapped = edit(web, "把 SLB 去掉，给每台 ECS 一个 EIP，带宽 10M");
    expect(swapped.ofType("ALIYUN::SLB::LoadBalancer")).toHaveLength(0);
    expect(swapped.ofType("ALIYUN::VPC::EIP").map((eip) => eip.Properties?.Bandwidth)).toEqual([10, 10, 10]);
    expect(swapped.ofType("ALIYUN::VPC::EIPAssociation")).toHaveLength(3);
    const cache = edit(swapped.template, "把 Redis 加上，版本 6.0");
    expect(cache.ofType("ALIYUN::REDIS::Instance").map((redis) => redis.Properties?.EngineVersion)).toEqual(["6.0"]);
    const nat = edit(start("VPC with a NAT gateway and one ECS"), "NAT 网关删掉");
    expect(nat.ofType("ALIYUN::VPC::NatGateway")).toHaveLength(0);
    expect(nat.ofType("ALIYUN::VPC::SnatEntry")).toHaveLength(0);
  });
});
