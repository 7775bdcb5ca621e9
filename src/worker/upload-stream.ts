/**
 * A workspace upload streams from the request into R2 without being held in memory: its length is
 * known from `Content-Length` (R2 needs a known length, and the limit is checked before a byte is
 * read), and its SHA-256 is computed on the way through. Up to the contract's 25 MiB file limit, a
 * buffered upload would hold the whole file in the isolate's 128 MB; a streamed one holds a chunk.
 */
import { toHex } from "../a2a/hex";

/** The contract's binary file limit (§6 "Parts"): the largest workspace file a part may name. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export type UploadLength = { ok: true; length: number } | { ok: false; status: 411 | 413; error: string };

/** The declared length of an upload, or why it cannot be taken. */
export function uploadLength(headers: Headers): UploadLength {
  const raw = headers.get("Content-Length");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return { ok: false, status: 411, error: "Uploads need a Content-Length header" };
  const length = Number(raw);
  if (length > MAX_UPLOAD_BYTES) return { ok: false, status: 413, error: `File exceeds ${MAX_UPLOAD_BYTES} bytes` };
  return { ok: true, length };
}

/**
 * Puts `body` (exactly `length` bytes) at `key`; answers the hex SHA-256, or undefined when the
 * body ended early or broke off, in which case nothing is stored.
 */
export async function streamToR2(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array> | null,
  length: number,
  contentType: string,
): Promise<string | undefined> {
  const digest = new crypto.DigestStream("SHA-256");
  const digestWriter = digest.getWriter();
  const sized = new FixedLengthStream(length);
  const hashing = new TransformStream<Uint8Array, Uint8Array>({
    async transform(chunk, controller) {
      await digestWriter.write(chunk);
      controller.enqueue(chunk);
    },
    async flush() {
      await digestWriter.close();
    },
  });
  const source = body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const piped = source.pipeThrough(hashing).pipeTo(sized.writable);
  try {
    await Promise.all([bucket.put(key, sized.readable, { httpMetadata: { contentType } }), piped]);
  } catch {
    return undefined;
  }
  return toHex(await digest.digest);
}
