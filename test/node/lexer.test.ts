/**
 * Issue 27 item 7, the lexer half: one tokenizer turns a request into tokens with spans and
 * normalized values, in both languages, with full-width punctuation; closed vocabularies come from
 * the kind registry. Each case names the phrasing of the issue it proves.
 */
import { describe, expect, it } from "vitest";
import { fold, lex } from "../../src/iac/read/lexer";
import type { Token } from "../../src/iac/read/token";
import { tokenize, VOCABULARY } from "../../src/iac/kinds/vocabulary";
import { ROS_PROPERTY_CATALOGUE } from "../../src/iac/template/data/ros-property-catalogue";

type Seen = [Token["kind"], Token["value"], string?];

/** The value-shaped tokens (no words, no punctuation) as [kind, value, text]. */
function values(text: string): Seen[] {
  return tokenize(text)
    .filter((token) => token.kind !== "word" && token.kind !== "punctuation")
    .map((token) => [token.kind, token.value, token.text]);
}

function first(text: string, kind: Token["kind"]): Token | undefined {
  return tokenize(text).find((token) => token.kind === kind);
}

describe("issue 27 item 7: spans", () => {
  it("every token's text is its span of the input, in order, never overlapping", () => {
    const text = "Open ports 80，443 and 8000-8100 from 10.0.0.0/8；两台 ECS（4核16G），系统盘 100G。";
    const tokens = tokenize(text);
    let last = 0;
    for (const token of tokens) {
      expect(token.start).toBeGreaterThanOrEqual(last);
      expect(token.text).toBe(text.slice(token.start, token.end));
      last = token.end;
    }
    expect(tokens.length).toBeGreaterThan(15);
  });

  it("folding keeps offsets: full-width digits and punctuation read as ASCII", () => {
    const text = "端口８０８０（ＴＣＰ），来自１０.０.０.０/８";
    expect(fold(text)).toHaveLength(text.length);
    expect(values(text)).toEqual([
      ["port", 8080, "８０８０"],
      ["name", "tcp", "ＴＣＰ"],
      ["cidr", "10.0.0.0/8", "１０.０.０.０/８"],
    ]);
    expect(
      tokenize("a，b、c；d：e（f）")
        .filter((token) => token.kind === "punctuation")
        .map((token) => token.value),
    ).toEqual([",", ",", ";", ":", "(", ")"]);
  });
});

describe("issue 27 item 7: units normalized", () => {
  it.each([
    ["100G", 100],
    ["100 GB", 100],
    ["100GiB", 100],
    ["100 gigs", 100],
    ["1T", 1024],
    ["2 TB", 2048],
    ["50个G", 50],
  ])("size %s → %d GiB", (text, gib) => {
    expect(first(text, "size")).toMatchObject({ value: gib, unit: "GiB", text });
  });

  it.each([
    ["5M", 5],
    ["5 Mbps", 5],
    ["10 Mb/s", 10],
    ["1Gbps", 1000],
    ["5兆", 5],
  ])("bandwidth %s → %d Mbps", (text, mbps) => {
    expect(first(text, "bandwidth")).toMatchObject({ value: mbps, unit: "Mbps", text });
  });

  it.each([
    ["30 days", 30, "day"],
    ["30天", 30, "day"],
    ["30-day", 30, "day"],
    ["30d", 30, "day"],
    ["30 d", 30, "day"],
    ["2 weeks", 14, "day"],
    ["三十天", 30, "day"],
    ["6个月", 6, "month"],
  ])("duration %s → %d %s", (text, amount, unit) => {
    expect(first(text, "duration")).toMatchObject({ value: amount, unit, text });
  });

  it("a CPU / memory pair is two tokens: '4核16G', '4c8g', '4 vCPU 16 GiB'", () => {
    expect(values("4核16G")).toEqual([
      ["compute", 4, "4核"],
      ["size", 16, "16G"],
    ]);
    expect(values("4c8g").map(([kind, value]) => [kind, value])).toEqual([
      ["compute", 4],
      ["size", 8],
    ]);
    expect(values("4 vCPU 16 GiB").map(([kind, value]) => [kind, value])).toEqual([
      ["compute", 4],
      ["size", 16],
    ]);
  });
});

