import { ROS_FORMAT_VERSION } from "../template/template-model";
import { toRosYaml } from "../template/template-yaml";

/**
 * Packages Terraform files as a ROS template of the Terraform type, as iac-code's `tf2ros.py` does:
 * `{ROSTemplateFormatVersion: '2015-09-01', Transform: 'Aliyun::OpenTofu-v1.8', Workspace: {path: text}}`.
 * ROS runs the workspace with OpenTofu; nothing is translated. Tool state and caches are left out
 * (`.terraform/`, `.git/`, `__pycache__/`, `*.tfstate*`), and at least one `.tf` file is required.
 */
export const TERRAFORM_TRANSFORM = "Aliyun::OpenTofu-v1.8";

const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([".terraform", ".git", "__pycache__"]);

export type PackageResult = { ok: true; template: string } | { ok: false; error: string };

function normalizePath(path: string): string {
  return path.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
}

function isSkipped(path: string): boolean {
  const segments = path.split("/");
  const fileName = segments[segments.length - 1] ?? "";
  return segments.slice(0, -1).some((segment) => SKIPPED_DIRECTORIES.has(segment)) || fileName.includes(".tfstate");
}

export function packageTerraform(files: Record<string, string>): PackageResult {
  const workspace: Record<string, string> = {};
  for (const [rawPath, text] of Object.entries(files)) {
    const path = normalizePath(rawPath);
    if (path === "" || path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.split("/").includes("..")) {
      return { ok: false, error: `File path "${rawPath}" must be relative to the Terraform directory.` };
    }
    if (isSkipped(path)) continue;
    workspace[path] = text;
  }
  const paths = Object.keys(workspace).sort();
  if (!paths.some((path) => path.endsWith(".tf"))) {
    return {
      ok: false,
      error: "No Terraform configuration (.tf) file found; a Terraform-type ROS template needs at least one .tf file.",
    };
  }
  const sorted: Record<string, string> = {};
  for (const path of paths) sorted[path] = workspace[path] ?? "";
  return {
    ok: true,
    template: toRosYaml({ ROSTemplateFormatVersion: ROS_FORMAT_VERSION, Transform: TERRAFORM_TRANSFORM, Workspace: sorted }),
  };
}
