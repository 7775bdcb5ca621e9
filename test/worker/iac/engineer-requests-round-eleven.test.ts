/**
 * Issue 27 items 1, 2 and 6, round eleven: requests written by engineers in their own words, none of
 * them from the suites, run through the real generator, editor and request check. Each test names
 * what was wrong, proves the fix, and shows that a template with the value wrong is flagged by the
 * check (a mutation). The snapshot phrasings are in not-built-accounted.test.ts's walk.
 */
import { describe, expect, it } from "vitest";
import { generateTemplate } from "../../../src/iac/index";
import { checkOf, edited, flaggedTexts, generated, hcl, missedTexts, ofType, props, rules, type Template, withRules } from "./engineer-request-helpers";

const SERVER = "ALIYUN::ECS::Instance";
const LISTENER = "ALIYUN::SLB::Listener";
const BALANCER = "ALIYUN::SLB::LoadBalancer";
const EIP = "ALIYUN::VPC::EIP";
const listenerSet = (template: Template) =>
  props(template, LISTENER)
    .map((listener) => `${String(listener.Protocol)} ${String(listener.ListenerPort)}→${String(listener.BackendServerPort)}`)
    .sort();

describe("round eleven: the backends' port written with their count ('backends 2 ECS on port 8080')", () => {
  it("'HTTPS listener 443 with certificate …, backends 2 ECS on port 8080' is one listener 443 → 8080 (it built a second listener on 8080, and the check vouched for it)", () => {
    const ask = "Internet SLB, HTTPS listener 443 with certificate 987654321-cn-shanghai, backends 2 ECS on port 8080";
    const template = generated(ask);
    expect(listenerSet(template)).toEqual(["https 443→8080"]);
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("987654321-cn-shanghai");
    expect(ofType(template, SERVER)).toHaveLength(2);
    expect(flaggedTexts(ask, template)).toEqual([]);
    // Mutation: the old answer (443 → 443 and a listener 8080 → 8080) is flagged now.
    const old = structuredClone(template);
    const listener = Object.values(old.Resources).find((resource) => resource.Type === LISTENER);
    Object.assign(listener?.Properties ?? {}, { BackendServerPort: 443 });
    old.Resources.SlbListener8080 = { Type: LISTENER, Properties: { ...listener?.Properties, Protocol: "tcp", ListenerPort: 8080, BackendServerPort: 8080 } };
    expect(missedTexts(ask, old)).not.toEqual([]);
  });

  it("the Chinese '后端 2 台 ECS 8080, HTTP 跳转 HTTPS': 443 → 8080 with the certificate, and 80 redirects to 443", () => {
    const ask = "负载均衡 HTTPS 443，证书 ID 1234567890-cn-hangzhou，后端 2 台 ECS 8080，HTTP 跳转 HTTPS";
    const template = generated(ask);
    expect(listenerSet(template)).toEqual(["http 80→80", "https 443→8080"]);
    const redirect = props(template, LISTENER).find((listener) => listener.ListenerPort === 80);
    expect(redirect?.HttpConfig).toEqual({ ListenerForward: "on", ForwardPort: 443 });
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("1234567890-cn-hangzhou");
    expect(flaggedTexts(ask, template)).toEqual([]);
    const toFront = structuredClone(template);
    for (const one of ofType(toFront, LISTENER)) if (one.Properties?.ListenerPort === 443) one.Properties.BackendServerPort = 443;
    expect(missedTexts(ask, toFront)).not.toEqual([]);
  });
});

