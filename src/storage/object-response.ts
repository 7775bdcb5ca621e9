/**
 * An R2 object as a download: its stored media type (or a fallback), an attachment disposition,
 * the ETag and checksum R2 keeps, and headers that keep browsers from sniffing or caching a
 * private file. Every authenticated file route answers through this one function.
 *
 * A served file must never become active content of this origin (issue 30 item 6: a file uploaded
 * as `text/javascript` was served same-origin, so a page of this origin could load it with
 * `<script src>`; `Content-Disposition` does not stop that, only the media type does under
 * `nosniff`). So every answer also carries `FILE_CSP` (opened in a browser, the file runs nothing and
 * has an opaque origin) and `Cross-Origin-Resource-Policy`, and a type a browser would execute or
 * render as a document (`ACTIVE_TYPE`) is served as `application/octet-stream`; the stored type is
 * still what the workspace listing and the file's part report.
 */
import { toHex } from "../a2a/hex";

/** Nothing loads, nothing runs, and the document is sandboxed into an opaque origin. */
export const FILE_CSP = "default-src 'none'; sandbox";

/**
 * Media types a browser runs or renders as a document of the origin: every JavaScript MIME type of
 * the WHATWG MIME Sniffing standard (§4.6), HTML/XHTML, XML and SVG (which carry scripts; any
 * `+xml` type), XSLT, CSS (which a `<link>` applies), and WebAssembly.
 */
const ACTIVE_TYPES: ReadonlySet<string> = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
  "text/html",
  "text/xml",
  "application/xml",
  "text/xsl",
  "text/css",
  "application/wasm",
]);

/** The type a file is served with: its own, unless a browser would make it active content. */
export function servedType(mediaType: string): string {
  const essence = (mediaType.split(";")[0] ?? "").trim().toLowerCase();
  return ACTIVE_TYPES.has(essence) || essence.endsWith("+xml") ? "application/octet-stream" : mediaType;
}

export function objectResponse(object: R2ObjectBody, fallbackType: string, filename: string): Response {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("Content-Type", servedType(headers.get("Content-Type") ?? fallbackType));
  headers.set("Content-Disposition", `attachment; filename="${filename}"`);
  headers.set("Content-Security-Policy", FILE_CSP);
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("ETag", object.httpEtag);
  headers.set("Content-Length", String(object.size));
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  const sha256 = object.checksums.sha256;
  if (sha256) headers.set("X-Checksum-SHA256", toHex(sha256));
  return new Response(object.body, { headers });
}
