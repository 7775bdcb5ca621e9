/**
 * Authenticated file routes (iac-code extensions, not A2A methods):
 *   GET  /iac-code/artifacts/:taskId/:artifactId/:filename   download an artifact of the caller's task
 *   GET  /iac-code/parts/:taskId/:sha256                     download a large message part kept in R2
 *   PUT  /iac-code/workspace/<absolute path>                 upload a workspace file
 *   GET  /iac-code/workspace/<absolute path>                 download a workspace file
 *   GET  /iac-code/workspace-files?dir=<absolute path>       list a workspace folder
 * Every key is derived from the caller's principal (src/storage/object-keys.ts), so an owner only
 * ever reaches its own files. Workspace paths are absolute, normalized and inside
 * `IACCODE_A2A_ALLOWED_CWDS`. An upload is charged to the owner's quota (files and bytes,
 * IACCODE_A2A_QUOTA_UPLOADS and _BYTES) before a byte is stored: over it, HTTP 400 naming the limit.
 */
import { Hono } from "hono";
import type { Config } from "../config/config";
import { isInsideRoot, normalizeAbsolutePath } from "../a2a/workspace-path";
import { mediaTypeOf } from "../a2a/file-media-type";
import { isValidId } from "../a2a/ids";
import { safeFilename } from "../storage/artifacts";
import { artifactKey, ownerKey, SHA256_HEX, storedPartKey, workspaceKey } from "../storage/object-keys";
import { objectResponse } from "../storage/object-response";
import { R2Workspace } from "../storage/workspaces";
import { contentTypeOf } from "./binding-front";
import { streamToR2, uploadLength } from "./upload-stream";
import { ownerQuotaFor } from "../durable/stubs";
import { QUOTA_VARIABLES, quotaExceededText } from "../config/quota-config";

type FilesEnv = { Bindings: Env; Variables: { config: Config; owner: string } };

const MAX_LISTED = 1000;
const WORKSPACE_PREFIX = "/iac-code/workspace";
const GENERIC_TYPES = new Set(["text/plain", "application/octet-stream", "application/x-www-form-urlencoded"]);
const NOT_FOUND = { error: "Not Found" } as const;

export const fileRoutes = new Hono<FilesEnv>();

fileRoutes.get("/iac-code/artifacts/:taskId/:artifactId/:filename", async (c) => {
  const { taskId, artifactId } = c.req.param();
  const filename = safeFilename(c.req.param("filename"));
  if (!isValidId(taskId) || !/^[0-9a-f-]{36}$/.test(artifactId)) return c.json(NOT_FOUND, 404);
  const object = await c.env.FILES.get(artifactKey(await ownerKey(c.var.owner), taskId, artifactId, filename));
  if (!object) return c.json(NOT_FOUND, 404);
  return objectResponse(object, "application/octet-stream", filename);
});

fileRoutes.get("/iac-code/parts/:taskId/:sha256", async (c) => {
  const { taskId, sha256 } = c.req.param();
  if (!isValidId(taskId) || !SHA256_HEX.test(sha256)) return c.json(NOT_FOUND, 404);
  const object = await c.env.FILES.get(storedPartKey(await ownerKey(c.var.owner), taskId, sha256));
  if (!object) return c.json(NOT_FOUND, 404);
  return objectResponse(object, "application/octet-stream", safeFilename(object.customMetadata?.["filename"] ?? `${sha256.slice(0, 16)}.part`));
});

/** The workspace path a request names, or undefined when it is not absolute, normal and allowed. */
function workspacePath(rawPath: string, config: Config): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  const path = normalizeAbsolutePath(decoded);
  if (!path || path === "/" || !config.allowedCwds.some((root) => isInsideRoot(path, root))) return undefined;
  return path;
}

const INVALID_PATH = "Workspace path must be absolute and inside IACCODE_A2A_ALLOWED_CWDS";

fileRoutes.put(`${WORKSPACE_PREFIX}/*`, async (c) => {
  const path = workspacePath(c.req.path.slice(WORKSPACE_PREFIX.length), c.var.config);
  if (!path) return c.json({ error: INVALID_PATH }, 400);
  const length = uploadLength(c.req.raw.headers);
  if (!length.ok) {
    await c.req.raw.body?.cancel();
    return c.json({ error: length.error }, length.status);
  }
  const declared = contentTypeOf(c.req.raw.headers);
  // Clients send generic types by default (curl's form type, fetch's text/plain): the name knows better.
  const mediaType = declared === "" || GENERIC_TYPES.has(declared) ? mediaTypeOf(path) : declared;
  const key = workspaceKey(await ownerKey(c.var.owner), path);
  // The owner's quota first: a new file counts once, a replaced one by the bytes it grows by.
  const quota = ownerQuotaFor(c.env, c.var.owner);
  const before = await c.env.FILES.head(key);
  const charged = { uploads: before ? 0 : 1, bytes: Math.max(0, length.length - (before?.size ?? 0)) };
  const answer = await quota.charge(charged);
  if (!answer.ok) {
    await c.req.raw.body?.cancel();
    return c.json({ error: quotaExceededText(answer.counter, answer.limit), limit: QUOTA_VARIABLES[answer.counter] }, 400);
  }
  const sha256 = await streamToR2(c.env.FILES, key, c.req.raw.body, length.length, mediaType);
  if (sha256 === undefined) {
    await quota.release(charged); // nothing was stored
    return c.json({ error: "Upload ended before Content-Length bytes arrived" }, 400);
  }
  // A smaller file in place of a larger one gives the difference back.
  if (before && before.size > length.length) await quota.release({ bytes: before.size - length.length });
  return c.json({ path, byteSize: length.length, mediaType, sha256 }, 201);
});

fileRoutes.get(`${WORKSPACE_PREFIX}/*`, async (c) => {
  const path = workspacePath(c.req.path.slice(WORKSPACE_PREFIX.length), c.var.config);
  if (!path) return c.json({ error: INVALID_PATH }, 400);
  const object = await (await R2Workspace.forOwner(c.env.FILES, c.var.owner)).get(path);
  if (!object) return c.json(NOT_FOUND, 404);
  return objectResponse(object, mediaTypeOf(path), safeFilename(path));
});

fileRoutes.get("/iac-code/workspace-files", async (c) => {
  const dir = workspacePath(c.req.query("dir") ?? "", c.var.config);
  if (!dir) return c.json({ error: INVALID_PATH }, 400);
  const workspace = await R2Workspace.forOwner(c.env.FILES, c.var.owner);
  return c.json({ dir, files: await workspace.list(dir, MAX_LISTED) });
});
