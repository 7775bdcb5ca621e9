/**
 * Issue 27 items 1–3: the request check never vouches for what it did not read. Each example of
 * the "Defects found" list is a case: the request as the engineer wrote it, and the wrong
 * template the way the engine built it then (written out here, so the case keeps proving the check
 * after the generator is fixed); the check must flag it, and must pass the right template, so no
 * case is a check that cannot fail.
 */
import { describe, expect, it } from "vitest";
import { checkHeadline, checkRequest, requestCheckMetadata, withRequestCheck } from "../../../src/iac/index";
import type { RequestCheck } from "../../../src/iac/check/result";

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

const ros = (resources: Resources, description = "Region: cn-hangzhou") =>
  JSON.stringify({ ROSTemplateFormatVersion: "2015-09-01", Description: description, Resources: resources });

function check(request: string, template: string, before?: string): RequestCheck {
  const result = checkRequest({ request, template, ...(before ? { before } : {}) });
  if (!result) throw new Error("no check");
  return result;
}

/** Whether the check flags anything: broader, not expressed, or not confirmed. */
const flags = (result: RequestCheck) => result.broader.length + result.notExpressed.length + result.unplaced.length > 0;
const allClaim = /all \d+ values you gave are in the template|个值都已在模板中/;

const NETWORK: Resources = {
  Vpc: { Type: "ALIYUN::ECS::VPC", Properties: { CidrBlock: "192.168.0.0/16" } },
  VSwitch: { Type: "ALIYUN::ECS::VSwitch", Properties: { VpcId: { Ref: "Vpc" }, CidrBlock: "192.168.1.0/24", ZoneId: "cn-hangzhou-h" } },
};

const ingress = (...rules: Array<[string, string, string?]>) => ({
  Sg: {
    Type: "ALIYUN::ECS::SecurityGroup",
    Properties: {
      VpcId: { Ref: "Vpc" },
      SecurityGroupIngress: rules.map(([range, source, protocol]) => ({ IpProtocol: protocol ?? "tcp", PortRange: range, SourceCidrIp: source })),
    },
  },
});

const servers = (count: number, type = "ecs.c7.xlarge"): Resources =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `Ecs${i + 1}`,
      { Type: "ALIYUN::ECS::Instance", Properties: { InstanceType: type, VSwitchId: { Ref: "VSwitch" } } },
    ]),
  );

