/**
 * The playground in a real browser: headless Chromium (Debian's `chromium`, driven by
 * puppeteer-core; no browser download) against `wrangler dev`, with auth off and on. The card
 * renders, a skill example streams to its end with tool progress, the artifact link downloads the
 * announced bytes, a follow-up continues the context, the task shows up in the list with its event
 * log. Chromium gets a proxy that points nowhere (loopback bypassed), so a request for anything off
 * this machine (a CDN, a font) would fail and show up below. Screenshots go to test/e2e/output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";

const CHROMIUM = process.env.IACCODE_TEST_CHROMIUM ?? "/usr/bin/chromium";
const OUTPUT = join(import.meta.dirname, "output", "playground");
const TOKEN = "e2e-playground-token-0001";
const SIGNING_SECRET = "e2e-playground-signing-secret-0123456789";
const EXAMPLE = "Create a VPC with two vSwitches in cn-hangzhou.";

let browser: Browser;

beforeAll(async () => {
  rmSync(OUTPUT, { recursive: true, force: true });
  mkdirSync(OUTPUT, { recursive: true });
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=127.0.0.1;localhost", "--window-size=1500,1000"],
    defaultViewport: { width: 1500, height: 1000 },
  });
});

afterAll(async () => {
  await browser?.close();
});

interface Watched {
  page: Page;
  /** Every URL the page requested, and every console error or failed request. */
  requested: string[];
  problems: string[];
}

async function openPlayground(server: DevServer, name: string): Promise<Watched> {
  const page = await browser.newPage();
  const requested: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => void requested.push(r.url()));
  page.on("requestfailed", (r) => void problems.push(`failed ${r.url()}`));
  page.on("console", (m) => void (m.type() === "error" && problems.push(`console ${m.text()}`)));
  page.on("pageerror", (e) => void problems.push(`pageerror ${String(e)}`));
  const downloads = join(OUTPUT, name);
  mkdirSync(downloads, { recursive: true });
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  const response = await page.goto(`${server.base}/`, { waitUntil: "networkidle0" });
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await page.waitForSelector("body[data-ready]");
  return { page, requested, problems };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
}

/** Sends `text` from the composer and waits for that turn's final state; returns the turn's element index. */
async function sendAndWait(page: Page, text: string | undefined): Promise<number> {
  const before = await page.$$eval("#transcript li.agent", (nodes) => nodes.length);
  if (text !== undefined) await page.$eval("#composer textarea", (node, value) => ((node as HTMLTextAreaElement).value = value), text);
  await page.click("#send");
  await page.waitForFunction((n) => document.querySelectorAll("#transcript li.agent[data-final]").length > n, { timeout: 45_000 }, before);
  return before;
}

