/**
 * Issue 23 item 6, the Worker's part: a request body that ends before it should (the client left
 * mid-upload) is the client's doing: 400 with JSON-RPC -32600 and a message that says so, never
 * -32603, and the server answers the next request. A body stream that fails after its first bytes is
 * what workerd hands the Worker when the connection drops.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import app from "../../src/worker/index";
import { BASE, V1, ok, userMessage } from "./helpers/rpc";

function failingBody(first: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(new Error("Network connection lost."));
      sent = true;
      controller.enqueue(new TextEncoder().encode(first));
    },
  });
}

describe("a body the client stopped sending (issue 23 item 6)", () => {
  it.each([
    ["JSON-RPC", "/", '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"parts":[{"text":"'],
    ["HTTP+JSON", "/message:send", '{"message":{"parts":[{"text":"'],
  ])("%s: 400 -32600, then the next request is answered", async (_binding, path, first) => {
    // The Worker's own fetch handler, so the stream's failure reaches it as workerd delivers it.
    const request = new Request(`${BASE}${path}`, { method: "POST", headers: V1, body: failingBody(first), duplex: "half" } as RequestInit);
    const res = await app.fetch(request, env as unknown as Env, createExecutionContext());
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Request body is incomplete: the client stopped sending it");
    expect(text).not.toContain("-32603");
    const { task } = await ok<{ task: { id: string } }>("SendMessage", { message: userMessage("after an incomplete body") });
    expect(task.id).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{16}$/);
  });
});