describe("issue 27 item 7: counts, quantifiers, negations", () => {
  it.each([
    ["2x ecs.c7.xlarge", 2, "2x"],
    ["api x2", 2, "x2"],
    ["SLB × 3", 3, "× 3"],
    ["ECS ×3", 3, "×3"],
    ["2 x ecs.g7.large", 2, "2 x"],
    ["two servers", 2, "two"],
    ["两台", 2, "两台"],
    ["3 个 ECS", 3, "3 个"],
    ["十二台服务器", 12, "十二台"],
    ["一个 EIP", 1, "一个"],
  ])("count %s → %d", (text, count, written) => {
    expect(first(text, "count")).toMatchObject({ value: count, text: written });
  });

  it("'第二个' is the second one, not a count", () => {
    expect(first("第二个交换机", "count")).toBeUndefined();
  });

  it("quantifiers: each, every, per, 每 (with its measure word)", () => {
    expect(
      tokenize("an EIP each, one per server, every host, 每台一个")
        .filter((token) => token.kind === "quantifier")
        .map((token) => token.text),
    ).toEqual(["each", "per", "every", "每台"]);
  });

  it("negations: no, without, don't, 不要, 不需要", () => {
    expect(
      tokenize("no k8s, without NAT, don't add an EIP, 不要公网，不需要 SLB")
        .filter((token) => token.kind === "negation")
        .map((token) => token.text),
    ).toEqual(["no", "without", "don't", "不要", "不需要"]);
  });
});

describe("issue 27 item 7: network values", () => {
  it("CIDRs and addresses", () => {
    expect(values("SSH only from 203.0.113.0/24, lock it to 203.0.113.7")).toContainEqual(["cidr", "203.0.113.0/24", "203.0.113.0/24"]);
    expect(values("lock it to 203.0.113.7")).toContainEqual(["address", "203.0.113.7", "203.0.113.7"]);
    expect(first("999.1.1.1", "address")).toBeUndefined();
  });

  it.each([
    ["port 22", 22],
    ["SSH 22", 22],
    ["SLB on 443 (TCP)", 443],
    ["open 8080 to the VPC only", 8080],
    ["22端口", 22],
    ["端口：3306", 3306],
    ["22/tcp", 22],
    ["change the HTTPS port to 8443", 8443],
    ["open 8080 to the VPC only and 443 to everyone", 443],
    ["8080 仅内网访问", 8080],
    ["9000 internal only", 9000],
    ["443 对公网开放", 443],
  ])("port in '%s' → %d", (text, port) => {
    expect(
      values(text)
        .filter(([kind]) => kind === "port")
        .map(([, value]) => value),
    ).toContain(port);
  });

  it("a number after a listed port that counts a product is no port: '80 to backend 8080, 2 ECS'", () => {
    expect(
      values("SLB listener 80 to backend 8080, 2 ECS behind it")
        .filter(([kind]) => kind === "port")
        .map(([, value]) => value),
    ).toEqual([80, 8080]);
    expect(
      values("80 and 443 publicly")
        .filter(([kind]) => kind === "port")
        .map(([, value]) => value),
    ).toEqual([80, 443]);
  });

  it("ports listed with a port, ranges, and both sides of a mapping", () => {
    expect(values("ports 80, 443 and 8000-8100").map(([kind, value]) => [kind, value])).toEqual([
      ["port", 80],
      ["port", 443],
      ["portRange", 8000],
    ]);
    expect(first("ports 8000-8100", "portRange")).toMatchObject({ value: 8000, second: 8100 });
    expect(values("80 -> 8080, 443→8443").filter(([kind]) => kind === "port")).toHaveLength(4);
  });

  it("a number without a port cue is no port: '3 servers' is a count of them, 'on 2 zones' a number", () => {
    expect(first("3 servers on 2 zones", "port")).toBeUndefined();
    expect(first("3 servers", "count")).toMatchObject({ value: 3 });
    expect(first("on 2 zones", "number")).toMatchObject({ value: 2 });
  });

  it("a plain number is a count before a product's noun, after an image ('3 Ubuntu 22.04 boxes') and in '(2 of them)'", () => {
    expect(first("Web tier — 4 nodes, ecs.c6.large", "count")).toMatchObject({ value: 4, text: "4" });
    expect(first("Spin up 3 Ubuntu 22.04 boxes", "count")).toMatchObject({ value: 3 });
    expect(first("my private ECS instances (2 of them, no public IPs)", "count")).toMatchObject({ value: 2 });
    // A port before a product stays a number for the port readers: more than MAX_PLAIN_COUNT is no count.
    expect(first("80 SLB", "count")).toBeUndefined();
  });

  it("resource ids, with what they name", () => {
    const ids = tokenize("vpc-bp1abcdef12, vsw-bp1xyz98765, sg-bp1xyz123, i-bp1234567890, m-bp1image0001").filter((token) => token.kind === "resourceId");
    expect(ids.map((token) => [token.value, token.of])).toEqual([
      ["vpc-bp1abcdef12", "vpc"],
      ["vsw-bp1xyz98765", "vswitch"],
      ["sg-bp1xyz123", "securityGroup"],
      ["i-bp1234567890", "ecs"],
      ["m-bp1image0001", "image"],
    ]);
    expect(first("a sg-style rule", "resourceId")).toBeUndefined();
  });

  it("regions and zones by id and by name, in both languages", () => {
    expect(values("in cn-hangzhou-h")).toEqual([["zone", "cn-hangzhou-h", "cn-hangzhou-h"]]);
    expect(values("deploy to Singapore")).toEqual([["region", "ap-southeast-1", "Singapore"]]);
    expect(values("部署在杭州")).toEqual([["region", "cn-hangzhou", "杭州"]]);
    expect(values("in cn-shanghai")).toEqual([["region", "cn-shanghai", "cn-shanghai"]]);
  });
});