async function waitForFile(folder: string, name: string): Promise<Buffer> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (existsSync(join(folder, name)) && !readdirSync(folder).some((f) => f.endsWith(".crdownload"))) return readFileSync(join(folder, name));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no download ${name} in ${folder}`);
}

/** The walk both configurations share; `headers` is what a Node client needs to read the same task. */
async function chatWalk(server: DevServer, watched: Watched, name: string, headers: Record<string, string>): Promise<void> {
  const { page } = watched;
  // The skill example fills the composer; it streams to its end with tool progress and an artifact.
  await page.click("button.example");
  expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe(EXAMPLE);
  const first = await sendAndWait(page, undefined);
  const turn = (await page.$$("#transcript li.agent"))[first]!;
  expect(await turn.$eval(".state", (n) => n.textContent)).toBe("input-required");
  expect(await turn.$eval(".text", (n) => n.textContent ?? "")).not.toBe("");
  const tools = await turn.$$eval(".tools li", (nodes) => nodes.map((n) => n.textContent));
  expect(tools.some((t) => / completed$/.test(t ?? ""))).toBe(true);
  const contextId = await page.$eval("#context-id", (n) => n.textContent ?? "");
  expect(contextId).not.toBe("new");

  // The artifact link downloads exactly the announced bytes.
  const link = await turn.$("a.download");
  expect(link).not.toBeNull();
  const filename = await turn.$eval("a.download", (n) => n.textContent ?? "");
  const announced = await turn.$eval("a.download", (n) => (n as HTMLElement).dataset.sha256 ?? "");
  await link!.click();
  const bytes = await waitForFile(join(OUTPUT, name), filename);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(announced);
  expect(await turn.$eval(".artifact", (n) => n.textContent ?? "")).toContain("sha256 verified");
  await shot(page, `${name}-first-turn`);

  // A follow-up continues the context: same contextId, and both tasks are listed under it.
  await sendAndWait(page, "Add an SLB in front of it.");
  expect(await page.$eval("#context-id", (n) => n.textContent)).toBe(contextId);
  const listed = await fetch(`${server.base}/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "A2A-Version": "1.0", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: { contextId } }),
  }).then((r) => r.json() as Promise<{ result: { tasks: Array<{ id: string }> } }>);
  expect(listed.result.tasks).toHaveLength(2);

  // The task list shows them; a task's details show its history and its replayed event log.
  const taskId = listed.result.tasks[1]!.id;
  await page.waitForSelector(`#task-list li[data-task-id="${taskId}"]`);
  await page.click(`#task-list li[data-task-id="${taskId}"] button`);
  await page.waitForFunction(() => document.querySelectorAll("#task-detail .events li").length >= 3);
  expect(await page.$eval("#task-detail .history", (n) => n.textContent ?? "")).toContain(EXAMPLE);
  expect(await page.$eval("#task-detail", (n) => n.textContent ?? "")).toContain(filename);
  await shot(page, `${name}-tasks`);

  // The server's structured log has a line per request and per turn, and no secret or content.
  const logged = server
    .logs()
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  expect(logged.some((l) => l.event === "request" && l.method === "SendStreamingMessage" && l.code === 0 && l.stream === true)).toBe(true);
  expect(logged.some((l) => l.event === "request" && l.binding === "playground" && l.status === 200)).toBe(true);
  const turns = logged.filter((l) => l.event === "turn");
  expect(turns.length).toBeGreaterThanOrEqual(2);
  expect(turns[0]).toMatchObject({ agent: "iac", provider: "offline", state: "TASK_STATE_INPUT_REQUIRED" });
  expect(Number(turns[0]?.tool_calls)).toBeGreaterThanOrEqual(1);
  expect(server.logs()).not.toContain(TOKEN);
  expect(server.logs()).not.toContain("Add an SLB");
  expect(server.logs()).not.toMatch(/Uncaught/);

  // Nothing but this server was asked for anything, and nothing failed or broke the CSP.
  expect(watched.requested.filter((url) => !url.startsWith(server.base) && !url.startsWith("blob:"))).toEqual([]);
  expect(watched.problems).toEqual([]);
}

describe("the playground with auth off", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWranglerDev();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("renders the card, streams a turn to its end, downloads the artifact, continues the context, lists the task", async () => {
    const watched = await openPlayground(server, "open");
    const { page } = watched;
    expect(await page.$eval("#card-name", (n) => n.textContent)).toBe("iac-code");
    expect(await page.$$eval("#skills li", (n) => n.length)).toBeGreaterThanOrEqual(4);
    expect(await page.$eval("#signature", (n) => n.textContent)).toBe("Signature: unsigned");
    await shot(page, "open-card");
    await chatWalk(server, watched, "open", {});
    await page.close();
  });

  it("serves its files byte for byte as they are in src/playground/ (embedded by scripts/embed-playground.mjs), each with a strong ETag that answers 304", async () => {
    const dir = join(import.meta.dirname, "..", "..", "src", "playground");
    const names = readdirSync(dir).filter((name) => /\.(js|css|html)$/.test(name));
    expect(names).toContain("index.html");
    for (const name of names) {
      const url = name === "index.html" ? `${server.base}/` : `${server.base}/playground/${name}`;
      const res = await fetch(url, { headers: { Accept: "text/html" } });
      expect(res.status, name).toBe(200);
      expect(await res.text(), name).toBe(readFileSync(join(dir, name), "utf8"));
      const etag = res.headers.get("ETag") ?? "";
      expect(etag, name).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const again = await fetch(url, { headers: { Accept: "text/html", "If-None-Match": etag } });
      expect(again.status, name).toBe(304);
      expect(again.headers.get("Content-Security-Policy"), name).toContain("default-src 'none'");
    }
  });
});

