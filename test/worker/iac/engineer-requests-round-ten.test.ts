/**
 * Issue 27 items 1, 2 and 6, round ten: requests written by engineers in their own words, none of
 * them from the suites, run through the real generator, editor and request check. Each test names
 * what was wrong, proves the fix, and shows that a template with the value wrong is flagged by the
 * check (a mutation). What the engine does not build is in not-built-accounted.test.ts.
 */
import { describe, expect, it } from "vitest";
import { generateTemplate } from "../../../src/iac/index";
import {
  checkOf,
  edited,
  generated,
  hcl,
  ofType,
  props,
  rules,
  type Template,
  withRules,
  missedTexts,
  unplacedTexts,
  flaggedTexts,
  broaderTexts,
} from "./engineer-request-helpers";

const SERVER = "ALIYUN::ECS::Instance";
const LISTENER = "ALIYUN::SLB::Listener";
const VSWITCH = "ALIYUN::ECS::VSwitch";

describe("round ten: an HTTPS listener's certificate id and its backends' port", () => {
  it("'SLB HTTPS 443 with cert 12345-cn-hangzhou to 2 backends on 8443' is one listener 443 → 8443 (it built a second listener on 8443, and the check read 12345 as a port)", () => {
    const ask = "SLB HTTPS 443 with cert 12345-cn-hangzhou to 2 backends on 8443, health check /healthz";
    const template = generated(ask);
    const listeners = props(template, LISTENER);
    expect(listeners).toHaveLength(1);
    expect(listeners[0]).toMatchObject({ Protocol: "https", ListenerPort: 443, BackendServerPort: 8443 });
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("12345-cn-hangzhou");
    expect(ofType(template, SERVER)).toHaveLength(2);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    expect(check?.applied.map((value) => value.text)).toContain("12345-cn-hangzhou");
    // Mutations: the backend port lost, another certificate.
    const toFront = structuredClone(template);
    for (const listener of ofType(toFront, LISTENER)) (listener.Properties as Record<string, unknown>).BackendServerPort = 443;
    expect(missedTexts(ask, toFront)).not.toEqual([]);
    const otherCertificate = structuredClone(template);
    (otherCertificate.Parameters?.SlbServerCertificateId as Record<string, unknown>).Default = "99999-cn-hangzhou";
    expect(missedTexts(ask, otherCertificate)).toContain("12345-cn-hangzhou");
  });

  it("the same in Chinese, with 证书 ID: the id is one value, and the region inside it is no region asked", () => {
    const ask = "公网 SLB，HTTPS 监听 443 转后端 8080，证书 ID 1234567-cn-hangzhou，两台 ECS";
    const template = generated(ask);
    expect(props(template, LISTENER)[0]).toMatchObject({ Protocol: "https", ListenerPort: 443, BackendServerPort: 8080 });
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("1234567-cn-hangzhou");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(unplacedTexts(ask, template)).toEqual([]);
  });
});

describe("round ten: port rules alone ask for the security group they live in", () => {
  it("'open ports 8000-8100 to 10.0.0.0/8' builds a group with that rule and no server (it answered that the request was out of scope)", () => {
    const ask = "open ports 8000-8100 to 10.0.0.0/8";
    const result = generateTemplate({ text: ask });
    expect(result.recognized).toBe(true);
    const template = generated(ask);
    expect(ofType(template, SERVER)).toEqual([]);
    expect(rules(template)).toContainEqual(expect.objectContaining({ PortRange: "8000/8100", SourceCidrIp: "10.0.0.0/8" }));
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(
      broaderTexts(
        ask,
        withRules(template, "8000/8100", (rule) => Object.assign(rule, { SourceCidrIp: "0.0.0.0/0" })),
      ),
    ).not.toEqual([]);
  });

  it("'Allow ICMP from anywhere and 22 from 10.0.0.0/8' and the Chinese '开放 80 和 443 端口给所有人，22 只给 10.0.0.0/8' (the check once bound 10.0.0.0/8 to 80 and 443)", () => {
    const icmp = "Allow ICMP from anywhere and 22 from 10.0.0.0/8";
    const first = generated(icmp);
    expect(rules(first)).toContainEqual(expect.objectContaining({ IpProtocol: "icmp", SourceCidrIp: "0.0.0.0/0" }));
    expect(rules(first)).toContainEqual(expect.objectContaining({ PortRange: "22/22", SourceCidrIp: "10.0.0.0/8" }));
    expect(checkOf(icmp, first)?.notExpressed).toEqual([]);
    const zh = "开放 80 和 443 端口给所有人，22 只给 10.0.0.0/8";
    const second = generated(zh);
    expect(rules(second)).toContainEqual(expect.objectContaining({ PortRange: "80/80", SourceCidrIp: "0.0.0.0/0" }));
    expect(rules(second)).toContainEqual(expect.objectContaining({ PortRange: "22/22", SourceCidrIp: "10.0.0.0/8" }));
    const check = checkOf(zh, second);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
    // SSH opened to everyone is broader than asked.
    expect(
      broaderTexts(
        zh,
        withRules(second, "22/22", (rule) => Object.assign(rule, { SourceCidrIp: "0.0.0.0/0" })),
      ),
    ).toContain("port 22 from 10.0.0.0/8");
  });
});

