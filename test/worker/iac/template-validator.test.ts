/** The offline ROS validator: every planted mistake yields its stable code, and clean templates stay clean. */
import { describe, expect, it } from "vitest";
import { parseTemplate, validateTemplate, type Diagnostic } from "../../../src/iac/index";
import { CLEAN_TEMPLATE, PLANTED_CODES, PLANTED_TEMPLATE } from "./fixtures";

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => diagnostic.code).sort();
}

function codesOf(text: string): string[] {
  return codes(validateTemplate(text).diagnostics);
}

const HEADER = "ROSTemplateFormatVersion: '2015-09-01'\n";

describe("a clean template with short tags, Fn::Sub lists and pseudo parameters", () => {
  it("produces no diagnostics at all", () => {
    expect(validateTemplate(CLEAN_TEMPLATE).diagnostics).toEqual([]);
  });

  it("is returned parsed, so callers need not parse it again", () => {
    const result = validateTemplate(CLEAN_TEMPLATE);
    expect(result.template?.ROSTemplateFormatVersion).toBe("2015-09-01");
  });
});

describe("a template with one planted mistake of each kind", () => {
  const { diagnostics } = validateTemplate(PLANTED_TEMPLATE);

  it("yields exactly the expected codes, each once", () => {
    expect(codes(diagnostics)).toEqual([...PLANTED_CODES].sort());
  });

  it("gives every diagnostic a location, a message and a suggested fix", () => {
    for (const diagnostic of diagnostics) {
      expect(diagnostic.path).not.toBe("");
      expect(diagnostic.message.length).toBeGreaterThan(10);
      expect(diagnostic.fix.length).toBeGreaterThan(5);
      expect(["error", "warning"]).toContain(diagnostic.severity);
    }
  });

  it("points at the exact property that is wrong", () => {
    const byCode = new Map(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic]));
    expect(byCode.get("ROS5302")?.path).toBe("Resources/VSwitchB/Properties/CidrBlock");
    expect(byCode.get("ROS5201")?.path).toBe("Outputs/VpcId/Value/Fn::GetAtt");
    expect(byCode.get("ROS4001")?.path).toBe("Resources/Web/Properties/InstanceName/Ref");
    expect(byCode.get("ROS5103")?.path).toBe("Resources/Db/Properties/DBInstanceClass");
  });

  it("suggests the closest correct name for misspellings", () => {
    const fixes = new Map(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.fix]));
    expect(fixes.get("ROS5001")).toContain("ALIYUN::ECS::Instance");
    expect(fixes.get("ROS5201")).toContain("VpcId");
    expect(fixes.get("ROS2001")).toContain("Fn::Join");
    expect(fixes.get("ROS1006")).toContain("Metadata");
    expect(fixes.get("ROS5302")).toContain("192.168.2.0/24");
  });

  it("marks hygiene findings as warnings and broken templates as errors", () => {
    const severity = new Map(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]));
    for (const code of ["ROS5401", "ROS5402", "ROS5404", "ROS5405", "ROS1302", "ROS5203"]) {
      expect(severity.get(code)).toBe("warning");
    }
    // Issue 19 item 5: SSH open to the whole Internet is an error, not hygiene.
    for (const code of ["ROS1120", "ROS4001", "ROS4006", "ROS5001", "ROS5103", "ROS5201", "ROS5301", "ROS5302", "ROS5501"]) {
      expect(severity.get(code)).toBe("error");
    }
  });
});

