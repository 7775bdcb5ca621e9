/**
 * Abuse limits (issue 10 item 6): the default body limit (9 MiB, just above the largest request the
 * contract needs), structural JSON limits (-32600), caps on a message's lists (-32602), and
 * workspace uploads streamed into R2 up to the contract's 25 MiB file limit.
 */
import { describe, expect, it } from "vitest";
import { BASE, ok, post, rpc, userMessage, V1, worker, type RpcResponse, type TaskLike } from "./helpers/rpc";
import { DEFAULT_MAX_BODY_BYTES, parseConfig } from "../../src/config/config";
import { MAX_JSON_DEPTH, MAX_JSON_ENTRIES } from "../../src/worker/json-limits";
import { MAX_MESSAGE_PARTS, MAX_METADATA_ENTRIES } from "../../src/worker/message-caps";
import { MAX_UPLOAD_BYTES } from "../../src/worker/upload-stream";
import { MAX_PROMPT_CHARS } from "../../src/agent/parts";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const envelope = (params: string) => `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":${params}}`;

async function stillServes(): Promise<void> {
  const { task } = await ok<{ task: TaskLike }>("SendMessage", { message: userMessage("still here") });
  expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
}

describe("the default body limit (issue 10 item 6)", () => {
  it("is 9 MiB: 8 MiB of prompt text or a 5 MiB inline part (6.7 MiB of base64), plus 1 MiB of JSON", () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(9_437_184);
    expect(parseConfig({}).maxBodyBytes).toBe(DEFAULT_MAX_BODY_BYTES);
    expect(Math.ceil((5 * 1024 * 1024) / 3) * 4).toBeLessThan(DEFAULT_MAX_BODY_BYTES - 1024 * 1024);
    expect(MAX_PROMPT_CHARS).toBe(DEFAULT_MAX_BODY_BYTES - 1024 * 1024);
  });

  it("admits a body of exactly 9 MiB: it reaches the method", async () => {
    const head = `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"no-such-task","metadata":{"pad":"`;
    const tail = `"}}}`;
    const body = head + "a".repeat(DEFAULT_MAX_BODY_BYTES - head.length - tail.length) + tail;
    expect(body.length).toBe(DEFAULT_MAX_BODY_BYTES);
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(((await res.json()) as RpcResponse).error?.code).toBe(-32001);
  });

  it("refuses a body over 9 MiB with 413 and -32600", async () => {
    const res = await post(envelope(`{"message":${JSON.stringify(userMessage("a".repeat(DEFAULT_MAX_BODY_BYTES)))}}`));
    expect(res.status).toBe(413);
    expect(((await res.json()) as RpcResponse).error).toEqual({ code: -32600, message: `Request body exceeds ${DEFAULT_MAX_BODY_BYTES} bytes` });
  });
});

describe("structural JSON limits: -32600, never -32603 or 500", () => {
  it(`nesting deeper than ${MAX_JSON_DEPTH} levels, in JSON-RPC and HTTP+JSON`, async () => {
    for (const depth of [MAX_JSON_DEPTH, 10_000]) {
      const res = await post(envelope(`{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}],"metadata":{"deep":${nested(depth)}}}}`));
      expect(res.status).toBe(200);
      expect(((await res.json()) as RpcResponse).error).toEqual({ code: -32600, message: `JSON nesting exceeds ${MAX_JSON_DEPTH} levels` });
    }
    const rest = await worker().fetch(`${BASE}/message:send`, { method: "POST", headers: V1, body: `{"message":${nested(100_000)}}` });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT", message: `JSON nesting exceeds ${MAX_JSON_DEPTH} levels` } });
    await stillServes();
  });

  it("brackets inside strings do not count; nesting within the limit passes", async () => {
    const deepMetadata = `{"a":`.repeat(MAX_JSON_DEPTH - 4) + `"[[[[{{{{"` + "}".repeat(MAX_JSON_DEPTH - 4);
    const res = await post(
      envelope(`{"message":{"messageId":"m-${crypto.randomUUID()}","role":"ROLE_USER","parts":[{"text":"x"}],"metadata":${deepMetadata}}}`),
    );
    expect(((await res.json()) as RpcResponse).error).toBeUndefined();
  });

  it(`an array or object beyond ${MAX_JSON_ENTRIES} entries`, async () => {
    const res = await post(envelope(`{"message":{"messageId":"m","role":"ROLE_USER","parts":[${'{"text":"x"},'.repeat(MAX_JSON_ENTRIES)}{"text":"x"}]}}`));
    expect(((await res.json()) as RpcResponse).error).toEqual({ code: -32600, message: `JSON array or object exceeds ${MAX_JSON_ENTRIES} entries` });
  });
});

