import { describe, expect, it } from "vitest";
import { SseParser, parseSse, type SseEvent } from "../../../src/agent/providers/sse-lines";

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function events(chunks: (string | Uint8Array)[]): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const event of parseSse(streamOf(chunks))) out.push(event);
  return out;
}

/** The same bytes cut at every position into two chunks, and into single bytes. */
function cuts(text: string): Uint8Array[][] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[][] = [];
  for (let at = 0; at <= bytes.length; at++) out.push([bytes.slice(0, at), bytes.slice(at)]);
  out.push(Array.from(bytes, (byte) => Uint8Array.of(byte)));
  return out;
}

describe("parseSse", () => {
  it("yields data events and event names", async () => {
    expect(await events(['event: message_start\ndata: {"a":1}\n\ndata: plain\n\n'])).toEqual([{ event: "message_start", data: '{"a":1}' }, { data: "plain" }]);
  });

  it("gives the same events however the bytes are split, including inside CRLF pairs and UTF-8 sequences", async () => {
    const source = ": hello\r\nevent: e1\r\ndata: Héllo 世界 🌍\r\n\r\ndata: a\r\ndata: b\r\n\r\n";
    const expected = [{ event: "e1", data: "Héllo 世界 🌍" }, { data: "a\nb" }];
    for (const chunks of cuts(source)) expect(await events(chunks)).toEqual(expected);
  });

  it("accepts LF, CRLF and lone CR line endings alike", async () => {
    const expected = [{ data: "x" }, { data: "y" }];
    expect(await events(["data: x\n\ndata: y\n\n"])).toEqual(expected);
    expect(await events(["data: x\r\n\r\ndata: y\r\n\r\n"])).toEqual(expected);
    expect(await events(["data: x\r\rdata: y\r\r"])).toEqual(expected);
    expect(await events(["data: x\r", "\r", "data: y\r", "\n\r\n"])).toEqual(expected);
  });

  it("joins multi-line data with newlines and keeps empty data lines", async () => {
    expect(await events(["data: one\ndata:\ndata: three\n\n"])).toEqual([{ data: "one\n\nthree" }]);
  });

  it("ignores comments, id, retry and unknown fields, and events without data", async () => {
    expect(await events([": ping\nid: 7\nretry: 100\nfoo: bar\n\nevent: ping\n\n: only a comment\n\ndata: x\n\n"])).toEqual([{ data: "x" }]);
  });

  it("strips exactly one space after the colon, and reads a field without colon as empty", async () => {
    expect(await events(["data:  two spaces\n\ndata:nospace\n\ndata\n\n"])).toEqual([{ data: " two spaces" }, { data: "nospace" }, { data: "" }]);
  });

  it("forgets the event name after each event", async () => {
    expect(await events(["event: a\ndata: 1\n\ndata: 2\n\n"])).toEqual([{ event: "a", data: "1" }, { data: "2" }]);
  });

  it("discards an event the stream cut off before its blank line", async () => {
    expect(await events(["data: complete\n\ndata: cut"])).toEqual([{ data: "complete" }]);
    expect(await events(["data: complete\n\ndata: cut\n"])).toEqual([{ data: "complete" }]);
  });

  it("skips a UTF-8 byte order mark at the start", async () => {
    expect(await events([Uint8Array.of(0xef, 0xbb, 0xbf), "data: x\n\n"])).toEqual([{ data: "x" }]);
  });

  it("cancels the source when the consumer stops early", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("data: x\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of parseSse(stream)) {
      expect(event.data).toBe("x");
      break;
    }
    expect(cancelled).toBe(true);
  });

  it("SseParser.push returns the events each piece of text completes", () => {
    const parser = new SseParser();
    expect(parser.push("data: a")).toEqual([]);
    expect(parser.push("bc\n")).toEqual([]);
    expect(parser.push("\n")).toEqual([{ data: "abc" }]);
  });
});
