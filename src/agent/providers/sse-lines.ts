/**
 * An incremental Server-Sent-Events parser (the WHATWG `text/event-stream` rules) over a byte
 * stream: chunks may split anywhere (inside a line, a `\r\n` pair or a UTF-8 sequence); lines end
 * in `\n`, `\r\n` or `\r`; `data:` lines of one event join with `\n`; `:` lines are comments;
 * `event:` names the event; `id:`, `retry:` and unknown fields are ignored. An event is dispatched
 * at a blank line and only if it had a `data` field; an unterminated event at the end of the stream
 * is discarded, as the standard says (a cut-off stream must not look like a complete one).
 */

export interface SseEvent {
  /** The `event:` name, when the event had a non-empty one. */
  event?: string;
  data: string;
}

/** Longest line the parser buffers (8 MiB of text); a longer one means the stream is not SSE. */
export const SSE_MAX_LINE_LENGTH = 8 * 1024 * 1024;

export class SseLineTooLongError extends Error {
  constructor() {
    super(`an SSE line is longer than ${SSE_MAX_LINE_LENGTH} characters`);
    this.name = "SseLineTooLongError";
  }
}

/** Push-based core: feed decoded text, get the events it completes. */
export class SseParser {
  /** The current, not yet terminated line. */
  private partial = "";
  /** The previous text ended in `\r`: a `\n` that starts the next text belongs to it. */
  private skipLineFeed = false;
  private data: string[] = [];
  private hasData = false;
  private eventName = "";

  push(text: string): SseEvent[] {
    const out: SseEvent[] = [];
    if (text === "") return out;
    let start = 0;
    if (this.skipLineFeed) {
      this.skipLineFeed = false;
      if (text.charCodeAt(0) === 10) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      this.line(this.partial + text.slice(start, i), out);
      this.partial = "";
      if (code === 13) {
        if (i + 1 === text.length) this.skipLineFeed = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    if (start < text.length) {
      this.partial += text.slice(start);
      if (this.partial.length > SSE_MAX_LINE_LENGTH) throw new SseLineTooLongError();
    }
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === "") {
      if (this.hasData) out.push(this.eventName === "" ? { data: this.data.join("\n") } : { event: this.eventName, data: this.data.join("\n") });
      this.data = [];
      this.hasData = false;
      this.eventName = "";
      return;
    }
    if (line.charCodeAt(0) === 58 /* ":" */) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === "data") {
      this.data.push(value);
      this.hasData = true;
    } else if (field === "event") {
      this.eventName = value;
    }
  }
}

/**
 * The events of `stream`, as they complete. Stopping the iteration early (or an error) cancels the
 * stream; the stream's own errors propagate unchanged.
 */
export async function* parseSse(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent, void, undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8");
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode());
        finished = true;
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    if (!finished) reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
