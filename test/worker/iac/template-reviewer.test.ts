/** The reviewer: findings with codes and fixes, and a corrected template that validates. */
import { describe, expect, it } from "vitest";
import { parseTemplate, reviewTemplate, validateTemplate } from "../../../src/iac/index";
import { CLEAN_TEMPLATE, PLANTED_TEMPLATE } from "./fixtures";

describe("reviewing the template with one planted mistake of each kind", () => {
  const review = reviewTemplate(PLANTED_TEMPLATE);
  const remaining = validateTemplate(review.corrected).diagnostics;

  it("reports the same findings as the validator", () => {
    expect(review.diagnostics).toEqual(validateTemplate(PLANTED_TEMPLATE).diagnostics);
  });

  it("produces a corrected template with no errors", () => {
    expect(remaining.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
  });

  it("issue 19 item 5: SSH open to the Internet is an error, repaired into a range only the deployer can give (a parameter without default)", () => {
    expect(remaining).toEqual([]);
    expect(review.summary).toMatch(/`ROS5501` \(error\).*\*\*Fix:\*\*/);
    expect(review.summary).toMatch(
      /`ROS5501` restricted the world-open rule at Resources\/Sg\/Properties\/SecurityGroupIngress\/0 to parameter AllowedSourceCidr/,
    );
    const parsed = parseTemplate(review.corrected);
    if (!parsed.ok) throw new Error("corrected template does not parse");
    const parameters = parsed.template.Parameters as Record<string, Record<string, unknown>>;
    expect(parameters.AllowedSourceCidr).toMatchObject({ Type: "String" });
    expect(parameters.AllowedSourceCidr).not.toHaveProperty("Default");
  });

  it("writes one summary line per finding, with its code and its fix", () => {
    for (const diagnostic of review.diagnostics) {
      const line = review.summary.split("\n").find((text) => text.includes(`\`${diagnostic.code}\``) && text.includes(diagnostic.path));
      expect(line, diagnostic.code).toBeDefined();
      expect(line).toContain(diagnostic.fix);
    }
  });

  it("corrects misspellings to the closest valid names", () => {
    const parsed = parseTemplate(review.corrected);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const resources = parsed.template.Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
    expect(parsed.template.ROSTemplateFormatVersion).toBe("2015-09-01");
    expect(parsed.template).toHaveProperty("Metadata");
    expect(resources.Web?.Type).toBe("ALIYUN::ECS::Instance");
    const outputs = parsed.template.Outputs as Record<string, { Value: unknown; Label?: string }>;
    expect(outputs.VpcId?.Value).toEqual({ "Fn::GetAtt": ["Vpc", "VpcId"] });
    expect(outputs.VpcId?.Label).toBe("Vpc Id");
    expect(outputs.Joined?.Value).toHaveProperty("Fn::Join");
  });

  it("moves overlapping, misplaced and malformed vSwitch CIDRs to distinct free subnets of the VPC", () => {
    const parsed = parseTemplate(review.corrected);
    if (!parsed.ok) throw new Error("corrected template does not parse");
    const resources = parsed.template.Resources as Record<string, { Properties: { CidrBlock?: string } }>;
    const cidrs = ["VSwitchA", "VSwitchB", "VSwitchC", "VSwitchD"].map((name) => resources[name]?.Properties.CidrBlock);
    expect(new Set(cidrs).size).toBe(4);
    for (const cidr of cidrs) expect(cidr).toMatch(/^192\.168\.\d+\.0\/24$/);
  });

  it("turns values only the deployer knows into parameters instead of inventing them", () => {
    const parsed = parseTemplate(review.corrected);
    if (!parsed.ok) throw new Error("corrected template does not parse");
    const parameters = parsed.template.Parameters as Record<string, Record<string, unknown>>;
    expect(parameters.DbDBInstanceClass?.AssociationProperty).toBe("ALIYUN::RDS::Instance::InstanceType");
    expect(parameters.VSwitchDZoneId?.AssociationProperty).toBe("ALIYUN::ECS::ZoneId");
    expect(parameters.VSwitchDZoneId?.Default).toBe("cn-hangzhou-h");
    expect(parameters.RamLoginPassword?.NoEcho).toBe(true);
    expect(parameters.RamLoginPassword).not.toHaveProperty("Default");
    expect(parameters.DbPassword?.NoEcho).toBe(true);
    expect(parameters).not.toHaveProperty("Leftover");
  });

  it("lists every repair it applied", () => {
    expect(review.summary).toContain("### Repairs applied in the corrected template");
    expect(review.summary).toContain("changed resource type ALIYUN::ECS::Instanse to ALIYUN::ECS::Instance");
    expect(review.summary).toContain("renamed function Fn::Joinn to Fn::Join");
  });
});

describe("reviewing templates that cannot or need not be repaired", () => {
  it("returns the input unchanged when the YAML does not parse, and says so", () => {
    const text = "ROSTemplateFormatVersion: '2015-09-01'\nResources: [\n";
    const review = reviewTemplate(text);
    expect(review.corrected).toBe(text);
    expect(review.diagnostics[0]?.code).toBe("ROS1001");
    expect(review.summary).toContain("could not be parsed");
  });

  it("reports a clean template as clean", () => {
    const review = reviewTemplate(CLEAN_TEMPLATE);
    expect(review.diagnostics).toEqual([]);
    expect(review.summary).toContain("No problems found");
    expect(validateTemplate(review.corrected).diagnostics).toEqual([]);
  });

  it("leaves a dependency cycle as an explained error", () => {
    const text =
      "ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  A:\n    Type: ALIYUN::ECS::VPC\n    DependsOn: B\n  B:\n    Type: ALIYUN::ECS::VPC\n    DependsOn: A\n";
    const review = reviewTemplate(text);
    expect(validateTemplate(review.corrected).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["ROS4005"]);
    expect(review.summary).toContain("Left for you in the corrected template: 1 error(s)");
  });

  it("replaces Fn::GetAtt on a resource that is not there with a parameter", () => {
    const text =
      "ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\nOutputs:\n  Lb:\n    Label: LB\n    Value: !GetAtt LoadBalancer.IpAddress\n";
    const review = reviewTemplate(text);
    const parsed = parseTemplate(review.corrected);
    if (!parsed.ok) throw new Error("corrected template does not parse");
    expect((parsed.template.Outputs as Record<string, { Value: unknown }>).Lb?.Value).toEqual({ Ref: "LoadBalancerIpAddress" });
    expect(validateTemplate(review.corrected).diagnostics).toEqual([]);
  });

  it("reviews JSON templates too and answers in YAML", () => {
    const json = JSON.stringify({
      ROSTemplateFormatVersion: "2015-09-01",
      Resources: { Vpc: { Type: "ALIYUN::ECS::VPC", Properties: { CidrBlock: "192.168.0.0/33" } } },
    });
    const review = reviewTemplate(json);
    expect(review.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["ROS5301"]);
    expect(review.corrected).toContain("CidrBlock: 192.168.0.0/16");
    expect(validateTemplate(review.corrected).diagnostics).toEqual([]);
  });
});

describe("issue 19 item 5: a reviewer that answers the question", () => {
  const header = "ROSTemplateFormatVersion: '2015-09-01'\n";
  const openDb = `${header}Resources:\n  Db:\n    Type: ALIYUN::RDS::DBInstance\n    Properties:\n      Engine: MySQL\n      EngineVersion: '8.0'\n      DBInstanceClass: rds.mysql.s2.large\n      DBInstanceStorage: 50\n      SecurityIPList: 0.0.0.0/0\n`;
  const closed = `${header}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: 10.0.0.0/16\n`;

  it("asked about production, the summary opens with the verdict, then the findings that decide it", () => {
    const review = reviewTemplate(openDb, "en", { verdict: true });
    const lines = review.summary.split("\n");
    expect(lines[0]).toBe("**Verdict: not safe for production.** 1 finding(s) decide it:");
    expect(lines[1]).toBe("- `ROS5503` The whitelist of Db (ALIYUN::RDS::DBInstance) admits the whole Internet (0.0.0.0/0).");
    const parsed = parseTemplate(review.corrected);
    if (!parsed.ok) throw new Error("corrected template does not parse");
    const db = (parsed.template.Resources as Record<string, { Properties: Record<string, unknown> }>).Db;
    expect(db?.Properties.SecurityIPList).toEqual({ Ref: "DbWhitelist" });
  });

  it("in Chinese, and says what the offline checks cannot see when nothing blocks", () => {
    expect(reviewTemplate(openDb, "zh", { verdict: true }).summary.split("\n")[0]).toBe("**结论：不能直接用于生产。** 以下 1 个问题决定了这一点：");
    const safe = reviewTemplate(closed, "en", { verdict: true }).summary;
    expect(safe.split("\n")[0]).toMatch(/^\*\*Verdict: no blocking finding for production\.\*\* .*cannot see/);
    expect(reviewTemplate(closed, "en").summary).not.toContain("Verdict");
  });

  it("repairs a dangling Fn::GetAtt to the resource of the type that has the attribute, not to a new parameter", () => {
    const dangling = `${header}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: 10.0.0.0/16\n  VSwitch:\n    Type: ALIYUN::ECS::VSwitch\n    Properties:\n      VpcId:\n        Fn::GetAtt: [NetworkMain, VpcId]\n      ZoneId: cn-hangzhou-h\n      CidrBlock: 10.0.1.0/24\n`;
    const review = reviewTemplate(dangling);
    expect(review.summary).toContain("changed Fn::GetAtt NetworkMain to Vpc");
    const parsed = parseTemplate(review.corrected);
    if (!parsed.ok) throw new Error("corrected template does not parse");
    const vswitch = (parsed.template.Resources as Record<string, { Properties: Record<string, unknown> }>).VSwitch;
    expect(vswitch?.Properties.VpcId).toEqual({ "Fn::GetAtt": ["Vpc", "VpcId"] });
    expect(parsed.template.Parameters ?? {}).not.toHaveProperty("NetworkMainVpcId");
  });
});
