/**
 * Issue 27 items 1 to 3 and 6, round eight: requests written by engineers in their own words, none of
 * them from the suites, run through the real generator, editor and request check. Each test names
 * what was wrong (built wrong, or vouched for by the check while wrong), proves the fix, and where
 * the check is concerned shows that a template with the value wrong is flagged (a mutation).
 */
import { describe, expect, it } from "vitest";
import { generateTemplate } from "../../../src/iac/index";
import { checkOf, edited, generated, hcl, ofType, props, rules, type Template, without } from "./engineer-request-helpers";

const SERVER = "ALIYUN::ECS::Instance";
const RULE = "ALIYUN::ECS::SecurityGroupIngress";

/** The vSwitch each server is placed in, by the name it refers to. */
const serverSwitches = (template: Template) => props(template, SERVER).map((server) => JSON.stringify(server.VSwitchId));

describe("round eight: 'in different AZs' puts every server in a zone of its own", () => {
  it("'ECS x2 in different AZs of cn-hangzhou' builds two vSwitches, a server in each (the check once said all 7 values were there with one)", () => {
    const ask = "ECS x2 in different AZs of cn-hangzhou, ecs.c6.large, 40 GB system disk each, private only, SSH from 10.0.0.0/8";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::VSwitch")).toHaveLength(2);
    expect(new Set(serverSwitches(template)).size).toBe(2);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "zone-spread", text: "different AZs" }));
    // The Terraform twin places each server in its own vSwitch, and the check reads it there too.
    const terraform = hcl(template);
    expect(terraform).toContain("vswitch_id                 = alicloud_vswitch.vsw_2.id");
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    expect(checkOf(ask, terraform.replace("alicloud_vswitch.vsw_2.id", "alicloud_vswitch.vsw_1.id"))?.notExpressed.map((value) => value.text)).toContain(
      "different AZs",
    );
    // Mutation: both servers in one vSwitch of one zone is named, not vouched for.
    const oneZone = without(template, "VSwitch2");
    for (const server of props(oneZone, SERVER)) server.VSwitchId = { Ref: "VSwitch1" };
    expect(checkOf(ask, oneZone)?.notExpressed.map((value) => value.text)).toContain("different AZs");
  });

  it("three servers in different AZs get three zones; 'multiple AZs' two; the Chinese '不同可用区' two", () => {
    const cases: [string, number][] = [
      ["ECS x3 in different AZs, ecs.c7.large, hangzhou", 3],
      ["3 servers spread across multiple AZs in Beijing", 2],
      ["两台 ECS 放在不同可用区，杭州，4核8G", 2],
      ["4 ECS, each in its own AZ, Hangzhou, c7.large", 4],
    ];
    for (const [ask, zones] of cases) {
      const template = generated(ask);
      expect(ofType(template, "ALIYUN::ECS::VSwitch"), ask).toHaveLength(zones);
      const check = checkOf(ask, template);
      expect(check?.notExpressed, ask).toEqual([]);
      expect(
        check?.applied.some((value) => value.kind === "zone-spread"),
        ask,
      ).toBe(true);
    }
  });
});

describe("round eight: 'put them in different zones' (an edit) moves the servers, not only adds a vSwitch", () => {
  it("the second server goes to the new vSwitch's zone; the check once passed both servers in the first", () => {
    const ask = "put them in different zones";
    const before = generated("Two web servers (ecs.c7.large) in Hangzhou with an internet-facing SLB: 80 -> 8080, health check /health");
    const template = edited(before, ask);
    expect(ofType(template, "ALIYUN::ECS::VSwitch")).toHaveLength(2);
    expect(new Set(serverSwitches(template)).size).toBe(2);
    expect(new Set(props(template, SERVER).map((server) => JSON.stringify(server.ZoneId))).size).toBe(2);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // Mutation: the new vSwitch left empty (both servers in the first zone) is named.
    const stayed = structuredClone(template);
    for (const server of props(stayed, SERVER)) {
      server.VSwitchId = { Ref: "VSwitch" };
      server.ZoneId = props(stayed, "ALIYUN::ECS::VSwitch")[0]?.ZoneId;
    }
    expect(checkOf(ask, stayed)?.notExpressed.map((value) => value.text)).toContain("different zones");
  });
});

