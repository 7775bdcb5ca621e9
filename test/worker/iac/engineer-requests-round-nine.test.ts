/**
 * Issue 27 items 1 to 3 and 6, round nine: about forty more requests written by engineers in their
 * own words, none of them from the suites, run through the real generator, editor and request check.
 * Each test names what was wrong (built wrong, an unrequested billable resource, or vouched for by
 * the check while wrong), proves the fix, and where the check is concerned shows that a template
 * with the value wrong is flagged (a mutation).
 */
import { describe, expect, it } from "vitest";
import { generateTemplate } from "../../../src/iac/index";
import { checkOf, edited, generated, hcl, ofType, props, rules, type Template, without, missedTexts } from "./engineer-request-helpers";

const SERVER = "ALIYUN::ECS::Instance";
const DATABASE = "ALIYUN::RDS::DBInstance";
const CACHE = "ALIYUN::REDIS::Instance";

describe("round nine: a NAT gateway's DNAT is named as not built, and its addresses are no source range", () => {
  it("'forward public port 2222 to 10.0.1.5:22' opens no port 2222 from 10.0.1.5/32 (the check once said all 5 values were there)", () => {
    const ask = "NAT gateway with DNAT: forward public port 2222 to 10.0.1.5:22, hangzhou";
    const result = generateTemplate({ text: ask });
    const template = result.template as unknown as Template;
    expect(ofType(template, "ALIYUN::ECS::SecurityGroup")).toEqual([]);
    expect(JSON.stringify(template)).not.toContain("10.0.1.5");
    expect(result.summary).toContain("DNAT port forwarding on the NAT gateway (only SNAT is built)");
    const check = checkOf(ask, template);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(expect.arrayContaining(["DNAT port forwarding", "2222"]));
    // A template with a forward entry carries it: the check reads ROS `ExternalPort`.
    const forwarded = structuredClone(template);
    forwarded.Resources.ForwardEntry = {
      Type: "ALIYUN::VPC::ForwardEntry",
      Properties: { ForwardTableId: "x", ExternalIp: "x", ExternalPort: "2222", InternalIp: "10.0.1.5", InternalPort: "22", IpProtocol: "TCP" },
    };
    expect(missedTexts(ask, forwarded)).not.toContain("DNAT port forwarding");
  });
});

describe("round nine: 'don't give it a public IP' asks for none", () => {
  it("builds no EIP (it once built one, against the words) and the check holds the negation", () => {
    const ask = "Create an ECS, 4 vCPUs, 8 GiB, with a 100 GB ESSD PL1 data disk, region hangzhou, and don't give it a public IP";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::VPC::EIP")).toEqual([]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // Mutation: an EIP bound to the server is named as asked away.
    const withEip = structuredClone(template);
    withEip.Resources.Eip = { Type: "ALIYUN::VPC::EIP", Properties: { Bandwidth: 5 } };
    expect(missedTexts(ask, withEip)).toContain("public IP");
    for (const words of ["do not give the servers a public IP", "we don't need an EIP", "no need for a public IP"]) {
      expect(ofType(generated(`2 ECS in Hangzhou, ${words}`), "ALIYUN::VPC::EIP"), words).toEqual([]);
    }
  });
});

describe("round nine: servers the user has, named by id, behind a new load balancer", () => {
  it("'internal SLB for my mysql boxes i-… and i-…' puts them behind it in their own VPC and builds no RDS (it once built an RDS instance)", () => {
    const ask = "internal SLB for my mysql boxes i-bp1aaaaaaaaaaaaaaaaa and i-bp1bbbbbbbbbbbbbbbbb, listener TCP 3306, hangzhou";
    const template = generated(ask);
    expect(ofType(template, DATABASE)).toEqual([]);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(props(template, "ALIYUN::SLB::LoadBalancer")).toEqual([
      expect.objectContaining({ AddressType: "intranet", VpcId: { Ref: "SlbVpcId" }, VSwitchId: { Ref: "SlbVSwitchId" } }),
    ]);
    expect(props(template, "ALIYUN::SLB::BackendServerAttachment")[0]?.BackendServers).toEqual([
      { ServerId: { Ref: "InstanceId" }, Weight: 100 },
      { ServerId: { Ref: "InstanceId2" }, Weight: 100 },
    ]);
    expect([template.Parameters?.InstanceId?.Default, template.Parameters?.InstanceId2?.Default]).toEqual(["i-bp1aaaaaaaaaaaaaaaaa", "i-bp1bbbbbbbbbbbbbbbbb"]);
    expect(template.Parameters?.InstanceId?.Description).toBe("The ECS instance behind the load balancer.");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
    // Mutation: without the backends, the user's servers are named.
    expect(missedTexts(ask, without(template, "SlbBackendServers"))).toEqual(expect.arrayContaining(["i-bp1aaaaaaaaaaaaaaaaa", "i-bp1bbbbbbbbbbbbbbbbb"]));
  });

  it("an EIP for the user's server keeps its own wording, in one 'Existing servers' group", () => {
    const template = generated("an EIP for my server i-bp1aaaaaaaaaaaaaaaaa, 10 Mbps, hangzhou");
    expect(template.Parameters?.InstanceId?.Description).toBe("The ECS instance the EIP is bound to.");
  });
});

