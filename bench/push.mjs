/**
 * Push delivery throughput under injected failures (`npm run bench`, after the main scenarios).
 *
 * The deploy bundle runs on workerd through Miniflare with push on, its real queue, dead-letter
 * queue and consumer. A real webhook receiver on 127.0.0.1 injects failures by notification id
 * (stable across retries): 20% answer 503 once, 10% answer 503 twice, 5% answer 410 for good, 5%
 * (BENCH_PUSH_SLOW_SHARE) are slow receivers that answer 200 after BENCH_PUSH_SLOW_MS (3 s), the rest 200 at once. The slow
 * ones show head-of-line blocking when there is any: a batch delivered one message at a time would
 * hold every later notification of the batch behind them (issue 23 item 7). N tasks are created with an inline push config; the run ends when every
 * notification is delivered or recorded as a dead letter. It reports deliveries per second, the
 * latency from the turn's end to the receiver's 2xx (first try, after retries), attempts and dead
 * letters, and the peak memory of workerd.
 *
 * Then the fairness scenario (issue 30 item 4; alone: BENCH_PUSH_ONLY=fair): two owners on one server
 * (a bearer token and an API key). Owner B sends BENCH_PUSH_FAIR_PROBES turns with a push config to a
 * receiver that answers at once, first alone (the baseline), then right after owner A's
 * BENCH_PUSH_FAIR_SLOW (60) turns whose receivers answer only after BENCH_PUSH_FAIR_SLOW_MS (9 s).
 * It reports B's latency from the end of its turn to its receiver's 2xx in both phases.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
import { buildBundle, makePersistRoot, memoryOf, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { closeClient, quantile, request, rpc } from "./lib/measure.mjs";
import { num, table, mib } from "./lib/report.mjs";

const TASKS = Number(process.env.BENCH_PUSH_TASKS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_PUSH_CONCURRENCY ?? 16);
const SLOW_MS = Number(process.env.BENCH_PUSH_SLOW_MS ?? 3000);
/** The share of slow receivers (default 5%); a tiny run raises it so that it meets some. */
const SLOW_SHARE = Number(process.env.BENCH_PUSH_SLOW_SHARE ?? 0.05);
const TIMEOUT_MS = 120_000;
const FAIR_SLOW = Number(process.env.BENCH_PUSH_FAIR_SLOW ?? 60);
const FAIR_SLOW_MS = Number(process.env.BENCH_PUSH_FAIR_SLOW_MS ?? 9000);
const FAIR_PROBES = Number(process.env.BENCH_PUSH_FAIR_PROBES ?? 5);
const OWNER_A = { Authorization: "Bearer bench-owner-a" };
const OWNER_B = { "X-API-Key": "bench-owner-b" };
const log = (...args) => console.error("[bench push]", ...args);

/** The injected behaviour of a notification, fixed by a hash of its id. */
function planOf(notificationId) {
  const bucket = createHash("sha256").update(notificationId).digest()[0] / 256;
  if (bucket < 0.05) return { failures: Infinity, status: 410 };
  if (bucket < 0.15) return { failures: 2, status: 503 };
  if (bucket < 0.35) return { failures: 1, status: 503 };
  if (bucket < 0.35 + SLOW_SHARE) return { failures: 0, status: 200, slow: true };
  return { failures: 0, status: 200 };
}

function startReceiver() {
  const seen = new Map();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["x-a2a-notification-id"] ?? "");
      const entry = seen.get(id) ?? { attempts: 0, deliveredAt: undefined, firstAt: Date.now() };
      entry.attempts += 1;
      const plan = planOf(id);
      const status = entry.attempts <= plan.failures ? plan.status : 200;
      entry.slow = plan.slow === true;
      seen.set(id, entry);
      const answer = () => {
        if (status === 200 && entry.deliveredAt === undefined) entry.deliveredAt = Date.now();
        res.writeHead(status).end();
      };
      if (plan.slow) setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, seen, url: `http://127.0.0.1:${server.address().port}` })));
}