describe("round eight: 'Need 3 Redis? no, just 1' takes the 3 back", () => {
  it("one Redis, and the check holds the 1 against the template (it once built three)", () => {
    const ask = "Need 3 Redis? no, just 1 Redis 7.0 with 8GB, Beijing";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::REDIS::Instance")).toHaveLength(1);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    // Mutation: a second Redis is named against the 1.
    const two = structuredClone(template);
    two.Resources.RedisInstance2 = structuredClone(two.Resources.RedisInstance as Template["Resources"][string]);
    // The count is named with its noun ("1 Redis") where the value families read it so.
    expect(checkOf(ask, two)?.notExpressed.map((value) => value.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^1(?: Redis)?$/)]));
  });
});

describe("round eight: more corrections inside one request", () => {
  it("'2c4g? no, 4c8g' sizes the database 4c8g; '3 servers, no, make it 2' builds two; 'one ALB... actually an internet SLB' an SLB", () => {
    const mysql = "MySQL 8.0, 2c4g? no, 4c8g, 100G, Hangzhou";
    const database = generated(mysql);
    expect(database.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n2.large.2c");
    expect(checkOf(mysql, database)?.notExpressed).toEqual([]);
    expect(ofType(generated("3 servers, no, make it 2, ecs.c7.large, Hangzhou"), SERVER)).toHaveLength(2);
    const lb = "I'd like one ALB... actually an internet SLB on 80 for 2 ECS in two AZs, Guangzhou";
    const balanced = generated(lb);
    expect(props(balanced, "ALIYUN::SLB::LoadBalancer").map((balancer) => balancer.AddressType)).toEqual(["internet"]);
    expect(checkOf(lb, balanced)?.notExpressed).toEqual([]);
  });
});

describe("round eight: a 'so …' clause says what the rest is for", () => {
  it("'NAT gateway for my VPC … so private servers can reach the internet' builds the NAT gateway and no server (it once added an ECS)", () => {
    const ask = "NAT gateway for my VPC vpc-bp1abcdefgh12345678 / vsw-bp1abcdefgh12345678 so private servers can reach the internet, Hangzhou";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(ofType(template, "ALIYUN::VPC::NatGateway")).toHaveLength(1);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unrequested).toEqual([]);
  });
});

describe("round eight: 'no public IPs on the servers' asks the public IPs away, not the servers", () => {
  it("two ECS behind an internal SLB stay, without public IPs, and the check finds nothing missing (it once said the servers were asked away)", () => {
    const ask = "I need two ECS boxes behind an internal SLB, listener TCP 6379 -> 6379, in Qingdao. No public IPs on the servers.";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toHaveLength(2);
    expect(props(template, SERVER).every((server) => server.AllocatePublicIP === false)).toBe(true);
    expect(props(template, "ALIYUN::SLB::LoadBalancer")[0]?.AddressType).toBe("intranet");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // Mutation: an EIP on the servers is still named as asked away.
    const withEip = structuredClone(template);
    withEip.Resources.Eip = { Type: "ALIYUN::VPC::EIP", Properties: { Bandwidth: 5 } };
    expect(checkOf(ask, withEip)?.notExpressed.map((value) => value.text)).toContain("public IPs");
  });
});

describe("round eight: a port opened to the world on a server with nothing in front gets a public address", () => {
  it("'open 80/443 to the world' on one ECS: a public IP at 5 Mbps (it once had none, so nothing could reach 80 or 443)", () => {
    const ask =
      "Spin up a small web stack in cn-beijing: 1 ECS (ecs.g7.large, 2 vCPU 8 GiB), 60GB ESSD system disk, open 80/443 to the world, 22 only from 198.51.100.12/32";
    const template = generated(ask);
    expect(props(template, SERVER)[0]).toMatchObject({ AllocatePublicIP: true, InternetMaxBandwidthOut: 5 });
    expect(generateTemplate({ text: ask }).summary).toContain("a public IP with 5 Mbps outbound bandwidth on each ECS instance");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'开放 80 443 给所有人' on one ECS gives it a public IP too", () => {
    const template = generated("一台 8核32G 的 ECS，系统盘 100G，数据盘 1T，放在杭州 I 区，开放 80 443 给所有人，22 只允许 47.96.0.0/16");
    expect(props(template, SERVER)[0]).toMatchObject({ AllocatePublicIP: true, InternetMaxBandwidthOut: 5 });
  });

  it("'no public IP' keeps the server private, and a load balancer in front keeps its servers private", () => {
    expect(props(generated("One ECS, open 8080 from anywhere, no public IP, Shanghai"), SERVER)[0]?.AllocatePublicIP).toBe(false);
    const behind = generated("2 ECS behind an SLB, 80 and 443 open to the internet, Hangzhou");
    expect(props(behind, SERVER).every((server) => server.AllocatePublicIP === false)).toBe(true);
  });
});

