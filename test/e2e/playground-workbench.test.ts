/**
 * Issue 28 items 1–3, the playground as a workbench, in headless Chromium against `wrangler dev`:
 * Enter sends and Shift+Enter adds a line; the template stands in a panel beside the chat (YAML, or
 * main.tf for a Terraform request) with Copy and Download, and the chat says what changed; a diff
 * between versions; the request check as a table that agrees with the reply's headline; the diagram
 * drawn in the page with one element per resource for a template with each of the ten kinds, the
 * changes of the next version marked, exported as SVG and PNG; the protocol view with every frame
 * and a copy-as-curl that runs; conversations in the task list that Continue in the chat; a failed
 * send that keeps the message and says why. The protocol view is driven on the conformance agent too.
 * Screenshots go to test/e2e/output/playground-workbench/; the diagram view is also the README's
 * screenshot, docs/playground.png, refreshed by every run.
 */
import { execFile } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { chromiumForFile, openPage, screenshot, settledTurns, waitForFile, waitForTurn, type Watched } from "./playground-page.ts";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

const OUTPUT = join(import.meta.dirname, "output", "playground-workbench");
const README_SHOT = join(import.meta.dirname, "..", "..", "docs", "playground.png");
/** A request naming each of the ten resource kinds, in two lines (Shift+Enter between them). */
const TEN_KINDS = [
  "Create a VPC 10.0.0.0/16 with two vSwitches, a security group opening 80 and 443 from 0.0.0.0/0 and 22 from 10.0.0.0/8,",
  "2 ECS instances behind an SLB, an RDS MySQL database with whitelist 10.0.1.0/24, an OSS bucket, an EIP, a NAT gateway and a Redis cache in cn-hangzhou",
];
/** The main ROS type of each of the ten kinds, and the kind the diagram names it by. */
const KIND_OF_TYPE: Record<string, string> = {
  "ALIYUN::ECS::VPC": "vpc",
  "ALIYUN::ECS::VSwitch": "vswitch",
  "ALIYUN::ECS::SecurityGroup": "securityGroup",
  "ALIYUN::ECS::Instance": "ecs",
  "ALIYUN::SLB::LoadBalancer": "slb",
  "ALIYUN::RDS::DBInstance": "rds",
  "ALIYUN::OSS::Bucket": "oss",
  "ALIYUN::VPC::EIP": "eip",
  "ALIYUN::VPC::NatGateway": "nat",
  "ALIYUN::REDIS::Instance": "redis",
};

interface Task {
  id: string;
  contextId: string;
  status: { state: string; message?: { parts: Array<{ text?: string }> } };
  artifacts?: Array<{ name?: string; parts: Array<{ url?: string; filename?: string }> }>;
}

const browser = chromiumForFile(OUTPUT);

const shot = (page: Page, name: string) => screenshot(page, join(OUTPUT, `${name}.png`));

async function getTask(server: DevServer, id: string): Promise<Task> {
  const answer = await fetch(`${server.base}/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id } }),
  }).then((r) => r.json() as Promise<{ result: Task }>);
  return answer.result;
}

/** The task of the newest turn in the transcript (its badge names it). */
async function newestTask(server: DevServer, page: Page): Promise<Task> {
  const title = await page.$$eval("#transcript li.agent .state", (nodes) => nodes.at(-1)?.getAttribute("title") ?? "");
  return getTask(server, title.replace(/^task /, ""));
}

/** The template file a task wrote, as its artifact serves it. */
async function templateOf(task: Task): Promise<{ filename: string; text: string }> {
  const part = (task.artifacts ?? []).flatMap((a) => a.parts).find((p) => p.url && /\.(ya?ml|tf)$/.test(p.filename ?? ""));
  if (!part?.url) throw new Error(`task ${task.id} wrote no template`);
  return { filename: part.filename ?? "", text: await (await fetch(part.url)).text() };
}

function resourcesOf(yamlText: string): Record<string, { Type: string }> {
  return (parse(yamlText, { version: "1.1" }) as { Resources: Record<string, { Type: string }> }).Resources;
}

async function tab(page: Page, name: string): Promise<void> {
  await page.click(`#workbench-tabs button[data-tab="${name}"]`);
  await page.waitForSelector(`#workbench-pane[data-tab="${name}"]`);
}

/** Types into the composer and presses Enter; waits for the turn to settle. */
async function sendWithEnter(page: Page, text: string): Promise<void> {
  const settled = await settledTurns(page);
  await page.$eval("#composer textarea", (n, v) => ((n as HTMLTextAreaElement).value = v), text);
  await page.focus("#composer textarea");
  await page.keyboard.press("Enter");
  await waitForTurn(page, settled);
}

/** The diagram as drawn: each element's resource, class and kind, and whether it is marked changed. */
function diagramElements(page: Page) {
  return page.$$eval("#workbench-pane svg.diagram [data-resource]", (nodes) =>
    nodes.map((n) => ({
      resource: n.getAttribute("data-resource") ?? "",
      cls: n.getAttribute("class") ?? "",
      kind: n.getAttribute("data-kind") ?? "",
      change: n.getAttribute("data-change") ?? "",
      text: n.textContent ?? "",
    })),
  );
}

function run(command: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => execFile("bash", ["-c", command], { maxBuffer: 8 * 1024 * 1024 }, (e, out) => resolve({ code: e ? 1 : 0, out })));
}

