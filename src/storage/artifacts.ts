/**
 * Artifacts in R2: a file the agent hands over is stored once (bytes, media type, size, sha256 —
 * R2 verifies the digest on upload) under `artifacts/<owner key>/<taskId>/<artifactId>/<name>`,
 * and the A2A artifact points at the authenticated download route by absolute URL. The key holds
 * the owner's hash, so only the owner's requests can name it.
 */
import type { Artifact } from "../a2a/types";
import { sha256Hex } from "../a2a/hex";
import { artifactKey } from "./object-keys";

const MAX_FILENAME = 128;

export function safeFilename(name: string): string {
  const base = name
    .slice(name.lastIndexOf("/") + 1)
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "");
  return base.slice(0, MAX_FILENAME) || "artifact";
}

export function artifactUrl(baseUrl: string, taskId: string, artifactId: string, filename: string): string {
  return `${baseUrl}/iac-code/artifacts/${taskId}/${artifactId}/${encodeURIComponent(filename)}`;
}

export interface StoredFile {
  filename: string;
  mediaType: string;
  content: string;
}

export async function storeArtifact(bucket: R2Bucket, ownerKey: string, taskId: string, file: StoredFile, baseUrl: string): Promise<Artifact> {
  const artifactId = crypto.randomUUID();
  const filename = safeFilename(file.filename);
  const bytes = new TextEncoder().encode(file.content);
  const sha256 = await sha256Hex(bytes);
  await bucket.put(artifactKey(ownerKey, taskId, artifactId, filename), bytes, {
    httpMetadata: { contentType: file.mediaType, contentDisposition: `attachment; filename="${filename}"` },
    sha256,
    customMetadata: { taskId, artifactId, filename },
  });
  const metadata = { mediaType: file.mediaType, byteSize: bytes.byteLength, sha256 };
  return {
    artifactId,
    name: filename,
    parts: [{ url: artifactUrl(baseUrl, taskId, artifactId, filename), filename, mediaType: file.mediaType, metadata }],
    metadata: { iac_code: { artifact: { filename, ...metadata } } },
  };
}