describe("round ten: a count of machines with no product named edits the servers", () => {
  it("'改成3台' after '2台ECS…' adds a server (it answered that it saw no change), and 'scale it to 4' makes four", () => {
    const two = generated("2台ECS ecs.c7.large，一个公网SLB，监听80");
    const three = edited(two, "改成3台");
    expect(ofType(three, SERVER)).toHaveLength(3);
    expect(checkOf("改成3台", three)?.notExpressed).toEqual([]);
    expect(flaggedTexts("改成3台", two)).toContain("3台");
    const english = generated("two web servers behind an SLB on 80");
    const four = edited(english, "scale it to 4");
    expect(ofType(four, SERVER)).toHaveLength(4);
    expect(unplacedTexts("scale it to 4", four)).toEqual([]);
    expect(flaggedTexts("scale it to 4", english)).toContain("4");
    // "扩容到5台" says the same with another verb.
    expect(ofType(edited(two, "扩容到5台"), SERVER)).toHaveLength(5);
  });
});

describe("round ten: the block subnets are cut from is the VPC's, not a source range", () => {
  it("'Terraform: vpc + 3 vswitches (one per zone a/b/c in cn-hangzhou), /24s from 10.10.0.0/16' (the VPC kept 192.168.0.0/16, zones b and c were dropped)", () => {
    const ask = "Terraform: vpc + 3 vswitches (one per zone a/b/c in cn-hangzhou), /24s from 10.10.0.0/16";
    const result = generateTemplate({ text: ask });
    const template = result.template as unknown as Template;
    expect(props(template, "ALIYUN::ECS::VPC")[0]?.CidrBlock).toBe("10.10.0.0/16");
    const cidrs = props(template, VSWITCH).map((vswitch) => String(vswitch.CidrBlock));
    expect(cidrs).toHaveLength(3);
    for (const cidr of cidrs) expect(cidr).toMatch(/^10\.10\.\d{1,3}\.0\/24$/);
    const terraform = hcl(template);
    for (const zone of ["cn-hangzhou-a", "cn-hangzhou-b", "cn-hangzhou-c"]) expect(terraform).toContain(`"${zone}"`);
    const check = checkOf(ask, terraform);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    // Mutations: the VPC's block lost; two vSwitches in one zone ("one per zone" fails).
    expect(missedTexts(ask, terraform.replace('"10.10.0.0/16"', '"192.168.0.0/16"'))).toContain("10.10.0.0/16");
    expect(missedTexts(ask, terraform.replace('"cn-hangzhou-c"', '"cn-hangzhou-a"'))).toEqual(expect.arrayContaining(["one per zone"]));
  });

  it("'three /24 subnets carved from 10.20.0.0/16, one per zone' and '从 10.30.0.0/16 划出 3 个 /24 交换机' (ROS)", () => {
    for (const [ask, vpc] of [
      ["VPC with three /24 subnets carved from 10.20.0.0/16, one per zone, cn-shanghai", "10.20.0.0/16"],
      ["VPC 从 10.30.0.0/16 划出 3 个 /24 交换机，分别在杭州 h、i、j 三个可用区", "10.30.0.0/16"],
    ] as const) {
      const template = generated(ask);
      expect(props(template, "ALIYUN::ECS::VPC")[0]?.CidrBlock, ask).toBe(vpc);
      expect(ofType(template, VSWITCH), ask).toHaveLength(3);
      for (const vswitch of props(template, VSWITCH)) expect(String(vswitch.CidrBlock), ask).toMatch(/\/24$/);
      const check = checkOf(ask, template);
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unplaced, ask).toEqual([]);
      const moved = structuredClone(template);
      (props(moved, "ALIYUN::ECS::VPC")[0] as Record<string, unknown>).CidrBlock = "172.16.0.0/12";
      expect(missedTexts(ask, moved), ask).toContain(vpc);
    }
  });
});