/** The protocol view's frames, and what Copy as curl puts on the clipboard; the curl runs against the server. */
async function protocolView(page: Page) {
  await tab(page, "protocol");
  const view = await page.$eval("#workbench-pane", (n) => ({
    request: n.querySelector("pre.request")?.textContent ?? "",
    rows: Array.from(n.querySelectorAll("table.frames tbody tr"), (tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "")),
  }));
  await page.click("#workbench-pane .copy-curl");
  await page.waitForFunction(() => document.querySelector("#workbench-pane .copy-curl")?.textContent === "Copied");
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  return { ...view, curl };
}

function expectFramesInOrder(rows: string[][]): void {
  expect(rows.length).toBeGreaterThan(1);
  expect(rows[0]?.[3]).toBe("task");
  const times = rows.map((r) => Number(/\+(\d+) ms/.exec(r[1] ?? "")?.[1]));
  const ids = rows.map((r) => Number(r[2]));
  for (let i = 1; i < rows.length; i++) {
    expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] ?? 0);
    expect(ids[i]).toBeGreaterThan(ids[i - 1] ?? 0);
  }
  expect(rows.at(-1)?.[4]).toBe("input-required");
}

describe("issue 28: the playground as a workbench (IaC agent, auth off)", () => {
  let server: DevServer;
  let watched: Watched;
  let page: Page;
  beforeAll(async () => {
    server = await startWranglerDev();
    watched = await openPage(browser(), server, join(OUTPUT, "downloads"));
    page = watched.page;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("item 1: Shift+Enter adds a line, Enter sends; the reply opens at its request check; the template stands in its panel", async () => {
    await page.$eval("#composer textarea", (n, v) => ((n as HTMLTextAreaElement).value = v), TEN_KINDS[0] ?? "");
    await page.focus("#composer textarea");
    await page.keyboard.down("Shift");
    await page.keyboard.press("Enter");
    await page.keyboard.up("Shift");
    await page.keyboard.type(TEN_KINDS[1] ?? "");
    expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe(TEN_KINDS.join("\n"));
    expect(await page.$$("#transcript li")).toHaveLength(0);
    const settled = await settledTurns(page);
    await page.keyboard.press("Enter");
    await waitForTurn(page, settled);
    expect(await page.$eval("#transcript li.user", (n) => n.textContent)).toBe(TEN_KINDS.join("\n"));
    expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe("");

    // The view shows the reply's first line, the request check, not the end of a long reply.
    const first = await page.$eval("#transcript", (t) => {
      const line = t.querySelector("li.agent .text > :first-child") as HTMLElement;
      const [box, view] = [line.getBoundingClientRect(), t.getBoundingClientRect()];
      return { text: line.textContent ?? "", visible: box.top >= view.top - 1 && box.bottom <= view.bottom + 1 };
    });
    expect(first.text).toMatch(/^Request check: all \d+ values you gave are in the template\.$/);
    expect(first.visible).toBe(true);
    expect(await page.$eval("#transcript li.agent .changes", (n) => n.textContent)).toBe("template.yaml v1, in the Template panel");
    expect(await page.$eval("#transcript li.agent .text", (n) => n.textContent ?? "")).not.toContain("ROSTemplateFormatVersion");

    const template = await templateOf(await newestTask(server, page));
    expect(template.filename).toBe("template.yaml");
    expect(await page.$eval("#workbench-pane .template-view .codeblock pre code", (n) => n.textContent)).toBe(template.text);
    expect(await page.$eval("#workbench-pane .template-view .codeblock", (n) => (n as HTMLElement).dataset.filename)).toBe("template.yaml");
    await shot(page, "1-template-panel");

    // Item 1: the request check as a table, one row per stated value, agreeing with the reply's headline.
    await tab(page, "check");
    const rows = await page.$$eval("#workbench-pane table.check-table tbody tr", (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "")),
    );
    const stated = Number(/all (\d+) values/.exec(first.text)?.[1]);
    expect(rows).toHaveLength(stated);
    for (const [value, , where, verdict] of rows) {
      expect(value).not.toBe("");
      expect(where, value).toMatch(/^\S/);
      expect(where, value).not.toBe("—");
      expect(verdict, value).toBe("✓");
    }
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(["10.0.0.0/16", "10.0.1.0/24"]));
    await shot(page, "2-request-check");
  });

  it("item 2: the diagram has one element per resource, each of the ten kinds a node or container, and exports as SVG and PNG", async () => {
    const template = await templateOf(await newestTask(server, page));
    const resources = resourcesOf(template.text);
    await tab(page, "diagram");
    const drawn = await diagramElements(page);
    expect(drawn.map((d) => d.resource).sort()).toEqual(Object.keys(resources).sort());
    const mainResources = Object.entries(resources).filter(([, r]) => KIND_OF_TYPE[r.Type]);
    for (const [name, r] of mainResources) {
      const element = drawn.find((d) => d.resource === name);
      expect(element?.cls, name).toMatch(/^(node|container)$/);
      expect(element?.kind, name).toBe(KIND_OF_TYPE[r.Type]);
    }
    expect(new Set(drawn.filter((d) => /^(node|container)$/.test(d.cls)).map((d) => d.kind))).toEqual(new Set(Object.values(KIND_OF_TYPE)));
    expect(drawn.filter((d) => /^(node|container)$/.test(d.cls))).toHaveLength(mainResources.length);
    // Edges: listeners to the backends with their ports, security-group rules with port and source, the whitelist.
    const listener = drawn.find((d) => d.resource === "SlbListener80");
    expect(listener?.cls).toMatch(/edge-group listener/);
    expect(listener?.text).toMatch(/80→\d+/);
    const edges = await page.$$eval("#workbench-pane svg.diagram g.edge", (gs) => gs.map((g) => `${g.getAttribute("class")} ${g.textContent}`));
    expect(edges).toEqual(expect.arrayContaining(["edge rule 22", "edge rule 443", "edge whitelist whitelist"]));
    const sources = await page.$$eval("#workbench-pane svg.diagram g[data-kind=source]", (gs) => gs.map((g) => g.querySelector("text")?.textContent));
    expect(sources).toEqual(expect.arrayContaining(["0.0.0.0/0", "10.0.0.0/8", "10.0.1.0/24"]));
    await shot(page, "3-diagram");
    copyFileSync(join(OUTPUT, "3-diagram.png"), README_SHOT);

    const width = Number(await page.$eval("#workbench-pane svg.diagram", (n) => n.getAttribute("width")));
    await page.click("#workbench-pane .export-svg");
    const svgFile = (await waitForFile(join(OUTPUT, "downloads"), "diagram-v1.svg")).toString("utf8");
    expect(svgFile).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svgFile.match(/ data-resource="/g)).toHaveLength(Object.keys(resources).length);
    expect(svgFile).not.toMatch(/(href|src)="(?!#)/);
    await page.click("#workbench-pane .export-png");
    const png = await waitForFile(join(OUTPUT, "downloads"), "diagram-v1.png");
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.readUInt32BE(16)).toBe(width * 2);
  });

  it("items 1–2: the next version's changes in the chat, marked in the diagram, in a diff between any two versions", async () => {
    await sendWithEnter(page, "remove the NAT gateway and open 8443");
    const changes = await page.$$eval("#transcript li.agent .changes", (nodes) => nodes.at(-1)?.textContent ?? "");
    expect(changes).toMatch(/^template\.yaml v2: changed SecurityGroup · removed .*\bNatGateway\b/);
    await tab(page, "diagram");
    const drawn = await diagramElements(page);
    expect(drawn.find((d) => d.resource === "SecurityGroup")?.change).toBe("changed");
    expect(drawn.find((d) => d.resource === "NatGateway")).toBeUndefined();
    expect(await page.$eval("#workbench-pane svg.diagram g.removed", (n) => n.textContent)).toMatch(/^removed since the previous version: .*NatGateway/);
    await shot(page, "4-diagram-v2");

    await tab(page, "diff");
    const diff = () =>
      page.$eval("#workbench-pane", (n) => ({
        add: Array.from(n.querySelectorAll(".diff-line.add"), (e) => e.textContent ?? ""),
        del: Array.from(n.querySelectorAll(".diff-line.del"), (e) => e.textContent ?? ""),
      }));
    const forward = await diff();
    expect(forward.del).toContain("-   NatGateway:");
    expect(forward.add.some((line) => /PortRange: 8443\/8443/.test(line))).toBe(true);
    await shot(page, "5-diff");
    await page.select("#workbench-pane select[name=from]", "2");
    await page.select("#workbench-pane select[name=to]", "1");
    const backward = await diff();
    expect(backward.add).toContain("+   NatGateway:");

    // Item 1: the template panel keeps every version.
    await tab(page, "template");
    expect(await page.$$eval("#workbench-pane select[name=version] option", (o) => o.map((x) => x.textContent))).toEqual([
      "v1 · template.yaml",
      "v2 · template.yaml",
    ]);
  });

  it("item 3: the protocol view shows the request and every frame in order, and its curl runs as copied", async () => {
    const view = await protocolView(page);
    expect(view.request).toContain('"method": "SendStreamingMessage"');
    expect(view.request).toContain('"text": "remove the NAT gateway and open 8443"');
    expect(view.request).not.toMatch(/Authorization/i);
    expectFramesInOrder(view.rows);
    expect(view.rows.some((r) => /^tool \w+ completed/.test(r[5] ?? ""))).toBe(true);
    expect(view.curl).toMatch(/^curl -sN '[^']+' -H 'Content-Type: application\/json' -H 'A2A-Version: 1\.0' -d '\{"jsonrpc":"2\.0"/);
    // The same messageId again: the server answers with the task that message started.
    const replay = await run(view.curl);
    expect(replay.code).toBe(0);
    const task = await newestTask(server, page);
    expect(replay.out).toContain(`"id":"${task.id}"`);
    await shot(page, "6-protocol");
  });

  it("item 1: a conversation is one entry of the task list, and Continue brings it back into the chat and the workbench", async () => {
    const task = await newestTask(server, page);
    await page.click("#task-filters button[type=submit]");
    const group = `#task-list li.conversation[data-context-id="${task.contextId}"]`;
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} li[data-task-id]`).length === 2, {}, group);
    expect(await page.$eval(`${group} > .row`, (n) => n.textContent)).toMatch(/^Create a VPC 10\.0\.0\.0\/16 .*2 turnsContinue$/);
    const before = await page.$eval("#workbench-pane", () => document.querySelector("#context-id")?.textContent);

    await page.click("#new-context");
    await tab(page, "template");
    expect(await page.$eval("#workbench-pane", (n) => n.textContent)).toMatch(/^No template yet/);
    await page.click(`${group} .continue`);
    await page.waitForFunction(() => document.querySelectorAll("#transcript li.agent[data-settled]").length === 2);
    expect(await page.$eval("#context-id", (n) => n.textContent)).toBe(before);
    expect(await page.$$eval("#workbench-pane select[name=version] option", (o) => o.length)).toBe(2);
    expect(await page.$eval("#workbench-pane .codeblock pre code", (n) => n.textContent)).toBe((await templateOf(task)).text);
    // The next message continues that conversation, in its own workspace: version 3 of the same template.
    await sendWithEnter(page, "open port 8080");
    expect(await page.$$eval("#transcript li.agent .state", (n) => n.at(-1)?.textContent)).toBe("done — reply to continue");
    expect((await newestTask(server, page)).contextId).toBe(task.contextId);
    expect(await page.$$eval("#transcript li.agent .changes", (n) => n.at(-1)?.textContent)).toBe("template.yaml v3: changed SecurityGroup");
  });

  it("item 1: a send to a server that cannot be reached keeps the message and says so in words", async () => {
    const turns = await page.$$eval("#transcript li", (n) => n.length);
    const earlier = watched.problems.length;
    await page.setOfflineMode(true);
    await page.$eval("#composer textarea", (n) => ((n as HTMLTextAreaElement).value = "Add a Redis cache"));
    await page.focus("#composer textarea");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => (document.querySelector("#send-error")?.textContent ?? "") !== "");
    await page.setOfflineMode(false);
    expect(await page.$eval("#send-error", (n) => n.textContent)).toBe(
      `The server at ${server.base} cannot be reached — is it running? (npm run dev). Your message is kept: send it again when the server is up.`,
    );
    expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe("Add a Redis cache");
    expect(await page.$$eval("#transcript li", (n) => n.length)).toBe(turns);
    await shot(page, "7-send-failed");
    // The refused request is the only problem the page ever had.
    expect(watched.problems.slice(0, earlier)).toEqual([]);
    for (const problem of watched.problems.slice(earlier)) expect(problem).toMatch(new RegExp(`${server.base}/|ERR_INTERNET_DISCONNECTED`));
    expect(watched.requested.filter((url) => !url.startsWith(server.base) && !url.startsWith("blob:"))).toEqual([]);
  });

  it("item 1: a Terraform request's panel holds main.tf; its diagram is drawn from the ROS form the reply carries", async () => {
    await page.click("#new-context");
    await sendWithEnter(page, "Terraform: a VPC 10.0.0.0/16 with 2 ECS behind an SLB, open 80 from 0.0.0.0/0, and an RDS MySQL");
    const task = await newestTask(server, page);
    const template = await templateOf(task);
    expect(template.filename).toBe("main.tf");
    await tab(page, "template");
    expect(await page.$eval("#workbench-pane .codeblock pre code", (n) => n.textContent)).toBe(template.text);
    expect(template.text).toContain('resource "alicloud_vpc"');
    expect(await page.$eval("#transcript li.agent .text", (n) => n.textContent ?? "")).not.toMatch(/ROSTemplateFormatVersion|resource "alicloud_vpc"/);
    expect(await page.$eval("#transcript li.agent .template-note", (n) => n.textContent)).toBe("its ROS form: drawn in the Diagram panel →");

    const reply = (task.status.message?.parts ?? []).map((p) => p.text ?? "").join("");
    const rosForm = /ROS form[^\n]*\n+```yaml\n([\s\S]*?)\n```/.exec(reply)?.[1] ?? "";
    await tab(page, "diagram");
    expect(await page.$eval("#workbench-pane .diagram-view .row", (n) => n.textContent)).toContain("the ROS form of main.tf");
    expect((await diagramElements(page)).map((d) => d.resource).sort()).toEqual(Object.keys(resourcesOf(rosForm)).sort());
    await shot(page, "8-terraform-diagram");
  });
});

describe("issue 28 item 3: the protocol view on the conformance agent", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("records the request and every frame of a conformance turn; its curl runs; no template, no check", async () => {
    const { page, problems } = await openPage(browser(), server, join(OUTPUT, "conformance"));
    await sendWithEnter(page, "hello from the playground");
    const view = await protocolView(page);
    expect(view.request).toContain('"text": "hello from the playground"');
    expectFramesInOrder(view.rows);
    const replay = await run(view.curl);
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(/^data: \{"jsonrpc":"2\.0"/m);
    await shot(page, "9-conformance-protocol");
    await tab(page, "check");
    expect(await page.$eval("#workbench-pane", (n) => n.textContent)).toMatch(/carries no request check/);
    await tab(page, "template");
    expect(await page.$eval("#workbench-pane", (n) => n.textContent)).toMatch(/^No template yet/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("reads the check from the final status message first, and shows a class of values the server adds (broader than asked) as such", async () => {
    const { page } = await openPage(browser(), server, join(OUTPUT, "check-classes"));
    const value = (text: string, extra: Record<string, string> = {}) => ({
      kind: "cidr",
      text,
      where: "SecurityGroup.SecurityGroupIngress[0].SourceCidrIp",
      ...extra,
    });
    const onMessage = {
      applied: [value("10.0.0.0/16")],
      notExpressed: [{ kind: "port", text: "22", reason: "still-present", where: "SecurityGroup.SecurityGroupIngress[1].PortRange" }],
      broaderThanAsked: [value("0.0.0.0/0")],
      unrequested: [{ resource: "Eip", type: "ALIYUN::VPC::EIP" }],
    };
    const events = [
      {
        statusUpdate: { status: { state: "TASK_STATE_WORKING" }, metadata: { iac_code: { requestCheck: { applied: [], notExpressed: [], unrequested: [] } } } },
      },
      {
        statusUpdate: {
          status: { state: "TASK_STATE_INPUT_REQUIRED", message: { metadata: { iac_code: { requestCheck: onMessage } } } },
          metadata: { iac_code: { requestCheck: { applied: [], notExpressed: [], unrequested: [] } } },
        },
      },
    ];
    // A string, not a function: the test runner would rewrite a function's import() for Node.
    const shown = (await page.evaluate(`(async () => {
      const { renderCheckTable, requestCheckOf } = await import("/playground/check-table.js");
      const box = renderCheckTable(requestCheckOf(${JSON.stringify(events)}));
      document.querySelector("#workbench-pane").replaceChildren(box);
      return {
        summary: box.querySelector(".check-summary").textContent,
        rows: Array.from(box.querySelectorAll("tbody tr"), (tr) => [tr.className, ...Array.from(tr.querySelectorAll("td"), (td) => td.textContent)]),
        unrequested: box.querySelector("ul").textContent,
      };
    })()`)) as { summary: string; rows: string[][]; unrequested: string };
    expect(shown.summary).toBe("1 of 3 stated values confirmed in the template.");
    expect(shown.rows).toEqual([
      ["ok", "10.0.0.0/16", "cidr", "SecurityGroup.SecurityGroupIngress[0].SourceCidrIp", "✓"],
      ["miss", "22", "port", "SecurityGroup.SecurityGroupIngress[1].PortRange", "still present (asked to remove)"],
      ["broader", "0.0.0.0/0", "cidr", "SecurityGroup.SecurityGroupIngress[0].SourceCidrIp", "broader than asked"],
    ]);
    expect(shown.unrequested).toBe("Eip: ALIYUN::VPC::EIP");
    await page.close();
  });
});

describe("issue 28 item 1: a send refused by the server's rate limit keeps the message and says when to retry", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWranglerDev({ IACCODE_A2A_HTTP_TOKEN: "e2e-workbench-token-0001" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("past the failed-authentication limit (20 a minute per address) the send gets 429, said with Retry-After's wait", async () => {
    const { page } = await openPage(browser(), server, join(OUTPUT, "rate-limited"));
    // The page's own ListTasks was refused once (401); these use up the rest of the period's failures.
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      const answer = await fetch(`${server.base}/`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "A2A-Version": "1.0", Authorization: "Bearer wrong" },
        body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "ListTasks", params: {} }),
      });
      status = answer.status;
    }
    expect(status).toBe(429);
    await page.$eval("#composer textarea", (n) => ((n as HTMLTextAreaElement).value = "Create a VPC"));
    await page.focus("#composer textarea");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => (document.querySelector("#send-error")?.textContent ?? "") !== "");
    expect(await page.$eval("#send-error", (n) => n.textContent)).toMatch(
      /^Rate limited \(HTTP 429\): too many requests from this client — retry in \d+ s\. Your message is kept\.$/,
    );
    expect(await page.$eval("#composer textarea", (n) => (n as HTMLTextAreaElement).value)).toBe("Create a VPC");
    await shot(page, "10-rate-limited");
    await page.close();
  });
});