describe("round eleven: a listener's protocol written after its port, and its certificate in Terraform", () => {
  it("'an SLB (slb.s3.medium) on 443 HTTPS, cert …' in Terraform: an HTTPS listener (it was TCP), the spec, and the certificate variable's default", () => {
    const ask = "Terraform: 2 ECS behind an SLB (slb.s3.medium) on 443 HTTPS, cert 1234567890-cn-hangzhou";
    const template = generated(ask);
    expect(listenerSet(template)).toEqual(["https 443→443"]);
    expect(props(template, BALANCER)[0]?.LoadBalancerSpec).toBe("slb.s3.medium");
    const terraform = hcl(template);
    expect(terraform).toContain('protocol         = "https"');
    expect(terraform).toContain('load_balancer_spec   = "slb.s3.medium"');
    expect(terraform).toMatch(/variable "slb_server_certificate_id" \{[^}]*default\s+= "1234567890-cn-hangzhou"/);
    expect(flaggedTexts(ask, template)).toEqual([]);
    expect(flaggedTexts(ask, terraform)).toEqual([]);
    // Mutations: the listener back to TCP, the spec back to the default.
    const tcp = structuredClone(template);
    for (const one of ofType(tcp, LISTENER)) Object.assign(one.Properties ?? {}, { Protocol: "tcp" });
    expect(missedTexts(ask, tcp)).not.toEqual([]);
    const smallest = structuredClone(template);
    for (const one of ofType(smallest, BALANCER)) Object.assign(one.Properties ?? {}, { LoadBalancerSpec: "slb.s1.small" });
    expect(missedTexts(ask, smallest)).toContain("slb.s3.medium");
  });
});

describe("round eleven: a load balancer's own spec", () => {
  it("'SLB spec slb.s2.small' is the load balancer's LoadBalancerSpec (the check listed it as not in the template), in Chinese too, and in an edit", () => {
    for (const [ask, spec] of [
      ["SLB spec slb.s2.small with a TCP listener on 80 to 2 servers", "slb.s2.small"],
      ["负载均衡规格 slb.s2.medium，监听 80，后端 3 台 ECS", "slb.s2.medium"],
    ] as const) {
      const template = generated(ask);
      expect(props(template, BALANCER).map((balancer) => balancer.LoadBalancerSpec)).toEqual([spec]);
      expect(flaggedTexts(ask, template), ask).toEqual([]);
    }
    const first = generated("2 ECS behind an SLB on 80");
    expect(props(first, BALANCER)[0]?.LoadBalancerSpec).toBe("slb.s1.small");
    const edit = "change the load balancer spec to slb.s2.small";
    const next = edited(first, edit);
    expect(props(next, BALANCER)[0]?.LoadBalancerSpec).toBe("slb.s2.small");
    expect(ofType(next, SERVER)).toHaveLength(2);
    expect(flaggedTexts(edit, next)).toEqual([]);
    expect(missedTexts(edit, first)).toContain("slb.s2.small");
  });
});

describe("round eleven: a product the engine builds, asked about and answered no", () => {
  it("'One ECS 2c8g with an EIP? no, just the built-in public IP, 5 Mbps' builds no EIP: the server's own address at 5 Mbps (it built the EIP and the check passed it)", () => {
    for (const ask of [
      "One ECS 2c8g with an EIP? no, just the built-in public IP, 5 Mbps",
      "ECS 2c4g, no EIP, use its own public IP at 10 Mbps",
      "一台 2核4G 的 ECS，不要 EIP，用自带的公网 IP，带宽 5M",
    ]) {
      const template = generated(ask);
      expect(ofType(template, EIP), ask).toEqual([]);
      const servers = props(template, SERVER);
      expect(servers, ask).toHaveLength(1);
      const bandwidth = /10 Mbps/.test(ask) ? 10 : 5;
      expect(servers[0], ask).toMatchObject({ AllocatePublicIP: true, InternetMaxBandwidthOut: bandwidth });
      expect(flaggedTexts(ask, template), ask).toEqual([]);
      // Mutations: the bandwidth gone; an EIP added after all.
      const noBandwidth = structuredClone(template);
      for (const server of ofType(noBandwidth, SERVER)) Object.assign(server.Properties ?? {}, { InternetMaxBandwidthOut: 0 });
      expect(missedTexts(ask, noBandwidth), ask).not.toEqual([]);
      const withEip = structuredClone(template);
      withEip.Resources.Eip = { Type: EIP, Properties: { Bandwidth: bandwidth } };
      // "an EIP? no": an EIP is unrequested; "no EIP", "不要 EIP": the negation finds it still present.
      const check = checkOf(ask, withEip);
      if (ask.includes("? no"))
        expect(
          check?.unrequested.map((resource) => resource.type),
          ask,
        ).toEqual([EIP]);
      else expect(check?.notExpressed, ask).toContainEqual(expect.objectContaining({ text: "EIP", reason: "still-present" }));
    }
  });

  it("an EIP asked for each server is still built (the answer 'no' is what takes it back)", () => {
    const ask = "2 ECS with an EIP each, 10 Mbps";
    const template = generated(ask);
    expect(ofType(template, EIP)).toHaveLength(2);
    expect(flaggedTexts(ask, template)).toEqual([]);
  });
});