describe("round ten: counts and sizes in the forms engineers write them", () => {
  it("'ecs.g7.large x 2', 'ecs.g7.large x2' build two servers (one was built, and the check flagged it); '40GB cloud_essd' beside a bandwidth is a disk's size", () => {
    for (const ask of [
      "ecs.g7.large x 2, Alibaba Cloud Linux 3, 40GB cloud_essd, 5Mbps public bandwidth each, SG: 22 from 10.0.0.0/8, 80/443 from anywhere",
      "ecs.g7.large x2, Alibaba Cloud Linux 3",
    ]) {
      const template = generated(ask);
      expect(ofType(template, SERVER), ask).toHaveLength(2);
      const check = checkOf(ask, template);
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unplaced, ask).toEqual([]);
      const one = structuredClone(template);
      delete one.Resources.EcsInstance2;
      expect(flaggedTexts(ask, one).join(" "), ask).toMatch(/x ?2/);
    }
    const disk = generated("ecs.g7.large x 2, 40GB cloud_essd, 5Mbps public bandwidth each");
    expect(props(disk, SERVER)[0]?.SystemDiskSize).toBe(40);
    const smaller = structuredClone(disk);
    for (const server of props(smaller, SERVER)) server.SystemDiskSize = 60;
    expect(missedTexts("ecs.g7.large x 2, 40GB cloud_essd, 5Mbps public bandwidth each", smaller)).toContain("40GB");
  });

  it("'2 cores 4 gigs', '4 cores and 16 gigs of RAM': a vCPU / memory size (the check listed '4 gigs' as missing and the class was a default)", () => {
    const database = "MySQL 8.0 database, 4 cores 16 gigs, 200 gigs storage";
    const rds = generated(database);
    expect(rds.Parameters?.RdsInstanceClass?.Default).toBe("mysql.n4.large.2c");
    expect(checkOf(database, rds)?.notExpressed).toEqual([]);
    const server = "ECS with 4 cores and 16 gigs of RAM, ubuntu 22.04";
    const ecs = generated(server);
    expect(ecs.Parameters?.EcsInstanceType?.Default).toBe("ecs.g7.xlarge");
    expect(checkOf(server, ecs)?.notExpressed).toEqual([]);
    const other = structuredClone(ecs);
    (other.Parameters?.EcsInstanceType as Record<string, unknown>).Default = "ecs.c7.xlarge";
    expect(missedTexts(server, other).join(" ")).toMatch(/4 cores and 16 gigs/);
  });

  it("'an SLB with 2 listeners: TCP 3306 -> 3306 and UDP 53 -> 53', 'SLB 两个监听' count listeners, not load balancers", () => {
    const ask = "Give me an SLB with 2 listeners: TCP 3306 -> 3306 and UDP 53 -> 53";
    const template = generated(ask);
    expect(ofType(template, LISTENER)).toHaveLength(2);
    expect(ofType(template, "ALIYUN::SLB::LoadBalancer")).toHaveLength(1);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(unplacedTexts(ask, template)).toEqual([]);
    const oneListener = structuredClone(template);
    delete oneListener.Resources.SlbListener53;
    expect(missedTexts(ask, oneListener)).toContain("2");
    const zh = "SLB 两个监听：80 转 8080，443 转 8443，两台 ECS";
    const twoListeners = generated(zh);
    expect(ofType(twoListeners, "ALIYUN::SLB::LoadBalancer")).toHaveLength(1);
    expect(checkOf(zh, twoListeners)?.notExpressed).toEqual([]);
  });
});

