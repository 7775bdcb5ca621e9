/**
 * `npm run bench:micro`, issue 29 items 1 and 2: the units Cloudflare bills for each kind of
 * request, counted by the runtime (test/worker/helpers/billed-units.ts, the same runner whose
 * figures test/worker/request-costs.test.ts pins), and what they cost at the published prices
 * (prices.ts): per request, per million turns of a typical conversation, and per month at 1 M and
 * 100 M tasks. Counts, not times, except the wall time each request kept its objects active (the
 * duration line), which is coarse here and small beside the rest.
 */
import { describe, it } from "vitest";
import { measureRequestUnits, objectRequests, type RequestUnits } from "../../test/worker/helpers/billed-units";
import { PRICE_LIST_DATE, WORKER_CPU_MS, dollarsOf, monthAtScale, storageDollarsPerTask, sumUnits, type BilledUnits } from "./prices";

/**
 * Bytes a task stores, all objects (`node bench/bytes.mjs`, SQLite pages in use, 1,000 tasks over 20
 * contexts, 2026-12-07 21:52 UTC; bench/README.md): 6.52 KiB, the ContextAgent's `tasks`, `events`
 * and `artifacts` WITHOUT ROWID and the shard's `tasks` a rowid table (9.62 KiB while the shard's
 * was WITHOUT ROWID too: its ~1.4 KiB rows spilled to an overflow page each; docs/performance.md).
 */
const BYTES_PER_TASK = 6.52 * 1024;
/** Of which the owner's TaskIndex shard holds (5.20 KiB while its `tasks` was WITHOUT ROWID). */
const INDEX_BYTES_PER_TASK = 2.06 * 1024;
/** Tasks are kept IACCODE_A2A_TASK_RETENTION_DAYS (30): a month's tasks are stored about a month. */
const MONTHS_KEPT = 1;

function billed(row: RequestUnits): BilledUnits {
  const objects = (row.agentCalls + row.alarmRuns > 0 ? 1 : 0) + (row.indexCalls > 0 ? 1 : 0);
  const client = row.alarmRuns === 0;
  return {
    objectRequests: objectRequests(row),
    rowsRead: row.agent.rowsRead + row.index.rowsRead,
    rowsWritten: row.agent.rowsWritten + row.index.rowsWritten,
    alarmsSet: row.agent.alarmsSet,
    objectWallMs: row.wallMs * objects,
    workerRequests: client ? 1 : 0,
    workerCpuMs: client ? (WORKER_CPU_MS.find(([kind]) => kind.test(row.kind))?.[1] ?? 0) : 0,
  };
}

const usd = (n: number) => `$${n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toPrecision(2)}`;

describe("micro: what a request costs on Cloudflare's price list", () => {
  it("billed units per request, and dollars", async () => {
    const rows = await measureRequestUnits("micro-units");
    const lines = [
      `**Billed units per request, counted per request by the runtime; dollars at Cloudflare's prices of ${PRICE_LIST_DATE}**`,
      "",
      "| request | statements (agent / shards) | DO requests (agent + shards + alarm runs) | rows read | rows written (agent + shards) | alarms set | wall ms | $ per million requests (DO + rows + duration + Worker) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    ];
    const units = new Map<string, BilledUnits>();
    for (const row of rows) {
      const u = billed(row);
      units.set(row.kind, u);
      const rw = `${u.rowsWritten} (${row.agent.rowsWritten} + ${row.index.rowsWritten})`;
      lines.push(
        `| ${row.kind} | ${row.agent.statements} / ${row.index.statements} | ${u.objectRequests} (${row.agentCalls} + ${row.indexCalls} + ${row.alarmRuns}) | ${u.rowsRead} | ${rw} | ${u.alarmsSet} | ${row.wallMs} | ${usd(dollarsOf(u).total * 1e6)} |`,
      );
    }
    const pick = (prefix: string): BilledUnits => {
      const found = [...units].find(([kind]) => kind.startsWith(prefix));
      if (!found) throw new Error(`no row ${prefix}`);
      return found[1];
    };
    const first = pick("SendMessage, blocking, new task");
    const followUp = pick("SendMessage, follow-up on the task its previous turn ended");
    const get = pick("GetTask of a task the object did not read last");
    const list = pick("ListTasks with contextId");
    // A typical conversation: a first turn and two follow-ups, each followed by a GetTask and a ListTasks page.
    const conversation = sumUnits([first, followUp, followUp, get, get, get, list, list, list]);
    const perConversation = dollarsOf(conversation);
    const perTurn = (n: number) => usd((n / 3) * 1e6);
    lines.push(
      "",
      "**A typical conversation (a first turn, two follow-ups, a GetTask and a ListTasks page after each), per million turns**",
      "",
      "| line | units per conversation | $ per million turns |",
      "|---|---:|---:|",
      `| Durable Object requests | ${conversation.objectRequests} | ${perTurn(perConversation.objectRequests)} |`,
      `| rows written (+ alarms set) | ${conversation.rowsWritten} + ${conversation.alarmsSet} | ${perTurn(perConversation.rowsWritten)} |`,
      `| rows read | ${conversation.rowsRead} | ${perTurn(perConversation.rowsRead)} |`,
      `| Durable Object duration (wall ms × objects, 128 MB) | ${conversation.objectWallMs} ms | ${perTurn(perConversation.duration)} |`,
      `| Worker requests | ${conversation.workerRequests} | ${perTurn(perConversation.workerRequests)} |`,
      `| Worker CPU (ms, from the last full bench) | ${conversation.workerCpuMs.toFixed(2)} | ${perTurn(perConversation.workerCpu)} |`,
      `| storage, ${(BYTES_PER_TASK / 1024).toFixed(2)} KiB a task kept ${MONTHS_KEPT} month | — | ${perTurn(storageDollarsPerTask(BYTES_PER_TASK, MONTHS_KEPT))} |`,
      `| **total** | | **${perTurn(perConversation.total + storageDollarsPerTask(BYTES_PER_TASK, MONTHS_KEPT))}** |`,
    );
    const shardRequestsPerTask = conversation.objectRequests - 3 - 3; // the three turns' and three GetTasks' hops go to the context
    lines.push(
      "",
      "**A month of tasks, each one such conversation, one owner, 4 index shards**",
      "",
      "| tasks a month | $ a month | shards one owner needs for 10 GB each (a month kept) | requests per second into each of 4 shards (month average) |",
      "|---:|---:|---:|---:|",
    );
    for (const tasks of [1e6, 1e8]) {
      const month = monthAtScale(
        tasks,
        perConversation.total,
        storageDollarsPerTask(BYTES_PER_TASK, MONTHS_KEPT),
        INDEX_BYTES_PER_TASK,
        shardRequestsPerTask,
        4,
      );
      lines.push(`| ${tasks.toLocaleString("en")} | ${usd(month.dollars)} | ${month.shardsForStorage} | ${month.shardRequestsPerSecond.toFixed(1)} |`);
    }
    console.log(`\n${lines.join("\n")}\n`);
  });
});