describe("round eleven: counts and quantifiers next to a product the engine does not build", () => {
  it("'ECS 4c16g x3 with nightly snapshots': x3 counts the servers before it, not the snapshots after (the check read it as a count of snapshots)", () => {
    const ask = "ECS 4c16g x3 with nightly snapshots, in zone cn-hangzhou-h";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toHaveLength(3);
    const check = checkOf(ask, template);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["nightly snapshots"]);
    expect(check?.unplaced).toEqual([]);
    const two = structuredClone(template);
    delete two.Resources.EcsInstance3;
    expect(missedTexts(ask, two).join(" ")).toContain("x3");
  });

  it("'a 200G data disk each and snapshot them daily': 'each' ranges over the disks, not over the snapshots after 'and'", () => {
    const ask = "2 ECS ecs.g7.large with a 200G data disk each and snapshot them daily";
    const template = generated(ask);
    expect(props(template, SERVER).map((server) => (server.DiskMappings as unknown[] | undefined)?.length)).toEqual([1, 1]);
    const check = checkOf(ask, template);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["snapshot them daily"]);
    expect(check?.unplaced).toEqual([]);
  });
});

describe("round eleven: burstable servers by size", () => {
  it("'1 ECS t6 burstable 2c4g' is ecs.t6-c1m2.large (it was ecs.c7.large); other t6 sizes too, and a size t6 is not sold in keeps the 7th generation", () => {
    for (const [ask, type] of [
      ["1 ECS t6 burstable 2c4g, 20GB", "ecs.t6-c1m2.large"],
      ["a burstable t6 instance with 2 vCPU and 8 GB for a small test box", "ecs.t6-c1m4.large"],
      ["一台 ECS 实例 2核2G，突发性能", "ecs.t6-c1m1.large"],
      ["a burstable ECS with 4 cores 8 GB", "ecs.c7.xlarge"],
    ] as const) {
      const template = generated(ask);
      expect(template.Parameters?.EcsInstanceType?.Default, ask).toBe(type);
      expect(missedTexts(ask, template), ask).not.toContain(/2c4g|2 vCPU and 8 GB|2核2G/.exec(ask)?.[0]);
    }
    // Mutation: a t6 of another size is flagged.
    const ask = "1 ECS t6 burstable 2c4g";
    const template = generated(ask);
    expect(flaggedTexts(ask, template)).toEqual([]);
    const smaller = structuredClone(template);
    Object.assign(smaller.Parameters?.EcsInstanceType ?? {}, { Default: "ecs.t6-c1m1.large" });
    expect(missedTexts(ask, smaller)).toContain("2c4g");
  });

  it("'一台突发性能实例 2核2G' names no MySQL class: a size no product owns is no database's unless the request names one", () => {
    const ask = "一台突发性能实例 2核2G";
    const result = generateTemplate({ text: ask, language: "zh" });
    expect(result.summary).not.toContain("MySQL");
    expect((result.template as unknown as Template).Parameters?.EcsInstanceType?.Default).toBe("ecs.t6-c1m1.large");
    // A database named keeps its size note.
    const database = generateTemplate({ text: "RDS MySQL 2核2G", language: "zh" });
    expect(database.summary).toContain("2 vCPU / 2 GiB");
  });
});

