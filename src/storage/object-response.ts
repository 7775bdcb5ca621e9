/**
 * An R2 object as a download: its stored media type (or a fallback), an attachment disposition,
 * the ETag and checksum R2 keeps, and headers that keep browsers from sniffing or caching a
 * private file. Every authenticated file route answers through this one function.
 */
import { toHex } from "../a2a/hex";

export function objectResponse(object: R2ObjectBody, fallbackType: string, filename: string): Response {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", fallbackType);
  headers.set("Content-Disposition", `attachment; filename="${filename}"`);
  headers.set("ETag", object.httpEtag);
  headers.set("Content-Length", String(object.size));
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  const sha256 = object.checksums.sha256;
  if (sha256) headers.set("X-Checksum-SHA256", toHex(sha256));
  return new Response(object.body, { headers });
}
