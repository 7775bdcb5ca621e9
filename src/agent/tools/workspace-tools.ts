/**
 * Workspace tools: read, write and list files of the task's workspace (R2). Paths are relative to
 * `metadata.iac_code.cwd` and never leave it. Writing a file also makes it an artifact of the task,
 * so the caller can download exactly what the agent wrote.
 */
import type { Tool, ToolResult } from "./tool";
import { NO_WORKSPACE, resolveToolPath, stringField } from "./tool-path";
import { mediaTypeOf } from "../../a2a/file-media-type";

/** Files the agent reads into its context are text, and capped like text file parts (1 MiB). */
const MAX_READ_BYTES = 1_048_576;
/** Files the agent writes: templates and configurations, capped at 5 MiB. */
const MAX_WRITE_BYTES = 5 * 1_048_576;
const MAX_LISTED = 500;

const basename = (path: string) => path.slice(path.lastIndexOf("/") + 1);

export const readFileTool: Tool = {
  spec: {
    name: "read_file",
    description: "Read a UTF-8 text file from the workspace. The path is relative to the workspace root.",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
  async run(input, ctx): Promise<ToolResult> {
    if (!ctx.cwd || !ctx.workspace) return { ok: false, error: NO_WORKSPACE };
    const path = resolveToolPath(ctx.cwd, stringField(input, "path"));
    if (!path) return { ok: false, error: "The path is outside the workspace." };
    const file = await ctx.workspace.read(path, MAX_READ_BYTES);
    if (!file) return { ok: false, error: `No such file: ${path}` };
    if ("tooLarge" in file) return { ok: false, error: `The file is larger than ${MAX_READ_BYTES} bytes.` };
    try {
      return { ok: true, output: { path, content: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(file.bytes) } };
    } catch {
      return { ok: false, error: "The file is not UTF-8 text." };
    }
  },
};

export const writeFileTool: Tool = {
  spec: {
    name: "write_file",
    description: "Write a UTF-8 text file into the workspace (created or replaced). The file is also returned to the user as an artifact.",
    inputSchema: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" } },
      required: ["path", "content"],
    },
  },
  async run(input, ctx): Promise<ToolResult> {
    if (!ctx.cwd || !ctx.workspace) return { ok: false, error: NO_WORKSPACE };
    const relative = stringField(input, "path");
    const content = stringField(input, "content");
    if (!relative || content === undefined) return { ok: false, error: "write_file needs a path and a content." };
    const path = resolveToolPath(ctx.cwd, relative);
    if (!path || path === ctx.cwd) return { ok: false, error: "The path is outside the workspace." };
    const bytes = new TextEncoder().encode(content);
    if (bytes.byteLength > MAX_WRITE_BYTES) return { ok: false, error: `The content is larger than ${MAX_WRITE_BYTES} bytes.` };
    const mediaType = mediaTypeOf(path);
    await ctx.workspace.write(path, bytes, mediaType);
    return { ok: true, output: { path, byteSize: bytes.byteLength }, artifact: { filename: basename(path), mediaType, content } };
  },
};

export const listFilesTool: Tool = {
  spec: {
    name: "list_files",
    description: "List the files under a folder of the workspace (recursive). The path is relative to the workspace root.",
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
  },
  async run(input, ctx): Promise<ToolResult> {
    if (!ctx.cwd || !ctx.workspace) return { ok: false, error: NO_WORKSPACE };
    const dir = resolveToolPath(ctx.cwd, stringField(input, "path"));
    if (!dir) return { ok: false, error: "The path is outside the workspace." };
    const files = await ctx.workspace.list(dir, MAX_LISTED);
    return { ok: true, output: { path: dir, files: files.map((f) => ({ path: f.path, size: f.size })) } };
  },
};