describe("round eleven: ports and counts written the terse way", () => {
  it("'SLB (public) :443 -> ECS :8080 x3' is three servers behind 443 → 8080 (it built one server, and no mapping)", () => {
    const ask = "Prod web stack in Shanghai: SLB (public) :443 -> ECS :8080 x3, ecs.c7.xlarge, 100G ESSD data disk per box, SSH only from 198.51.100.0/24";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toHaveLength(3);
    expect(listenerSet(template)).toContain("tcp 443→8080");
    expect(flaggedTexts(ask, template)).toEqual([]);
    const two = structuredClone(template);
    delete two.Resources.EcsInstance3;
    expect(flaggedTexts(ask, two).join(" ")).toContain("x3");
  });

  it("'SLB listening on 80 and 443, both forwarding to 8080' maps both listeners to 8080 (8080 was dropped)", () => {
    const ask = "SLB listening on 80 and 443, both forwarding to 8080 on 4 backend ECS, health check /health";
    const template = generated(ask);
    expect(listenerSet(template)).toEqual(["http 80→8080", "tcp 443→8080"]);
    expect(ofType(template, SERVER)).toHaveLength(4);
    expect(flaggedTexts(ask, template)).toEqual([]);
    const toFront = structuredClone(template);
    for (const one of ofType(toFront, LISTENER)) if (one.Properties) one.Properties.BackendServerPort = one.Properties.ListenerPort;
    expect(missedTexts(ask, toFront)).not.toEqual([]);
  });

  it("'3 nodes of ecs.r7.2xlarge' counts the servers of that type (the check could not place 3, then called two of them unrequested)", () => {
    const ask = "3 nodes of ecs.r7.2xlarge each with two 1TB data disks, deletion protection on";
    const template = generated(ask);
    expect(ofType(template, SERVER)).toHaveLength(3);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    expect(check?.unrequested).toEqual([]);
    const two = structuredClone(template);
    delete two.Resources.EcsInstance3;
    expect(missedTexts(ask, two)).toContain("3");
  });
});

describe("round eleven: a size is said of the thing right before it", () => {
  it("'Postgres 15 database (4 cores, 16 GB RAM, 500 GB ESSD)': 500 GB is the storage, not the memory ('RAM' belongs to 16 GB)", () => {
    const ask = "I need a Postgres 15 database (4 cores, 16 GB RAM, 500 GB ESSD) plus a read replica";
    const template = generated(ask);
    expect(props(template, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "PostgreSQL", DBInstanceStorage: 500 });
    const check = checkOf(ask, template);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["read replica"]);
    expect(check?.unplaced).toEqual([]);
    const smaller = structuredClone(template);
    Object.assign(ofType(smaller, "ALIYUN::RDS::DBInstance")[0]?.Properties ?? {}, { DBInstanceStorage: 100 });
    expect(missedTexts(ask, smaller)).toContain("500 GB");
  });
});

describe("round eleven: a size per role", () => {
  it("'one bastion (t6 2c2g) … and 4 app servers 4c16g': the bastion's type and the app servers' type each from its own size (all shared the first)", () => {
    for (const [ask, bastion, others] of [
      [
        "one bastion (t6 2c2g) with EIP 2Mbps and 4 app servers 4c16g with no public ip, app servers allow 8080 only from the bastion",
        "ecs.t6-c1m1.large",
        "ecs.g7.xlarge",
      ],
      ["a jump box 2c4g and 3 web servers 8c16g behind an SLB on 80", "ecs.c7.large", "ecs.c7.2xlarge"],
    ] as const) {
      const template = generated(ask);
      expect(template.Parameters?.BastionInstanceType?.Default, ask).toBe(bastion);
      expect(template.Parameters?.EcsInstanceType?.Default, ask).toBe(others);
      expect(flaggedTexts(ask, template), ask).toEqual([]);
      // Mutation: the two sizes swapped between the roles.
      const swapped = structuredClone(template);
      Object.assign(swapped.Parameters?.BastionInstanceType ?? {}, { Default: others });
      Object.assign(swapped.Parameters?.EcsInstanceType ?? {}, { Default: bastion });
      expect(missedTexts(ask, swapped).length, ask).toBeGreaterThan(0);
    }
  });

  it("'应用服务器 4核8G 三台': a count after the size counts the servers (one was built)", () => {
    const template = generated("应用服务器 4核8G 三台，放在杭州");
    expect(ofType(template, SERVER)).toHaveLength(3);
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.c7.xlarge");
  });
});