describe("round nine: servers named as a source range's label are no servers to build", () => {
  it("'Redis 7.0 4G, only allow the app servers 10.0.2.0/24 and 10.0.3.0/24' whitelists both and builds no ECS (it once built one and dropped the second range)", () => {
    const ask = "Redis 7.0 4G, only allow the app servers 10.0.2.0/24 and 10.0.3.0/24, cn-hangzhou";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(props(template, CACHE)[0]?.SecurityIps).toBe("10.0.2.0/24,10.0.3.0/24");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // Mutation: one range dropped from the whitelist is named.
    const one = structuredClone(template);
    (props(one, CACHE)[0] as Record<string, unknown>).SecurityIps = "10.0.2.0/24";
    expect(missedTexts(ask, one)).toContain("10.0.3.0/24");
  });
});

describe("round nine: 'allow 22 for 10.1.0.0/16' is a source range, not the VPC's block", () => {
  it("SSH from 10.1.0.0/16 only, and the VPC keeps its own block (the range once became the VPC's CIDR and 22 opened to the world)", () => {
    const ask = "ECS 2c2g x3 for a test env in Beijing, 40G cloud_essd, allow 22 for 10.1.0.0/16";
    const template = generated(ask);
    const ssh = rules(template).filter((rule) => rule.PortRange === "22/22");
    expect(ssh).toContainEqual(expect.objectContaining({ SourceCidrIp: "10.1.0.0/16" }));
    expect(ssh.map((rule) => rule.SourceCidrIp)).not.toContain("0.0.0.0/0");
    expect(props(template, "ALIYUN::ECS::VPC")[0]?.CidrBlock).not.toBe("10.1.0.0/16");
    const check = checkOf(ask, template);
    expect(check?.broader).toEqual([]);
    const open = structuredClone(template);
    for (const rule of rules(open)) if (rule.PortRange === "22/22") rule.SourceCidrIp = "0.0.0.0/0";
    expect(checkOf(ask, open)?.broader.map((value) => value.text)).toContain("10.1.0.0/16");
  });
});

describe("round nine: 'SLB listening on 80 redirecting to 443'", () => {
  it("the 80 listener redirects to 443 (it once forwarded 80 to the servers' 80)", () => {
    const ask = "SLB listening on 80 redirecting to 443, HTTPS 443 forwarded to 8080 on 2 servers, cn-hangzhou";
    const template = generated(ask);
    const listener80 = props(template, "ALIYUN::SLB::Listener").find((listener) => listener.ListenerPort === 80);
    expect(listener80?.HttpConfig).toEqual({ ListenerForward: "on", ForwardPort: 443 });
    expect(props(template, "ALIYUN::SLB::Listener").find((listener) => listener.ListenerPort === 443)).toEqual(
      expect.objectContaining({ Protocol: "https", BackendServerPort: 8080 }),
    );
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });
});

describe("round nine: PolarDB is another product, not an RDS instance", () => {
  it("'A PolarDB MySQL cluster … polar.mysql.x4.large' builds no RDS (it once built one of class 'mysql.x4.large')", () => {
    const ask = "A PolarDB MySQL cluster with 2 nodes, polar.mysql.x4.large, hangzhou";
    const result = generateTemplate({ text: ask });
    expect(result.recognized).toBe(false);
    expect(JSON.stringify(result.template ?? {})).not.toContain(DATABASE);
    // The class is read whole by the check: "polar.mysql.x4.large", never "mysql.x4.large".
    const check = checkOf(ask, "ROSTemplateFormatVersion: '2015-09-01'\nResources: {}\n");
    expect(check?.notExpressed.map((value) => value.text)).toEqual(expect.arrayContaining(["polar.mysql.x4.large", "PolarDB"]));
    expect(check?.notExpressed.map((value) => value.text)).not.toContain("mysql.x4.large");
  });
});

