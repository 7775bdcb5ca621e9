/**
 * Reads a request body up to `limit` bytes; past it, stops reading and reports the overflow. A body
 * that ends before it should (the client left mid-upload, or sent less than its Content-Length) is
 * reported as incomplete: a client's doing, answered 400, never an internal error (issue 23 item 6).
 * A response body is read the same way where another party's answer must be bounded (the JWKS).
 */

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: true } | { ok: false; incomplete: true };

/** A request or a response: what has a body to read. */
export interface WithBody {
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

export async function readBody(message: WithBody, limit: number): Promise<BodyRead> {
  const declared = Number(message.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) return { ok: false, tooLarge: true };
  if (!message.body) return { ok: true, bytes: new Uint8Array() };
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      return { ok: false, incomplete: true };
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