describe("issue 27 item 3: a scope written broader is its own finding, reported first", () => {
  const request = "Static website on OSS in Hangzhou: index document index.html and error page 404.html, and expire objects under logs/ after 30 days";
  const bucket = (properties: Record<string, unknown>): Resources => ({ Bucket: { Type: "ALIYUN::OSS::Bucket", Properties: properties } });

  it("defect: 'expire objects under logs/' written as Prefix '' (every object expires), no website configuration", () => {
    const wrong = ros(
      bucket({
        AccessControl: "private",
        LifecycleConfiguration: { Rule: [{ ID: "expire-after-30-days", Prefix: "", Status: "Enabled", Expiration: { Days: 30 } }] },
      }),
    );
    const result = check(request, wrong);
    expect(result.broader).toEqual([expect.objectContaining({ kind: "prefix", text: "logs/", where: "Bucket.LifecycleConfiguration.Rule[0]" })]);
    expect(result.notExpressed.map((value) => `${value.kind}:${value.text}`)).toEqual(
      expect.arrayContaining(["file-name:index.html", "file-name:404.html", "path-prefix:logs/"]),
    );
    const reply = withRequestCheck("Generated a template.", result, "en");
    expect(reply.split("\n")[0]).not.toMatch(allClaim);
    expect(reply.split("\n")[0]).toContain("broader than you asked");
    // Reported first: the broader block comes before the values not found.
    expect(reply.indexOf("Broader than you asked (request check)")).toBeLessThan(reply.indexOf("Not expressed in the template (request check)"));
    expect(requestCheckMetadata(result).broader).toEqual([expect.objectContaining({ kind: "prefix", text: "logs/" })]);
    expect(Object.keys(requestCheckMetadata(result))[0]).toBe("broader");
  });

  it("the right template: the prefix on the rule, the documents in the website configuration", () => {
    const right = ros(
      bucket({
        WebsiteConfiguration: { IndexDocument: "index.html", ErrorDocument: "404.html" },
        LifecycleConfiguration: { Rule: [{ ID: "logs", Prefix: "logs/", Status: "Enabled", Expiration: { Days: 30 } }] },
      }),
    );
    const result = check(request, right);
    expect(result.broader).toEqual([]);
    expect(result.notExpressed).toEqual([]);
    expect(result.unplaced).toEqual([]);
    expect(checkHeadline(result, "en")).toMatch(allClaim);
  });

  it("defect: 'Open 8080 to the VPC only' opened to 0.0.0.0/0", () => {
    const request8080 = "VPC with one ECS. Open 8080 to the VPC only";
    expect(check(request8080, ros({ ...NETWORK, ...servers(1), ...ingress(["8080/8080", "0.0.0.0/0"]) })).broader).toEqual([
      expect.objectContaining({ kind: "source-range", text: "8080", found: "from 0.0.0.0/0" }),
    ]);
    expect(check(request8080, ros({ ...NETWORK, ...servers(1), ...ingress(["8080/8080", "192.168.0.0/16"]) })).broader).toEqual([]);
  });

  it("'open 8080 to the VPC only and 443 to everyone': only 8080 open to everyone is broader; 443 open to everyone is as asked", () => {
    const request = "VPC with one ECS, open 8080 to the VPC only and 443 to everyone";
    const wrong = check(request, ros({ ...NETWORK, ...servers(1), ...ingress(["8080/8080", "0.0.0.0/0"], ["443/443", "0.0.0.0/0"]) }));
    expect(wrong.broader).toEqual([expect.objectContaining({ kind: "source-range", text: "8080", found: "from 0.0.0.0/0" })]);
    const right = check(request, ros({ ...NETWORK, ...servers(1), ...ingress(["8080/8080", "192.168.0.0/16"], ["443/443", "0.0.0.0/0"]) }));
    expect(right.broader).toEqual([]);
    expect(right.notExpressed).toEqual([]);
    expect(checkHeadline(right, "en")).toMatch(allClaim);
  });

  it("'2x ecs.c7.xlarge' and 'api x2, worker x1': servers counted by the tokens are asked for, not unrequested", () => {
    expect(check("2x ecs.c7.xlarge in a new VPC", ros({ ...NETWORK, ...servers(2) })).unrequested).toEqual([]);
    expect(check("api x2, worker x1 in a new VPC", ros({ ...NETWORK, ...servers(3) })).unrequested).toEqual([]);
    // One more than counted is still flagged.
    expect(check("2x ecs.c7.xlarge in a new VPC", ros({ ...NETWORK, ...servers(3) })).unrequested).not.toEqual([]);
  });

  it("the first line names billable resources nobody asked for, even when every value is placed", () => {
    const result = check("VPC 10.0.0.0/16", ros({ ...NETWORK, Vpc: { Type: "ALIYUN::ECS::VPC", Properties: { CidrBlock: "10.0.0.0/16" } }, ...servers(1) }));
    expect(result.unrequested).not.toEqual([]);
    expect(checkHeadline(result, "en")).toMatch(/in the template; 1 billable resource you did not ask for/);
    expect(checkHeadline(result, "zh")).toContain("你没有要求、但会计费的资源");
  });

  it("defect: a source range made the VPC's own range ('22 from 192.0.2.0/24' in Terraform)", () => {
    const hcl = (vpc: string) =>
      `resource "alicloud_vpc" "main" {\n  cidr_block = "${vpc}"\n}\nresource "alicloud_security_group_rule" "ssh" {\n  type              = "ingress"\n  port_range        = "22/22"\n  cidr_ip           = "192.0.2.0/24"\n}\n`;
    const request22 = "Terraform: a VPC and one ECS, allow 22 from 192.0.2.0/24";
    expect(check(request22, hcl("192.0.2.0/24")).broader).toEqual([
      expect.objectContaining({ kind: "reused-range", text: "192.0.2.0/24", where: "main.cidr_block" }),
    ]);
    expect(check(request22, hcl("10.0.0.0/16")).broader).toEqual([]);
  });

  it("defect: 'Bastion host: SSH only from X' and 'lock SSH down to my office X' with SSH open to everyone", () => {
    for (const request of ["Bastion host: one ECS, SSH only from 198.51.100.0/24", "lock SSH down to my office 203.0.113.7"]) {
      const open = check(request, ros({ ...NETWORK, ...servers(1), ...ingress(["22/22", "0.0.0.0/0"]) }));
      expect(
        open.broader.map((scope) => scope.kind),
        request,
      ).toEqual(["source-range"]);
      expect(checkHeadline(open, "en"), request).not.toMatch(allClaim);
    }
    const locked = check("lock SSH down to my office 203.0.113.7", ros({ ...NETWORK, ...servers(1), ...ingress(["22/22", "203.0.113.7"]) }));
    expect(locked.broader).toEqual([]);
    expect(locked.notExpressed).toEqual([]);
  });

  it("public where private was asked: a private bucket written public-read", () => {
    const request = "a private OSS bucket for backups";
    const bucketOf = (acl: string) => ros({ Bucket: { Type: "ALIYUN::OSS::Bucket", Properties: { AccessControl: acl } } });
    expect(check(request, bucketOf("public-read")).broader).toEqual([expect.objectContaining({ kind: "public", found: "public-read" })]);
    expect(check(request, bucketOf("private")).broader).toEqual([]);
  });
});

