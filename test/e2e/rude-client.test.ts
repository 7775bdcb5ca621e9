/**
 * Issue 23 item 6: a dev server that survives a rude client. Clients that declare a Content-Length
 * and leave before sending it, and slow uploads of a 3 MB prompt aborted half-way, on every route
 * that reads a body; then an ordinary request must still be answered by the same process. Run
 * against `scripts/local-server.mjs` (the deploy bundle on Miniflare without wrangler dev's proxy):
 * wrangler dev 4.86.0 exits on the first of these (docs/wrangler-dev-abandoned-body.md).
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "./local-server.ts";

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({ IACCODE_A2A_AGENT: "conformance" });
});

afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function open(): Promise<Socket> {
  const { hostname, port } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}

function head(method: string, path: string, length: number, type = "application/json"): string {
  const { host } = new URL(server.base);
  return `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${type}\r\nA2A-Version: 1.0\r\nContent-Length: ${length}\r\n\r\n`;
}

/** Declares `declared` bytes, sends a few, waits, and leaves. */
async function abandon(method: string, path: string, declared: number, type?: string): Promise<void> {
  const socket = await open();
  socket.on("error", () => {});
  socket.write(head(method, path, declared, type));
  socket.write('{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"parts":[{"text":"');
  await sleep(150);
  socket.destroy();
}

/** Sends `total` bytes of a JSON prompt at about `bytesPerSecond`, then aborts after `abortAfterMs`. */
async function slowUpload(total: number, bytesPerSecond: number, abortAfterMs: number): Promise<number> {
  const socket = await open();
  socket.on("error", () => {});
  socket.write(head("POST", "/", total));
  const chunk = Buffer.alloc(Math.ceil(bytesPerSecond / 20), "a");
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < abortAfterMs && sent < total) {
    socket.write(chunk);
    sent += chunk.byteLength;
    await sleep(50);
  }
  socket.destroy();
  return sent;
}

async function sendMessage(text: string): Promise<{ status: number; state?: string }> {
  const res = await fetch(server.base, {
    method: "POST",
    headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: { message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }] } },
    }),
  });
  const body = (await res.json()) as { result?: { task?: { status?: { state?: string } } } };
  return { status: res.status, state: body.result?.task?.status?.state };
}

describe("a rude client does not take the dev server down (issue 23 item 6)", () => {
  it("abandoned bodies on every route that reads one, then an ordinary request is answered", async () => {
    for (let round = 0; round < 4; round++) {
      await abandon("POST", "/", 100_000);
      await abandon("POST", "/message:send", 100_000);
      await abandon("PUT", "/iac-code/workspace/main.tf", 100_000, "text/plain");
    }
    await sleep(500);
    expect(server.exitCode()).toBeNull();
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    expect(await sendMessage("after abandoned bodies")).toMatchObject({ status: 200, state: expect.stringMatching(/^TASK_STATE_/) });
  });

  it("slow uploads of a 3 MB prompt aborted half-way, two at once, then an ordinary request is answered", async () => {
    const sent = await Promise.all([slowUpload(3 * 1024 * 1024, 600_000, 2_000), slowUpload(3 * 1024 * 1024, 600_000, 1_000)]);
    for (const bytes of sent) expect(bytes).toBeLessThan(3 * 1024 * 1024);
    await sleep(500);
    expect(server.exitCode()).toBeNull();
    expect(await sendMessage("after aborted uploads")).toMatchObject({ status: 200, state: expect.stringMatching(/^TASK_STATE_/) });
  });

  it("an abandoned body is logged as the client's 400 (-32600), never as an internal error", async () => {
    await abandon("POST", "/", 50_000);
    await sleep(500);
    const lines = server
      .logs()
      .split("\n")
      .filter((l) => l.startsWith("{") && l.includes('"binding":"jsonrpc"'))
      .map((l) => JSON.parse(l) as { status?: number; code?: number });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.code === -32603)).toEqual([]);
    expect(lines.some((l) => l.status === 400 && l.code === -32600)).toBe(true);
  });
});