describe("round ten: databases inside one instance, and its account", () => {
  it("'MySQL RDS with 2 databases: app_db and report_db, account admin_user' is one instance with two databases (it bought two instances and dropped the names)", () => {
    const ask = "MySQL RDS with 2 databases: app_db and report_db, account admin_user";
    const template = generated(ask);
    const instances = props(template, "ALIYUN::RDS::DBInstance");
    expect(instances).toHaveLength(1);
    expect(instances[0]?.DBMappings).toEqual([
      { DBName: "app_db", CharacterSetName: "utf8mb4" },
      { DBName: "report_db", CharacterSetName: "utf8mb4" },
    ]);
    expect(instances[0]?.MasterUsername).toBe("admin_user");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unrequested).toEqual([]);
    // Mutations: a database dropped, another account.
    const oneDatabase = structuredClone(template);
    (props(oneDatabase, "ALIYUN::RDS::DBInstance")[0] as Record<string, unknown>).DBMappings = [{ DBName: "app_db", CharacterSetName: "utf8mb4" }];
    expect(missedTexts(ask, oneDatabase)).toEqual(expect.arrayContaining(["report_db", "2"]));
    const otherAccount = structuredClone(template);
    (props(otherAccount, "ALIYUN::RDS::DBInstance")[0] as Record<string, unknown>).MasterUsername = "dbadmin";
    expect(missedTexts(ask, otherAccount)).toContain("admin_user");
  });

  it("in Chinese ('建两个库 app_db、report_db，账号 admin_user') and in Terraform ('databases named orders and billing, master user pgadmin')", () => {
    const zh = "RDS MySQL 8.0，建两个库 app_db、report_db，账号 admin_user";
    const template = generated(zh);
    expect(ofType(template, "ALIYUN::RDS::DBInstance")).toHaveLength(1);
    expect(checkOf(zh, template)?.notExpressed).toEqual([]);
    expect(unplacedTexts(zh, template)).toEqual([]);
    const tf = "Terraform: PostgreSQL 15 RDS with databases named orders and billing, master user pgadmin";
    const twin = generateTemplate({ text: tf }).template as unknown as Template;
    const terraform = hcl(twin);
    expect(terraform).toContain('name          = "orders"');
    expect(terraform).toContain('name          = "billing"');
    expect(terraform).toContain('character_set = "UTF8"');
    expect(terraform).toContain('account_name     = "pgadmin"');
    expect(checkOf(tf, terraform)?.notExpressed).toEqual([]);
    expect(missedTexts(tf, terraform.replace('"billing"', '"reports"'))).toContain("billing");
    // "a MySQL database for orders" names no database inside it.
    expect(props(generated("a MySQL database for orders, 50GB"), "ALIYUN::RDS::DBInstance")[0]?.DBMappings).toBeUndefined();
  });

  it("'RDS only reachable from the web servers' subnet 10.0.1.0/24': the servers stand in that subnet (the whitelist shut them out)", () => {
    for (const ask of [
      "2 web ECS + 1 RDS MySQL 5.7, RDS only reachable from the web servers' subnet 10.0.1.0/24",
      "两台 web 服务器和一个 MySQL，数据库只允许 web 服务器的子网 10.0.1.0/24 访问",
    ]) {
      const template = generated(ask);
      expect(
        props(template, VSWITCH).map((vswitch) => vswitch.CidrBlock),
        ask,
      ).toContain("10.0.1.0/24");
      expect(props(template, "ALIYUN::RDS::DBInstance")[0]?.SecurityIPList, ask).toBe("10.0.1.0/24");
      expect(checkOf(ask, template)?.notExpressed, ask).toEqual([]);
      // The whitelist widened to the VPC is not what was asked.
      const widened = structuredClone(template);
      (props(widened, "ALIYUN::RDS::DBInstance")[0] as Record<string, unknown>).SecurityIPList = "10.0.0.0/16";
      expect([...flaggedTexts(ask, widened), ...broaderTexts(ask, widened)].join(" "), ask).toMatch(/10\.0\.1\.0\/24/);
    }
  });
});