describe("issue 27 item 2: bindings, not presence", () => {
  it("defect: 'change the HTTPS port to 8443 and also allow SSH only from X': the SSH range on 8443 is misplaced", () => {
    const request = "change the HTTPS port to 8443 and also allow SSH only from 203.0.113.0/24";
    const wrong = ros({ ...NETWORK, ...servers(1), ...ingress(["443/443", "0.0.0.0/0"], ["8443/8443", "203.0.113.0/24"], ["22/22", "0.0.0.0/0"]) });
    const result = check(request, wrong);
    expect(result.notExpressed).toContainEqual(expect.objectContaining({ kind: "cidr", text: "203.0.113.0/24", reason: "misplaced" }));
    expect(result.applied.map((value) => value.text)).not.toContain("203.0.113.0/24");
    expect(checkHeadline(result, "en")).not.toMatch(allClaim);
    const right = ros({ ...NETWORK, ...servers(1), ...ingress(["8443/8443", "0.0.0.0/0"], ["22/22", "203.0.113.0/24"]) });
    const fixed = check(request, right);
    expect(fixed.notExpressed).toEqual([]);
    expect(fixed.broader).toEqual([]);
  });

  it("defect: 'internet SLB on 443 (TCP)' written as an HTTP listener 80 → 80", () => {
    const request = "internet SLB on 443 (TCP) in front of 2 ECS";
    const listener = (port: number, protocol: string) => ({
      Slb: { Type: "ALIYUN::SLB::LoadBalancer", Properties: { AddressType: "internet" } },
      Listener: {
        Type: "ALIYUN::SLB::Listener",
        Properties: { LoadBalancerId: { Ref: "Slb" }, ListenerPort: port, BackendServerPort: port, Protocol: protocol },
      },
    });
    const wrong = check(request, ros({ ...NETWORK, ...servers(2), ...listener(80, "http") }));
    expect(wrong.notExpressed.map((value) => value.text)).toContain("443");
    expect(checkHeadline(wrong, "en")).not.toMatch(allClaim);
    const wrongProtocol = check(request, ros({ ...NETWORK, ...servers(2), ...listener(443, "http") }));
    expect(wrongProtocol.notExpressed).toEqual([expect.objectContaining({ kind: "protocol", reason: "misplaced" })]);
    const right = check(request, ros({ ...NETWORK, ...servers(2), ...listener(443, "tcp") }));
    expect(right.notExpressed).toEqual([]);
    expect(right.unplaced).toEqual([]);
  });

  it("defect: 'use PostgreSQL 15 instead of MySQL' written as Engine MySQL with EngineVersion 15.0", () => {
    const database = (engine: string, version: string) =>
      ros({ ...NETWORK, Db: { Type: "ALIYUN::RDS::DBInstance", Properties: { Engine: engine, EngineVersion: version, VSwitchId: { Ref: "VSwitch" } } } });
    for (const request of ["use PostgreSQL 15 instead of MySQL", "换成 PostgreSQL 15"]) {
      const wrong = check(request, database("MySQL", "15.0"));
      expect(
        wrong.notExpressed.map((value) => value.kind),
        request,
      ).toContain("engine-version");
      expect(
        wrong.applied.map((value) => value.text.toLowerCase()),
        request,
      ).not.toContain("mysql");
      expect(check(request, database("PostgreSQL", "15.0")).notExpressed, request).toEqual([]);
    }
    expect(check("use PostgreSQL 15 instead of MySQL", database("MySQL", "15.0")).notExpressed).toContainEqual(
      expect.objectContaining({ text: "MySQL", reason: "still-present" }),
    );
  });
});