describe("template structure (ROS1xxx)", () => {
  it("reports a missing format version as ROS1004", () => {
    expect(codesOf("Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n")).toEqual(["ROS1004"]);
  });

  it("accepts the version unquoted, as YAML 1.2 keeps it a string", () => {
    expect(codesOf("ROSTemplateFormatVersion: 2015-09-01\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n")).toEqual([]);
  });

  it("reports YAML syntax errors as ROS1001 with their line number", () => {
    const result = validateTemplate(`${HEADER}Resources:\n  Vpc:\n    Type: [ALIYUN::ECS::VPC\n`);
    expect(codes(result.diagnostics)).toContain("ROS1001");
    expect(result.diagnostics[0]?.message).toMatch(/line \d+/);
    expect(result.template).toBeUndefined();
  });

  it("reports a template that is not a mapping as ROS1005", () => {
    expect(codesOf("- just\n- a list\n")).toEqual(["ROS1005"]);
  });

  it("reports an empty template as ROS1002", () => {
    expect(codesOf("   \n")).toEqual(["ROS1002"]);
  });

  it("reports a resource that is not a mapping (ROS1102) and one without Type (ROS1103)", () => {
    const text = `${HEADER}Resources:\n  A: just-a-string\n  B:\n    Properties: {}\n`;
    expect(codesOf(text)).toEqual(["ROS1102", "ROS1103"]);
  });

  it("reports Properties that are not a mapping as ROS1106", () => {
    expect(codesOf(`${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties: [1]\n`)).toEqual(["ROS1106"]);
  });

  it("warns about a template without resources (ROS1007), but not about a Terraform-type one", () => {
    expect(codesOf(HEADER)).toEqual(["ROS1007"]);
    expect(codesOf(`${HEADER}Transform: Aliyun::OpenTofu-v1.8\nWorkspace:\n  main.tf: ''\n`)).toEqual([]);
  });

  it("reports a parameter without Type (ROS1201) and an output without Value (ROS1301)", () => {
    const text = `${HEADER}Parameters:\n  P: {Label: x}\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      VpcName: !Ref P\nOutputs:\n  O:\n    Label: o\n`;
    expect(codesOf(text)).toEqual(["ROS1201", "ROS1301"]);
  });

  it("parses JSON templates and says so", () => {
    const json = JSON.stringify({ ROSTemplateFormatVersion: "2015-09-01", Resources: { Vpc: { Type: "ALIYUN::ECS::VPC" } } });
    const parsed = parseTemplate(json);
    expect(parsed.ok && parsed.format).toBe("json");
    expect(codesOf(json)).toEqual([]);
  });
});

describe("functions and symbols (ROS2xxx, ROS4xxx)", () => {
  it("reports an unknown short tag with its line as ROS2001", () => {
    const result = validateTemplate(`${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      VpcName: !Joinn [',', [a]]\n`);
    expect(codes(result.diagnostics)).toEqual(["ROS2001"]);
    expect(result.diagnostics[0]?.path).toBe("line 6");
  });

  it("reports malformed Fn::GetAtt arguments as ROS2002", () => {
    const text = `${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\nOutputs:\n  O:\n    Label: o\n    Value:\n      Fn::GetAtt: [Vpc]\n`;
    expect(codesOf(text)).toEqual(["ROS2002"]);
  });

  it("reports functions nested more than 20 deep as ROS2003", () => {
    let value: unknown = "x";
    for (let depth = 0; depth < 22; depth += 1) value = { "Fn::Base64Encode": value };
    const json = JSON.stringify({
      ROSTemplateFormatVersion: "2015-09-01",
      Resources: { Vpc: { Type: "ALIYUN::ECS::VPC", Properties: { Description: value } } },
    });
    expect(codesOf(json)).toEqual(["ROS2003"]);
  });

  it("checks ${Name} and ${Resource.Attribute} inside Fn::Sub", () => {
    const text = `${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\nOutputs:\n  O:\n    Label: o\n    Value: !Sub '\${Missing}-\${Vpc.VpcId}-\${Vpc.Nope}-\${ALIYUN::Region}-\${!Literal}'\n`;
    expect(codesOf(text)).toEqual(["ROS4001", "ROS5201"]);
  });

  it("reports Fn::If on an undefined condition as ROS4003", () => {
    const text = `${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      VpcName: !If [Missing, a, b]\n`;
    expect(codesOf(text)).toEqual(["ROS4003"]);
  });

  it("reports resources that depend on each other in a cycle as ROS4005", () => {
    const text = `${HEADER}Resources:\n  A:\n    Type: ALIYUN::ECS::VPC\n    DependsOn: B\n  B:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      VpcName: !GetAtt A.VpcName\n`;
    expect(codesOf(text)).toEqual(["ROS4005"]);
  });

  it("reports Fn::FindInMap on a missing key as ROS4101", () => {
    const text = `${HEADER}Mappings:\n  Images:\n    cn-hangzhou: {id: a}\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      VpcName: !FindInMap [Images, cn-beijing, id]\n`;
    expect(codesOf(text)).toEqual(["ROS4101"]);
  });

  it("reports a key defined twice as ROS4201 with its line, keeping the last definition", () => {
    const result = validateTemplate(`${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n`);
    expect(codes(result.diagnostics)).toEqual(["ROS4201"]);
    expect(result.diagnostics[0]?.path).toBe("line 5");
  });
});

