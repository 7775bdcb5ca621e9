/**
 * Issue 27 items 1, 2 and 6, round six: requests written by engineers in their own words, none of
 * them from the suites, run through the real generator, editor and request check. Each test names
 * what was wrong (built wrong, or vouched for by the check while wrong) and proves the fix, and,
 * where the check is concerned, that a template with the value wrong is flagged (a mutation).
 */
import { describe, expect, it } from "vitest";
import { checkRequest, generateTemplate } from "../../../src/iac/index";
import { checkOf, edited, generated, hcl, ofType, props, type Resource, type Template, without } from "./engineer-request-helpers";

describe("issue 27 item 6: servers counted by zone, by role and by 'more'", () => {
  it("'Web servers: 3 nodes, one per zone (zones a, b, c in cn-hangzhou)': three servers, a vSwitch in each zone, one server in each", () => {
    const ask = "Web servers: 3 nodes, one per zone (zones a, b, c in cn-hangzhou), ecs.c6.xlarge, behind a public SLB listening on 80.";
    const template = generated(ask);
    const servers = props(template, "ALIYUN::ECS::Instance");
    expect(servers).toHaveLength(3);
    expect(new Set(servers.map((server) => JSON.stringify(server.VSwitchId))).size).toBe(3);
    expect(["ZoneId1", "ZoneId2", "ZoneId3"].map((zone) => template.Parameters?.[zone]?.Default)).toEqual(["cn-hangzhou-a", "cn-hangzhou-b", "cn-hangzhou-c"]);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    expect(check?.unrequested).toEqual([]);
    expect(check?.applied).toContainEqual({ kind: "count", text: "one per zone", where: "3 × ecs (1 per zone, 3 zones)" });
    // Mutation: a server dropped is no longer one per zone.
    const fewer = checkOf(ask, without(template, "EcsInstance3"));
    expect(fewer?.notExpressed.map((value) => value.text)).toEqual(expect.arrayContaining(["one per zone"]));
  });

  it("'across zones h, i, j of cn-hangzhou': a third zone letter in a list is a zone too", () => {
    const ask = "VPC w/ 3 vSwitches (10.0.0.0/24, 10.0.1.0/24, 10.0.2.0/24) across zones h, i, j of cn-hangzhou. No ECS yet.";
    const template = generated(ask);
    expect(["ZoneId1", "ZoneId2", "ZoneId3"].map((zone) => template.Parameters?.[zone]?.Default)).toEqual(["cn-hangzhou-h", "cn-hangzhou-i", "cn-hangzhou-j"]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'api (2 instances), worker (3 instances)': five servers, and the check places both counts", () => {
    const ask =
      "Need infra for a k8s-less microservice setup: api (2 instances), worker (3 instances), each ecs.g6.large, private subnets only, NAT for outbound, cn-beijing";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(5);
    const check = checkOf(ask, template);
    expect(check?.notExpressed.filter((value) => value.kind === "count")).toEqual([]);
    expect(check?.applied).toContainEqual({ kind: "count", text: "2", where: "5 × ecs (2 + 3 by role)" });
    // Mutation: four servers are neither two plus three nor either count alone.
    const fewer = checkOf(ask, without(template, "EcsInstance5"));
    expect(fewer?.notExpressed.filter((value) => value.kind === "count").length).toBeGreaterThan(0);
  });

  it("'2 web servers and 3 app servers', '3 ECS instances and 2 more ECS for batch jobs': five servers each", () => {
    for (const ask of [
      "2 web servers and 3 app servers, ecs.c7.large, Hangzhou, SLB on 80 in front of the web servers",
      "3 ECS instances and 2 more ECS for batch jobs in Shanghai",
    ]) {
      const template = generated(ask);
      expect(ofType(template, "ALIYUN::ECS::Instance"), ask).toHaveLength(5);
      const check = checkOf(ask, template);
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unrequested, ask).toEqual([]);
    }
  });

  it("servers of one role counted twice are not summed ('3 web servers … the 3 web servers behind the SLB')", () => {
    expect(ofType(generated("3 web servers in Hangzhou, SLB on 80 in front of the 3 web servers"), "ALIYUN::ECS::Instance")).toHaveLength(3);
  });
});

