/**
 * Scale scenarios of `npm run bench` (issue 22 item 2), on the deploy bundle served by workerd
 * through Miniflare like bench/run.mjs:
 *
 * - **many open streams**: `BENCH_SCALE_CONTEXTS` (100) contexts, each with one task left
 *   INPUT_REQUIRED by an ordinary message, and `BENCH_SCALE_SUBSCRIBERS` (10) SubscribeToTask SSE
 *   streams open on each (1,000 in all). Memory per open stream: workerd's RSS with every stream
 *   open (each has had its first frame, the task) minus its RSS before, ÷ the streams. Then one
 *   follow-up turn per context, one context after another while every other stream stays open:
 *   the time from the turn's first event (its `status.timestamp`) to the last of that task's
 *   subscribers receiving it, and from sending the follow-up to that moment.
 * - **fan-out on one task**: `BENCH_FANOUT_SUBSCRIBERS` (100) streams on one task, then a
 *   follow-up turn; `BENCH_FANOUT_TURNS` (20) times (a turn that ends INPUT_REQUIRED closes its
 *   streams, so each turn subscribes anew). Fan-out latency p50/p99 over every subscriber of every
 *   turn (event timestamp → received), and the last subscriber per turn.
 *
 * Event timestamps come from the server's clock and receive times from this process's on the same
 * machine (both wall clocks, milliseconds). Nothing here is timed in a test; it only reports.
 * Writes bench/results/scale.json and scale.md and prints the tables.
 */