describe("round eight: the reply's first line names what the template builds, not what the request read", () => {
  it("a Redis in the user's VPC is '1 Redis instance', not '1 VPC, 1 vSwitch, 1 Redis instance'", () => {
    const ask = "Redis 5.0, 4 GB, in my VPC vpc-wz9abc123def456ghi789 / vsw-wz9abc123def456ghi789, only reachable from 10.0.1.0/24, Shenzhen";
    const result = generateTemplate({ text: ask });
    expect(result.summary).toContain("with 1 Redis instance for region cn-shenzhen.");
    expect(result.resources).toEqual(["RedisInstance: ALIYUN::REDIS::Instance"]);
  });
});

describe("round eight: rules on a security group the user already has", () => {
  const groupRules = (template: Template) => props(template, RULE);

  it("'Open port 8080 on my existing security group sg-… only for 10.1.0.0/16' adds that rule and nothing else (it once built a lone vSwitch)", () => {
    const ask = "Open port 8080 on my existing security group sg-bp1234567890abcdef only for 10.1.0.0/16";
    const result = generateTemplate({ text: ask });
    const template = result.template as unknown as Template;
    expect(Object.keys(template.Resources)).toEqual(["SecurityGroupRule8080"]);
    expect(groupRules(template)).toEqual([
      expect.objectContaining({ SecurityGroupId: { Ref: "SecurityGroupId" }, PortRange: "8080/8080", SourceCidrIp: "10.1.0.0/16", IpProtocol: "tcp" }),
    ]);
    expect(template.Parameters?.SecurityGroupId?.Default).toBe("sg-bp1234567890abcdef");
    expect(result.summary).toContain("with 1 ingress rule on an existing security group.");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
    // Mutations: the range broadened, or the rule gone, are named.
    const open = structuredClone(template);
    (open.Resources.SecurityGroupRule8080?.Properties as Record<string, unknown>).SourceCidrIp = "0.0.0.0/0";
    expect(checkOf(ask, open)?.broader.map((value) => value.text)).toContain("10.1.0.0/16");
    expect(checkOf(ask, without(template, "SecurityGroupRule8080"))?.notExpressed.map((value) => value.text)).toContain("8080");
  });

  it("in Chinese, and as 'add a rule to sg-…: allow SSH from X' (once read as out of scope)", () => {
    const zh = generated("在已有安全组 sg-bp1abcdefghij1234567 上放通 443 和 80，来源 0.0.0.0/0，杭州");
    expect(groupRules(zh).map((rule) => rule.PortRange)).toEqual(["80/80", "443/443"]);
    const ask = "add a rule to sg-bp1abcdefghij1234567: allow SSH from 203.0.113.8, region cn-hangzhou";
    const ssh = generated(ask);
    expect(groupRules(ssh)).toEqual([expect.objectContaining({ PortRange: "22/22", SourceCidrIp: "203.0.113.8/32" })]);
    expect(checkOf(ask, ssh)?.notExpressed).toEqual([]);
  });

  it("servers joining the existing group get the requested port as a rule on it", () => {
    const ask = "2 ECS in my VPC vpc-bp1abcdefgh12345678, in security group sg-bp1abcdefghij1234567, open 8080 to 10.0.0.0/8";
    const template = generated(ask);
    expect(props(template, SERVER).every((server) => JSON.stringify(server.SecurityGroupId) === '{"Ref":"SecurityGroupId"}')).toBe(true);
    expect(groupRules(template)).toEqual([expect.objectContaining({ PortRange: "8080/8080", SourceCidrIp: "10.0.0.0/8" })]);
    expect(rules(template)).toEqual([]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("follow-ups open, narrow and close rules on the existing group ('restrict 443 to 10.2.0.0/16' once changed port 443 to 10)", () => {
    let template = generated("Open port 8080 on my existing security group sg-bp1234567890abcdef only for 10.1.0.0/16");
    template = edited(template, "also open 443 from anywhere");
    expect(groupRules(template).map((rule) => [rule.PortRange, rule.SourceCidrIp])).toEqual([
      ["8080/8080", "10.1.0.0/16"],
      ["443/443", "0.0.0.0/0"],
    ]);
    const narrow = "restrict 443 to 10.2.0.0/16";
    template = edited(template, narrow);
    expect(groupRules(template).map((rule) => [rule.PortRange, rule.SourceCidrIp])).toEqual([
      ["8080/8080", "10.1.0.0/16"],
      ["443/443", "10.2.0.0/16"],
    ]);
    expect(checkOf(narrow, template)?.broader).toEqual([]);
    template = edited(template, "close 8080");
    expect(groupRules(template).map((rule) => rule.PortRange)).toEqual(["443/443"]);
    expect(groupRules(template).every((rule) => JSON.stringify(rule.SecurityGroupId) === '{"Ref":"SecurityGroupId"}')).toBe(true);
  });

  it("'restrict 443 to 10.2.0.0/16' on a group of the template narrows 443 and opens no port 10", () => {
    const template = edited(generated("ECS in Hangzhou, open 80 and 443"), "restrict 443 to 10.2.0.0/16");
    expect(rules(template).find((rule) => rule.PortRange === "443/443")?.SourceCidrIp).toBe("10.2.0.0/16");
    expect(rules(template).some((rule) => rule.PortRange === "10/10")).toBe(false);
  });

  it("Terraform writes the rules on a variable holding the group's id", () => {
    const template = generated("Open port 8080 on my existing security group sg-bp1234567890abcdef only for 10.1.0.0/16");
    const text = hcl(template);
    expect(text).toMatch(/variable "security_group_id" \{[^}]*default\s+= "sg-bp1234567890abcdef"/);
    expect(text).toMatch(
      /resource "alicloud_security_group_rule" "existing_port_8080" \{[^}]*security_group_id = var\.security_group_id\s+cidr_ip\s+= "10\.1\.0\.0\/16"/,
    );
    expect(text).not.toContain('resource "alicloud_security_group" ');
  });
});

describe("round eight: an EIP bound to a server the user already has", () => {
  it("'bind it to instance i-bp1…' binds the EIP to a parameter holding that id (it once built an unbound EIP)", () => {
    const ask = "Set up an EIP with 20 Mbps bandwidth pay-by-traffic and bind it to instance i-bp1abcdefghijklmnopq";
    const template = generated(ask);
    expect(props(template, "ALIYUN::VPC::EIPAssociation")).toEqual([expect.objectContaining({ InstanceId: { Ref: "InstanceId" } })]);
    expect(template.Parameters?.InstanceId?.Default).toBe("i-bp1abcdefghijklmnopq");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // Mutation: without the association, the instance and its id are named.
    const unbound = without(template, "EipAssociation");
    delete unbound.Parameters?.InstanceId;
    expect(checkOf(ask, unbound)?.notExpressed.map((value) => value.text)).toEqual(expect.arrayContaining(["instance", "i-bp1abcdefghijklmnopq"]));
  });

  it("'associate it with my ECS i-bp1…' builds no server of its own (it once added an ECS and left the id unbound)", () => {
    const ask = "Allocate an EIP (10 Mbps) and associate it with my ECS i-bp1xyz0123456789abcd in cn-shanghai";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(template.Parameters?.InstanceId?.Default).toBe("i-bp1xyz0123456789abcd");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });
});

describe("round eight: what a product is for is not a product asked for", () => {
  it("'Security group for a k8s node pool' names no Kubernetes cluster as unbuilt; 'an ACK cluster' still does", () => {
    const ask = "Security group for a k8s node pool: allow 30000-32767 from 10.0.0.0/8, 10250 from 10.0.0.0/8, deny everything else; Hangzhou";
    const template = generated(ask);
    expect(generateTemplate({ text: ask }).summary).not.toContain("Kubernetes");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(generateTemplate({ text: "Create an ACK cluster with 3 worker nodes in Hangzhou" }).summary).toContain("a Kubernetes (ACK) cluster");
  });
});

describe("round eight: 'one public …, one internal …' scopes each load balancer and its ports", () => {
  it("the public one listens on 443, the internal one on 8080 inside the VPC (both were once internet-facing with every port)", () => {
    const ask = "Set up 2 SLBs: one public for web on 443, one internal for api on 8080; 4 ECS total (2 web, 2 api), Shanghai";
    const template = generated(ask);
    const balancers = template.Resources;
    expect(balancers.Slb1?.Properties?.AddressType).toBe("internet");
    expect(balancers.Slb2?.Properties?.AddressType).toBe("intranet");
    const listeners = Object.entries(template.Resources)
      .filter(([, resource]) => resource.Type === "ALIYUN::SLB::Listener")
      .map(([, resource]) => [JSON.stringify(resource.Properties?.LoadBalancerId), resource.Properties?.ListenerPort]);
    expect(listeners).toEqual([
      ['{"Ref":"Slb1"}', 443],
      ['{"Ref":"Slb2"}', 8080],
    ]);
    expect(rules(template).find((rule) => rule.PortRange === "8080/8080")?.SourceCidrIp).toBe("192.168.0.0/16");
    const check = checkOf(ask, template);
    expect(check?.broader).toEqual([]);
    expect(check?.notExpressed).toEqual([]);
    // Terraform keeps each load balancer's scope and port.
    const terraform = hcl(template);
    expect(terraform).toMatch(/resource "alicloud_slb_listener" "slb_1_443"/);
    expect(terraform).toMatch(/resource "alicloud_slb_listener" "slb_2_8080"/);
    expect(terraform).not.toMatch(/slb_1_8080|slb_2_443/);
    expect(checkOf(ask, terraform)?.broader).toEqual([]);
    // Mutations: the internal load balancer made public, or 8080 served by the public one, are broader than asked.
    const bothPublic = structuredClone(template);
    (bothPublic.Resources.Slb2?.Properties as Record<string, unknown>).AddressType = "internet";
    expect(checkOf(ask, bothPublic)?.broader.length).toBeGreaterThan(0);
    const moved = structuredClone(template);
    (moved.Resources.Slb2Listener8080?.Properties as Record<string, unknown>).LoadBalancerId = { Ref: "Slb1" };
    expect(checkOf(ask, moved)?.broader.map((value) => value.text)).toContain("8080");
  });

  it("'Public SLB (443) + internal SLB (6379)': two load balancers, each its scope and port, neither called unrequested (one was once built, on 80)", () => {
    const ask = "Public SLB (443) + internal SLB (6379) + 2 ECS, Hangzhou";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::LoadBalancer").map((balancer) => balancer.AddressType)).toEqual(["internet", "intranet"]);
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => listener.ListenerPort)).toEqual([443, 6379]);
    const check = checkOf(ask, template);
    expect([check?.notExpressed, check?.unplaced, check?.unrequested, check?.broader]).toEqual([[], [], [], []]);
    // Mutation: one load balancer only leaves the internal one's port unconfirmed or missing.
    const one = without(template, "Slb2", "Slb2Listener6379", "Slb2BackendServers");
    const flagged = checkOf(ask, one);
    expect([...(flagged?.notExpressed ?? []), ...(flagged?.unplaced ?? [])].map((value) => value.text)).toContain("6379");
  });

  it("in Chinese: '两个 SLB：一个公网的监听 443，一个内网的监听 8080'", () => {
    const template = generated("两个 SLB：一个公网的监听 443，一个内网的监听 8080，后端 4 台 ECS，上海");
    expect(props(template, "ALIYUN::SLB::LoadBalancer").map((balancer) => balancer.AddressType)).toEqual(["internet", "intranet"]);
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => listener.ListenerPort)).toEqual([443, 8080]);
  });
});

