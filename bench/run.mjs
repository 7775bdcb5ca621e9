/**
 * `npm run bench`: a load benchmark of the A2A Worker as production runs it — the deploy bundle
 * (`wrangler deploy --dry-run --outdir dist`) on workerd through Miniflare, bindings read from
 * wrangler.toml — against
 *   - the floor: a constant-response Worker served the same way (bench/floor-worker.mjs),
 *   - the durable floor (GetTask, SendMessage, streams): a Worker whose only work is one Durable
 *     Object RPC reading (GetTask) or inserting (SendMessage) one SQLite row, or inserting one and
 *     returning a constant stream (streams) (bench/durable-floor-worker.mjs),
 *   - the peer: an A2A server built on @a2a-js/sdk on Node (bench/peer-server.mjs) with its
 *     InMemoryTaskStore, and the same server with the SDK's durable DatabaseTaskStore on SQLite
 *     (always) and on PostgreSQL (when Debian's postgresql is installed; a fresh instance of the
 *     bench's own on 127.0.0.1, stopped at the end).
 *
 * Scenarios: agent card GET, card 304 (If-None-Match), GetTask, ListTasks over 10,000 tasks (first
 * page and a deep page), SendMessage spread over many contexts, and the time to the first and last
 * event of a SendStreamingMessage. Targets are interleaved inside every round (their order rotates
 * from round to round) so machine noise hits all alike; each figure is the median over rounds with
 * the spread (min–max). Peak memory is the VmHWM of each workerd process and of the peer. Server
 * CPU time per request is each target's processes' CPU time over a load run ÷ its answers. Bytes
 * stored per task are the growth of each target's database files over the preload ÷ its tasks.
 *
 * Results: a table on stdout, bench/results/latest.json and bench/results/latest.md.
 * Knobs (environment): BENCH_ROUNDS, BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_TASKS,
 * BENCH_STREAMS, BENCH_DEEP_PAGE, BENCH_PAGE_SIZE, BENCH_CONTEXTS, BENCH_PRELOAD_CONTEXTS,
 * BENCH_PRELOAD_CONCURRENCY, BENCH_PERSIST_DIR (parent of the fresh storage directory; default
 * /dev/shm), BENCH_SQLITE_JOURNAL (wal or delete), BENCH_POSTGRES=0 (leave PostgreSQL out). See
 * bench/README.md.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import {
  BINDING_OVERRIDES,
  buildBundle,
  cpuMsOf,
  cpuTicksOf,
  fileSystemOf,
  makePersistRoot,
  memoryOf,
  removePersistRoot,
  startDurableFloor,
  startFloor,
  startOurs,
  startPeer,
  startPostgres,
  storedBytes,
  systemTicks,
} from "./lib/servers.mjs";
import { V1, closeClient, closeStreamClient, load, median, quantile, request, rpc, summary, timeStream } from "./lib/measure.mjs";
import { bytes, mib, num, ratio, spread, table } from "./lib/report.mjs";
import { sqliteTableBytes } from "./lib/sqlite-tables.mjs";

const env = (name, fallback) => {
  const v = process.env[name];
  return v === undefined || v === "" ? fallback : Number(v);
};

const CONFIG = {
  rounds: env("BENCH_ROUNDS", 5),
  durationS: env("BENCH_DURATION", 2),
  warmupS: env("BENCH_WARMUP", 0.5),
  connections: env("BENCH_CONNECTIONS", 10),
  tasks: env("BENCH_TASKS", 10_000),
  streamsPerRound: env("BENCH_STREAMS", 20),
  deepPage: env("BENCH_DEEP_PAGE", 50),
  pageSize: env("BENCH_PAGE_SIZE", 50),
  sendContexts: env("BENCH_CONTEXTS", 256),
  preloadContexts: env("BENCH_PRELOAD_CONTEXTS", 200),
  preloadConcurrency: env("BENCH_PRELOAD_CONCURRENCY", 16),
  sqliteJournal: process.env.BENCH_SQLITE_JOURNAL === "delete" ? "delete" : "wal",
  postgres: process.env.BENCH_POSTGRES !== "0",
};

const CARD_PATH = "/.well-known/agent-card.json";
const TARGET_LABEL = {
  ours: "ours (Worker)",
  ours1: "ours, 1 index shard",
  floor: "floor",
  durable: "durable floor",
  peer: "peer in memory (@a2a-js/sdk)",
  peerSqlite: "SDK + SQLite",
  peerPostgres: "SDK + PostgreSQL",
};
/** The SDK's server with each task store: in memory, and the durable DatabaseTaskStore on SQLite and PostgreSQL. */
const PEERS = ["peer", "peerSqlite", "peerPostgres"];
/** The peers that keep their tasks in a database: what a user who needs durable tasks runs instead of ours. */
const DURABLE_PEERS = ["peerSqlite", "peerPostgres"];