describe("round ten: casual edits", () => {
  it("'swap mysql for postgres 15', '把 MySQL 换成 PostgreSQL 15': the check holds MySQL as swapped out (it listed MySQL as missing)", () => {
    for (const [first, swap] of [
      ["VPC + 2 ECS ecs.c7.large behind a public SLB on 80, RDS MySQL 8.0 50G, hangzhou", "swap mysql for postgres 15"],
      ["RDS MySQL 8.0 50G", "把 MySQL 换成 PostgreSQL 15"],
    ] as const) {
      const before = generated(first);
      const after = edited(before, swap);
      expect(props(after, "ALIYUN::RDS::DBInstance")[0], swap).toMatchObject({ Engine: "PostgreSQL", EngineVersion: "15.0" });
      expect(checkOf(swap, after)?.notExpressed, swap).toEqual([]);
      // Still MySQL: flagged.
      expect(flaggedTexts(swap, before).length, swap).toBeGreaterThan(0);
    }
  });

  it("'把 80 端口关掉，开 443' closes 80 and opens 443 (it opened 80 again, and the check held 443 as asked away)", () => {
    const before = generated("一台 ECS 2核4G，带 EIP 5M，开放 80");
    const ask = "把 80 端口关掉，开 443";
    const after = edited(before, ask);
    const ports = rules(after).map((rule) => rule.PortRange);
    expect(ports).not.toContain("80/80");
    expect(ports).toContain("443/443");
    expect(checkOf(ask, after)?.notExpressed).toEqual([]);
    expect(missedTexts(ask, before)).toEqual(expect.arrayContaining(["80", "443"]));
  });

  it("'make it 8G and version 7.0' of a Redis alone sizes and upgrades it (it answered that it saw no change)", () => {
    const before = generated("Redis 2G in a new VPC");
    const ask = "make it 8G and version 7.0";
    const after = edited(before, ask);
    expect(after.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.large.default");
    expect(props(after, "ALIYUN::REDIS::Instance")[0]?.EngineVersion).toBe("7.0");
    expect(checkOf(ask, after)?.notExpressed).toEqual([]);
    expect(missedTexts(ask, before).length).toBeGreaterThan(0);
  });
});

describe("round ten: short verbs and answers to one's own question", () => {
  it("'安全组开 22/80/443' in a Terraform request opens 80 and 443 (only 22 was there; the check flagged both)", () => {
    const ask = "用 terraform 写：杭州，一台 ecs.g7.xlarge，CentOS 7.9，系统盘 80G，挂 EIP 10M 按流量，安全组开 22/80/443";
    const terraform = generateTemplate({ text: ask }).content;
    for (const port of ["80/80", "443/443"]) expect(terraform).toContain(`"${port}"`);
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    expect(missedTexts(ask, terraform.replace('"443/443"', '"8443/8443"'))).toContain("443");
  });

  it("'Redis cluster? no, just standard master-replica 4GB' builds a 4 GB standard Redis and names no cluster edition", () => {
    const ask = "Redis cluster? no, just standard master-replica 4GB, cn-shanghai";
    const result = generateTemplate({ text: ask });
    const template = result.template as unknown as Template;
    expect(template.Parameters?.RedisInstanceClass?.Default).toBe("redis.master.stand.default");
    expect(result.summary).not.toContain("cluster edition");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    const smaller = structuredClone(template);
    (smaller.Parameters?.RedisInstanceClass as Record<string, unknown>).Default = "redis.master.mid.default";
    expect(missedTexts(ask, smaller)).toContain("4GB");
  });

  it("'one internal on 3306? no 8080 for api' listens on 8080 (it listened on 80, and the check could not place 8080)", () => {
    const ask = "2 SLBs: one public on 443 for web (2 ECS), one internal on 3306? no 8080 for api (2 ECS)";
    const template = generated(ask);
    const ports = props(template, LISTENER).map((listener) => listener.ListenerPort);
    expect(ports).toEqual(expect.arrayContaining([443, 8080]));
    expect(ports).not.toContain(3306);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
  });
});

describe("round ten: buckets asked for one by one, each with its own settings", () => {
  const BUCKET = "ALIYUN::OSS::Bucket";

  it("'one bucket for logs (private, delete after 90 days) and one for assets (public-read)' builds two buckets, each its own (one was built with both settings)", () => {
    const ask = "one bucket for logs (private, delete after 90 days) and one for assets (public-read)";
    const template = generated(ask);
    const [logs, assets] = props(template, BUCKET);
    expect(ofType(template, BUCKET)).toHaveLength(2);
    expect(logs).toMatchObject({ AccessControl: "private", LifecycleConfiguration: { Rule: [expect.objectContaining({ Expiration: { Days: 90 } })] } });
    expect(assets?.AccessControl).toBe("public-read");
    expect(assets?.LifecycleConfiguration).toBeUndefined();
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.broader).toEqual([]);
    expect(check?.unrequested).toEqual([]);
    // Mutations: the logs bucket public (the ACLs swapped); one bucket only.
    const swapped = structuredClone(template);
    const [first, second] = props(swapped, BUCKET);
    if (first && second) [first.AccessControl, second.AccessControl] = ["public-read", "private"];
    expect(broaderTexts(ask, swapped)).toContain("a private bucket");
    const one = structuredClone(template);
    delete one.Resources.OssBucket2;
    expect(missedTexts(ask, one).length).toBeGreaterThan(0);
  });

  it("in Terraform and in Chinese ('两个存储桶：一个放日志（私有，90 天后删除），另一个放静态资源（公共读）')", () => {
    const tf = "Terraform: one bucket for logs (private, delete after 90 days) and one for assets (public-read)";
    const terraform = generateTemplate({ text: tf }).content;
    expect(terraform.match(/acl {4}= "[a-z-]+"/g)).toEqual(['acl    = "private"', 'acl    = "public-read"']);
    expect(terraform.match(/days = 90/g)).toHaveLength(1);
    expect(checkOf(tf, terraform)?.notExpressed).toEqual([]);
    expect(checkOf(tf, terraform)?.broader).toEqual([]);
    const zh = "两个存储桶：一个放日志（私有，90 天后删除），另一个放静态资源（公共读）";
    const template = generated(zh);
    expect(props(template, BUCKET).map((bucket) => bucket.AccessControl)).toEqual(["private", "public-read"]);
    expect(checkOf(zh, template)?.notExpressed).toEqual([]);
    expect(checkOf(zh, template)?.broader).toEqual([]);
  });
});

