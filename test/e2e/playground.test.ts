/**
 * The playground in a real browser: headless Chromium (Debian's `chromium`, driven by
 * puppeteer-core; no browser download) against `wrangler dev`, with auth off and on. The card
 * renders, a skill example streams to its end with tool progress, the artifact link downloads the
 * announced bytes, a follow-up continues the context, the task shows up in the list with its event
 * log. Chromium gets a proxy that points nowhere (loopback bypassed), so a request for anything off
 * this machine (a CDN, a font) would fail and show up below. Screenshots go to test/e2e/output/.
 * Issue 28 moved the template from the chat into the workbench's Template panel (its Copy and
 * Download are checked here), and a send refused for want of credentials keeps the message;
 * playground-workbench.test.ts drives the rest of the workbench.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { chromiumForFile, openPage, screenshot, sendAndWait, waitForFile, type Watched } from "./playground-page.ts";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";

const OUTPUT = join(import.meta.dirname, "output", "playground");
const TOKEN = "e2e-playground-token-0001";
const SIGNING_SECRET = "e2e-playground-signing-secret-0123456789";
const EXAMPLE = "Create a VPC with two vSwitches in cn-hangzhou.";
/** Markup, handlers and foreign URLs in every place Markdown allows text (issue 21 item 4). */
const HOSTILE_MARKDOWN = [
  '# <img src=x onerror="window.pwned=1">',
  "**<script>window.pwned=1</script>** and *<iframe src=https://evil.example/>* and _x_",
  "[click me](javascript:window.pwned=1) [a CDN](https://evil.example/x.js) ![pixel](https://evil.example/p.png)",
  '`<svg onload=window.pwned=1>` <a href="https://evil.example" onclick="window.pwned=1">raw link</a>',
  "- <object data=https://evil.example/></object>",
  "  - <style>body{display:none}</style>",
  "1. <form action=https://evil.example/><input name=x></form>",
  "",
  "| <b onmouseover=window.pwned=1>head</b> | two |",
  "|---|---|",
  "| <link rel=stylesheet href=https://evil.example/c.css> | <base href=https://evil.example/> |",
  "",
  '> <meta http-equiv=refresh content="0;url=https://evil.example/">',
  "",
  '```html" onmouseover="window.pwned=1',
  "<script src=https://evil.example/x.js></script>",
  "```",
].join("\n");
/** Every element the renderer may build. */
const SAFE_TAGS = [
  "blockquote",
  "button",
  "code",
  "div",
  "em",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "span",
  "strong",
  "table",
  "tbody",
  "td",
  "th",
  "thead",
  "tr",
  "ul",
];

const browser = chromiumForFile(OUTPUT);

const openPlayground = (server: DevServer, name: string) => openPage(browser(), server, join(OUTPUT, name));
const shot = (page: Page, name: string, fullPage = false) => screenshot(page, join(OUTPUT, `${name}.png`), fullPage);

