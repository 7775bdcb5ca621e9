/**
 * `npm run bench:offline`, part two (issue 30 item 1): the worst offline turns through the real
 * Worker and Durable Object (the deploy bundle on workerd through Miniflare), and what everyone
 * else sees meanwhile: `/health` polled every 50 ms and another context's first turn, sent while
 * the heavy turn runs. Before the per-value loops were made linear, 11,236 distinct ports in a
 * 64 KiB request ran 144 s and `/health` waited 143 s. Prints a table; asserts nothing.
 */
import { request } from "node:http";
import { it } from "vitest";
import { buildBundle, makePersistRoot, removePersistRoot, startOurs } from "../lib/servers.mjs";
import { DISTINCT_FAMILIES, distinctRequest } from "../../test/support/distinct-values";

const KiB = 1024;
const POLL_MS = 50;
const portsChinese = DISTINCT_FAMILIES["ports, Chinese"];
const cidrsChinese = DISTINCT_FAMILIES["CIDRs, Chinese"];

const CASES: [string, string][] = [
  ["11,236 distinct ports, Chinese list (64 KiB): the issue's request", portsChinese ? distinctRequest(portsChinese, 64 * KiB) : ""],
  ["distinct ports, Chinese list, 1 MiB", portsChinese ? distinctRequest(portsChinese, 1024 * KiB) : ""],
  ["distinct CIDRs joined by 、, 1 MiB", cidrsChinese ? distinctRequest(cidrsChinese, 1024 * KiB) : ""],
  ["创建服务器… repeated, 1 MiB", "创建服务器".repeat((1024 * KiB) / 5)],
];

/**
 * One HTTP request on a connection of its own (no keep-alive): workerd closes an idle kept-alive
 * connection, and a client that reuses it then fails with "other side closed".
 */
function post(url: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: body === undefined ? "GET" : "POST",
        agent: false,
        headers: body === undefined ? {} : { "content-type": "application/json", "A2A-Version": "1.0", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function rpc(url: string, text: string, contextId: string): Promise<{ ms: number; state: string }> {
  const started = performance.now();
  const answer = await post(
    url,
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: { message: { messageId: crypto.randomUUID(), role: "ROLE_USER", contextId, parts: [{ text }] } },
    }),
  );
  const body = JSON.parse(answer) as { result?: { task?: { status?: { state?: string } } }; error?: { code: number } };
  return { ms: performance.now() - started, state: body.result?.task?.status?.state ?? `error ${body.error?.code}` };
}

it("the worst offline turns, and /health and another context meanwhile", async () => {
  buildBundle();
  const persistRoot = makePersistRoot();
  const ours = await startOurs(persistRoot, { IACCODE_A2A_AGENT: "iac" });
  const rows = ["| turn | its time (ms) | end | /health: slowest of its polls (ms) | another context's first turn (ms) |", "|---|---:|---|---:|---:|"];
  try {
    for (const [name, text] of CASES) {
      let polling = true;
      let slowestHealth = 0;
      const poller = (async () => {
        while (polling) {
          const started = performance.now();
          await post(`${ours.url}/health`);
          slowestHealth = Math.max(slowestHealth, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      })();
      const heavy = rpc(ours.url, text, `heavy-${crypto.randomUUID().slice(0, 8)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const other = await rpc(ours.url, "创建一个专有网络和一台ECS", `other-${crypto.randomUUID().slice(0, 8)}`);
      const result = await heavy;
      polling = false;
      await poller;
      rows.push(`| ${name} | ${result.ms.toFixed(0)} | ${result.state} | ${slowestHealth.toFixed(0)} | ${other.ms.toFixed(0)} |`);
    }
  } finally {
    await ours.mf.dispose();
    removePersistRoot(persistRoot);
  }
  console.log(rows.join("\n"));
}, 1_800_000);