describe("round ten: disk lists and a product answered no", () => {
  it("'2 块数据盘，一块 100G 一块 200G' and '2 data disks: one 100GB and another 500GB' give each disk its size (two of 100 were built)", () => {
    for (const [ask, sizes] of [
      ["ECS 带 2 块数据盘，一块 100G 一块 200G，都是 ESSD", [100, 200]],
      ["ECS with 2 data disks: one 100GB and another 500GB", [100, 500]],
    ] as const) {
      const template = generated(ask);
      const disks = (props(template, SERVER)[0]?.DiskMappings ?? []) as { Size?: number }[];
      expect(
        disks.map((disk) => disk.Size),
        ask,
      ).toEqual([...sizes]);
      const check = checkOf(ask, template);
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unplaced, ask).toEqual([]);
      const same = structuredClone(template);
      for (const disk of (props(same, SERVER)[0]?.DiskMappings ?? []) as { Size?: number }[]) disk.Size = sizes[0];
      expect(missedTexts(ask, same).length, ask).toBeGreaterThan(0);
    }
  });

  it("'an RDS PostgreSQL 14 read-only instance? no, just the primary' names no replica (it named one, and the check flagged it)", () => {
    const ask = "an RDS PostgreSQL 14 read-only instance? no, just the primary, 2c4g 100G";
    const result = generateTemplate({ text: ask });
    expect(result.summary).not.toContain("read-only database replicas");
    const check = checkOf(ask, result.template as unknown as Template);
    expect(check?.notExpressed).toEqual([]);
    expect(ofType(result.template as unknown as Template, "ALIYUN::RDS::DBInstance")).toHaveLength(1);
  });
});

describe("round ten: a vCPU/memory pair is no disk's size", () => {
  it("'ECS 2c4g 系统盘60G', 'ECS 8c32g 系统盘 100G ESSD' size the system disk as written (the pair's memory was read as the disk: 4 GiB, 32 GiB)", () => {
    for (const [ask, size] of [
      ["ECS 2c4g 系统盘60G", 60],
      ["ECS 8c32g 系统盘 100G ESSD，数据盘 500G ESSD PL1，Windows Server 2019，开放 3389 给 203.0.113.0/24", 100],
    ] as const) {
      const template = generated(ask);
      expect(props(template, SERVER)[0]?.SystemDiskSize, ask).toBe(size);
      expect(checkOf(ask, template)?.notExpressed, ask).toEqual([]);
      const other = structuredClone(template);
      for (const server of props(other, SERVER)) server.SystemDiskSize = 40;
      expect(missedTexts(ask, other).length, ask).toBeGreaterThan(0);
    }
  });
});