async function main() {
  const started = performance.now();
  buildBundle();
  const receiver = await startReceiver();
  const persistRoot = makePersistRoot();
  const ours = await startOurs(persistRoot, {
    IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
    IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
    IACCODE_A2A_PUSH_KEYRING: `bench:${Buffer.alloc(32, 7).toString("base64")}`,
  });
  let peakKiB = 0;
  const sampler = setInterval(() => (peakKiB = Math.max(peakKiB, memoryOf(ours.pid)?.hwmKiB ?? 0)), 500);
  try {
    log(`${TASKS} tasks, ${CONCURRENCY} at a time, receiver ${receiver.url}`);
    const turns = [];
    let next = 0;
    const sendStart = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TASKS) {
          const i = next++;
          const result = await rpc(ours.url, "SendMessage", {
            message: { messageId: `push-${i}`, contextId: `push-ctx-${i}`, role: "ROLE_USER", parts: [{ text: `notify ${i}` }] },
            configuration: { taskPushNotificationConfig: { url: `${receiver.url}/hook/${i}`, authentication: { scheme: "Bearer", credentials: "bench" } } },
          });
          turns.push({ taskId: result.task.id, endedAt: Date.now() });
        }
      }),
    );
    const sendSeconds = (Date.now() - sendStart) / 1000;
    log(`turns done in ${num(sendSeconds, 1)} s; waiting for deliveries`);

    const byTask = (id) => [...receiver.seen.entries()].find(([nid]) => nid.startsWith(`${id}:`))?.[1];
    const deadline = Date.now() + TIMEOUT_MS;
    let dead = 0;
    for (;;) {
      const pending = turns.filter((t) => {
        const entry = byTask(t.taskId);
        return !entry || (entry.deliveredAt === undefined && !t.dead);
      });
      if (pending.length === 0 || Date.now() > deadline) break;
      for (const t of pending) {
        const entry = byTask(t.taskId);
        if (!entry || entry.deliveredAt !== undefined) continue;
        const log = JSON.parse((await request(`${ours.url}/iac-code/tasks/${t.taskId}/push-deliveries`)).body);
        if (log.deliveries?.some((d) => d.state === "dead")) {
          t.dead = true;
          dead++;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }

    const delivered = turns.map((t) => ({ t, e: byTask(t.taskId) })).filter(({ e }) => e?.deliveredAt !== undefined);
    const firstTry = delivered.filter(({ e }) => e.attempts === 1 && !e.slow).map(({ t, e }) => e.deliveredAt - t.endedAt);
    const slowDelivered = delivered.filter(({ e }) => e.slow).length;
    const retried = delivered.filter(({ e }) => e.attempts > 1).map(({ t, e }) => e.deliveredAt - t.endedAt);
    const lastDelivery = Math.max(...delivered.map(({ e }) => e.deliveredAt));
    const attempts = [...receiver.seen.values()].reduce((sum, e) => sum + e.attempts, 0);
    const missing = turns.length - delivered.length - dead;
    const windowS = (lastDelivery - sendStart) / 1000;
    const result = {
      tasks: TASKS,
      delivered: delivered.length,
      deliveredFirstTry: firstTry.length,
      deliveredAfterRetries: retried.length,
      slowReceivers: slowDelivered,
      slowReceiverMs: SLOW_MS,
      deadLetters: dead,
      unresolved: missing,
      webhookRequests: attempts,
      deliveriesPerSecond: delivered.length / windowS,
      firstTryLatencyMs: { p50: quantile(firstTry, 0.5), p99: quantile(firstTry, 0.99) },
      retriedLatencyMs: { p50: quantile(retried, 0.5), p99: quantile(retried, 0.99) },
      turnsPerSecond: TASKS / sendSeconds,
      workerdPeakKiB: peakKiB,
      runtimeS: (performance.now() - started) / 1000,
    };
    const rows = [
      ["tasks (one push config each)", String(result.tasks)],
      ["delivered at the first try", String(result.deliveredFirstTry)],
      ["delivered after 1–2 retries", String(result.deliveredAfterRetries)],
      [`slow receivers (200 after ${num(SLOW_MS / 1000, 1)} s), delivered`, String(result.slowReceivers)],
      ["dead letters (HTTP 410), recorded in the delivery log", String(result.deadLetters)],
      ["unresolved at the end", String(result.unresolved)],
      ["webhook requests in all", String(result.webhookRequests)],
      ["deliveries per second (first turn to last 2xx)", num(result.deliveriesPerSecond, 1)],
      ["turn end → 2xx, first try, fast receivers: p50 / p99 ms", `${num(result.firstTryLatencyMs.p50, 0)} / ${num(result.firstTryLatencyMs.p99, 0)}`],
      ["turn end → 2xx, after retries: p50 / p99 ms", `${num(result.retriedLatencyMs.p50, 0)} / ${num(result.retriedLatencyMs.p99, 0)}`],
      ["workerd peak RSS", mib(result.workerdPeakKiB)],
    ];
    const markdown = `Push delivery under injected failures (20% fail once, 10% twice, 5% for good) with slow receivers in the mix (${num(SLOW_SHARE * 100, 0)}% answer after ${num(SLOW_MS / 1000, 1)} s), ${TASKS} tasks:\n\n${table(["measure", "value"], rows, ["l", "r"])}\n`;
    console.log(markdown);
    writeFileSync("bench/results/push.json", `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync("bench/results/push.md", markdown);
    if (result.unresolved > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    closeClient();
    await ours.mf.dispose().catch(() => {});
    receiver.server.close();
    removePersistRoot(persistRoot);
  }
}

/** A receiver for the fairness scenario: /slow/<key> answers after FAIR_SLOW_MS, /fast/<key> at once; it notes when each answered. */
function startFairReceiver() {
  const answeredAt = new Map();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const [, mode, k] = (req.url ?? "").split("/");
      const answer = () => {
        if (!answeredAt.has(k)) answeredAt.set(k, Date.now());
        res.writeHead(200).end();
      };
      if (mode === "slow") setTimeout(answer, FAIR_SLOW_MS);
      else answer();
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, answeredAt, url: `http://127.0.0.1:${server.address().port}` })));
}

/** Owner B's probes, one after another: each one's latency from the end of its turn to its receiver's 2xx. */
async function probeLatencies(ours, receiver, phase) {
  const latencies = [];
  for (let i = 0; i < FAIR_PROBES; i++) {
    const k = `${phase}-${i}`;
    await rpc(
      ours.url,
      "SendMessage",
      {
        message: { messageId: `fair-${k}`, role: "ROLE_USER", parts: [{ text: "probe" }] },
        configuration: { taskPushNotificationConfig: { url: `${receiver.url}/fast/${k}` } },
      },
      OWNER_B,
    );
    const endedAt = Date.now();
    const deadline = endedAt + TIMEOUT_MS;
    while (!receiver.answeredAt.has(k) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    latencies.push((receiver.answeredAt.get(k) ?? Number.NaN) - endedAt);
  }
  return latencies;
}

async function fairness() {
  const receiver = await startFairReceiver();
  const persistRoot = makePersistRoot();
  const ours = await startOurs(persistRoot, {
    IACCODE_A2A_PUSH_NOTIFICATIONS: "true",
    IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true",
    IACCODE_A2A_PUSH_KEYRING: `bench:${Buffer.alloc(32, 7).toString("base64")}`,
    IACCODE_A2A_HTTP_TOKEN: "bench-owner-a",
    IACCODE_A2A_API_KEY: "bench-owner-b",
  });
  try {
    const alone = await probeLatencies(ours, receiver, "alone");
    log(`fairness: ${FAIR_SLOW} slow receivers of owner A (${FAIR_SLOW_MS} ms), then owner B's probes`);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < FAIR_SLOW) {
          const i = next++;
          const params = {
            message: { messageId: `slow-${i}`, role: "ROLE_USER", parts: [{ text: "slow" }] },
            configuration: { taskPushNotificationConfig: { url: `${receiver.url}/slow/a${i}` } },
          };
          await rpc(ours.url, "SendMessage", params, OWNER_A);
        }
      }),
    );
    const behindSlow = await probeLatencies(ours, receiver, "behind");
    const deadline = Date.now() + TIMEOUT_MS;
    const slowDone = () => Array.from({ length: FAIR_SLOW }, (_, i) => receiver.answeredAt.has(`a${i}`)).filter(Boolean).length;
    while (slowDone() < FAIR_SLOW && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const result = {
      slowReceivers: FAIR_SLOW,
      slowReceiverMs: FAIR_SLOW_MS,
      probes: FAIR_PROBES,
      ownerBAloneMs: { p50: quantile(alone, 0.5), max: Math.max(...alone) },
      ownerBBehindSlowMs: { p50: quantile(behindSlow, 0.5), max: Math.max(...behindSlow) },
      slowDelivered: slowDone(),
    };
    const rows = [
      [`owner B alone: turn end → 2xx, p50 / max ms (${FAIR_PROBES} probes)`, `${num(result.ownerBAloneMs.p50, 0)} / ${num(result.ownerBAloneMs.max, 0)}`],
      [
        `owner B right after owner A's ${FAIR_SLOW} slow receivers: p50 / max ms`,
        `${num(result.ownerBBehindSlowMs.p50, 0)} / ${num(result.ownerBBehindSlowMs.max, 0)}`,
      ],
      [`owner A's slow receivers (200 after ${num(FAIR_SLOW_MS / 1000, 1)} s) delivered`, `${result.slowDelivered} / ${FAIR_SLOW}`],
    ];
    const markdown = `Push fairness across owners (issue 30 item 4):\n\n${table(["measure", "value"], rows, ["l", "r"])}\n`;
    console.log(markdown);
    writeFileSync("bench/results/push-fair.json", `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync("bench/results/push-fair.md", markdown);
    if (result.slowDelivered < FAIR_SLOW || behindSlow.some(Number.isNaN)) process.exitCode = 1;
  } finally {
    closeClient();
    await ours.mf.dispose().catch(() => {});
    receiver.server.close();
    removePersistRoot(persistRoot);
  }
}

async function both() {
  await main();
  await fairness();
}

async function fairnessOnly() {
  buildBundle();
  await fairness();
}

(process.env.BENCH_PUSH_ONLY === "fair" ? fairnessOnly() : both()).catch((error) => {
  console.error(error);
  process.exit(1);
});
