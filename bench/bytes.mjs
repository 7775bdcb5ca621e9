/**
 * `node bench/bytes.mjs`: the bytes a task costs in storage, ours against the SDK's durable
 * `DatabaseTaskStore` on SQLite, on the preload workload of `npm run bench` (blocking SendMessage
 * calls, `tck-complete-task-pre-N`, 50 tasks a context) but on its own: counts, not times, so it is
 * deterministic and can run on a busy machine. For every SQLite database it sums the pages of each
 * table and index (SQLite's `dbstat`, the write-ahead log's newer pages included), per kind of
 * object (ContextAgent, TaskIndex shard), per task and per object. Then the SQL statements the
 * peer runs for the requests test/worker/request-costs.test.ts counts on ours (Kysely's query log).
 *
 * Knobs: BENCH_BYTES_TASKS [2000], BENCH_BYTES_CONTEXTS [40], BENCH_BYTES_BUILD=0 (reuse dist/),
 * BENCH_BYTES_KEEP=1 (leave the databases in place and print where).
 * Writes bench/results/bytes.json and prints a table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildBundle, makePersistRoot, removePersistRoot, startOurs, startPeer } from "./lib/servers.mjs";
import { closeClient, request, rpc } from "./lib/measure.mjs";
import { bytes, table } from "./lib/report.mjs";
import { sqliteBytesByKind } from "./lib/sqlite-tables.mjs";

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const TASKS = num("BENCH_BYTES_TASKS", 2000);
const CONTEXTS = num("BENCH_BYTES_CONTEXTS", 40);
const CONCURRENCY = 8;

/** Blocking sends, the turns of one context in sequence, as the bench's preload. */
async function preload(url) {
  const perContext = Math.ceil(TASKS / CONTEXTS);
  let next = 0;
  let done = 0;
  async function worker() {
    for (;;) {
      const c = next++;
      if (c >= CONTEXTS) return;
      for (let k = 0; k < perContext; k++) {
        const n = c * perContext + k;
        if (n >= TASKS) break;
        const message = { messageId: `tck-complete-task-pre-${n}`, role: "ROLE_USER", parts: [{ text: `preload ${n}` }], contextId: `bench-pre-${c}` };
        const result = await rpc(url, "SendMessage", { message });
        if (result?.task?.status?.state !== "TASK_STATE_COMPLETED") throw new Error(`preload task not completed: ${JSON.stringify(result).slice(0, 200)}`);
        done++;
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done;
}

/**
 * The statements the SDK + SQLite peer runs per request (Kysely's query log), for the requests
 * test/worker/request-costs.test.ts counts on ours: a first SendMessage that completes, a
 * follow-up on the task its previous turn left INPUT_REQUIRED, a GetTask, a ListTasks of a context.
 */
async function peerStatements(url) {
  const count = async () => JSON.parse((await request(`${url}/_bench/statements`)).body).statements;
  const contextId = "bench-counts";
  const user = (messageId, text, extra) => ({ messageId, role: "ROLE_USER", parts: [{ text }], ...extra });
  const warm = (await rpc(url, "SendMessage", { message: user("counts-warm", "warm", { contextId }) })).task;
  const counts = {};
  const measure = async (name, call) => {
    const before = await count();
    await call();
    counts[name] = (await count()) - before;
  };
  await measure("SendMessage, new task", () => rpc(url, "SendMessage", { message: user("tck-complete-task-counts", "go", { contextId }) }));
  await measure("SendMessage, follow-up", () => rpc(url, "SendMessage", { message: user("counts-follow", "more", { contextId, taskId: warm.id }) }));
  await measure("GetTask", () => rpc(url, "GetTask", { id: warm.id }));
  await measure("ListTasks of a context", () => rpc(url, "ListTasks", { contextId }));
  return counts;
}

function report(label, kinds, tasks) {
  const lines = [];
  let total = 0;
  for (const [kind, v] of Object.entries(kinds)) {
    const sum = Object.values(v.tables).reduce((a, b) => a + b, 0) + v.free;
    total += sum;
    lines.push(`${label}, ${kind}: ${v.files} database(s), ${bytes(sum)} = ${bytes(sum / tasks)} a task, ${(sum / 4096 / v.files).toFixed(1)} pages an object`);
    const rows = Object.entries(v.tables)
      .sort((a, b) => b[1] - a[1])
      .map(([name, b]) => [name, bytes(b), bytes(b / tasks), (b / 4096 / v.files).toFixed(2)]);
    if (v.free) rows.push(["(free pages)", bytes(v.free), bytes(v.free / tasks), (v.free / 4096 / v.files).toFixed(2)]);
    lines.push(table(["table or index", "bytes", "per task", "pages an object"], rows, ["l", "r", "r", "r"]));
  }
  lines.push(`${label}: ${bytes(total)} in all, ${bytes(total / tasks)} a task`);
  return { lines, total };
}

async function main() {
  if (process.env.BENCH_BYTES_BUILD !== "0") buildBundle();
  const root = makePersistRoot();
  const out = {};
  let ours;
  let peer;
  try {
    ours = await startOurs(root);
    const card = JSON.parse((await request(`${ours.url}/.well-known/agent-card.json`)).body);
    const tasks = await preload(ours.url);
    await ours.mf.dispose();
    ours = undefined;
    out.ours = { tasks, kinds: sqliteBytesByKind(join(root, "ours")) };

    const sqlitePath = join(root, "peer-sqlite", "tasks.db");
    mkdirSync(dirname(sqlitePath), { recursive: true });
    peer = await startPeer(card, { kind: "sqlite", path: sqlitePath, journal: "wal", countStatements: true }, "peerSqlite");
    const peerTasks = await preload(peer.url);
    out.peerStatements = await peerStatements(peer.url);
    await peer.stop();
    peer = undefined;
    // Measured after the counts' few requests too: their 3 tasks are within the rounding.
    out.peerSqlite = { tasks: peerTasks, kinds: sqliteBytesByKind(dirname(sqlitePath)) };
  } finally {
    await ours?.mf.dispose().catch(() => {});
    await peer?.stop().catch(() => {});
    closeClient();
    if (process.env.BENCH_BYTES_KEEP === "1") console.error(`kept ${root}`);
    else removePersistRoot(root);
  }
  const a = report("ours", out.ours.kinds, out.ours.tasks);
  const b = report("SDK + SQLite", out.peerSqlite.kinds, out.peerSqlite.tasks);
  console.log(
    [
      ...a.lines,
      "",
      ...b.lines,
      "",
      `ours ÷ SDK + SQLite, bytes a task: ${(a.total / out.ours.tasks / (b.total / out.peerSqlite.tasks)).toFixed(2)}×`,
      `SDK + SQLite, SQL statements per request: ${JSON.stringify(out.peerStatements)}`,
    ].join("\n"),
  );
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/bytes.json", `${JSON.stringify({ tasks: TASKS, contexts: CONTEXTS, ...out }, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