describe("round nine: two data disks of their own sizes, each with its label", () => {
  it("'2 data disks: 100GB for data and 500GB for backups' builds 100 and 500 (it once built two of 100)", () => {
    const ask = "ECS with 2 data disks: 100GB for data and 500GB for backups, both ESSD, Hangzhou, 4c8g";
    const template = generated(ask);
    const disks = props(template, SERVER)[0]?.DiskMappings as { Size: number; Category: string }[];
    expect(disks.map((disk) => [disk.Size, disk.Category])).toEqual([
      [100, "cloud_essd"],
      [500, "cloud_essd"],
    ]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const same = structuredClone(template);
    for (const disk of props(same, SERVER)[0]?.DiskMappings as { Size: number }[]) disk.Size = 100;
    expect(missedTexts(ask, same)).toContain("500GB");
  });
});

describe("round nine: deletion protection is built (it was named as not built)", () => {
  it("on the database (ROS) and on the database and server (Terraform), read back by the check; a bucket alone cannot carry it", () => {
    const ask = "RDS MySQL 8.0, mysql.n4.medium.2, 200GB, deletion protection on, hangzhou";
    const template = generated(ask);
    expect(props(template, DATABASE)[0]?.DeletionProtection).toBe(true);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const off = structuredClone(template);
    delete (props(off, DATABASE)[0] as Record<string, unknown>).DeletionProtection;
    expect(missedTexts(ask, off)).toContain("deletion protection");
    const both = "Terraform: ECS ecs.g7.large + RDS PostgreSQL 15, deletion protection on both, cn-shanghai";
    const twin = hcl(generated(both));
    expect(twin.match(/deletion_protection\s+= true/g)).toHaveLength(2);
    expect(checkOf(both, twin)?.notExpressed).toEqual([]);
    expect(missedTexts(both, twin.replaceAll(/deletion_protection\s+= true/g, "deletion_protection = false"))).toContain("deletion protection");
    expect(generateTemplate({ text: "OSS bucket with deletion protection, hangzhou" }).summary).toContain(
      "deletion protection (only databases and servers carry it here)",
    );
    expect(props(generated("RDS MySQL 8.0 without deletion protection, hangzhou"), DATABASE)[0]?.DeletionProtection).toBeUndefined();
    expect(props(edited(generated("RDS MySQL 8.0, hangzhou"), "turn on deletion protection"), DATABASE)[0]?.DeletionProtection).toBe(true);
  });
});

describe("round nine: a database on a port of its own, and a port taken back", () => {
  it("'MySQL on 3306? no, on 3307 — whitelist 10.0.0.0/8' listens on 3307 with that whitelist (both were once dropped)", () => {
    const ask = "MySQL on 3306? no, on 3307 — whitelist 10.0.0.0/8, Hangzhou, 50GB";
    const template = generated(ask);
    expect(props(template, DATABASE)[0]).toEqual(expect.objectContaining({ Port: 3307, SecurityIPList: "10.0.0.0/8", DBInstanceStorage: 50 }));
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const back = structuredClone(template);
    delete (props(back, DATABASE)[0] as Record<string, unknown>).Port;
    expect(missedTexts(ask, back)).toContain("3307");
    const terraform = "Terraform: RDS MySQL 8.0 on port 3307, whitelist 10.0.0.0/8, deletion protection, hangzhou";
    const result = generateTemplate({ text: terraform });
    expect(result.content).toContain('port                     = "3307"');
    // The whitelist is written (`security_ips`), so the Terraform reply no longer names it as not expressed.
    expect(result.summary).not.toContain("source range 10.0.0.0/8");
    expect(checkOf(terraform, result.content)?.notExpressed).toEqual([]);
  });
});

describe("round nine: casual edits", () => {
  it("'remove the 22 rule' on rules of an existing group removes that rule (it was not understood)", () => {
    const before = generated("SG rules for my existing sg-bp1a2b3c4d5e6f7g8h9i: allow 443 from 0.0.0.0/0 and 22 from 10.10.0.0/16");
    const after = edited(before, "remove the 22 rule");
    expect(props(after, "ALIYUN::ECS::SecurityGroupIngress").map((rule) => rule.PortRange)).toEqual(["443/443"]);
    expect(rules(edited(generated("ECS + security group, open 22 and 80, hangzhou"), "remove the 80 rule")).map((rule) => rule.PortRange)).not.toContain(
      "80/80",
    );
  });

  it("'内存改成 8G' and 'bump the memory to 4GB' on a template whose only memory is a Redis change its class (they were not understood)", () => {
    const zh = edited(generated("redis 6.0 standard 2G 主从版，杭州，白名单 192.168.1.0/24"), "内存改成 8G");
    expect(zh.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.large.default");
    const en = edited(generated("Redis 5.0 2GB in hangzhou"), "bump the memory to 4GB");
    expect(en.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.stand.default");
    expect(checkOf("内存改成 8G", zh)?.notExpressed).toEqual([]);
  });
});

describe("round nine: 'noncurrent versions deleted after 30 days' never expires the current objects", () => {
  it("no expiry rule on every object (it once expired them all after 30 days, and the check said all 5 values were there)", () => {
    const ask = 'Bucket "assets-prod-2025": public read, versioning, lifecycle: noncurrent versions deleted after 30 days';
    const result = generateTemplate({ text: ask });
    const template = result.template as unknown as Template;
    expect(props(template, "ALIYUN::OSS::Bucket")[0]?.LifecycleConfiguration).toBeUndefined();
    expect(result.summary).toContain("an expiry of noncurrent (previous) versions after 30 days");
    expect(missedTexts(ask, template)).toContain("30 days");
    // Both in one request: the current objects' own expiry is built, the old versions' is named.
    const both = "bucket logs-archive, versioning on, delete old versions after 60 days, expire current objects after 365 days, hangzhou";
    const rules = (props(generated(both), "ALIYUN::OSS::Bucket")[0]?.LifecycleConfiguration as { Rule: Record<string, unknown>[] }).Rule;
    expect(rules).toEqual([expect.objectContaining({ Prefix: "", Expiration: { Days: 365 } })]);
    expect(missedTexts(both, generated(both))).toEqual(["60 days"]);
  });
});

describe("round nine: an edit of a template with a database and no servers speaks of the database", () => {
  it("'upgrade to 8.0 and make it high availability' changes the version and the edition, the class with it (it once added a vSwitch)", () => {
    const before = generated("RDS MySQL 5.7 basic edition, 1c2g, 20GB, Beijing");
    expect(before.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n2.small.1");
    const ask = "upgrade to 8.0 and make it high availability";
    const after = edited(before, ask);
    expect(ofType(after, "ALIYUN::ECS::VSwitch")).toHaveLength(1);
    expect(props(after, DATABASE)[0]).toEqual(expect.objectContaining({ EngineVersion: "8.0", Category: "HighAvailability" }));
    expect(after.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n2.small.2c");
    expect(checkOf(ask, after)?.notExpressed).toEqual([]);
    expect(checkOf(ask, after)?.unplaced).toEqual([]);
  });
});

describe("round nine: 'actually 3 of them' counts the servers", () => {
  it("a third server is added (the edit was not understood) and the check holds the 3", () => {
    const ask = "actually 3 of them";
    const after = edited(generated("Spin up 2 ecs.g7.xlarge in cn-qingdao, each with its own 50GB data disk, allow HTTP/HTTPS from anywhere"), ask);
    expect(ofType(after, SERVER)).toHaveLength(3);
    expect(checkOf(ask, after)?.applied).toContainEqual(expect.objectContaining({ kind: "count", text: "3" }));
    expect(missedTexts(ask, without(after, "EcsInstance3"))).toContain("3");
    expect(ofType(edited(generated("2 ECS in Hangzhou"), "remove one of them"), SERVER)).toHaveLength(1);
  });
});

describe("round nine: a database the user runs on a server of their own", () => {
  it("'一台做数据库服务器（自建MySQL，不要RDS）' builds a third server and no RDS (it once bought an RDS instance the request refused)", () => {
    const cases: [string, number][] = [
      ["两台ECS做web，一台做数据库服务器（自建MySQL，不要RDS），都在杭州，web开放80和443，数据库只允许web访问3306", 3],
      ["2 web servers and 1 db server (self-hosted MySQL, no RDS), hangzhou", 3],
      ["2 web servers + 1 MySQL server on ECS, hangzhou", 3],
      ["Web app on 2 ECS with MySQL on ECS (not RDS), hangzhou", 2],
    ];
    for (const [ask, servers] of cases) {
      const template = generated(ask);
      expect(ofType(template, DATABASE), ask).toEqual([]);
      expect(ofType(template, SERVER), ask).toHaveLength(servers);
      expect(checkOf(ask, template)?.notExpressed, ask).toEqual([]);
    }
    // Mutations: an RDS instance after "不要RDS" is named as asked away; a server short is a count missed.
    const [ask] = cases[0] ?? [""];
    const template = generated(ask);
    const withRds = structuredClone(template);
    withRds.Resources.RdsInstance = { Type: DATABASE, Properties: { Engine: "MySQL" } };
    expect(checkOf(ask, withRds)?.notExpressed).toContainEqual(expect.objectContaining({ text: "RDS", reason: "still-present" }));
    expect(checkOf(ask, without(template, "EcsInstance3"))?.notExpressed).not.toEqual([]);
    // "a MySQL server with 100GB" (no word of running it yourself) is still the RDS engineers mean.
    expect(ofType(generated("a MySQL 8.0 database server with 100GB, hangzhou"), DATABASE)).toHaveLength(1);
  });
});

describe("round nine: more values read where they are written", () => {
  it("'一个OSS桶…，名字叫 app-logs-2025' names the bucket (it was not read)", () => {
    const ask = "我需要一个OSS桶存日志，名字叫 app-logs-2025，私有，日志目录 logs/ 下的文件 90 天后转低频，180 天后删除，上海";
    const template = generated(ask);
    expect(props(template, "ALIYUN::OSS::Bucket")[0]?.BucketName).toBe("app-logs-2025");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'RDS MySQL 8.0 (mysql.n2.medium.2c, 100GB) … plus 2 ECS' gives the database 100 GB (the class's '.2c' was read as 2 vCPUs, the size as memory)", () => {
    const ask =
      "Create RDS MySQL 8.0 (mysql.n2.medium.2c, 100GB) with backups retained 30 days and whitelist the app vswitch 10.0.1.0/24, plus 2 ECS in that vswitch, Hangzhou";
    const template = generated(ask);
    expect(props(template, DATABASE)[0]?.DBInstanceStorage).toBe(100);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'ECS with 2 NICs in 2 vswitches' names the extra network interfaces as not built (the check once said all 4 values were there)", () => {
    const ask = "ECS with 2 NICs in 2 vswitches, hangzhou";
    const result = generateTemplate({ text: ask });
    expect(result.summary).toContain("more network interfaces (ENIs): each server has its primary one");
    expect(checkOf(ask, result.template as unknown as Template)?.notExpressed.map((value) => value.text)).toContain("NICs");
  });
});

describe("round nine: a load balancer's scope changed by an edit", () => {
  it("'swap the SLB to internal' puts it in the VPC; 'make the load balancer public again' takes it out; 'SLB 改成内网' too (none was understood)", () => {
    const before = generated("ECS x2, ecs.g7.large, Ubuntu 22.04, 100GB system disk, open 80 443, SLB in front, Shenzhen");
    const ask = "swap the SLB to internal";
    const internal = edited(before, ask);
    expect(props(internal, "ALIYUN::SLB::LoadBalancer")[0]).toEqual(
      expect.objectContaining({ AddressType: "intranet", VpcId: { Ref: "Vpc" }, VSwitchId: { Ref: "VSwitch" } }),
    );
    expect(props(internal, "ALIYUN::SLB::LoadBalancer")[0]?.InternetChargeType).toBeUndefined();
    expect(checkOf(ask, internal)?.notExpressed).toEqual([]);
    expect(checkOf(ask, before)?.broader.length).toBeGreaterThan(0);
    const publicAgain = edited(internal, "make the load balancer public again");
    expect(props(publicAgain, "ALIYUN::SLB::LoadBalancer")[0]).toEqual(expect.objectContaining({ AddressType: "internet" }));
    expect(props(publicAgain, "ALIYUN::SLB::LoadBalancer")[0]?.VpcId).toBeUndefined();
    const zh = edited(generated("2 ECS with an internet SLB on 80, hangzhou"), "SLB 改成内网");
    expect(props(zh, "ALIYUN::SLB::LoadBalancer")[0]?.AddressType).toBe("intranet");
  });
});

describe("round nine: 'Bastion host: …. App: 2x …' lists servers by role", () => {
  it("builds the bastion beside the two app servers, each with its type, and 8080 from the bastion's group only (it built two servers of the bastion's type)", () => {
    const ask = "Bastion host: ecs.t6-c1m1.large, EIP, 22 from my IP 198.51.100.23. App: 2x ecs.c7.xlarge private, 8080 only from the bastion. Hangzhou.";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toHaveLength(3);
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.c7.xlarge");
    expect(template.Parameters?.BastionInstanceType?.Default).toBe("ecs.t6-c1m1.large");
    const appRules = (props(template, "ALIYUN::ECS::SecurityGroup")[1]?.SecurityGroupIngress ?? []) as {
      PortRange: string;
      SourceGroupId?: unknown;
      SourceCidrIp?: string;
    }[];
    expect(appRules.filter((rule) => rule.PortRange === "8080/8080")).toEqual([expect.objectContaining({ SourceGroupId: { Ref: "SecurityGroup" } })]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(checkOf(ask, template)?.unplaced).toEqual([]);
    // Mutation: 8080 opened to a range instead of the bastion's group is named.
    const open = structuredClone(template);
    for (const rule of (props(open, "ALIYUN::ECS::SecurityGroup")[1]?.SecurityGroupIngress ?? []) as Record<string, unknown>[]) {
      if (rule.PortRange !== "8080/8080") continue;
      delete rule.SourceGroupId;
      rule.SourceCidrIp = "0.0.0.0/0";
    }
    expect(missedTexts(ask, open)).toContain("8080");
    // A label alone still names the one server: "Bastion host: one ECS with an EIP".
    expect(ofType(generated("Bastion host: one ECS with an EIP, SSH from 203.0.113.0/24, Hangzhou"), SERVER)).toHaveLength(1);
  });
});

describe("round nine: four more readings", () => {
  it("'安全组开放22(仅限10.0.0.0/8)' is SSH's source, not the VPC's block (the range became the VPC's CIDR)", () => {
    const ask = "创建一个ECS，规格ecs.g7.xlarge，镜像CentOS 7.9，系统盘ESSD 80G，安全组开放22(仅限10.0.0.0/8)和80(所有人)，杭州";
    const template = generated(ask);
    expect(props(template, "ALIYUN::ECS::VPC")[0]?.CidrBlock).not.toBe("10.0.0.0/8");
    expect(
      rules(template)
        .filter((rule) => rule.PortRange === "22/22")
        .map((rule) => rule.SourceCidrIp),
    ).toEqual(["10.0.0.0/8"]);
    const check = checkOf(ask, template);
    expect(check?.broader).toEqual([]);
    expect(check?.notExpressed).toEqual([]);
  });

  it("'把80端口改成8080': the old port is checked as gone (the check once named it as missing)", () => {
    const before = generated("创建一个ECS，安全组开放22和80，杭州");
    const ask = "把80端口改成8080";
    const after = edited(before, ask);
    expect(checkOf(ask, after)?.notExpressed).toEqual([]);
    expect(missedTexts(ask, before)).toContain("80");
  });

  it("'PostgreSQL 15 HA with 2 vCPU and 8 GB, storage autoscale up to 500G starting at 100G': 8 GB is memory, 100 GB storage (8 was taken as storage)", () => {
    const ask = "RDS for PostgreSQL 15 HA with 2 vCPU and 8 GB, storage autoscale up to 500G starting at 100G, whitelist 10.0.0.0/8, Shanghai";
    const template = generated(ask);
    expect(props(template, DATABASE)[0]?.DBInstanceStorage).toBe(100);
    expect(template.Parameters?.RdsInstanceClass?.Default).toBe("pg.n4.medium.2c");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'SLB forwarding TCP 443 to port 8443' maps 443 to 8443 (it listened 443 to 443)", () => {
    const ask = "An internet-facing SLB forwarding TCP 443 to port 8443 on 4 ecs.c7.large instances across zones b and c, Beijing, health check on TCP";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::Listener")).toEqual([expect.objectContaining({ ListenerPort: 443, BackendServerPort: 8443, Protocol: "tcp" })]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const back = structuredClone(template);
    for (const listener of props(back, "ALIYUN::SLB::Listener")) listener.BackendServerPort = 443;
    expect(missedTexts(ask, back)).toContain("443 to port 8443");
  });
});

describe("round nine: disks, sources and blocks written the other way round", () => {
  it("'数据盘 2 块各 500G' builds two disks of 500 (one of 100 was built), and the check places the count", () => {
    const ask = "ECS, 8核16G, 系统盘 200G，数据盘 2 块各 500G，北京 H 区";
    const template = generated(ask);
    expect((props(template, SERVER)[0]?.DiskMappings as { Size: number }[]).map((disk) => disk.Size)).toEqual([500, 500]);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
  });

  it("'SSH to 192.0.2.0/24' is SSH's source (the check named it as not on port 22)", () => {
    const ask = "Please open HTTPS to the world and SSH to 192.0.2.0/24 on a new security group in eu-central-1";
    const template = generated(ask);
    const ssh = rules(template)
      .filter((rule) => rule.PortRange === "22/22")
      .map((rule) => rule.SourceCidrIp);
    expect(ssh).toContain("192.0.2.0/24");
    expect(ssh).not.toContain("0.0.0.0/0");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'a /20 vswitch in each of 2 zones' raises no false findings ('/20' is no count, 'each' ranges over zones)", () => {
    const ask = "give me a vpc with a /20 vswitch in each of 2 zones, region cn-beijing, cidr 10.8.0.0/16";
    const template = generated(ask);
    expect(props(template, "ALIYUN::ECS::VSwitch").map((vswitch) => String(vswitch.CidrBlock).endsWith("/20"))).toEqual([true, true]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });
});

describe("round nine: no server for words that only sound like one", () => {
  it("'add a read-only instance' on a database builds no server (it built an ECS instance and a security group)", () => {
    const before = generated("RDS MySQL 8.0 in vpc-bp1abcdefgh12345678 vsw-bp1abcdefgh12345678, whitelist 10.0.0.0/8, 100G");
    const result = generateTemplate({ text: "RDS MySQL 8.0 with a read-only instance, hangzhou" });
    expect(ofType(result.template as unknown as Template, SERVER)).toEqual([]);
    expect(result.summary).toContain("read-only database replicas");
    expect(checkOf("add a read-only instance", before)?.notExpressed.map((value) => value.text)).toEqual(["read-only instance"]);
  });

  it("'A security group for web servers: … 22 from bastion sg-… only' builds the group, with 22 from that group alone (it built a server and put the rules on the bastion's group)", () => {
    const ask = "A security group for web servers: 80 and 443 open to all, 22 from bastion sg-bp1bastion0000000001 only, hangzhou";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(rules(template).filter((rule) => rule.PortRange === "22/22")).toEqual([expect.objectContaining({ SourceGroupId: "sg-bp1bastion0000000001" })]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // The Terraform twin writes it as `source_security_group_id`, and the check reads it there.
    const terraform = hcl(template);
    expect(terraform).toContain('source_security_group_id = "sg-bp1bastion0000000001"');
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    // Mutation: 22 opened to a range instead of the group is named (the group's id is in no rule).
    const open = structuredClone(template);
    for (const rule of rules(open)) if (rule.PortRange === "22/22") Object.assign(rule, { SourceGroupId: undefined, SourceCidrIp: "0.0.0.0/0" });
    expect(missedTexts(ask, open)).toContain("sg-bp1bastion0000000001");
  });
});

describe("round nine: 'one public with 10Mbps, one private' picks the servers one by one", () => {
  it("a public IP on the first server only, in ROS and Terraform (both servers were public and the check said all values were there)", () => {
    const ask = "need 2 ubuntu 22.04 boxes 2c4g, one public with 10Mbps, one private, hangzhou";
    const template = generated(ask);
    expect(props(template, SERVER).map((server) => server.InternetMaxBandwidthOut ?? 0)).toEqual([10, 0]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const bothPublic = structuredClone(template);
    for (const server of props(bothPublic, SERVER)) Object.assign(server, { InternetMaxBandwidthOut: 10, AllocatePublicIP: true });
    expect(missedTexts(ask, bothPublic)).toContain("one public");
    const terraform = "Terraform: 2 ECS, one public, one private, 5 Mbps, beijing";
    const twin = generateTemplate({ text: terraform }).content;
    expect(twin.match(/internet_max_bandwidth_out = \d+/g)).toEqual(["internet_max_bandwidth_out = 5", "internet_max_bandwidth_out = 0"]);
    expect(checkOf(terraform, twin)?.notExpressed).toEqual([]);
    const zh = generated("两台服务器，一台公网一台内网，4核8G，杭州");
    expect(props(zh, SERVER).map((server) => server.InternetMaxBandwidthOut ?? 0)).toEqual([5, 0]);
  });
});

describe("round nine: listeners said in other words", () => {
  it("'公网 SLB 监听 80 转 8080' maps 80 to 8080 (the check named 8080 as missing); 'SLB 加一个 443 监听转 8443' adds that listener (it opened port 80 instead)", () => {
    const ask = "给我一套杭州的环境：VPC 172.16.0.0/16，两个交换机，三台 ECS（2核4G），一个公网 SLB 监听 80 转 8080，一个 RDS MySQL 5.7 50G 只允许 VPC 访问";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::Listener")).toEqual([expect.objectContaining({ ListenerPort: 80, BackendServerPort: 8080 })]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const edit = "SLB 加一个 443 监听转 8443";
    const after = edited(template, edit);
    expect(props(after, "ALIYUN::SLB::Listener")).toContainEqual(expect.objectContaining({ ListenerPort: 443, BackendServerPort: 8443 }));
    expect(checkOf(edit, after)?.notExpressed).toEqual([]);
    expect(checkOf(edit, after)?.broader).toEqual([]);
  });

  it("'open 443 on the SLB too' adds a listener, not only a server rule (the reply claimed it done)", () => {
    const before = generated("Terraform: VPC 10.0.0.0/16, 2 ECS ecs.c7.large, SLB on 80, hangzhou");
    const after = edited(before, "open 443 on the SLB too");
    expect(props(after, "ALIYUN::SLB::Listener").map((listener) => listener.ListenerPort)).toEqual([80, 443]);
  });
});

describe("round nine: HTTPS at the load balancer, HTTP behind it", () => {
  const listener443 = (template: Template) => props(template, "ALIYUN::SLB::Listener").find((listener) => listener.ListenerPort === 443);

  it("'HTTPS termination, cert id …, backend HTTP 8080' is one HTTPS listener 443 → 8080 with that certificate (it built 80, 443 (TCP) and 8080, vouched for)", () => {
    const ask = "3 ECS (web) behind SLB with HTTPS termination, cert id 1234567890abcdef, backend HTTP 8080, hangzhou";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::Listener")).toEqual([expect.objectContaining({ ListenerPort: 443, BackendServerPort: 8080, Protocol: "https" })]);
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("1234567890abcdef");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const back = structuredClone(template);
    (listener443(back) as Record<string, unknown>).BackendServerPort = 443;
    expect(missedTexts(ask, back).length).toBeGreaterThan(0);
  });

  it("'HTTPS 443 forwarded to HTTP 8080' maps 443 to 8080 (it forwarded 443 to 443 and opened a listener on 8080)", () => {
    const ask = "2 web servers behind an SLB, HTTPS 443 forwarded to HTTP 8080, hangzhou";
    const template = generated(ask);
    expect(listener443(template)).toEqual(expect.objectContaining({ BackendServerPort: 8080, Protocol: "https" }));
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => listener.ListenerPort)).not.toContain(8080);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const back = structuredClone(template);
    (listener443(back) as Record<string, unknown>).BackendServerPort = 443;
    expect(missedTexts(ask, back).length).toBeGreaterThan(0);
  });
});

describe("round nine: lifecycle and listener settings that are not the objects' or the listener's own", () => {
  it("'abort incomplete multipart uploads after 7 days' never expires the objects (every object expired after 7 days, vouched for)", () => {
    const cases: [string, number | undefined, string][] = [
      ["OSS bucket with a lifecycle: abort incomplete multipart uploads after 7 days, hangzhou", undefined, "7 days"],
      ["bucket logs: expire objects after 90 days and abort multipart uploads after 3 days, hangzhou", 90, "3 days"],
      ["存储桶 data-x，碎片 7 天后删除，对象 180 天后删除，杭州", 180, "7 天"],
    ];
    for (const [ask, expiry, named] of cases) {
      const result = generateTemplate({ text: ask });
      const template = result.template as unknown as Template;
      const rules =
        (props(template, "ALIYUN::OSS::Bucket")[0]?.LifecycleConfiguration as { Rule: { Expiration?: { Days: number } }[] } | undefined)?.Rule ?? [];
      expect(
        rules.map((rule) => rule.Expiration?.Days),
        ask,
      ).toEqual(expiry === undefined ? [] : [expiry]);
      expect(result.summary, ask).toMatch(/multipart uploads after|分片上传/);
      expect(missedTexts(ask, template), ask).toEqual([named]);
    }
  });

  it("'SLB with session persistence (cookie insert, 1800s)' names it as not built (the check said all 5 values were there)", () => {
    for (const ask of ["SLB with session persistence (cookie insert, 1800s) on 80, 2 ECS, hangzhou", "负载均衡开启会话保持，两台ECS，杭州"]) {
      const result = generateTemplate({ text: ask });
      expect(result.summary, ask).toMatch(/session persistence on the listeners|监听的会话保持/);
      expect(missedTexts(ask, result.template as unknown as Template), ask).toEqual(["session persistence"]);
    }
  });
});