describe("issue 27 item 1: every count form is read and placed", () => {
  const withEips = (count: number): Resources =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`Eip${i + 1}`, { Type: "ALIYUN::VPC::EIP", Properties: { Bandwidth: 5 } }]));

  it.each([
    ["2x ecs.c7.xlarge in Hangzhou", 2],
    ["api x2, worker x1, scheduler x1 on ecs.c7.xlarge", 4],
    ["2台 4核16G 的服务器", 2],
  ])("defect: '%s' written as one server", (request, wanted) => {
    const one = check(request, ros({ ...NETWORK, ...servers(1) }));
    expect(flags(one), request).toBe(true);
    expect(checkHeadline(one, request.includes("台") ? "zh" : "en"), request).not.toMatch(allClaim);
    const right = check(request, ros({ ...NETWORK, ...servers(wanted, "ecs.c7.xlarge") }));
    expect(
      right.notExpressed.filter((value) => value.kind === "count"),
      request,
    ).toEqual([]);
    expect(
      right.unplaced.filter((token) => token.kind === "count"),
      request,
    ).toEqual([]);
  });

  it("defect: 'an EIP each' for two servers written as one EIP", () => {
    const request = "2 ECS in Hangzhou with an EIP each";
    const one = check(request, ros({ ...NETWORK, ...servers(2), ...withEips(1) }));
    expect(one.notExpressed).toContainEqual(expect.objectContaining({ kind: "per-server" }));
    expect(check(request, ros({ ...NETWORK, ...servers(2), ...withEips(2) })).notExpressed).toEqual([]);
  });

  it("defect: 'remove one of the servers' that removed none", () => {
    const before = ros({ ...NETWORK, ...servers(2) });
    expect(check("remove one of the servers", ros({ ...NETWORK, ...servers(2) }), before).notExpressed).toContainEqual(
      expect.objectContaining({ kind: "product", reason: "still-present" }),
    );
    expect(check("remove one of the servers", ros({ ...NETWORK, ...servers(1) }), before).notExpressed).toEqual([]);
  });

  it("a value-shaped token no rule can place is listed with its words, and the headline says so", () => {
    const result = check("one ECS in Hangzhou, keep 4 cores", ros({ ...NETWORK, ...servers(1) }));
    expect(result.unplaced).toEqual([{ kind: "compute", text: "4 cores", words: "one ECS in Hangzhou, keep 4 cores" }]);
    const headline = checkHeadline(result, "en");
    expect(headline).toContain("could not be confirmed");
    expect(headline).toContain("`4 cores`");
    expect(checkHeadline(result, "zh")).toContain("无法在模板中确认");
    expect(withRequestCheck("Done.", result, "en")).toContain(
      "- `4 cores` (in “one ECS in Hangzhou, keep 4 cores”): the check could not place it in the template",
    );
  });
});