import http from "node:http";
import { writeFileSync } from "node:fs";
import { buildBundle, makePersistRoot, memoryOf, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { closeClient, median, quantile, rpc, V1 } from "./lib/measure.mjs";
import { bytes, num, table } from "./lib/report.mjs";

const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const CONFIG = {
  contexts: env("BENCH_SCALE_CONTEXTS", 100),
  subscribersPerContext: env("BENCH_SCALE_SUBSCRIBERS", 10),
  fanoutSubscribers: env("BENCH_FANOUT_SUBSCRIBERS", 100),
  fanoutTurns: env("BENCH_FANOUT_TURNS", 20),
  /** Streams opened at once: enough to open 1,000 in seconds, few enough not to time out the first ones. */
  openConcurrency: env("BENCH_SCALE_OPEN_CONCURRENCY", 50),
};
/** How long a subscriber may wait for an event before the run fails (the turns here take milliseconds). */
const EVENT_TIMEOUT_MS = 30_000;
/** Let the isolate settle (timers, GC) before reading its memory. */
const SETTLE_MS = 1_000;

const log = (...args) => console.error("[bench scale]", ...args);
const nowMs = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** One socket per stream, never pooled: every subscriber is its own connection, as separate clients would be. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

let nextId = 1;
const userMessage = (text, extra = {}) => ({
  messageId: `scale-${nextId++}-${Math.random().toString(16).slice(2)}`,
  role: "ROLE_USER",
  parts: [{ text }],
  ...extra,
});

/**
 * One SubscribeToTask stream: `opened` resolves on its first frame (the task), `next` on the first
 * event after it with the time it arrived. The stream is closed by `close()` or by the server.
 */
function subscribe(base, taskId) {
  let onOpen;
  let onEvent;
  let fail;
  const opened = new Promise((resolve, reject) => {
    onOpen = resolve;
    fail = reject;
  });
  const next = new Promise((resolve) => {
    onEvent = resolve;
  });
  const body = JSON.stringify({ jsonrpc: "2.0", id: nextId++, method: "SubscribeToTask", params: { id: taskId } });
  let frames = 0;
  let buffer = "";
  const req = http.request(
    `${base}/`,
    { method: "POST", agent, headers: { ...V1, Accept: "text/event-stream", "Content-Length": Buffer.byteLength(body) } },
    (res) => {
      if (res.statusCode !== 200) fail(new Error(`SubscribeToTask HTTP ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const at = nowMs();
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (!data) continue; // keep-alive comments
          const message = JSON.parse(data[1]);
          if (message.error) return fail(new Error(`stream error: ${JSON.stringify(message.error).slice(0, 200)}`));
          if (frames++ === 0) onOpen(at);
          else if (frames === 2) onEvent({ at, result: message.result });
        }
      });
      res.on("error", () => {});
    },
  );
  req.on("error", (error) => fail(error));
  req.end(body);
  return { opened, next, close: () => req.destroy() };
}

/** Opens `count` streams on `taskId`, `CONFIG.openConcurrency` at a time, and waits for each one's first frame. */
async function openStreams(base, taskIds) {
  const streams = [];
  let i = 0;
  async function worker() {
    while (i < taskIds.length) {
      const taskId = taskIds[i++];
      const stream = subscribe(base, taskId);
      streams.push({ taskId, ...stream });
      await withTimeout(stream.opened, `a stream on task ${taskId}`);
    }
  }
  await Promise.all(Array.from({ length: CONFIG.openConcurrency }, worker));
  return streams;
}

async function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${EVENT_TIMEOUT_MS} ms`)), EVENT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The time a turn's first event was made, from its status timestamp (a status update or a task). */
function eventTimeOf(result) {
  const ts = result?.statusUpdate?.status?.timestamp ?? result?.task?.status?.timestamp;
  return ts === undefined ? Number.NaN : Date.parse(ts);
}

/** Sends a follow-up turn to the task and waits until each of its streams got the turn's first event. */
async function fanOut(base, task, streams) {
  const sent = nowMs();
  const answer = rpc(base, "SendMessage", { message: userMessage("follow-up", { taskId: task.id, contextId: task.contextId }) });
  const events = await withTimeout(Promise.all(streams.map((s) => s.next)), `task ${task.id}`);
  await answer;
  const eventAt = eventTimeOf(events[0].result);
  const arrivals = events.map((e) => e.at);
  const last = Math.max(...arrivals);
  return { eventToEach: arrivals.map((at) => at - eventAt), eventToLast: last - eventAt, sendToLast: last - sent, firstToLast: last - Math.min(...arrivals) };
}

async function newTask(base, contextId) {
  const result = await rpc(base, "SendMessage", { message: userMessage(`scale ${contextId}`, { contextId }) });
  if (result?.task?.status?.state !== "TASK_STATE_INPUT_REQUIRED")
    throw new Error(`expected an INPUT_REQUIRED task, got ${JSON.stringify(result).slice(0, 200)}`);
  return result.task;
}

async function manyStreams(ours) {
  const tasks = [];
  for (let c = 0; c < CONFIG.contexts; c++) tasks.push(await newTask(ours.url, `scale-many-${c}`));
  // One stream per task first, closed again: the code paths of a subscription are warm (compiled,
  // their first allocations made) before the memory the streams themselves hold is read.
  for (const s of await openStreams(
    ours.url,
    tasks.map((t) => t.id),
  ))
    s.close();
  await sleep(SETTLE_MS);
  const before = memoryOf(ours.pid)?.rssKiB ?? Number.NaN;
  const started = performance.now();
  const streams = await openStreams(
    ours.url,
    tasks.flatMap((t) => Array.from({ length: CONFIG.subscribersPerContext }, () => t.id)),
  );
  const openSeconds = (performance.now() - started) / 1000;
  await sleep(SETTLE_MS);
  const after = memoryOf(ours.pid)?.rssKiB ?? Number.NaN;
  log(`${streams.length} streams open in ${num(openSeconds, 1)} s; workerd RSS ${num(before / 1024, 0)} → ${num(after / 1024, 0)} MiB`);
  const turns = [];
  for (const task of tasks) {
    const own = streams.filter((s) => s.taskId === task.id);
    turns.push(await fanOut(ours.url, task, own));
    for (const s of own) s.close();
  }
  for (const s of streams) s.close();
  return { streams: streams.length, openSeconds, rssBeforeKiB: before, rssOpenKiB: after, perStreamBytes: ((after - before) * 1024) / streams.length, turns };
}

async function fanOutOnOneTask(ours) {
  const task = await newTask(ours.url, "scale-fanout");
  const turns = [];
  for (let k = 0; k < CONFIG.fanoutTurns; k++) {
    const streams = await openStreams(
      ours.url,
      Array.from({ length: CONFIG.fanoutSubscribers }, () => task.id),
    );
    turns.push(await fanOut(ours.url, task, streams));
    for (const s of streams) s.close();
  }
  return { subscribers: CONFIG.fanoutSubscribers, turns };
}

const dist = (values) => ({ p50: median(values), p99: quantile(values, 0.99), max: Math.max(...values) });

async function main() {
  log(`config ${JSON.stringify(CONFIG)}`);
  buildBundle();
  const root = makePersistRoot();
  const ours = await startOurs(root);
  try {
    const many = await manyStreams(ours);
    const fanout = await fanOutOnOneTask(ours);
    const peakKiB = memoryOf(ours.pid)?.hwmKiB;
    const result = {
      config: CONFIG,
      date: new Date().toISOString(),
      many: { ...many, eventToLast: dist(many.turns.map((t) => t.eventToLast)), sendToLast: dist(many.turns.map((t) => t.sendToLast)) },
      fanout: {
        ...fanout,
        eventToEach: dist(fanout.turns.flatMap((t) => t.eventToEach)),
        eventToLast: dist(fanout.turns.map((t) => t.eventToLast)),
        firstToLast: dist(fanout.turns.map((t) => t.firstToLast)),
      },
      workerdPeakKiB: peakKiB,
    };
    writeFileSync(
      "bench/results/scale.json",
      `${JSON.stringify({ ...result, many: { ...result.many, turns: undefined }, fanout: { ...result.fanout, turns: undefined } }, null, 2)}\n`,
    );
    const ms = (d) => [num(d.p50), num(d.p99), num(d.max)];
    const md = [
      `Many open streams: ${many.streams} SubscribeToTask streams over ${CONFIG.contexts} contexts (${CONFIG.subscribersPerContext} per task), opened in ${num(many.openSeconds, 1)} s; workerd RSS ${bytes(many.rssBeforeKiB * 1024)} before, ${bytes(many.rssOpenKiB * 1024)} with every stream open: **${bytes(many.perStreamBytes)} per open stream**. Then one follow-up turn per context, the other streams open:`,
      "",
      table(
        ["per turn (one per context)", "p50 ms", "p99 ms", "max ms"],
        [
          ["turn's first event → last of its subscribers", ...ms(result.many.eventToLast)],
          ["follow-up sent → last of its subscribers", ...ms(result.many.sendToLast)],
        ],
        ["l", "r", "r", "r"],
      ),
      "",
      `Fan-out on one task: ${CONFIG.fanoutSubscribers} subscribers, ${CONFIG.fanoutTurns} turns (each subscribing anew):`,
      "",
      table(
        ["measure", "p50 ms", "p99 ms", "max ms"],
        [
          [`event → each subscriber (${result.fanout.turns.length * CONFIG.fanoutSubscribers} samples)`, ...ms(result.fanout.eventToEach)],
          ["event → last subscriber (per turn)", ...ms(result.fanout.eventToLast)],
          ["first → last subscriber (per turn)", ...ms(result.fanout.firstToLast)],
        ],
        ["l", "r", "r", "r"],
      ),
      "",
      `workerd peak RSS over both: ${bytes((peakKiB ?? Number.NaN) * 1024)}.`,
    ].join("\n");
    console.log(md);
    writeFileSync("bench/results/scale.md", `${md}\n`);
  } finally {
    closeClient();
    agent.destroy();
    await ours.mf.dispose();
    removePersistRoot(root);
  }
}

await main();