describe("issue 27 item 7: types, versions, files, names", () => {
  it("instance types and classes, with their product", () => {
    const types = tokenize("ecs.c7.xlarge, mysql.n2.medium.1 and redis.master.small.default.").filter((token) => token.kind === "instanceType");
    expect(types.map((token) => [token.value, token.of])).toEqual([
      ["ecs.c7.xlarge", "ecs"],
      ["mysql.n2.medium.1", "rds"],
      ["redis.master.small.default", "redis"],
    ]);
  });

  it("versions after an engine or image, after 'version', and 'v15'", () => {
    expect(values("PostgreSQL 15")).toEqual([
      ["name", "PostgreSQL", "PostgreSQL"],
      ["version", "15", "15"],
    ]);
    expect(values("mysql5.7")).toEqual([
      ["name", "MySQL", "mysql"],
      ["version", "5.7", "5.7"],
    ]);
    expect(values("Ubuntu 22.04").at(-1)).toEqual(["version", "22.04", "22.04"]);
    expect(values("SQL Server 2019")).toEqual([
      ["name", "SQLServer", "SQL Server"],
      ["version", "2019", "2019"],
    ]);
    expect(first("Redis, version 7.0", "version")).toMatchObject({ value: "7.0" });
    expect(first("v15", "version")).toMatchObject({ value: "15" });
    expect(first("MySQL 3306", "version")).toBeUndefined();
  });

  it("file names and path prefixes", () => {
    expect(values("index document index.html and error page 404.html, expire objects under logs/ after 30 days")).toEqual([
      ["fileName", "index.html", "index.html"],
      ["fileName", "404.html", "404.html"],
      ["pathPrefix", "logs/", "logs/"],
      ["duration", 30, "30 days"],
    ]);
    expect(first("move static/img/ to IA", "pathPrefix")).toMatchObject({ value: "static/img/" });
    expect(first("tcp/udp", "pathPrefix")).toBeUndefined();
  });

  it("a URL path written on its own ('health check on /healthz', '/api/v1/status'); a slash between words or numbers is none", () => {
    expect(first("health check on /healthz", "urlPath")).toMatchObject({ value: "/healthz", text: "/healthz" });
    expect(first("probe (/api/v1/status) every 5s", "urlPath")).toMatchObject({ value: "/api/v1/status" });
    expect(first("tcp/udp and 80/443", "urlPath")).toBeUndefined();
  });

  it("'key pair my-key' is no count of two; '22 to 192.168.10.0/24' is a port given a range", () => {
    expect(values("key pair my-key")).toEqual([]);
    expect(values("a pair of servers")).toEqual([
      ["count", 2, "pair"],
      ["name", "ecs", "servers"],
    ]);
    expect(values("open 80 to the world and 22 to 192.168.10.0/24 only")).toEqual([
      ["port", 80, "80"],
      ["port", 22, "22"],
      ["cidr", "192.168.10.0/24", "192.168.10.0/24"],
    ]);
  });

  it("'分别' is no negation; a zone letter is a zone, an id in the request's region ('杭州 H 区', 'zone H', 'zones H and I')", () => {
    expect(tokenize("分别在杭州 H 区和 I 区").filter((token) => token.kind === "negation")).toEqual([]);
    expect(values("分别在杭州 H 区和 I 区")).toEqual([
      ["region", "cn-hangzhou", "杭州"],
      ["zone", "cn-hangzhou-h", "H"],
      ["zone", "cn-hangzhou-i", "I"],
    ]);
    expect(values("zones H and I in cn-beijing").filter(([kind]) => kind === "zone")).toEqual([
      ["zone", "cn-beijing-h", "H"],
      ["zone", "cn-beijing-i", "I"],
    ]);
    // Without a region no zone id is guessed: the letter is a zone of its own, which the check names as not expressed.
    expect(values("two servers in zone H").filter(([kind]) => kind === "zone")).toEqual([["zone", "h", "H"]]);
  });

  it("products no kind builds are products all the same: ALB, NLB, PolarDB, k8s", () => {
    for (const [text, product] of [
      ["behind an ALB", "alb"],
      ["an NLB on 443", "nlb"],
      ["PolarDB MySQL 8.0", "polardb"],
      ["a k8s cluster", "ack"],
    ] as const)
      expect(first(text, "name"), text).toMatchObject({ of: "product", value: product });
  });

  it("engines are the catalogue's Engine values and their aliases", () => {
    const engines = ROS_PROPERTY_CATALOGUE["ALIYUN::RDS::DBInstance"]?.Engine?.allowed ?? [];
    expect(engines.length).toBeGreaterThan(3);
    for (const engine of engines) expect(first(`use ${engine}`, "name")).toMatchObject({ of: "engine", value: engine });
    expect(first("swap to postgres", "name")).toMatchObject({ of: "engine", value: "PostgreSQL" });
    expect(first("换成 PostgreSQL 15", "name")).toMatchObject({ of: "engine", value: "PostgreSQL" });
  });

  it("ACLs are the catalogue's AccessControl values and their words in both languages", () => {
    for (const acl of ROS_PROPERTY_CATALOGUE["ALIYUN::OSS::Bucket"]?.AccessControl?.allowed ?? []) {
      expect(first(`bucket ${acl}`, "name")?.of === "product" ? tokenize(`bucket ${acl}`)[1] : undefined).toMatchObject({ of: "acl", value: acl });
    }
    expect(tokenize("公共读的桶").find((token) => token.of === "acl")).toMatchObject({ value: "public-read" });
  });

  it("protocols, images and products", () => {
    expect(first("SLB on 443 (TCP)", "name")).toMatchObject({ of: "product", value: "slb" });
    expect(tokenize("(TCP)").find((token) => token.kind === "name")).toMatchObject({ of: "protocol", value: "tcp" });
    expect(first("Alibaba Cloud Linux 3", "name")).toMatchObject({ of: "image", value: "Alibaba Cloud Linux" });
    expect(first("负载均衡", "name")).toMatchObject({ of: "product", value: "slb" });
    expect(first("an internet load balancer", "name")).toMatchObject({ of: "product", value: "slb", text: "load balancer" });
  });

  it("the lexer itself knows no product: with an empty vocabulary, names are words", () => {
    const empty = { phrases: new Map(), products: [], regionIds: new Set<string>() };
    expect(lex("MySQL on ECS", empty).map((token) => token.kind)).toEqual(["word", "word", "word"]);
    expect(VOCABULARY.products.length).toBeGreaterThan(5);
  });
});

describe("issue 27 item 7: bounded work", () => {
  it("long adversarial runs come back whole (every character in some token or skipped as space)", () => {
    const runs = ["a/".repeat(5000), "1.".repeat(5000), "两".repeat(5000), "x".repeat(20000), "1-".repeat(5000), "每".repeat(5000)];
    for (const run of runs) {
      const tokens = tokenize(run);
      expect(tokens.at(-1)?.end).toBe(run.length);
    }
  });
});