describe("round eight: CORS on a bucket (named as not built before)", () => {
  const corsOf = (template: Template) => props(template, "ALIYUN::OSS::Bucket")[0]?.CORSConfiguration as { CORSRule: Record<string, unknown>[] } | undefined;

  it("the origins and methods written, and each one held by the check", () => {
    const ask = "Bucket acme-assets in Shanghai, private, with CORS for https://app.acme.com and https://admin.acme.com (GET, PUT, POST)";
    const template = generated(ask);
    expect(corsOf(template)?.CORSRule).toEqual([
      { AllowedOrigin: ["https://app.acme.com", "https://admin.acme.com"], AllowedMethod: ["GET", "PUT", "POST"], AllowedHeader: ["*"] },
    ]);
    const check = checkOf(ask, template);
    expect([check?.notExpressed, check?.unplaced]).toEqual([[], []]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "url-path", text: "https://admin.acme.com" }));
    // Mutations: an origin or a method dropped is named.
    const narrower = structuredClone(template);
    (corsOf(narrower)?.CORSRule[0] as Record<string, unknown>).AllowedOrigin = ["https://app.acme.com"];
    expect(checkOf(ask, narrower)?.notExpressed.map((value) => value.text)).toContain("https://admin.acme.com");
    const fewer = structuredClone(template);
    (corsOf(fewer)?.CORSRule[0] as Record<string, unknown>).AllowedMethod = ["GET"];
    expect(checkOf(ask, fewer)?.notExpressed.map((value) => value.text)).toEqual(expect.arrayContaining(["PUT", "POST"]));
  });

  it("Terraform writes a cors_rule block; Chinese '允许 … 跨域访问'; 'no CORS' builds none and the check holds that", () => {
    const terraform = generateTemplate({ text: "Terraform: OSS bucket web-static-01, public-read, CORS GET/HEAD from https://www.example.com, cn-hangzhou" });
    expect(terraform.content).toMatch(/cors_rule \{\s+allowed_origins = \["https:\/\/www\.example\.com"\]\s+allowed_methods = \["GET", "HEAD"\]/);
    const zh = generated("存储桶 img-cdn-01，公共读，允许 https://m.example.com 跨域访问，杭州");
    expect(corsOf(zh)?.CORSRule[0]?.AllowedOrigin).toEqual(["https://m.example.com"]);
    const ask = "OSS bucket logs-01, private, no CORS, Hangzhou";
    const none = generated(ask);
    expect(corsOf(none)).toBeUndefined();
    expect(checkOf(ask, none)?.notExpressed).toEqual([]);
    expect(checkOf(ask, zh)?.notExpressed.length).toBeGreaterThan(0);
  });
});

