/** Terraform → ROS packaging, with the rules of iac-code's tf2ros.py. */
import { describe, expect, it } from "vitest";
import { packageTerraform, parseTemplate, validateTemplate } from "../../../src/iac/index";

const MAIN_TF = 'resource "alicloud_vpc" "main" {\n  cidr_block = "192.168.0.0/16"\n}\n';

function workspaceOf(template: string): Record<string, string> {
  const parsed = parseTemplate(template);
  if (!parsed.ok) throw new Error("packaged template does not parse");
  return parsed.template.Workspace as Record<string, string>;
}

describe("packaging a Terraform directory as a ROS template", () => {
  it("wraps the files in a Terraform-type template with the OpenTofu transform", () => {
    const result = packageTerraform({ "main.tf": MAIN_TF, "variables.tf": 'variable "region" {}\n' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const parsed = parseTemplate(result.template);
    if (!parsed.ok) throw new Error("does not parse");
    expect(parsed.template.ROSTemplateFormatVersion).toBe("2015-09-01");
    expect(parsed.template.Transform).toBe("Aliyun::OpenTofu-v1.8");
    expect(parsed.template.Workspace).toEqual({ "main.tf": MAIN_TF, "variables.tf": 'variable "region" {}\n' });
    expect(validateTemplate(result.template).diagnostics).toEqual([]);
  });

  it("keeps file text byte for byte, including multi-line content and quotes", () => {
    const text = 'locals {\n  name = "it\'s: a \\"test\\""\n}\n\n# trailing comment\n';
    const result = packageTerraform({ "main.tf": text });
    if (!result.ok) throw new Error(result.error);
    expect(workspaceOf(result.template)["main.tf"]).toBe(text);
  });

  it("skips .terraform/, .git/, __pycache__/ and *.tfstate* files", () => {
    const result = packageTerraform({
      "main.tf": MAIN_TF,
      ".terraform/providers/lock.json": "{}",
      "modules/net/.terraform/x.tf": "x",
      ".git/config": "[core]",
      "scripts/__pycache__/a.pyc": "bytes",
      "terraform.tfstate": "{}",
      "terraform.tfstate.backup": "{}",
      ".terraform.lock.hcl": "# lock",
      "modules/net/main.tf": "# module",
      "terraform.tfvars": 'region = "cn-hangzhou"',
    });
    if (!result.ok) throw new Error(result.error);
    expect(Object.keys(workspaceOf(result.template))).toEqual([".terraform.lock.hcl", "main.tf", "modules/net/main.tf", "terraform.tfvars"]);
  });

  it("normalises ./ prefixes and Windows separators, and sorts paths for a deterministic template", () => {
    const result = packageTerraform({ "z.tf": "#z", ".\\modules\\a.tf": "#a", "./b.tf": "#b" });
    if (!result.ok) throw new Error(result.error);
    expect(Object.keys(workspaceOf(result.template))).toEqual(["b.tf", "modules/a.tf", "z.tf"]);
  });

  it("requires at least one .tf file", () => {
    const result = packageTerraform({ "README.md": "# docs", "terraform.tfstate": "{}" });
    expect(result).toEqual({ ok: false, error: expect.stringContaining("No Terraform configuration (.tf) file found") });
    expect(packageTerraform({}).ok).toBe(false);
  });

  it("refuses paths that leave the directory", () => {
    for (const path of ["../main.tf", "/etc/main.tf", "C:/x/main.tf", "a/../../main.tf"]) {
      const result = packageTerraform({ [path]: MAIN_TF });
      expect(result.ok, path).toBe(false);
    }
  });
});
