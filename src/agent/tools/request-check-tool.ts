/**
 * `iac_request_check` (issue 19 item 1): the request check offered to a model. It reads every
 * explicit value of the user's request and says which the template carries (and where), which it
 * does not, and which billable resources nobody asked for — so the model can fix the template, or
 * list what it could not express, before it answers. The server runs the same check once more on
 * the turn's final template, whatever the model did with this result.
 */
import { checkRequest, requestCheckMetadata } from "../../iac";
import type { Tool, ToolResult } from "./tool";
import { NO_WORKSPACE, resolveToolPath, stringField } from "./tool-path";

/** A template larger than this is no template the check reads (the validator's limit too). */
const MAX_TEMPLATE_BYTES = 1_048_576;

async function templateText(input: unknown, ctx: Parameters<Tool["run"]>[1]): Promise<string | { error: string }> {
  const text = stringField(input, "template");
  if (text !== undefined) return text;
  const relative = stringField(input, "path");
  if (relative === undefined) return { error: "iac_request_check needs a template or a path." };
  if (!ctx.cwd || !ctx.workspace) return { error: NO_WORKSPACE };
  const path = resolveToolPath(ctx.cwd, relative);
  if (!path) return { error: "The path is outside the workspace." };
  const file = await ctx.workspace.read(path, MAX_TEMPLATE_BYTES);
  if (!file || "tooLarge" in file) return { error: file ? "The template is larger than 1 MiB." : `No such file: ${path}` };
  return new TextDecoder().decode(file.bytes);
}

export const requestCheckTool: Tool = {
  spec: {
    name: "iac_request_check",
    description:
      "Check a ROS template (YAML/JSON) or Terraform against the user's request: every explicit value of the request (CIDRs, ports and port mappings, sizes, bandwidths, counts, engine versions, instance types, regions, zones, resource ids, bucket settings, days) is looked up in the template. Returns applied values (with where), values not expressed (list them to the user under 'Not expressed in the template' or fix the template), and billable resources nobody asked for. Give the template text or a workspace path; the request defaults to the user's message of this turn.",
    inputSchema: {
      type: "object",
      properties: { template: { type: "string" }, path: { type: "string" }, request: { type: "string" } },
    },
  },
  async run(input, ctx): Promise<ToolResult> {
    const template = await templateText(input, ctx);
    if (typeof template !== "string") return { ok: false, error: template.error };
    const request = stringField(input, "request") ?? ctx.request?.prompt;
    if (request === undefined) return { ok: false, error: "iac_request_check needs the user's request." };
    const check = checkRequest({ request, template, earlierRequests: ctx.request?.earlierRequests ?? [] });
    if (!check) return { ok: false, error: "The template is neither a ROS template nor Terraform the check can read." };
    return { ok: true, output: requestCheckMetadata(check) };
  },
};