describe("issue 27 items 1 and 6: shorthands and nouns engineers write", () => {
  it("'w/ 200G essd each' is 'with', never a path prefix 'w/'; 'w/o public IP' is 'without'", () => {
    const ask = "ROS template pls: VPC 172.16.0.0/12, 2 vsw (172.16.1.0/24 zone b, 172.16.2.0/24 zone c), 2x ecs.g7.large w/ 200G essd each, ALB on 443.";
    const check = checkOf(ask, generated(ask));
    expect(check?.notExpressed.filter((value) => value.kind === "path-prefix")).toEqual([]);
    const bare = "one ECS w/o public IP, 2c4g, Hangzhou";
    const template = generated(bare);
    expect(ofType(template, "ALIYUN::VPC::EIP")).toEqual([]);
    expect(props(template, "ALIYUN::ECS::Instance")[0]).toMatchObject({ AllocatePublicIP: false, InternetMaxBandwidthOut: 0 });
    expect(checkOf(bare, template)?.notExpressed).toEqual([]);
  });

  it("'2 vsw (172.16.1.0/24 …, 172.16.2.0/24 …)': 'vsw' is a vSwitch, so the blocks are the vSwitches' and not misplaced", () => {
    const ask = "VPC 172.16.0.0/12 with 2 vsw (172.16.1.0/24, 172.16.2.0/24) and 2 ECS, Hangzhou";
    const template = generated(ask);
    expect(props(template, "ALIYUN::ECS::VSwitch").map((vswitch) => vswitch.CidrBlock)).toEqual(["172.16.1.0/24", "172.16.2.0/24"]);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "count", text: "2 vsw" }));
  });

  it("'two control plane nodes' behind an internal SLB on 6443 are two servers in the VPC, in zone k", () => {
    const ask = "Create an internal SLB on port 6443 forwarding to backend 6443 for two control plane nodes, zone k in Beijing";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(2);
    expect(props(template, "ALIYUN::SLB::LoadBalancer")[0]).toMatchObject({ AddressType: "intranet" });
    expect(props(template, "ALIYUN::SLB::Listener")[0]).toMatchObject({ ListenerPort: 6443, BackendServerPort: 6443 });
    expect(template.Parameters?.ZoneId?.Default).toBe("cn-beijing-k");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("'1 ECS (ecs.t6-c1m2.large), 1 EIP 5Mbps': the '1m' inside the type is no bandwidth, so the server gets no public IP of its own", () => {
    const ask = "Please build: 1 VPC, 1 vSwitch, 1 ECS (ecs.t6-c1m2.large), 1 EIP 5Mbps, bandwidth billed by traffic. Region cn-qingdao.";
    const template = generated(ask);
    expect(props(template, "ALIYUN::ECS::Instance")[0]).toMatchObject({ AllocatePublicIP: false, InternetMaxBandwidthOut: 0 });
    expect(props(template, "ALIYUN::VPC::EIP")[0]).toMatchObject({ Bandwidth: 5 });
  });

  it("'16 vCPU and 64 GiB' is a size pair: ecs.g7.4xlarge, and the check places both numbers", () => {
    const ask = "Give me a single ECS with 16 vCPU and 64 GiB, Windows Server 2022, RDP from my office 203.0.113.0/28";
    const template = generated(ask);
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.g7.4xlarge");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    // Mutation: another size's type is flagged.
    const wrong = structuredClone(template);
    if (wrong.Parameters?.EcsInstanceType) wrong.Parameters.EcsInstanceType.Default = "ecs.g7.2xlarge";
    expect(checkOf(ask, wrong)?.notExpressed.length).toBeGreaterThan(0);
  });
});

