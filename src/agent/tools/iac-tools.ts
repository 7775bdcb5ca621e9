/**
 * The IaC tools over the local domain engine (`src/iac`): validate a ROS template, package a
 * Terraform folder of the workspace into a ROS template, and hand a file to the user as an
 * artifact. None needs the network.
 */
import { packageTerraform, validateTemplate } from "../../iac";
import type { Tool, ToolResult } from "./tool";
import { NO_WORKSPACE, resolveToolPath, stringField } from "./tool-path";
import { mediaTypeOf } from "../../a2a/file-media-type";

const MAX_TEMPLATE_BYTES = 1_048_576;
const MAX_TERRAFORM_FILES = 200;
const SKIPPED = [/(^|\/)\.terraform\//, /(^|\/)\.git\//, /(^|\/)__pycache__\//, /\.tfstate/];

export const validateTemplateTool: Tool = {
  spec: {
    name: "ros_validate_template",
    description:
      "Validate an Alibaba Cloud ROS template (YAML or JSON) offline: format version, resource types, Ref/GetAtt/DependsOn symbols, CIDRs, parameters. Give either the template text or a workspace path.",
    inputSchema: { type: "object", properties: { template: { type: "string" }, path: { type: "string" } } },
  },
  async run(input, ctx): Promise<ToolResult> {
    let text = stringField(input, "template");
    const relative = stringField(input, "path");
    if (text === undefined && relative !== undefined) {
      if (!ctx.cwd || !ctx.workspace) return { ok: false, error: NO_WORKSPACE };
      const path = resolveToolPath(ctx.cwd, relative);
      if (!path) return { ok: false, error: "The path is outside the workspace." };
      const file = await ctx.workspace.read(path, MAX_TEMPLATE_BYTES);
      if (!file || "tooLarge" in file) return { ok: false, error: file ? "The template is larger than 1 MiB." : `No such file: ${path}` };
      text = new TextDecoder().decode(file.bytes);
    }
    if (text === undefined) return { ok: false, error: "ros_validate_template needs a template or a path." };
    const { diagnostics } = validateTemplate(text);
    const errors = diagnostics.filter((d) => d.severity === "error").length;
    return { ok: true, output: { valid: errors === 0, errors, warnings: diagnostics.length - errors, diagnostics } };
  },
};

export const terraformToRosTool: Tool = {
  spec: {
    name: "terraform_to_ros",
    description:
      "Package the Terraform files (*.tf and companions) of a workspace folder into a ROS template with Transform Aliyun::OpenTofu-v1.8 and a Workspace section. The template is returned as an artifact.",
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
  },
  async run(input, ctx): Promise<ToolResult> {
    if (!ctx.cwd || !ctx.workspace) return { ok: false, error: NO_WORKSPACE };
    const dir = resolveToolPath(ctx.cwd, stringField(input, "path"));
    if (!dir) return { ok: false, error: "The path is outside the workspace." };
    const listed = await ctx.workspace.list(dir, MAX_TERRAFORM_FILES);
    const files: Record<string, string> = {};
    for (const entry of listed) {
      const relative = entry.path.slice(dir.length + 1);
      if (SKIPPED.some((pattern) => pattern.test(relative))) continue;
      const file = await ctx.workspace.read(entry.path, MAX_TEMPLATE_BYTES);
      if (file && !("tooLarge" in file)) files[relative] = new TextDecoder().decode(file.bytes);
    }
    const packaged = packageTerraform(files);
    if (!packaged.ok) return { ok: false, error: packaged.error };
    return {
      ok: true,
      output: { files: Object.keys(files).sort(), template: packaged.template },
      artifact: { filename: "terraform-ros.yaml", mediaType: "application/yaml", content: packaged.template },
    };
  },
};

export const saveArtifactTool: Tool = {
  spec: {
    name: "save_artifact",
    description: "Hand a text file (a template, a report) to the user as a downloadable artifact of this task.",
    inputSchema: {
      type: "object",
      properties: { filename: { type: "string" }, content: { type: "string" }, mediaType: { type: "string" } },
      required: ["filename", "content"],
    },
  },
  async run(input): Promise<ToolResult> {
    const filename = stringField(input, "filename")?.trim();
    const content = stringField(input, "content");
    if (!filename || content === undefined) return { ok: false, error: "save_artifact needs a filename and a content." };
    const mediaType = stringField(input, "mediaType") ?? mediaTypeOf(filename);
    return { ok: true, output: { filename, byteSize: new TextEncoder().encode(content).byteLength }, artifact: { filename, mediaType, content } };
  },
};
