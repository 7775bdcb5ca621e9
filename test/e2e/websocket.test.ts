/**
 * End to end: a JSON-RPC WebSocket session on `wrangler dev` from a Node WebSocket client (`ws`):
 * the authenticated upgrade, multiplexed requests, a stream's events by id, ping/pong, a malformed
 * message answered on an open socket, and a clean close.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

let server: DevServer;
const TOKEN = "e2e-ws-token";

beforeAll(async () => {
  server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_HTTP_TOKEN: TOKEN });
});

afterAll(async () => {
  await server?.stop();
});

function open(headers: Record<string, string>): Promise<{ ws: WebSocket; received: string[] } | { status: number }> {
  const url = `${server.base.replace(/^http/, "ws")}/`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const received: string[] = [];
    ws.on("message", (data) => received.push(data.toString()));
    ws.on("open", () => resolve({ ws, received }));
    ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on("error", reject);
  });
}

async function until(received: string[], done: (all: string[]) => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done(received)) {
    if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const parsed = (received: string[]) =>
  received.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as { id: unknown; result?: any; error?: { code: number } });

describe("JSON-RPC over WebSocket on wrangler dev", () => {
  it("refuses an unauthenticated upgrade", async () => {
    expect(await open({ "A2A-Version": "1.0" })).toEqual({ status: 401 });
  });

  it("serves multiplexed requests and a stream by id, ping/pong, malformed messages, then closes cleanly", async () => {
    const session = await open({ "A2A-Version": "1.0", Authorization: `Bearer ${TOKEN}` });
    if (!("ws" in session)) throw new Error(`upgrade refused: ${session.status}`);
    const { ws, received } = session;
    const send = (id: unknown, method: string, params?: unknown) => ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    send("s", "SendStreamingMessage", { message: { messageId: "tck-stream-001-ws-e2e", role: "ROLE_USER", parts: [{ text: "x" }] } });
    send(2, "SendMessage", { message: { messageId: "m-ws-e2e", role: "ROLE_USER", parts: [{ text: "hello" }] } });
    ws.send("ping");
    ws.send("{broken");
    await until(received, (all) => all.includes("pong") && parsed(all).some((r) => r.id === 2) && parsed(all).filter((r) => r.id === "s").length === 4);
    const stream = parsed(received)
      .filter((r) => r.id === "s")
      .map((r) => Object.keys(r.result)[0]);
    expect(stream).toEqual(["task", "statusUpdate", "artifactUpdate", "statusUpdate"]);
    expect(parsed(received).find((r) => r.id === 2)?.result.task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(parsed(received).find((r) => r.id === null)?.error?.code).toBe(-32700);
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    ws.close(1000, "done");
    expect(await closed).toBe(1000);
  });
});
