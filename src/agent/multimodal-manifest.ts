/**
 * The prompt text standing in for a multimodal part (contract §6 "Manifest format"): a fixed block
 * of lines naming the attachment, its media type, size and SHA-256, and where it came from. The
 * bytes themselves never enter the prompt.
 */
import { sha256Hex } from "../a2a/hex";

export type AttachmentSource = "inline" | "data" | `file://${string}`;

export interface Attachment {
  /** A bare file name: no directory part, no control characters; `attachment` when unusable. */
  filename: string;
  /** The media type's essence (lowercased, no parameters). */
  mediaType: string;
  byteSize: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  /** `inline` for a raw part, `data` for a data part, the canonical `file://` URL for a file part. */
  source: AttachmentSource;
}

const FALLBACK_FILENAME = "attachment";

/** The last `/`-separated segment, like POSIX `basename` (`dir/` → ``). */
export function baseName(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

/**
 * The name written into the manifest. The original keeps a bare name and otherwise writes
 * `attachment`; a name with a control character (a newline could forge manifest lines) is treated
 * as unusable too.
 */
export function manifestFilename(name: string): string {
  const bare = baseName(name);
  return bare === "" || /[\u0000-\u001f\u007f]/.test(bare) ? FALLBACK_FILENAME : bare;
}

export { sha256Hex };

export async function describeAttachment(filename: string, mediaType: string, bytes: Uint8Array, source: AttachmentSource): Promise<Attachment> {
  return { filename: manifestFilename(filename), mediaType, byteSize: bytes.byteLength, sha256: await sha256Hex(bytes), source };
}

export function manifestText(attachment: Attachment): string {
  return [
    "A2A multimodal attachment:",
    `- filename=${attachment.filename}`,
    `- mediaType=${attachment.mediaType}`,
    `- byteSize=${attachment.byteSize}`,
    `- sha256=${attachment.sha256}`,
    `- source=${attachment.source}`,
  ].join("\n");
}