describe("round eleven: edits as engineers write them", () => {
  it("'also open 443 on the SLB, with cert 555-cn-hangzhou' adds an HTTPS listener serving that certificate (it was TCP, with no certificate)", () => {
    const first = generated("2 ECS c7.large behind an SLB on 80, MySQL 8.0 50G");
    const ask = "also open 443 on the SLB, with cert 555-cn-hangzhou";
    const next = edited(first, ask);
    expect(listenerSet(next)).toEqual(["http 80→80", "https 443→443"]);
    expect(next.Parameters?.SlbServerCertificateId?.Default).toBe("555-cn-hangzhou");
    expect(flaggedTexts(ask, next)).toEqual([]);
    const other = structuredClone(next);
    Object.assign(other.Parameters?.SlbServerCertificateId ?? {}, { Default: "999-cn-hangzhou" });
    expect(missedTexts(ask, other)).toContain("555-cn-hangzhou");
  });

  it("'switch the 443 listener to tcp' changes its protocol and drops the certificate; 'make the listener https with cert …' the reverse", () => {
    const first = generated("2 ECS behind an SLB on 80 and 443 (https, cert 123456-cn-hangzhou)");
    expect(listenerSet(first)).toEqual(["http 80→80", "https 443→443"]);
    expect(first.Parameters?.SlbServerCertificateId?.Default).toBe("123456-cn-hangzhou");
    expect(flaggedTexts("2 ECS behind an SLB on 80 and 443 (https, cert 123456-cn-hangzhou)", first)).toEqual([]);
    const ask = "switch the 443 listener to tcp";
    const tcp = edited(first, ask);
    expect(listenerSet(tcp)).toEqual(["http 80→80", "tcp 443→443"]);
    expect(props(tcp, LISTENER).some((listener) => "ServerCertificateId" in listener)).toBe(false);
    expect(tcp.Parameters?.SlbServerCertificateId).toBeUndefined();
    expect(flaggedTexts(ask, tcp)).toEqual([]);
    // Mutation: the listener left HTTPS is flagged.
    expect(missedTexts(ask, first)).not.toEqual([]);
    const back = edited(tcp, "把 443 监听改成 HTTPS，证书 ID 7777777-cn-hangzhou");
    expect(listenerSet(back)).toEqual(["http 80→80", "https 443→443"]);
    expect(back.Parameters?.SlbServerCertificateId?.Default).toBe("7777777-cn-hangzhou");
  });

  it("'把 443 去掉，加一个 8443' closes 443 and opens 8443 (not understood; with 端口 the check vouched for 8443 as removed)", () => {
    const first = generated("一台 ECS 2核4G，开 80 和 443");
    for (const ask of ["把 443 去掉，加一个 8443", "把 443 端口去掉，加一个 8443 端口"]) {
      const next = edited(first, ask);
      const ports = rules(next).map((rule) => rule.PortRange);
      expect(ports, ask).not.toContain("443/443");
      expect(ports, ask).toContain("8443/8443");
      expect(flaggedTexts(ask, next), ask).toEqual([]);
      // Mutation: 8443 never opened is flagged (the check once read it as a port to remove).
      expect(
        missedTexts(
          ask,
          withRules(next, "8443/8443", (rule) => Object.assign(rule, { PortRange: "9443/9443" })),
        ),
        ask,
      ).toContain("8443");
    }
  });

  it("'change it to MySQL 8.0, keep the size' keeps the database's size in the new engine's class (the class was dropped, the selector's description said PostgreSQL)", () => {
    const first = generated("RDS PostgreSQL 14, 4 cores 16G, 200G");
    expect(first.Parameters?.RdsInstanceClass?.Default).toBe("pg.n4.large.2c");
    const next = edited(first, "change it to MySQL 8.0, keep the size");
    expect(props(next, "ALIYUN::RDS::DBInstance")[0]).toMatchObject({ Engine: "MySQL", EngineVersion: "8.0", DBInstanceStorage: 200 });
    expect(next.Parameters?.RdsInstanceClass).toMatchObject({ Default: "mysql.n4.large.2c", Description: "Instance class of the MySQL database." });
  });

  it("'443 https (cert 777-cn-shanghai) -> 8080': a bracket between the listener and its arrow keeps the mapping", () => {
    const ask = "3 web servers g7.xlarge + SLB 443 https (cert 777-cn-shanghai) -> 8080, region shanghai";
    const template = generated(ask);
    expect(listenerSet(template)).toContain("https 443→8080");
    expect(flaggedTexts(ask, template)).toEqual([]);
  });
});