describe("caps on a message's lists: -32602 naming the field", () => {
  const message = (extra: Record<string, unknown>) => ({ ...userMessage("x"), ...extra });
  it.each([
    ["parts", { parts: Array.from({ length: MAX_MESSAGE_PARTS + 1 }, () => ({ text: "x" })) }, "message.parts", `at most ${MAX_MESSAGE_PARTS} parts`],
    ["extensions", { extensions: Array.from({ length: 65 }, (_, i) => `urn:x:${i}`) }, "message.extensions", "at most 64 extensions"],
    ["referenceTaskIds", { referenceTaskIds: Array.from({ length: 65 }, (_, i) => `t${i}`) }, "message.referenceTaskIds", "at most 64 task ids"],
    [
      "metadata entries",
      { metadata: { tags: Array.from({ length: MAX_METADATA_ENTRIES }, (_, i) => i) } },
      "message.metadata",
      `at most ${MAX_METADATA_ENTRIES} entries`,
    ],
  ])("%s", async (_name, extra, field, description) => {
    const res = await rpc("SendMessage", { message: message(extra) });
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.message).toBe(`Invalid parameters: ${field}: ${description}`);
  });

  it("at the caps a message is accepted", async () => {
    const res = await rpc("SendMessage", {
      message: message({
        parts: Array.from({ length: 50 }, () => ({ text: "x" })),
        metadata: { tags: Array.from({ length: MAX_METADATA_ENTRIES - 1 }, (_, i) => i) },
      }),
    });
    expect(res.error).toBeUndefined();
  });
});

describe("workspace uploads stream into R2 (up to 25 MiB)", () => {
  function sized(total: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
    const { readable, writable } = new FixedLengthStream(total);
    void (async () => {
      const writer = writable.getWriter();
      for (let sent = 0; sent < total; sent += chunk) await writer.write(new Uint8Array(Math.min(chunk, total - sent)).fill(sent % 251));
      await writer.close();
    })().catch(() => undefined); // the server may stop reading early (413): the writer is cut off
    return readable;
  }

  it("stores a file sent in chunks and answers its size and SHA-256", async () => {
    const total = 3 * 1024 * 1024 + 17;
    const res = await worker().fetch(`${BASE}/iac-code/workspace/workspace/up/big.bin`, { method: "PUT", body: sized(total) });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { byteSize: number; sha256: string; mediaType: string };
    const stored = new Uint8Array(await (await worker().fetch(`${BASE}/iac-code/workspace/workspace/up/big.bin`)).arrayBuffer());
    expect(stored.byteLength).toBe(total);
    const expected = [...new Uint8Array(await crypto.subtle.digest("SHA-256", stored))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(answer).toMatchObject({ byteSize: total, sha256: expected });
  });

  it("refuses more than 25 MiB from the declared length, before reading", async () => {
    const res = await worker().fetch(`${BASE}/iac-code/workspace/workspace/up/huge.bin`, {
      method: "PUT",
      body: sized(MAX_UPLOAD_BYTES + 1, MAX_UPLOAD_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: `File exceeds ${MAX_UPLOAD_BYTES} bytes` });
    expect((await worker().fetch(`${BASE}/iac-code/workspace/workspace/up/huge.bin`)).status).toBe(404);
  });

  it("needs a Content-Length: a chunked upload of unknown length gets 411", async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        c.enqueue(new Uint8Array(10));
        c.close();
      },
    });
    const res = await worker().fetch(`${BASE}/iac-code/workspace/workspace/up/chunked.bin`, { method: "PUT", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(411);
    expect(await res.json()).toEqual({ error: "Uploads need a Content-Length header" });
  });
});