const log = (...args) => console.error(`[bench ${((performance.now() - T0) / 1000).toFixed(1).padStart(5)}s]`, ...args);
const T0 = performance.now();

let nextRpcId = 1;
function rpcRequest(method, params, extraHeaders = {}) {
  return {
    method: "POST",
    path: "/",
    headers: { ...V1, ...extraHeaders },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextRpcId++, method, params }),
  };
}

function userMessage(messageId, text, contextId) {
  return { messageId, role: "ROLE_USER", parts: [{ text }], ...(contextId ? { contextId } : {}) };
}

// ── scenarios ─────────────────────────────────────────────────────────────────────────────────

/** Load scenarios; `request(target)` returns the per-request builder `(i) => request`. */
const SCENARIOS = [
  {
    id: "card-get",
    label: "card GET",
    phase: "read",
    targets: ["ours", "floor", "peer"],
    expect: () => 200,
    request: () => () => ({ method: "GET", path: CARD_PATH, headers: {} }),
  },
  {
    id: "card-304",
    label: "card 304",
    phase: "read",
    targets: ["ours", "floor", "peer"],
    // The floor answers its constant 200 to everything.
    expect: (t) => (t.etag ? 304 : 200),
    request: (t) => () => ({ method: "GET", path: CARD_PATH, headers: t.etag ? { "If-None-Match": t.etag } : {} }),
  },
  {
    id: "get-task",
    label: "GetTask",
    phase: "read",
    // The durable floor reads one row of the object named by X-Bench-Key: no server that keeps a
    // task in a Durable Object can answer a GetTask with less (ours ignores both headers).
    targets: ["ours", "floor", "durable", ...PEERS],
    jsonRpc: true,
    dynamic: true,
    expect: () => 200,
    request: (t) => {
      const ids = t.taskIds;
      return (i) => rpcRequest("GetTask", { id: ids[(i * 7919) % ids.length] }, { "X-Bench-Key": `bench-sm-${i % CONFIG.sendContexts}`, "X-Bench-Op": "read" });
    },
  },
  {
    id: "list-first",
    label: "ListTasks first page",
    phase: "read",
    targets: ["ours", "ours1", "floor", ...PEERS],
    jsonRpc: true,
    expect: () => 200,
    request: () => () => rpcRequest("ListTasks", { pageSize: CONFIG.pageSize }),
  },
  {
    id: "list-deep",
    label: `ListTasks page ${CONFIG.deepPage}`,
    phase: "read",
    targets: ["ours", "ours1", "floor", ...PEERS],
    jsonRpc: true,
    expect: () => 200,
    request: (t) => () => rpcRequest("ListTasks", { pageSize: CONFIG.pageSize, pageToken: t.deepToken }),
  },
  {
    id: "send-message",
    label: "SendMessage",
    phase: "write",
    targets: ["ours", "floor", "durable", ...PEERS],
    jsonRpc: true,
    dynamic: true,
    expect: () => 200,
    // Round-robin over the contexts, skipping any whose previous turn is still in flight (a
    // context takes one turn at a time; a slow answer must not turn into a "busy" error).
    request: (t) => {
      const inFlight = new Set();
      const make = (_i, ctx) => {
        let n;
        do n = t.sent++;
        while (inFlight.has(n % CONFIG.sendContexts) && inFlight.size < CONFIG.sendContexts);
        const c = n % CONFIG.sendContexts;
        if (ctx) {
          inFlight.add(c);
          ctx.benchContext = c;
        }
        const contextId = `bench-sm-${c}`;
        return rpcRequest("SendMessage", { message: userMessage(`tck-complete-task-${t.name}-${n}`, `load ${n}`, contextId) }, { "X-Bench-Key": contextId });
      };
      make.done = (ctx) => inFlight.delete(ctx?.benchContext);
      return make;
    },
  },
];

let STREAM_TARGETS = ["ours", "floor", "durable", ...PEERS];
const STREAM_CONTEXTS = 16;

// ── setup helpers ─────────────────────────────────────────────────────────────────────────────