describe("round eleven: buckets one by one, each with its name", () => {
  it("'OSS 存储桶两个：一个私有的 backup-2026，一个公共读的 static-2026' builds two buckets, each its name and ACL (one public-read bucket was built)", () => {
    const ask = "OSS 存储桶两个：一个私有的 backup-2026，一个公共读的 static-2026";
    const template = generated(ask);
    expect(props(template, "ALIYUN::OSS::Bucket").map((bucket) => [bucket.BucketName, bucket.AccessControl])).toEqual([
      ["backup-2026", "private"],
      ["static-2026", "public-read"],
    ]);
    expect(template.Parameters?.OssBucketNamePrefix).toBeUndefined();
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
    // Mutation: the private bucket made public is flagged as broader than asked.
    const open = structuredClone(template);
    for (const bucket of ofType(open, "ALIYUN::OSS::Bucket")) Object.assign(bucket.Properties ?? {}, { AccessControl: "public-read" });
    expect(checkOf(ask, open)?.broader.length).toBeGreaterThan(0);
  });

  it("'two OSS buckets: one private named acme-logs, one public-read named acme-assets' names each bucket, ROS and Terraform (the second was acme-logs-2)", () => {
    const ask = "Terraform: two OSS buckets: one private named acme-logs, one public-read named acme-assets";
    const template = generated(ask);
    expect(props(template, "ALIYUN::OSS::Bucket").map((bucket) => bucket.BucketName)).toEqual(["acme-logs", "acme-assets"]);
    const terraform = hcl(template);
    expect(terraform).toContain('bucket = "acme-logs"');
    expect(terraform).toContain('bucket = "acme-assets"');
    expect(flaggedTexts(ask, template)).toEqual([]);
    // Mutation: the old answer (the second bucket named after the first) is flagged.
    const old = structuredClone(template);
    Object.assign(ofType(old, "ALIYUN::OSS::Bucket")[1]?.Properties ?? {}, { BucketName: "acme-logs-2" });
    expect(missedTexts(ask, old)).toContain("acme-assets");
  });
});

describe("round eleven: a cache's memory is no server's size", () => {
  it("'帮忙建个 Redis，5.0 版本，内存 1G' sizes the cache and names no server type to pick (there is no server)", () => {
    const ask = "帮忙建个 Redis，5.0 版本，内存 1G，白名单 192.168.0.0/16";
    const result = generateTemplate({ text: ask, language: "zh" });
    expect(result.summary).not.toContain("EcsInstanceType");
    const template = result.template as unknown as Template;
    expect(template.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.small.default");
    expect(flaggedTexts(ask, template)).toEqual([]);
  });
});
