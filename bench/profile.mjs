/**
 * `node bench/profile.mjs <scenario> [seconds]`: a CPU profile of the deploy bundle under load.
 *
 * Why: the bench says how fast a request is; this says where its time goes. It starts `dist/`
 * (build it first: `npx wrangler deploy --dry-run --outdir dist`) on workerd through Miniflare
 * with the inspector on, loads one scenario with autocannon while the V8 profiler of the user
 * Worker samples, then writes `bench/results/<scenario>.cpuprofile` (open it in Chrome DevTools)
 * and prints the functions with the most self time and the time per source module.
 *
 * Scenarios (bench/lib/quick-scenarios.mjs): card-get, get-task, list, send, stream. Durable
 * Objects run in the same isolate as the Worker under Miniflare, so their time is in the same
 * profile. `PROFILE=0` runs the same load without the profiler; `BUNDLE=<dir>/index.js` loads
 * another build (inside this checkout).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import WebSocket from "ws";
import { makePersistRoot, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { closeClient } from "./lib/measure.mjs";
import { describeRun, prepareScenario } from "./lib/quick-scenarios.mjs";

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

async function main() {
  const root = makePersistRoot();
  const bundle = process.env.BUNDLE ? { scriptPath: process.env.BUNDLE } : {};
  const ours = await startOurs(root, {}, PROFILING ? { inspectorPort: INSPECTOR_PORT, ...bundle } : bundle);
  try {
    const prepared = await prepareScenario(scenario, ours);
    const inspector = PROFILING ? await inspect() : undefined;
    await inspector?.send("Profiler.enable");
    await inspector?.send("Profiler.setSamplingInterval", { interval: 100 });
    await inspector?.send("Profiler.start");
    const result = await prepared.run(seconds);
    if (!inspector) {
      console.log(scenario, describeRun(result));
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
  // Total (inclusive) time: a function's samples plus its callees', counted once per stack.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map();
  for (const [id, count] of counts) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      if (!frame.url || !frame.functionName) continue;
      const key = `${frame.functionName} ${frame.url.replace(/^.*\//, "")}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + count);
    }
  }
  console.log("\ntotal time by function (self and callees):");
  for (const [k, c] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`${pct(c)}  ${k}`);
  console.log("\nself time by module:");
  for (const [k, c] of [...perModule].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(c)}  ${k}`);
}

await main();