describe("resource types and network plans (ROS5xxx)", () => {
  it("warns (ROS5002) about a well-formed type of a known product that the catalogue lacks", () => {
    const text = `${HEADER}Resources:\n  X:\n    Type: ALIYUN::ECS::SomethingBrandNew\n`;
    expect(codesOf(text)).toEqual(["ROS5002"]);
  });

  it("rejects (ROS5001) a type of no known product", () => {
    expect(codesOf(`${HEADER}Resources:\n  X:\n    Type: AWS::EC2::Instance\n`)).toEqual(["ROS5001"]);
  });

  it("checks Fn::GetAtt against the attributes of the resource type", () => {
    const text = `${HEADER}Resources:\n  Sg:\n    Type: ALIYUN::ECS::SecurityGroup\n  Rule:\n    Type: ALIYUN::ECS::SecurityGroupIngress\n    Properties:\n      SecurityGroupId: !GetAtt Sg.SecurityGroupId\n      IpProtocol: tcp\n      PortRange: 443/443\nOutputs:\n  O:\n    Label: o\n    Value: !GetAtt Rule.RuleId\n`;
    const result = validateTemplate(text);
    expect(codes(result.diagnostics)).toEqual(["ROS5201"]);
    expect(result.diagnostics[0]?.fix).toContain("Ref");
  });

  it("does not check attributes of nested stacks, whose outputs are dynamic", () => {
    const text = `${HEADER}Resources:\n  Child:\n    Type: ALIYUN::ROS::Stack\n    Properties:\n      TemplateURL: oss://bucket/child.yaml\nOutputs:\n  O:\n    Label: o\n    Value: !GetAtt Child.Outputs.VpcId\n`;
    expect(codesOf(text)).toEqual([]);
  });

  it("accepts ImageFamily instead of ImageId for an ECS instance, but not neither", () => {
    const base = `${HEADER}Resources:\n  Web:\n    Type: ALIYUN::ECS::Instance\n    Properties:\n      InstanceType: !Ref T\nParameters:\n  T:\n    Type: String\n    AssociationProperty: ALIYUN::ECS::Instance::InstanceType\n`;
    expect(codesOf(base)).toEqual(["ROS5103"]);
    expect(codesOf(base.replace("InstanceType: !Ref T", "InstanceType: !Ref T\n      ImageFamily: acs:alibaba_cloud_linux_3_2104_lts_x64"))).toEqual([]);
  });

  it("rejects a VPC CIDR with the wrong prefix (ROS5301) and warns about a public range (ROS5304)", () => {
    expect(codesOf(`${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: 10.0.0.0/30\n`)).toEqual(["ROS5301"]);
    expect(codesOf(`${HEADER}Resources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: 8.8.0.0/16\n`)).toEqual(["ROS5304"]);
  });

  it("reads CIDR blocks from parameter defaults when the property is a Ref", () => {
    const text = `${HEADER}Parameters:\n  VpcCidr:\n    Type: String\n    Default: 10.0.0.0/16\n  VswCidr:\n    Type: String\n    Default: 10.1.0.0/24\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: !Ref VpcCidr\n  Vsw:\n    Type: ALIYUN::ECS::VSwitch\n    Properties:\n      VpcId: !Ref Vpc\n      ZoneId: !Ref ALIYUN::Region\n      CidrBlock: !Ref VswCidr\n`;
    expect(codesOf(text)).toEqual(["ROS5303"]);
  });

  it("warns (ROS5102) about a fixed vSwitch CIDR in an existing VPC passed as a parameter", () => {
    const text = `${HEADER}Parameters:\n  VpcId:\n    Type: String\n    AssociationProperty: ALIYUN::ECS::VPC::VPCId\n  Zone:\n    Type: String\n    AssociationProperty: ALIYUN::ECS::ZoneId\nResources:\n  Vsw:\n    Type: ALIYUN::ECS::VSwitch\n    Properties:\n      VpcId: !Ref VpcId\n      ZoneId: !Ref Zone\n      CidrBlock: 172.16.1.0/24\n`;
    expect(codesOf(text)).toEqual(["ROS5102"]);
  });

  it("requires -1/-1 port ranges for icmp and a known protocol (ROS5502)", () => {
    const text = `${HEADER}Resources:\n  Sg:\n    Type: ALIYUN::ECS::SecurityGroup\n    Properties:\n      SecurityGroupIngress:\n        - {IpProtocol: icmp, PortRange: 1/1, SourceCidrIp: 10.0.0.0/8}\n        - {IpProtocol: sctp, PortRange: 1/1, SourceCidrIp: 10.0.0.0/8}\n        - {IpProtocol: icmp, PortRange: -1/-1, SourceCidrIp: 10.0.0.0/8}\n`;
    expect(codesOf(text)).toEqual(["ROS5502", "ROS5502"]);
  });

  it("warns (ROS5501) when a database port is open to the whole Internet", () => {
    const text = `${HEADER}Resources:\n  Rule:\n    Type: ALIYUN::ECS::SecurityGroupIngress\n    Properties:\n      SecurityGroupId: sg-123\n      IpProtocol: tcp\n      PortRange: 3300/3310\n      SourceCidrIp: 0.0.0.0/0\n`;
    expect(codesOf(text)).toEqual(["ROS5501"]);
    expect(validateTemplate(text).diagnostics[0]?.severity).toBe("warning");
  });

  it("issue 19 item 5: world-open SSH, RDP and all ports are errors (ROS5501); a database or cache whitelist of 0.0.0.0/0 is an error (ROS5503)", () => {
    const rule = (range: string, protocol = "tcp") =>
      `${HEADER}Resources:\n  Rule:\n    Type: ALIYUN::ECS::SecurityGroupIngress\n    Properties:\n      SecurityGroupId: sg-123\n      IpProtocol: ${protocol}\n      PortRange: ${range}\n      SourceCidrIp: 0.0.0.0/0\n`;
    for (const [range, protocol] of [
      ["22/22", "tcp"],
      ["3389/3389", "tcp"],
      ["1/65535", "tcp"],
      ["-1/-1", "all"],
    ] as const) {
      expect(
        validateTemplate(rule(range, protocol)).diagnostics.map((d) => [d.code, d.severity]),
        range,
      ).toEqual([["ROS5501", "error"]]);
    }
    for (const [type, key] of [
      ["ALIYUN::RDS::DBInstance", "SecurityIPList"],
      ["ALIYUN::REDIS::Instance", "SecurityIps"],
    ] as const) {
      const text = `${HEADER}Resources:\n  Store:\n    Type: ${type}\n    Properties:\n      ${key}: 10.0.0.0/8,0.0.0.0/0\n`;
      const found = validateTemplate(text).diagnostics.filter((d) => d.code === "ROS5503");
      expect(
        found.map((d) => [d.severity, d.path]),
        type,
      ).toEqual([["error", `Resources/Store/Properties/${key}`]]);
    }
  });

  it("does not ask for NoEcho on a secret-typed OOS parameter", () => {
    const text = `${HEADER}Parameters:\n  ApiToken:\n    Type: ALIYUN::OOS::SecretParameter::Value\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      Description: !Ref ApiToken\n`;
    expect(codesOf(text)).toEqual([]);
  });
});