describe("issue 27 items 2 and 6: disks by group, a listener's backend, a bastion's own EIP", () => {
  it("'2 x 100GB and 1 x 500GB data disks per server': three disks on each server (ROS and Terraform), the check counts three", () => {
    const ask = "two ECS in hangzhou, disks: 2 x 100GB and 1 x 500GB data disks per server";
    const template = generated(ask);
    for (const server of props(template, "ALIYUN::ECS::Instance"))
      expect((server.DiskMappings as Array<{ Size: number }>).map((disk) => disk.Size)).toEqual([100, 100, 500]);
    expect(hcl(template).match(/data_disks \{/g)).toHaveLength(6);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual({ kind: "count", text: "2 x 100GB and 1 x 500GB data disks", where: "6 × disk (3 per server)" });
    // Mutation: a 100 GB disk dropped from each server is flagged.
    const fewer = structuredClone(template);
    for (const resource of Object.values(fewer.Resources))
      if (resource.Type === "ALIYUN::ECS::Instance" && resource.Properties)
        resource.Properties.DiskMappings = (resource.Properties.DiskMappings as unknown[]).slice(1);
    expect(checkOf(ask, fewer)?.notExpressed.map((value) => value.text)).toContain("2 x 100GB and 1 x 500GB data disks");
  });

  it("'change the 443 listener to forward to 9443 instead' moves that listener's backend and the servers' rule, and keeps 80 → 8080", () => {
    const base = generated(
      "VPC 10.0.0.0/16; public subnet 10.0.1.0/24 with a CLB; private subnet 10.0.2.0/24 with 2 ECS (c7.xlarge). CLB: 80->8080, 443->8443. Hangzhou zone h.",
    );
    const after = edited(base, "change the 443 listener to forward to 9443 instead");
    const listeners = props(after, "ALIYUN::SLB::Listener").map((listener) => [listener.ListenerPort, listener.BackendServerPort]);
    expect(listeners).toEqual([
      [80, 8080],
      [443, 9443],
    ]);
    const ports = props(after, "ALIYUN::ECS::SecurityGroup").flatMap((group) =>
      ((group.SecurityGroupIngress as Array<{ PortRange: string }> | undefined) ?? []).map((rule) => rule.PortRange),
    );
    expect(ports).toContain("9443/9443");
    expect(ports).not.toContain("8443/8443");
  });

  it("'app servers have no public IP' beside a bastion with an EIP: the bastion's EIP is not named as a public IP left behind", () => {
    const ask =
      "Need a bastion + 2 app servers in cn-shanghai. Bastion gets an EIP and SSH from 198.51.100.0/24 only; app servers have no public IP and should only be reachable from the bastion.";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::VPC::EIP")).toHaveLength(1);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    // Mutation: an EIP on every server is a public IP the app servers were asked to go without.
    const second = structuredClone(template);
    second.Resources.Eip2 = structuredClone(template.Resources.Eip as Resource);
    second.Resources.Eip3 = structuredClone(template.Resources.Eip as Resource);
    expect(checkOf(ask, second)?.notExpressed.map((value) => value.text)).toContain("public IP");
  });
});

describe("issue 27 item 6: a bastion is a security design ('app servers only reachable from the bastion')", () => {
  const ingress = (template: Template, group: string) =>
    ((template.Resources[group]?.Properties?.SecurityGroupIngress as Array<Record<string, unknown>> | undefined) ?? []).map((rule) => ({
      ports: rule.PortRange,
      from: rule.SourceCidrIp ?? rule.SourceGroupId,
    }));

  it("the bastion keeps its login rule; the other servers get a group that admits SSH only from the bastion's group", () => {
    const ask =
      "Need a bastion + 2 app servers in cn-shanghai. Bastion gets an EIP and SSH from 198.51.100.0/24 only; app servers have no public IP and should only be reachable from the bastion.";
    const template = generated(ask);
    expect(ingress(template, "SecurityGroup")).toEqual([{ ports: "22/22", from: "198.51.100.0/24" }]);
    expect(ingress(template, "AppSecurityGroup")).toEqual([{ ports: "22/22", from: { Ref: "SecurityGroup" } }]);
    const servers = props(template, "ALIYUN::ECS::Instance");
    expect(servers.map((server) => server.SecurityGroupId)).toEqual([{ Ref: "SecurityGroup" }, { Ref: "AppSecurityGroup" }, { Ref: "AppSecurityGroup" }]);
    expect(servers[0]?.InstanceName).toBe("bastion");
    expect(props(template, "ALIYUN::VPC::EIPAssociation")[0]).toMatchObject({ InstanceId: { Ref: "EcsInstance1" } });
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("'一台跳板机加两台应用服务器 … 应用服务器开放 8080 给 VPC': 8080 is the app servers' rule, not the bastion's", () => {
    const ask = "一台跳板机加两台应用服务器，杭州，跳板机绑定 EIP，SSH 只允许 203.0.113.0/24，应用服务器开放 8080 给 VPC";
    const template = generated(ask);
    expect(ingress(template, "SecurityGroup")).toEqual([{ ports: "22/22", from: "203.0.113.0/24" }]);
    expect(ingress(template, "AppSecurityGroup")).toEqual([
      { ports: "22/22", from: { Ref: "SecurityGroup" } },
      { ports: "8080/8080", from: "192.168.0.0/16" },
    ]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("in Terraform: two groups, the servers' SSH rule from the bastion's group, the bastion out of the load balancer's backends", () => {
    const ask = "Terraform: a jump box and 3 web servers behind an SLB on 80, SSH to the jump box from 192.0.2.0/24 only, Beijing";
    const result = generateTemplate({ text: ask });
    const text = result.content;
    expect(text).toMatch(/resource "alicloud_security_group" "app"/);
    expect(text).toMatch(/resource "alicloud_security_group_rule" "app_ssh_from_bastion" \{[^}]*source_security_group_id = alicloud_security_group\.main\.id/);
    expect(text).toMatch(/resource "alicloud_security_group_rule" "app_port_80" \{[^}]*security_group_id = alicloud_security_group\.app\.id/);
    expect(text).toMatch(
      /resource "alicloud_instance" "ecs_1" \{[^}]*instance_name\s+= "bastion"[^}]*security_groups\s+= \[alicloud_security_group\.main\.id\]/,
    );
    expect(text).toMatch(/resource "alicloud_instance" "ecs_2" \{[^}]*security_groups\s+= \[alicloud_security_group\.app\.id\]/);
    const backends = /resource "alicloud_slb_backend_server" "slb_1" \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? "";
    expect(backends).not.toContain("alicloud_instance.ecs_1.id");
    expect(backends).toContain("alicloud_instance.ecs_4.id");
    const check = checkRequest({ request: ask, template: text });
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("'an SLB on 80, SSH from X only' without a bastion: X is SSH's source, not 80's (no broader finding)", () => {
    const ask = "3 web servers behind an SLB on 80, SSH from 192.0.2.0/24 only, Beijing";
    const check = checkOf(ask, generated(ask));
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
  });

  it("servers without a bastion keep one group", () => {
    const template = generated("2 web servers behind an SLB on 80, Hangzhou");
    expect(ofType(template, "ALIYUN::ECS::SecurityGroup")).toHaveLength(1);
  });
});

describe("issue 27 item 3: 'open 8080 to the VPC' is an audience, not the Internet", () => {
  it("'open 8080 to the VPC', '开放 8080 给 VPC': the VPC's range; the same rule open to 0.0.0.0/0 is broader than asked", () => {
    for (const ask of ["two servers in Hangzhou, open 8080 to the VPC", "两台服务器，杭州，开放 8080 给 VPC"]) {
      const template = generated(ask);
      const rules = props(template, "ALIYUN::ECS::SecurityGroup").flatMap(
        (group) => (group.SecurityGroupIngress as Array<{ PortRange: string; SourceCidrIp: string }> | undefined) ?? [],
      );
      expect(rules.find((rule) => rule.PortRange === "8080/8080")?.SourceCidrIp, ask).toBe("192.168.0.0/16");
      expect(checkOf(ask, template)?.broader, ask).toEqual([]);
      const open = structuredClone(template);
      for (const group of props(open, "ALIYUN::ECS::SecurityGroup"))
        for (const rule of (group.SecurityGroupIngress as Array<{ PortRange: string; SourceCidrIp: string }> | undefined) ?? [])
          if (rule.PortRange === "8080/8080") rule.SourceCidrIp = "0.0.0.0/0";
      expect(checkOf(ask, open)?.broader.length, ask).toBeGreaterThan(0);
    }
  });
});

describe("issue 27 items 1 and 6, second batch: per-vSwitch servers, listed listeners and ranges, named pages", () => {
  const rules = (template: Template) =>
    props(template, "ALIYUN::ECS::SecurityGroup").flatMap(
      (group) => (group.SecurityGroupIngress as Array<{ PortRange: string; SourceCidrIp?: string }> | undefined) ?? [],
    );

  it("'三个交换机 … 每个交换机里放一台 ecs.c7.large': a server in each vSwitch, and the check counts three, not one", () => {
    const ask =
      "杭州区域，创建一个 VPC（10.1.0.0/16），三个交换机：10.1.1.0/24（H区）、10.1.2.0/24（I区）、10.1.3.0/24（J区），每个交换机里放一台 ecs.c7.large";
    const template = generated(ask);
    const servers = props(template, "ALIYUN::ECS::Instance");
    expect(servers).toHaveLength(3);
    expect(new Set(servers.map((server) => JSON.stringify(server.VSwitchId))).size).toBe(3);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unrequested).toEqual([]);
    expect(checkOf(ask, without(template, "EcsInstance3"))?.notExpressed.length).toBeGreaterThan(0);
  });

  it("'CLB 80 & 443' listens on both ports (Terraform)", () => {
    const ask = "Terraform: 3 ECS web tier c7.large, CLB 80 & 443, RDS MySQL 8.0 HA 4c8g 200GB, Redis 5.0 2G, all in cn-hangzhou zones h and i";
    const result = generateTemplate({ text: ask });
    expect(result.content).toMatch(/resource "alicloud_slb_listener" "slb_1_80"/);
    expect(result.content).toMatch(/resource "alicloud_slb_listener" "slb_1_443"/);
    // The zones the vSwitches carry are not named as left out of the configuration.
    expect(result.summary).not.toContain("zone cn-hangzhou-h");
    expect(checkRequest({ request: ask, template: result.content })?.notExpressed).toEqual([]);
  });

  it("'allowing 22, 80, 443 and 8000-8100 from the internet': the range is a rule too, and 'restrict 8000-8100 to 10.0.0.0/8' narrows it", () => {
    const ask =
      "Create VPC + vswitch + security group allowing 22, 80, 443 and 8000-8100 from the internet, plus an ECS with a 200G data disk and a 5M public bandwidth. Region: cn-beijing.";
    const template = generated(ask);
    expect(rules(template).map((rule) => `${rule.PortRange} ${rule.SourceCidrIp}`)).toContain("8000/8100 0.0.0.0/0");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const after = edited(template, "restrict 8000-8100 to 10.0.0.0/8");
    expect(
      rules(after)
        .filter((rule) => rule.PortRange === "8000/8100")
        .map((rule) => rule.SourceCidrIp),
    ).toEqual(["10.0.0.0/8"]);
  });

  it("'static site hosting: index.html / 404.html': both documents by their file names", () => {
    const ask = "Make me an OSS bucket for static site hosting: index.html / 404.html, public-read, in Singapore, bucket name acme-web-prod";
    const template = generated(ask);
    expect(props(template, "ALIYUN::OSS::Bucket")[0]?.WebsiteConfiguration).toEqual({ IndexDocument: "index.html", ErrorDocument: "404.html" });
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'2 nginx boxes (2c4g, CentOS 7.9)': CentOS 7.9's images, and two boxes are the servers asked for", () => {
    const ask = "Spin up 2 nginx boxes (2c4g, CentOS 7.9) behind an internet-facing CLB, listener 80 -> 80 and 443 -> 80, health check /status, cn-shenzhen";
    const template = generated(ask);
    expect(template.Parameters?.EcsImageId?.Default).toBe("centos_7_9_x64_20G_alibase_*.vhd");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unrequested).toEqual([]);
  });
});

describe("issue 27 items 1 and 6, third batch: jump servers and workers, k8s-free, N-tier, a fresh start said only when it is one", () => {
  it("'jump server + 4 workers': five servers, the jump server a bastion in its own group", () => {
    const ask = "jump server + 4 workers, Ubuntu 22.04, ecs.c7.2xlarge for workers, ecs.t6-c1m2.large for the jump server, cn-shanghai";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(5);
    expect(ofType(template, "ALIYUN::ECS::SecurityGroup")).toHaveLength(2);
    // Round seven built one instance type per role (the bastion's own parameter): every value is placed.
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
  });

  it("'a k8s-free setup', 'k8s-less': no Kubernetes named as missing, in the reply or the check", () => {
    for (const ask of [
      "Small k8s-free setup: one box for Jenkins (4c8g, 200G data disk) open on 8080 to my office 198.51.100.0/24 only, Hangzhou",
      "Need infra for a k8s-less microservice setup: api (2 instances), worker (3 instances), each ecs.g6.large, private subnets only, NAT for outbound, cn-beijing",
    ]) {
      const result = generateTemplate({ text: ask });
      expect(result.summary, ask).not.toContain("Kubernetes");
      expect(checkRequest({ request: ask, template: result.content })?.notExpressed, ask).toEqual([]);
    }
  });

  it("'a classic 3-tier app' states no count: every value is placed", () => {
    const ask =
      "Set up a classic 3-tier app in cn-hangzhou: 2 web nodes behind a public SLB (HTTPS 443 -> 8080), 2 app nodes (no public IP), MySQL 8.0 RDS HA with 100GB, Redis 6.0 4GB. Only the web tier is reachable from the internet.";
    const template = generated(ask);
    expect(ofType(template, "ALIYUN::ECS::Instance")).toHaveLength(4);
    const check = checkOf(ask, template);
    expect(check?.unplaced).toEqual([]);
    expect(check?.notExpressed).toEqual([]);
  });
});