/** The walk both configurations share; `headers` is what a Node client needs to read the same task. */
async function chatWalk(server: DevServer, watched: Watched, name: string, headers: Record<string, string>): Promise<void> {
  const { page } = watched;
  // The skill example fills the composer; it streams to its end with tool progress and an artifact.
  await page.click("button.example");
  expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe(EXAMPLE);
  // Issue 21 item 4: each context has its own workspace, so the example's file tools all succeed.
  expect(await page.$eval("#workspace", (n) => n.textContent)).toMatch(/^\/workspace\/playground-[0-9a-f]{8}$/);
  const first = await sendAndWait(page, undefined);
  const turn = (await page.$$("#transcript li.agent"))[first]!;
  // A turn that waits for the user is done, and says so.
  expect(await turn.$eval(".state", (n) => n.textContent)).toBe("done — reply to continue");
  expect(await page.$eval("#turn-state", (n) => n.textContent)).toBe("done — reply to continue");
  const tools = await turn.$$eval(".tools li", (nodes) => nodes.map((n) => n.textContent ?? ""));
  expect(tools).toEqual(expect.arrayContaining(["✓ list_files: completed", "✓ write_file: completed"]));
  for (const tool of tools) expect(tool).toMatch(/^✓ \w+: completed$/);
  expect(await turn.$$(".tools [data-status=failed]")).toHaveLength(0);
  const contextId = await page.$eval("#context-id", (n) => n.textContent ?? "");
  expect(contextId).not.toBe("new");

  // The reply is Markdown rendered as elements: bold, inline code, a list. Issue 28 item 1: the
  // template is not repeated in the chat; it stands in the workbench's Template panel, in a
  // monospace block with Copy and Download.
  const reply = await turn.$eval(".text", (n) => ({
    text: n.textContent ?? "",
    strong: Array.from(n.querySelectorAll("strong"), (e) => e.textContent),
    code: Array.from(n.querySelectorAll(":not(pre) > code"), (e) => e.textContent),
    items: n.querySelectorAll("ul > li").length,
    note: n.querySelector(".template-note")?.textContent ?? "",
  }));
  expect(reply.strong.length).toBeGreaterThan(0);
  expect(reply.code).toContain("template.yaml");
  expect(reply.items).toBeGreaterThan(0);
  expect(reply.note).toBe("template.yaml: in the Template panel →");
  expect(reply.text).not.toMatch(/\*\*|```|ROSTemplateFormatVersion/);
  const panel = await page.$eval("#workbench-pane", (n) => ({
    block: n.querySelector(".codeblock pre code")?.textContent ?? "",
    font: getComputedStyle(n.querySelector(".codeblock pre") ?? n).fontFamily,
    buttons: Array.from(n.querySelectorAll(".codebar button"), (e) => e.textContent),
  }));
  expect(panel.block).toMatch(/^ROSTemplateFormatVersion: '2015-09-01'\n/);
  expect(panel.font).toMatch(/monospace/);
  expect(panel.buttons).toEqual(["Copy", "Download"]);
  await shot(page, `${name}-first-turn-markdown`);

  // Copy puts the template on the clipboard; Download saves it as template.yaml.
  await page.$eval("#workbench-pane .codebar .copy", (n) => (n as HTMLButtonElement).click());
  await page.waitForFunction(() => document.querySelector("#workbench-pane .codebar .copy")?.textContent === "Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(panel.block);
  const blockFolder = join(OUTPUT, name, "code-block");
  mkdirSync(blockFolder, { recursive: true });
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: blockFolder });
  await page.$eval("#workbench-pane .codebar .save", (n) => (n as HTMLButtonElement).click());
  expect((await waitForFile(blockFolder, "template.yaml")).toString("utf8")).toBe(panel.block);
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: join(OUTPUT, name) });

  // The artifact link downloads exactly the announced bytes.
  const link = await turn.$("a.download");
  expect(link).not.toBeNull();
  const filename = await turn.$eval("a.download", (n) => n.textContent ?? "");
  const announced = await turn.$eval("a.download", (n) => (n as HTMLElement).dataset.sha256 ?? "");
  await link!.click();
  const bytes = await waitForFile(join(OUTPUT, name), filename);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(announced);
  // The Template panel holds exactly the artifact's template.
  expect(bytes.toString("utf8")).toBe(panel.block);
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

  // The task list shows each task by its request's first words, its state in words, time and artifacts.
  const taskId = listed.result.tasks[1]!.id;
  await page.waitForSelector(`#task-list li[data-task-id="${taskId}"]`);
  const entry = await page.$eval(`#task-list li[data-task-id="${taskId}"]`, (n) => n.textContent ?? "");
  expect(entry).toMatch(/^Create a VPC with two vSwitches in cn-hangzhou\.done — reply to continue · \d{1,2}:\d{2}:\d{2}( [AP]M)? · 1 artifact$/);
  expect(await page.$eval(`#task-list li[data-task-id="${listed.result.tasks[0]!.id}"] button`, (n) => n.textContent)).toBe("Add an SLB in front of it.");
  await shot(page, `${name}-task-list`);

  // A task's details open wide, with its history, its replayed event log and a template preview.
  await page.click(`#task-list li[data-task-id="${taskId}"] button`);
  await page.waitForFunction(() => document.querySelectorAll("#task-detail .events li").length >= 3);
  expect(await page.$eval("#task-detail .history", (n) => n.textContent ?? "")).toContain(EXAMPLE);
  expect(await page.$eval("#task-detail", (n) => n.textContent ?? "")).toContain(filename);
  const widths = await page.evaluate(() => ({
    detail: document.querySelector("#task-detail-panel")?.getBoundingClientRect().width ?? 0,
    window: window.innerWidth,
  }));
  expect(widths.detail).toBeGreaterThan(widths.window * 0.9);
  await page.click("#task-detail .artifact .preview");
  await page.waitForSelector("#task-detail .preview-body pre code");
  expect(await page.$eval("#task-detail .preview-body pre code", (n) => n.textContent)).toBe(bytes.toString("utf8"));
  expect(await page.$eval("#task-detail .artifact .preview", (n) => n.textContent)).toBe("Hide preview");
  await shot(page, `${name}-task-detail-preview`, true);

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
    // The chat uses the window's height: its panel reaches from under the header to the bottom.
    const heights = await page.evaluate(() => ({
      chat: document.querySelector("#chat-panel")?.getBoundingClientRect().height ?? 0,
      window: window.innerHeight,
    }));
    expect(heights.chat).toBeGreaterThan(heights.window * 0.85);
    await shot(page, "open-card");
    await chatWalk(server, watched, "open", {});

    // Issue 21 item 4: every skill example runs to its end without a failed tool, each in a new
    // context with its own workspace; the examples that name an input come with a sample of it.
    const examples = await page.$$eval("button.example", (nodes) => nodes.map((n) => n.textContent ?? ""));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const [i, example] of examples.entries()) {
      await page.click("#new-context");
      await page.click(`#skills li:nth-of-type(${i + 1}) button.example`);
      const composed = await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value);
      expect(composed.startsWith(example)).toBe(true);
      const index = await sendAndWait(page, undefined);
      const turn = (await page.$$("#transcript li.agent"))[index]!;
      expect(await turn.$eval(".state", (n) => n.textContent), example).toBe("done — reply to continue");
      expect(await turn.$$eval(".tools li", (nodes) => nodes.map((n) => n.textContent)), example).not.toContainEqual(expect.stringMatching(/failed/));
      expect(await turn.$eval(".text", (n) => n.textContent ?? ""), example).not.toMatch(/cannot help with that/);
      await shot(page, `open-example-${i + 1}`);
    }
    expect(watched.problems).toEqual([]);
    await page.close();
  });

  it("renders hostile Markdown as text: no script, handler, link or foreign URL reaches the DOM (issue 21 item 4)", async () => {
    const watched = await openPlayground(server, "hostile");
    const { page } = watched;
    // A string, not a function: the test runner would rewrite a function's import() for Node.
    const found = (await page.evaluate(`(async () => {
      const { renderMarkdown } = await import("/playground/markdown.js");
      const box = document.createElement("div");
      box.className = "markdown hostile";
      box.append(renderMarkdown(${JSON.stringify(HOSTILE_MARKDOWN)}));
      document.querySelector("#transcript").append(box);
      await new Promise((r) => setTimeout(r, 300));
      const elements = Array.from(box.querySelectorAll("*"));
      return {
        tags: Array.from(new Set(elements.map((e) => e.tagName.toLowerCase()))).sort(),
        attributes: elements.flatMap((e) => Array.from(e.attributes).map((a) => e.tagName.toLowerCase() + " " + a.name + "=" + a.value)),
        text: box.textContent,
        pwned: window.pwned,
      };
    })()`)) as { tags: string[]; attributes: string[]; text: string; pwned?: number };
    expect(found.tags.filter((t) => !SAFE_TAGS.includes(t))).toEqual([]);
    expect(found.attributes.filter((a) => / on\w+=|=.*(javascript:|\/\/)|\b(href|src|style|srcdoc|action)=/i.test(a))).toEqual([]);
    expect(found.pwned).toBeUndefined();
    // The markup is shown as the text it is.
    expect(found.text).toContain("<script>window.pwned=1</script>");
    expect(found.text).toContain('<img src=x onerror="window.pwned=1">');
    expect(found.tags).toEqual(expect.arrayContaining(["h3", "strong", "code", "table", "ul", "blockquote", "pre"]));
    await page.$eval(".hostile", (n) => n.scrollIntoView());
    await shot(page, "hostile-markdown");
    expect(watched.requested.filter((url) => !url.startsWith(server.base))).toEqual([]);
    expect(watched.problems).toEqual([]);
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
    // Issue 28 item 1: a message sent without credentials stays in the composer, and the page says what to do.
    await page.$eval("#composer textarea", (n) => ((n as HTMLTextAreaElement).value = "Create a VPC"));
    await page.click("#send");
    await page.waitForFunction(() => (document.querySelector("#send-error")?.textContent ?? "") !== "");
    expect(await page.$eval("#send-error", (n) => n.textContent)).toBe(
      "The server needs credentials (HTTP 401): choose the scheme under Auth above, enter them, press Use, then send again.",
    );
    expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe("Create a VPC");
    expect(await page.$$("#transcript li")).toHaveLength(0);
    // The refusals above (the page's own first ListTasks, the send) are expected, not problems.
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
    await shot(page, "auth-push-deliveries", true);
    await page.close();
  });
});
