/**
 * Cross-site WebSocket hijacking, replayed from a real browser (issue 23 item 2): headless Chromium
 * (Debian's `chromium`, driven by puppeteer-core) loads a page from another local origin, which runs
 * `new WebSocket("ws://127.0.0.1:<port>/?A2A-Version=1.0")` against `wrangler dev` in the
 * trusted-local mode and, once open, asks for ListTasks and sends a message. Before the fix the
 * socket opened and the page read another task's text and created a task; now the upgrade is
 * refused (403) and the page learns nothing. The same script from the server's own origin opens and
 * is answered, so the check is what stops the attack page, not the test's setup.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import puppeteer, { type Browser } from "puppeteer-core";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

const CHROMIUM = process.env.IACCODE_TEST_CHROMIUM ?? "/usr/bin/chromium";
const SECRET_TEXT = "victim-task-text-7f3a";

let server: DevServer;
let browser: Browser;
let attacker: Server;
let attackerOrigin: string;

beforeAll(async () => {
  server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance" });
  attacker = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>elsewhere</title><p>a page of another origin</p>");
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const address = attacker.address();
  if (typeof address !== "object" || !address) throw new Error("no attacker port");
  attackerOrigin = `http://localhost:${address.port}`;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=127.0.0.1;localhost"],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => attacker?.close(r));
  await server?.stop();
});

interface Attempt {
  opened: boolean;
  messages: string[];
  closeCode: number | null;
}

/** Runs the hijack script in a page at `pageUrl`: open, then ListTasks and a SendMessage, then wait. */
async function attempt(pageUrl: string, socketUrl: string): Promise<Attempt> {
  const page = await browser.newPage();
  try {
    await page.goto(pageUrl);
    return await page.evaluate(
      (url) =>
        new Promise<Attempt>((resolve) => {
          const result: Attempt = { opened: false, messages: [], closeCode: null };
          const ws = new WebSocket(url);
          const finish = () => resolve(result);
          ws.onopen = () => {
            result.opened = true;
            ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} }));
            ws.send(
              JSON.stringify({
                jsonrpc: "2.0",
                id: 2,
                method: "SendMessage",
                params: { message: { messageId: "hijack-1", role: "ROLE_USER", parts: [{ text: "planted" }] } },
              }),
            );
          };
          ws.onmessage = (event) => {
            result.messages.push(String(event.data));
            if (result.messages.length === 2) ws.close(1000, "done");
          };
          ws.onclose = (event) => {
            result.closeCode = event.code;
            finish();
          };
          setTimeout(finish, 10_000);
        }),
      socketUrl,
    );
  } finally {
    await page.close();
  }
}

async function taskCount(): Promise<number> {
  const res = await fetch(`${server.base}/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} }),
  });
  return ((await res.json()) as { result: { totalSize: number } }).result.totalSize;
}

describe("cross-site WebSocket hijacking in the trusted-local mode (issue 23 item 2)", () => {
  it("a page of another local origin cannot open the socket, read a task or create one; the server's own origin can", async () => {
    const sent = await fetch(`${server.base}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "SendMessage",
        params: { message: { messageId: "victim-1", role: "ROLE_USER", parts: [{ text: SECRET_TEXT }] } },
      }),
    });
    expect(sent.status).toBe(200);
    const before = await taskCount();
    const socketUrl = `${server.base.replace(/^http/, "ws")}/?A2A-Version=1.0`;

    const hijack = await attempt(`${attackerOrigin}/`, socketUrl);
    expect(hijack).toEqual({ opened: false, messages: [], closeCode: 1006 });
    expect(await taskCount()).toBe(before);
    expect(server.logs()).toContain('"status":403');

    const own = await attempt(`${server.base}/health`, socketUrl);
    expect(own.opened).toBe(true);
    expect(own.messages.join("\n")).toContain(SECRET_TEXT);
    expect(await taskCount()).toBe(before + 1);
  });
});