describe("the playground with a bearer token, a signed card and push notifications", () => {
  let server: DevServer;
  let receiver: PushReceiver;
  beforeAll(async () => {
    receiver = await startPushReceiver();
    server = await startWranglerDev((base) => ({
      IACCODE_A2A_HTTP_TOKEN: TOKEN,
      IACCODE_A2A_SIGNING_SECRET: SIGNING_SECRET,
      IACCODE_A2A_PUBLIC_URL: base,
      IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
      // The receiver listens on 127.0.0.1; production keeps this false.
      IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
    }));
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it("is refused until the token is entered, keeps it in sessionStorage only, then works as with auth off", async () => {
    const watched = await openPlayground(server, "auth");
    const { page } = watched;
    expect(await page.$eval("#task-total", (n) => n.textContent)).toBe("Unauthorized (401)");
    // The refusal above is the page's own first ListTasks: it is expected, not a problem.
    watched.problems.length = 0;

    expect(await page.$eval("#signature", (n) => n.textContent)).toBe("Signature: signed (HS256, kid default): enter the signing secret to verify");
    await page.type("#verify input[name=secret]", "not-the-secret");
    await page.click("#verify button");
    await page.waitForFunction(() => document.querySelector("#signature")?.textContent === "Signature: does not verify");
    await page.$eval("#verify input[name=secret]", (n) => ((n as HTMLInputElement).value = ""));
    await page.type("#verify input[name=secret]", SIGNING_SECRET);
    await page.click("#verify button");
    await page.waitForFunction(() => document.querySelector("#signature")?.textContent === "Signature: verified");

    await page.select("#credentials select[name=scheme]", "bearer");
    await page.type("#credentials input[name=token]", TOKEN);
    await page.click("#credentials button[type=submit]");
    await page.waitForFunction(() => /task\(s\)$/.test(document.querySelector("#task-total")?.textContent ?? ""));
    const storage = await page.evaluate(() => ({
      session: sessionStorage.getItem("iac-a2a-playground.credentials"),
      local: localStorage.length,
      cookie: document.cookie,
    }));
    expect(JSON.parse(storage.session ?? "{}")).toMatchObject({ scheme: "bearer", token: TOKEN });
    expect(storage).toMatchObject({ local: 0, cookie: "" });
    await shot(page, "auth-card");

    await chatWalk(server, watched, "auth", { Authorization: `Bearer ${TOKEN}` });

    // A task with a push config (set by another client): the page shows its delivery log.
    const taskId = await page.$eval("#task-list li[data-task-id]", (n) => (n as HTMLElement).dataset.taskId ?? "");
    const followUp = await fetch(`${server.base}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0", Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 9,
        method: "SendMessage",
        params: {
          message: { messageId: "e2e-playground-push", taskId, role: "ROLE_USER", parts: [{ text: "Add an OSS bucket." }] },
          configuration: { taskPushNotificationConfig: { id: "hook", url: `${receiver.url}/hook/ok/playground` } },
        },
      }),
    });
    expect(((await followUp.json()) as { result?: unknown }).result).toBeDefined();
    await expect.poll(() => receiver.requests("playground").length, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(
        async () => {
          await page.click(`#task-list li[data-task-id="${taskId}"] button`);
          await page.waitForSelector("#task-detail .deliveries li");
          return page.$eval("#task-detail .deliveries", (n) => n.textContent ?? "");
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe("hook: delivered");
    await shot(page, "auth-push-deliveries");
    await page.close();
  });
});
