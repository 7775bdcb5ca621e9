/** ROS short tags in YAML parse to the long function forms. */
import { describe, expect, it } from "vitest";
import { parseTemplate } from "../../../src/iac/index";

function resourcesOf(yaml: string): Record<string, unknown> {
  const parsed = parseTemplate(`ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  R:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n${yaml}`);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
  return (parsed.template.Resources as { R: { Properties: Record<string, unknown> } }).R.Properties;
}

describe("ROS short tags", () => {
  it("!Ref becomes {Ref: name}", () => {
    expect(resourcesOf("      A: !Ref Foo\n").A).toEqual({ Ref: "Foo" });
  });

  it("!GetAtt accepts the dotted scalar and the list form", () => {
    const properties = resourcesOf("      A: !GetAtt Vpc.VpcId\n      B: !GetAtt [Vpc, VRouterId]\n");
    expect(properties.A).toEqual({ "Fn::GetAtt": ["Vpc", "VpcId"] });
    expect(properties.B).toEqual({ "Fn::GetAtt": ["Vpc", "VRouterId"] });
  });

  it("nested tags resolve inside sequences and mappings", () => {
    const properties = resourcesOf(
      "      A: !Join ['-', [!Ref X, !Select [0, !GetAZs '']]]\n      B: !Sub\n        - '${Name}-x'\n        - Name: !Ref Y\n      C: !If [IsProd, !Base64Encode 'a', !Ref 'ALIYUN::NoValue']\n",
    );
    expect(properties.A).toEqual({ "Fn::Join": ["-", [{ Ref: "X" }, { "Fn::Select": [0, { "Fn::GetAZs": "" }] }]] });
    expect(properties.B).toEqual({ "Fn::Sub": ["${Name}-x", { Name: { Ref: "Y" } }] });
    expect(properties.C).toEqual({ "Fn::If": ["IsProd", { "Fn::Base64Encode": "a" }, { Ref: "ALIYUN::NoValue" }] });
  });

  it("every function of the 43 has a short tag, including the newer ones", () => {
    const properties = resourcesOf(
      "      A: !Equals [a, b]\n      B: !FindInMap [M, k, v]\n      C: !Jq [First, '.a', {a: 1}]\n      D: !Cidr [10.0.0.0/16, 2, 8]\n      E: !MergeMap [{a: 1}, {b: 2}]\n",
    );
    expect(Object.keys(properties).map((key) => Object.keys(properties[key] as object)[0])).toEqual([
      "Fn::Equals",
      "Fn::FindInMap",
      "Fn::Jq",
      "Fn::Cidr",
      "Fn::MergeMap",
    ]);
  });

  it("anchors and aliases resolve to copies of the anchored value", () => {
    const properties = resourcesOf("      A: &tags {env: prod}\n      B: *tags\n");
    expect(properties.B).toEqual({ env: "prod" });
  });
});
