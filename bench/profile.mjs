/**
 * `node bench/profile.mjs <scenario> [seconds]`: a CPU profile of the deploy bundle under load.
 *
 * Why: the bench says how fast a request is; this says where its time goes. It starts `dist/`
 * (build it first: `npx wrangler deploy --dry-run --outdir dist`) on workerd through Miniflare
 * with the inspector on, loads one scenario with autocannon while the V8 profiler of the user
 * Worker samples, then writes `bench/results/<scenario>.cpuprofile` (open it in Chrome DevTools)
 * and prints the functions with the most self time and the time per source module.
 *
 * Scenarios: card-get, get-task, list, send, stream. Durable Objects run in the same isolate as
 * the Worker under Miniflare, so their time is in the same profile.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import WebSocket from "ws";
import { makePersistRoot, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { closeClient, load, median, rpc, timeStream, V1 } from "./lib/measure.mjs";

const scenario = process.argv[2] ?? "card-get";
const seconds = Number(process.argv[3] ?? 5);
const INSPECTOR_PORT = 9329;
/** PROFILE=0: the same load without the profiler, for before/after throughput. */
const PROFILING = process.env.PROFILE !== "0";

function json(url) {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve(JSON.parse(text)));
    }).on("error", reject);
  });
}

/** One Chrome DevTools Protocol session on the user Worker's inspector target. */
async function inspect() {
  const targets = await json(`http://127.0.0.1:${INSPECTOR_PORT}/json`);
  const target = targets.find((t) => !/^core:|loopback|entry/.test(t.title ?? t.id)) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const msg = JSON.parse(String(data));
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      socket.send(JSON.stringify({ id: n, method, params }));
    });
  return { title: target.title, send, close: () => socket.close() };
}

const message = (id, text, contextId) => ({
  message: { messageId: id, role: "ROLE_USER", parts: [{ text }], ...(contextId ? { contextId } : {}) },
});

function rpcBody(method, params) {
  return JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
}

/** Blocking sends round-robin over 256 contexts, skipping one whose turn is in flight (as the bench does). */
function sendPlan() {
  const inFlight = new Set();
  let sent = 0;
  const makeRequest = (_i, ctx) => {
    let n;
    do n = sent++;
    while (inFlight.has(n % 256) && inFlight.size < 256);
    if (ctx) {
      inFlight.add(n % 256);
      ctx.benchContext = n % 256;
    }
    return { method: "POST", path: "/", headers: V1, body: rpcBody("SendMessage", message(`tck-complete-task-p-${n}`, "load", `prof-send-${n % 256}`)) };
  };
  makeRequest.done = (ctx) => inFlight.delete(ctx?.benchContext);
  return { dynamic: true, jsonRpc: true, makeRequest };
}

async function main() {
  const root = makePersistRoot();
  const bundle = process.env.BUNDLE ? { scriptPath: process.env.BUNDLE } : {};
  const ours = await startOurs(root, {}, PROFILING ? { inspectorPort: INSPECTOR_PORT, ...bundle } : bundle);
  try {
    const ids = [];
    if (scenario === "send") for (let c = 0; c < 256; c++) await rpc(ours.url, "SendMessage", message(`tck-complete-task-w-${c}`, "warm", `prof-send-${c}`));
    if (scenario === "get-task" || scenario === "list") {
      for (let c = 0; c < 20; c++)
        for (let k = 0; k < 25; k++) {
          const r = await rpc(ours.url, "SendMessage", message(`tck-complete-task-pre-${c}-${k}`, "x", `prof-${c}`));
          ids.push(r.task.id);
        }
    }
    const plans = {
      "card-get": { makeRequest: () => ({ method: "GET", path: "/.well-known/agent-card.json", headers: {} }), jsonRpc: false },
      "get-task": {
        dynamic: true,
        jsonRpc: true,
        makeRequest: (i) => ({ method: "POST", path: "/", headers: V1, body: rpcBody("GetTask", { id: ids[(i * 7919) % ids.length] }) }),
      },
      list: { jsonRpc: true, makeRequest: () => ({ method: "POST", path: "/", headers: V1, body: rpcBody("ListTasks", { pageSize: 50 }) }) },
      send: sendPlan(),
    };
    const inspector = PROFILING ? await inspect() : undefined;
    await inspector?.send("Profiler.enable");
    await inspector?.send("Profiler.setSamplingInterval", { interval: 100 });
    await inspector?.send("Profiler.start");
    let result;
    if (scenario === "stream") {
      const started = performance.now();
      let count = 0;
      const firsts = [];
      const lasts = [];
      while (performance.now() - started < seconds * 1000) {
        const t = await timeStream(ours.url, rpcBody("SendStreamingMessage", message(`tck-stream-001-${count++}`, "s", `prof-stream-${count % 16}`)));
        firsts.push(t.firstMs);
        lasts.push(t.lastMs);
      }
      result = { streams: count, first: median(firsts).toFixed(2), last: median(lasts).toFixed(2) };
    } else {
      const plan = plans[scenario];
      if (!plan) throw new Error(`unknown scenario ${scenario}`);
      result = await load({ url: ours.url, connections: 10, durationS: seconds, expectStatus: 200, ...plan });
    }
    if (!inspector) {
      console.log(
        scenario,
        JSON.stringify({
          rps: result.rps?.toFixed?.(0),
          p50: result.p50?.toFixed?.(2),
          ...(result.streams ? { streams: result.streams, first: result.first, last: result.last } : {}),
        }),
      );
      return;
    }
    const { result: stopped } = await inspector.send("Profiler.stop");
    inspector.close();
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(`bench/results/${scenario}.cpuprofile`, JSON.stringify(stopped.profile));
    report(stopped.profile, result, inspector.title);
  } finally {
    closeClient();
    await ours.mf.dispose();
    removePersistRoot(root);
  }
}

function report(profile, result, title) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const total = profile.samples.length;
  const perFunction = new Map();
  const perModule = new Map();
  for (const [id, count] of counts) {
    const frame = byId.get(id).callFrame;
    const where = frame.url ? `${frame.url.replace(/^.*\//, "")}:${frame.lineNumber + 1}` : "(native)";
    const key = `${frame.functionName || "(anonymous)"} ${where}`;
    perFunction.set(key, (perFunction.get(key) ?? 0) + count);
    const module = frame.url ? frame.url.replace(/^.*\//, "") : frame.functionName;
    perModule.set(module, (perModule.get(module) ?? 0) + count);
  }
  const pct = (c) => `${((100 * c) / total).toFixed(1).padStart(5)}%`;
  console.log(
    `target ${title}; ${total} samples;`,
    JSON.stringify({
      rps: result.rps?.toFixed?.(0),
      p50: result.p50?.toFixed?.(2),
      ...(result.streams ? { streams: result.streams, first: result.first, last: result.last } : {}),
    }),
  );
  console.log("\nself time by function:");
  for (const [k, c] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${pct(c)}  ${k}`);
  console.log("\nself time by module:");
  for (const [k, c] of [...perModule].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(c)}  ${k}`);
}

await main();