/** Blocking SendMessage calls: `contexts` contexts, turns of one context in sequence. */
async function preload(target, total) {
  const perContext = Math.ceil(total / CONFIG.preloadContexts);
  const ids = [];
  let nextContext = 0;
  const started = performance.now();
  async function worker() {
    for (;;) {
      const c = nextContext++;
      if (c >= CONFIG.preloadContexts) return;
      const contextId = `bench-pre-${c}`;
      for (let k = 0; k < perContext; k++) {
        const n = c * perContext + k;
        if (n >= total) break;
        const result = await rpc(target.url, "SendMessage", { message: userMessage(`tck-complete-task-pre-${n}`, `preload ${n}`, contextId) });
        if (result?.task?.status?.state !== "TASK_STATE_COMPLETED")
          throw new Error(`${target.name}: preload task not completed: ${JSON.stringify(result).slice(0, 200)}`);
        ids.push(result.task.id);
      }
    }
  }
  await Promise.all(Array.from({ length: CONFIG.preloadConcurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { ids, seconds, rate: ids.length / seconds };
}

/** Follows nextPageToken to the token of page `deepPage`. */
async function deepTokenOf(target) {
  const first = await rpc(target.url, "ListTasks", { pageSize: CONFIG.pageSize });
  let token = first.nextPageToken;
  for (let page = 2; page < CONFIG.deepPage; page++) {
    const res = await rpc(target.url, "ListTasks", { pageSize: CONFIG.pageSize, pageToken: token });
    if (res.tasks.length !== CONFIG.pageSize || !res.nextPageToken) throw new Error(`${target.name}: page ${page} ended early`);
    token = res.nextPageToken;
  }
  const deep = await rpc(target.url, "ListTasks", { pageSize: CONFIG.pageSize, pageToken: token });
  if (deep.tasks.length !== CONFIG.pageSize) throw new Error(`${target.name}: deep page has ${deep.tasks.length} tasks`);
  return { token, totalSize: first.totalSize, firstPageTasks: first.tasks.length, deepPageTasks: deep.tasks.length };
}

/** The first `sendContexts` requests of a scenario's builder: one turn in every context it uses. */
async function warmContexts(scenario, target) {
  const make = scenario.request(target);
  let left = CONFIG.sendContexts;
  async function worker() {
    while (left-- > 0) {
      const r = make();
      const res = await request(`${target.url}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
      if (res.status !== 200 || !res.body.includes('"result"'))
        throw new Error(`${target.name}: warm-up ${scenario.id} failed: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    }
  }
  await Promise.all(Array.from({ length: CONFIG.preloadConcurrency }, worker));
}

/** Bytes a preload added to a target's storage, in all and per task (data files; write-ahead files apart). */
function storedPerTask(before, after, tasks) {
  const data = after.data - before.data;
  const wal = after.wal - before.wal;
  return { tasks, data, wal, dataPerTask: data / tasks, withWalPerTask: (data + wal) / tasks, databases: after.databases };
}

/** Bytes of the pages a target's SQLite databases use (tables, indexes, free pages; SQLite's dbstat, the write-ahead log's newer pages included) per task. */
const pagesPerTask = (v) => (Object.values(v.tables.tables).reduce((a, b) => a + b, 0) + v.tables.free) / v.tasks;

const rotate = (list, k) => list.map((_, i) => list[(i + k) % list.length]);

function streamBody(target) {
  const n = target.streamed++;
  // A few warm contexts, used one turn at a time (requests are sequential).
  const contextId = `bench-st-${n % STREAM_CONTEXTS}`;
  return JSON.stringify({
    jsonrpc: "2.0",
    id: nextRpcId++,
    method: "SendStreamingMessage",
    params: { message: userMessage(`tck-stream-001-${randomBytes(6).toString("hex")}`, `stream ${n}`, contextId) },
  });
}

async function streamRound(target, count) {
  const firsts = [];
  const lasts = [];
  for (let k = 0; k < count; k++) {
    const r = await timeStream(target.url, streamBody(target));
    if (r.events !== 4) throw new Error(`${target.name}: stream had ${r.events} events, expected 4`);
    firsts.push(r.firstMs);
    lasts.push(r.lastMs);
  }
  return { firsts, lasts };
}

// ── main ──────────────────────────────────────────────────────────────────────────────────────

const targets = {};
let persistRoot;
let postgres;
let sampler;
const peakRss = {};
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (sampler) clearInterval(sampler);
  for (const name of PEERS) await targets[name]?.stop().catch(() => {});
  for (const name of ["ours", "ours1", "floor", "durable"]) await targets[name]?.mf.dispose().catch(() => {});
  postgres?.stop?.();
  closeClient();
  closeStreamClient();
  if (persistRoot) removePersistRoot(persistRoot);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

/** A target's server processes: its own, and for the PostgreSQL peer the PostgreSQL cluster's too. */
const pidsOf = (t) => (t.pids ? t.pids() : [t.pid]);

function sampleMemory() {
  for (const [name, t] of Object.entries(targets)) {
    const rss = pidsOf(t).reduce((a, pid) => a + (memoryOf(pid)?.rssKiB ?? 0), 0);
    if (rss > 0) peakRss[name] = Math.max(peakRss[name] ?? 0, rss);
  }
}

async function main() {
  log(`config ${JSON.stringify(CONFIG)}`);
  const build = buildBundle();
  log(`built dist/index.js in ${num(build.ms / 1000, 1)} s (${build.size ?? "size unknown"})`);

  persistRoot = makePersistRoot();
  const persist = { parent: dirname(persistRoot), fileSystem: fileSystemOf(persistRoot) };
  log(`Durable Object storage under ${persistRoot} (${persist.fileSystem})`);
  targets.ours = await startOurs(persistRoot);
  // The same bundle with the whole owner's index in one object: what sharding changes for ListTasks.
  targets.ours1 = await startOurs(`${persistRoot}/one-shard`, { IACCODE_A2A_INDEX_SHARDS: "1" });
  targets.floor = await startFloor();
  targets.durable = await startDurableFloor(persistRoot);
  for (const name of ["ours", "ours1", "floor", "durable"]) {
    const t = targets[name];
    if (!t.pid) throw new Error(`could not find the workerd process of ${name}`);
    log(`${name}: ${t.url} (workerd pid ${t.pid}, ready in ${num(t.readyMs, 0)} ms)`);
  }

  // Both A2A servers serve the same card: ours, handed to the peer.
  const ourCard = await request(`${targets.ours.url}${CARD_PATH}`);
  if (ourCard.status !== 200) throw new Error(`our card: HTTP ${ourCard.status}`);
  const card = JSON.parse(ourCard.body);
  targets.peer = await startPeer(structuredClone(card));
  const sqlitePath = `${persistRoot}/peer-sqlite/tasks.db`;
  mkdirSync(dirname(sqlitePath), { recursive: true });
  targets.peerSqlite = await startPeer(structuredClone(card), { kind: "sqlite", path: sqlitePath, journal: CONFIG.sqliteJournal }, "peerSqlite");
  targets.peerSqlite.stored = () => storedBytes(dirname(sqlitePath));
  postgres = CONFIG.postgres ? await startPostgres(dirname(persistRoot)) : { skipped: "BENCH_POSTGRES=0" };
  if (postgres.skipped) log(`SDK + PostgreSQL: skipped: ${postgres.skipped}`);
  else {
    log(`postgres: ${postgres.url} (postmaster pid ${postgres.pid}, ready in ${num(postgres.readyMs, 0)} ms)`);
    targets.peerPostgres = await startPeer(structuredClone(card), { kind: "postgres", url: postgres.url }, "peerPostgres");
    const peerPid = targets.peerPostgres.pid;
    targets.peerPostgres.pids = () => [peerPid, ...postgres.pids()];
    targets.peerPostgres.stored = postgres.stored;
  }
  targets.ours.stored = () => storedBytes(`${persistRoot}/ours`);
  for (const name of PEERS.filter((n) => targets[n])) {
    log(`${name}: ${targets[name].url} (node pid ${targets[name].pid}, ready in ${num(targets[name].readyMs, 0)} ms)`);
  }
  // A target that is not there (PostgreSQL not installed) leaves every scenario.
  for (const s of SCENARIOS) s.targets = s.targets.filter((n) => targets[n]);
  STREAM_TARGETS = STREAM_TARGETS.filter((n) => targets[n]);

  for (const t of Object.values(targets)) {
    t.sent = 0;
    t.streamed = 0;
  }
  sampler = setInterval(sampleMemory, 250);
  const ourTicks = () => [process.pid, ...Object.values(targets).flatMap(pidsOf)].reduce((a, pid) => a + cpuTicksOf(pid), 0);
  const cpuStart = { system: systemTicks(), ours: ourTicks(), load: loadavg()[0] };

  // ETags for the 304 scenario, from a first GET.
  for (const name of ["ours", "peer"]) {
    const res = await request(`${targets[name].url}${CARD_PATH}`);
    targets[name].etag = res.headers.etag;
    const check = await request(`${targets[name].url}${CARD_PATH}`, { headers: { "If-None-Match": targets[name].etag } });
    if (check.status !== 304) throw new Error(`${name}: If-None-Match gave HTTP ${check.status}, expected 304`);
    targets[name].cardBytes = Buffer.byteLength(res.body);
  }

  // 10,000 tasks for one owner, on ours and on every peer; the bytes their storage grew by.
  const preloads = {};
  const stored = {};
  for (const name of ["ours", "ours1", ...PEERS].filter((n) => targets[n])) {
    log(`${name}: preloading ${CONFIG.tasks} tasks (${CONFIG.preloadContexts} contexts, concurrency ${CONFIG.preloadConcurrency})`);
    const before = targets[name].stored?.();
    preloads[name] = await preload(targets[name], CONFIG.tasks);
    const after = targets[name].stored?.();
    if (before && after) stored[name] = storedPerTask(before, after, preloads[name].ids.length);
    // What those bytes are, table by table (every SQLite database of the target).
    const sqliteDir = { ours: `${persistRoot}/ours`, peerSqlite: dirname(sqlitePath) }[name];
    if (sqliteDir && stored[name]) stored[name].tables = sqliteTableBytes(sqliteDir);
    targets[name].taskIds = preloads[name].ids;
    const deep = await deepTokenOf(targets[name]);
    targets[name].deepToken = deep.token;
    preloads[name] = { seconds: preloads[name].seconds, rate: preloads[name].rate, tasks: preloads[name].ids.length, ...deep, token: undefined };
    log(
      `${name}: ${preloads[name].tasks} tasks in ${num(preloads[name].seconds, 1)} s (${num(preloads[name].rate, 0)}/s), ListTasks totalSize ${deep.totalSize}`,
    );
  }
  // The floors get bodies of the same shape.
  for (const name of ["floor", "durable"]) {
    targets[name].taskIds = targets.ours.taskIds;
    targets[name].deepToken = targets.ours.deepToken;
  }

  const results = Object.fromEntries(SCENARIOS.map((s) => [s.id, Object.fromEntries(s.targets.map((t) => [t, []]))]));
  const stream = Object.fromEntries(STREAM_TARGETS.map((t) => [t, []]));

  async function runLoad(scenario, name, durationS) {
    const t = targets[name];
    const cpuBefore = cpuMsOf(pidsOf(t));
    const result = await load({
      url: t.url,
      connections: CONFIG.connections,
      durationS,
      makeRequest: scenario.request(t),
      dynamic: scenario.dynamic,
      expectStatus: scenario.expect(t),
      jsonRpc: scenario.jsonRpc,
    });
    // The server's CPU time per answer (what Cloudflare bills a Worker for): its processes' CPU time over the run.
    result.cpuMs = result.ok > 0 ? (cpuMsOf(pidsOf(t)) - cpuBefore) / result.ok : Number.NaN;
    return result;
  }

  for (const phase of ["read", "write"]) {
    const scenarios = SCENARIOS.filter((s) => s.phase === phase);
    if (phase === "write") {
      // Steady state: every SendMessage context and stream context exists before measuring.
      const send = SCENARIOS.find((s) => s.id === "send-message");
      for (const name of ["ours", "durable", ...PEERS].filter((n) => targets[n])) await warmContexts(send, targets[name]);
      for (const name of STREAM_TARGETS) await streamRound(targets[name], STREAM_CONTEXTS);
    }
    if (CONFIG.warmupS > 0) {
      for (const s of scenarios) for (const name of s.targets) await runLoad(s, name, CONFIG.warmupS);
    }
    log(`${phase} phase: warmed up`);
    for (let round = 0; round < CONFIG.rounds; round++) {
      const line = [];
      for (const s of scenarios) {
        for (const name of rotate(s.targets, round)) {
          const r = await runLoad(s, name, CONFIG.durationS);
          results[s.id][name].push(r);
          if (r.rpcErrors || r.unexpectedStatus || r.errors || r.timeouts) {
            log(
              `  ${s.id} ${name}: ${r.rpcErrors} JSON-RPC errors, ${r.unexpectedStatus} unexpected statuses ${JSON.stringify(r.statusCodes)}, ${r.errors} socket errors, ${r.timeouts} timeouts ${r.firstRpcError ?? ""}`,
            );
          }
        }
        line.push(`${s.id} ${s.targets.map((n) => `${n} ${num(results[s.id][n][round].rps, 0)}/s`).join(", ")}`);
      }
      if (phase === "write") {
        for (const name of rotate(STREAM_TARGETS, round)) stream[name].push(await streamRound(targets[name], CONFIG.streamsPerRound));
        line.push(
          `stream first/last ms ${STREAM_TARGETS.map((n) => `${n} ${num(median(stream[n][round].firsts))}/${num(median(stream[n][round].lasts))}`).join(", ")}`,
        );
      }
      log(`${phase} round ${round + 1}/${CONFIG.rounds}: ${line.join("; ")}`);
    }
  }

  sampleMemory();
  const cpuEnd = { system: systemTicks(), ours: ourTicks(), load: loadavg()[0] };
  const allTicks = cpuEnd.system.total - cpuStart.system.total;
  const cpu = {
    // Shares of all the machine's CPU time during the measurements (setup excluded).
    busyShare: (cpuEnd.system.busy - cpuStart.system.busy) / allTicks,
    benchShare: (cpuEnd.ours - cpuStart.ours) / allTicks,
    otherShare: (cpuEnd.system.busy - cpuStart.system.busy - (cpuEnd.ours - cpuStart.ours)) / allTicks,
    loadAverage1m: { start: cpuStart.load, end: cpuEnd.load },
  };
  const memory = {};
  for (const [name, t] of Object.entries(targets)) {
    const pids = pidsOf(t);
    const endKiB = pids.reduce((a, pid) => a + (memoryOf(pid)?.rssKiB ?? 0), 0);
    // One process: its VmHWM; the PostgreSQL peer's node and cluster: the peak of their sampled sum.
    const hwm = pids.length === 1 ? (memoryOf(t.pid)?.hwmKiB ?? 0) : 0;
    memory[name] = {
      pid: t.pid,
      process: name === "peerPostgres" ? "node (peer-server.mjs) + postgres" : PEERS.includes(name) ? "node (peer-server.mjs)" : "workerd",
      peakKiB: Math.max(hwm, peakRss[name] ?? 0),
      endKiB,
    };
  }
  const driver = memoryOf(process.pid);
  memory.driver = { pid: process.pid, process: "node (bench driver: autocannon, Miniflare host)", peakKiB: driver?.hwmKiB, endKiB: driver?.rssKiB };

  await cleanup();
  const runtimeS = (performance.now() - T0) / 1000;

  // ── summaries ──
  const scenarioSummaries = SCENARIOS.map((s) => {
    const per = {};
    for (const name of s.targets) {
      const runs = results[s.id][name];
      per[name] = {
        rps: summary(runs.map((r) => r.rps)),
        p50: summary(runs.map((r) => r.p50)),
        p99: summary(runs.map((r) => r.p99)),
        cpuMs: summary(runs.map((r) => r.cpuMs)),
        failures: runs.reduce((a, r) => a + r.rpcErrors + r.unexpectedStatus + r.errors + r.timeouts, 0),
        requests: runs.reduce((a, r) => a + r.ok, 0),
        rounds: runs.map(({ rps, p50, p99, cpuMs, requests, ok, statusCodes, errors, timeouts, rpcErrors, seconds }) => ({
          rps,
          cpuMs,
          p50,
          p99,
          requests,
          ok,
          statusCodes,
          errors,
          timeouts,
          rpcErrors,
          seconds,
        })),
      };
    }
    const ratios = {};
    for (const other of s.targets.filter((n) => n !== "ours")) {
      const perRound = (key) => results[s.id].ours.map((r, i) => r[key] / results[s.id][other][i][key]);
      ratios[other] = { rps: summary(perRound("rps")), p50: summary(perRound("p50")), p99: summary(perRound("p99")), cpuMs: summary(perRound("cpuMs")) };
    }
    return { id: s.id, label: s.label, targets: per, ratios };
  });

  const streamSummary = {};
  for (const name of STREAM_TARGETS) {
    const rounds = stream[name];
    streamSummary[name] = {
      first: summary(rounds.map((r) => median(r.firsts))),
      last: summary(rounds.map((r) => median(r.lasts))),
      firstP99: quantile(
        rounds.flatMap((r) => r.firsts),
        0.99,
      ),
      lastP99: quantile(
        rounds.flatMap((r) => r.lasts),
        0.99,
      ),
      samples: rounds.reduce((a, r) => a + r.firsts.length, 0),
    };
  }
  const streamRatios = {};
  for (const other of STREAM_TARGETS.filter((n) => n !== "ours")) {
    const perRound = (key) => stream.ours.map((r, i) => median(r[key]) / median(stream[other][i][key]));
    streamRatios[other] = { first: summary(perRound("firsts")), last: summary(perRound("lasts")) };
  }

  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    config: CONFIG,
    bundle: build.size,
    bindingOverrides: BINDING_OVERRIDES,
    persist,
    cardBytes: { ours: targets.ours.cardBytes, peer: targets.peer.cardBytes },
    preload: preloads,
    cpu,
    runtimeS,
  };
  const output = { meta, scenarios: scenarioSummaries, stream: { summary: streamSummary, ratios: streamRatios }, memory, stored };

  // ── tables ──
  const md = [];
  md.push(
    `Run ${meta.date.slice(0, 16).replace("T", " ")} UTC · Node ${meta.node} · ${meta.cpus} × ${meta.cpuModel ?? "CPU"} · ` +
      `${CONFIG.rounds} rounds × ${CONFIG.durationS} s per target and scenario, ${CONFIG.connections} connections · ` +
      `${preloads.ours.totalSize} tasks on ours, ${preloads.peer.totalSize} on the peer (page size ${CONFIG.pageSize}, deep page = page ${CONFIG.deepPage}) · ` +
      `run time ${num(runtimeS, 0)} s`,
  );
  md.push("");
  md.push(
    `CPU from the preload to the last measurement: ${num(cpu.busyShare * 100, 0)}% of all cores busy, ${num(cpu.benchShare * 100, 0)}% by the bench's own processes ` +
      `(driver, workerd ×4, the peers), ${num(Math.max(0, cpu.otherShare) * 100, 0)}% by other processes on the machine.`,
  );
  md.push("");
  md.push("Throughput and latency (median over rounds, min–max in parentheses; latency in ms):");
  md.push("");
  const rows = [];
  for (const s of scenarioSummaries) {
    for (const [name, v] of Object.entries(s.targets)) {
      rows.push([s.label, TARGET_LABEL[name], spread(v.rps, 0), spread(v.p50), spread(v.p99), spread(v.cpuMs), String(v.failures)]);
    }
  }
  md.push(table(["scenario", "target", "req/s", "p50 ms", "p99 ms", "server CPU ms / request", "errors"], rows, ["l", "l", "r", "r", "r", "r", "r"]));
  md.push("");
  md.push("Ratios, ours ÷ other (median of per-round ratios, min–max): req/s above 1 means ours is faster; p50 above 1 means ours is slower.");
  md.push("");
  const ratioRows = [];
  for (const s of scenarioSummaries) {
    const cell = (other, key) => (s.ratios[other] ? ratio(s.ratios[other][key]) : "—");
    ratioRows.push([
      s.label,
      cell("floor", "rps"),
      cell("durable", "rps"),
      cell("peer", "rps"),
      cell("ours1", "rps"),
      cell("floor", "p50"),
      cell("durable", "p50"),
      cell("peer", "p50"),
    ]);
  }
  md.push(
    table(
      ["scenario", "req/s ÷ floor", "req/s ÷ durable floor", "req/s ÷ peer", "req/s ÷ 1 shard", "p50 ÷ floor", "p50 ÷ durable floor", "p50 ÷ peer"],
      ratioRows,
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  md.push("");
  md.push(
    "Against the SDK's durable task store (`DatabaseTaskStore`), ours ÷ that peer (median of per-round ratios, min–max): req/s above 1 means ours is faster; p99 and server CPU per request above 1 mean ours is slower or costs more.",
  );
  md.push("");
  const durableRows = [];
  for (const s of scenarioSummaries) {
    for (const other of DURABLE_PEERS.filter((n) => s.ratios[n])) {
      const r = s.ratios[other];
      durableRows.push([s.label, TARGET_LABEL[other], ratio(r.rps), ratio(r.p50), ratio(r.p99), ratio(r.cpuMs)]);
    }
  }
  md.push(table(["scenario", "ours ÷", "req/s", "p50", "p99", "server CPU / request"], durableRows, ["l", "l", "r", "r", "r", "r"]));
  if (postgres?.skipped) md.push("", `SDK + PostgreSQL: skipped (${postgres.skipped}).`);
  md.push("");
  md.push(
    `SendStreamingMessage (tck-stream-001, 4 events), ${CONFIG.streamsPerRound} sequential streams per round; per-round median in ms, median over rounds (min–max), p99 over all ${streamSummary.ours.samples} samples:`,
  );
  md.push("");
  const streamRows = STREAM_TARGETS.map((name) => {
    const v = streamSummary[name];
    return [TARGET_LABEL[name], spread(v.first), num(v.firstP99), spread(v.last), num(v.lastP99)];
  });
  for (const other of STREAM_TARGETS.filter((n) => n !== "ours")) {
    streamRows.push([`ours ÷ ${TARGET_LABEL[other]}`, ratio(streamRatios[other].first), "", ratio(streamRatios[other].last), ""]);
  }
  md.push(table(["target", "first event ms", "first p99", "last event ms", "last p99"], streamRows, ["l", "r", "r", "r", "r"]));
  md.push("");
  md.push("Peak memory (VmHWM of each process over the whole run, RSS at the end):");
  md.push("");
  md.push(
    table(
      ["target", "process", "peak RSS", "RSS at end"],
      ["ours", "ours1", "floor", "durable", ...PEERS.filter((n) => targets[n]), "driver"].map((n) => [
        TARGET_LABEL[n] ?? "bench driver",
        memory[n].process,
        mib(memory[n].peakKiB),
        mib(memory[n].endKiB),
      ]),
      ["l", "l", "r", "r"],
    ),
  );
  md.push("");
  md.push(
    `Preload of ${CONFIG.tasks} tasks (blocking SendMessage, ${CONFIG.preloadContexts} contexts, ${CONFIG.preloadConcurrency} concurrent): ` +
      `ours ${num(preloads.ours.seconds, 1)} s (${num(preloads.ours.rate, 0)}/s), ours with 1 index shard ${num(preloads.ours1.seconds, 1)} s (${num(preloads.ours1.rate, 0)}/s), ` +
      PEERS.filter((n) => preloads[n])
        .map(
          (n) =>
            `${TARGET_LABEL[n]} ${num(preloads[n].seconds, 1)} s (${num(preloads[n].rate, 0)}/s, ours ÷ it ${num(preloads.ours.rate / preloads[n].rate)}×)`,
        )
        .join(", ") +
      ".",
  );
  md.push("");
  md.push(
    `Bytes stored per task: what the preload of ${CONFIG.tasks} tasks over ${CONFIG.preloadContexts} contexts added to each target's database files ` +
      "(ours: every Durable Object's SQLite file, ContextAgents and TaskIndex shards; the SQLite peer: its one database file, journal " +
      CONFIG.sqliteJournal +
      "; PostgreSQL: the cluster's base/ directory), the write-ahead files (SQLite `-wal`/`-shm`, PostgreSQL `pg_wal/`) apart; " +
      "and the pages SQLite says the databases use (dbstat: tables, indexes and free pages, wherever they sit, file or write-ahead log):",
  );
  md.push("");
  md.push(
    table(
      [
        "target",
        "data files",
        "per task",
        "per context",
        "write-ahead files",
        "per task with them",
        "ours ÷ it (on disk)",
        "pages in use per task",
        "ours ÷ it (pages)",
      ],
      Object.entries(stored).map(([n, v]) => [
        TARGET_LABEL[n],
        bytes(v.data),
        bytes(v.dataPerTask),
        bytes(v.data / CONFIG.preloadContexts),
        bytes(v.wal),
        bytes(v.withWalPerTask),
        n === "ours" ? "" : `${num(stored.ours.withWalPerTask / v.withWalPerTask)}×`,
        v.tables ? bytes(pagesPerTask(v)) : "n/a",
        n === "ours" || !v.tables || !stored.ours.tables ? "" : `${num(pagesPerTask(stored.ours) / pagesPerTask(v))}×`,
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  for (const [n, v] of Object.entries(stored).filter(([, v]) => v.tables)) {
    const { files, tables, free } = v.tables;
    const rows = Object.entries(tables)
      .sort((a, b) => b[1] - a[1])
      .map(([table, b]) => [table, bytes(b), bytes(b / v.tasks)]);
    rows.push(["(free pages)", bytes(free), bytes(free / v.tasks)]);
    md.push("");
    md.push(`${TARGET_LABEL[n]}: the pages of its ${files} SQLite database(s) by table and index (SQLite's dbstat), over ${v.tasks} tasks:`);
    md.push("");
    md.push(table(["table or index", "bytes", "per task"], rows, ["l", "r", "r"]));
  }
  const deepOverFirst = (name) => {
    const first = scenarioSummaries.find((x) => x.id === "list-first")?.targets[name]?.rps.median;
    const deep = scenarioSummaries.find((x) => x.id === "list-deep")?.targets[name]?.rps.median;
    return first && deep ? num(first / deep) : "n/a";
  };
  md.push("");
  md.push(
    `ListTasks page ${CONFIG.deepPage} ÷ page 1 (time per request, from the median req/s): ours ${deepOverFirst("ours")}×, ours with 1 index shard ${deepOverFirst("ours1")}×.`,
  );
  md.push("");
  md.push(
    [
      "Scenarios: **card GET** `GET /.well-known/agent-card.json`; **card 304** the same with `If-None-Match` set to the ETag of a first GET",
      "(the floor answers its constant 200); **GetTask** ids spread over the preloaded tasks; **ListTasks** `pageSize` " + CONFIG.pageSize + ",",
      "first page and page " + CONFIG.deepPage + " (token found by following `nextPageToken` once); **SendMessage** blocking, messageId `tck-complete-task-…`",
      "(completes at once), spread round-robin over " + CONFIG.sendContexts + " contexts that each already had one turn; **SendStreamingMessage**",
      "messageId `tck-stream-001-<hex>` over " + STREAM_CONTEXTS + " warm contexts, time from sending the request to the first and to the last SSE event.",
      "Targets: **ours** the deploy bundle on workerd (Miniflare, bindings from wrangler.toml with `IACCODE_A2A_AGENT=conformance`; Durable Object SQLite in a fresh directory on " +
        meta.persist.fileSystem +
        ");",
      "**floor** a constant-response Worker on workerd; **durable floor** a Worker doing one Durable Object RPC that reads (GetTask) or inserts (SendMessage) one SQLite row (same storage), or for a stream inserts one row and returns the floor's four events as a stream from the object;",
      "**peer** @a2a-js/sdk " +
        "1.x `DefaultRequestHandler` + `InMemoryTaskStore` on express, one Node process; **SDK + SQLite** the same server with the SDK's `DatabaseTaskStore` (Kysely) on better-sqlite3 (journal " +
        CONFIG.sqliteJournal +
        ", synchronous=FULL, the file beside ours' storage); **SDK + PostgreSQL** the same store on a PostgreSQL instance of the bench's own (pg pool of 10), its CPU and memory counted with the peer's.",
      "All on 127.0.0.1; load from autocannon in the bench process.",
    ].join("\n"),
  );
  const text = md.join("\n");

  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/latest.json.tmp", `${JSON.stringify(output, null, 2)}\n`);
  renameSync("bench/results/latest.json.tmp", "bench/results/latest.json");
  writeFileSync("bench/results/latest.md.tmp", `${text}\n`);
  renameSync("bench/results/latest.md.tmp", "bench/results/latest.md");

  console.log(text);
  console.log("\nWrote bench/results/latest.json and bench/results/latest.md");
}

try {
  await main();
} catch (error) {
  console.error(error);
  await cleanup();
  process.exitCode = 1;
}