describe("round eight: the last batch (servers by id, forwarding after 'and', '? make it')", () => {
  it("'EIP x2 … bound to my two servers i-…1 and i-…2' binds each EIP to one id and builds no server (it once built two)", () => {
    const ask = "EIP x2 at 20 Mbps each, bound to my two servers i-wz9aaaaaaaaaaaaaaaa1 and i-wz9aaaaaaaaaaaaaaaa2";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(props(template, "ALIYUN::VPC::EIPAssociation").map((association) => association.InstanceId)).toEqual([
      { Ref: "InstanceId" },
      { Ref: "InstanceId2" },
    ]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(checkOf(ask, without(template, "Eip2Association"))?.notExpressed.length).toBeGreaterThan(0);
  });

  it("'an SLB listening on 443 and forwarding to 8443' maps 443 to 8443; '20GB system disk? make it 40GB' gives 40", () => {
    const ask = "3 ECS (2c4g) in Hangzhou behind an SLB listening on 443 and forwarding to 8443, SSH only via 10.8.0.0/16";
    const template = generated(ask);
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => [listener.ListenerPort, listener.BackendServerPort])).toEqual([[443, 8443]]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const disk = generated("one Ubuntu 22.04 ECS, 20GB system disk? make it 40GB, Shenzhen");
    expect(props(disk, SERVER)[0]?.SystemDiskSize).toBe(40);
  });
});
