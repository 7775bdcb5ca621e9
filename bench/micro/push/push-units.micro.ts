/**
 * `npm run bench:micro`, issue 29 items 1 and 2, push: the units Cloudflare bills for creating a
 * push config and for delivering a turn's notifications, counted by the runtime
 * (test/worker/helpers/push-units.ts, the same runner whose figures
 * test/worker/push-delivery/push-costs.test.ts pins), and what they cost at the published prices
 * (../prices.ts). It runs in the micro bench's second project, `micro-push` (vitest.micro.config.ts):
 * push on, the real queue and consumer, and the push tests' local receiver; the first project has
 * push off, as the load bench does.
 *
 * Not priced: a delivery's Queues message and the consumer's invocation (Cloudflare prices Queues
 * apart), and the hand-off's wall time in the object (its attempt against a local receiver).
 */
import { describe, inject, it } from "vitest";
import { measurePushUnits, type PushUnits } from "../../../test/worker/helpers/push-units";
import { PRICE_LIST_DATE, WORKER_CPU_MS, dollarsOf, type BilledUnits } from "../prices";

const receiver = inject("receiverUrl");

function billed(row: PushUnits): BilledUnits {
  const objects = (row.agentCalls > 0 ? 1 : 0) + (row.indexCalls > 0 ? 1 : 0) + (row.quotaCalls > 0 ? 1 : 0);
  return {
    objectRequests: row.agentCalls + row.indexCalls + row.quotaCalls,
    rowsRead: row.agent.rowsRead + row.index.rowsRead + row.quota.rowsRead,
    rowsWritten: row.agent.rowsWritten + row.index.rowsWritten + row.quota.rowsWritten,
    alarmsSet: row.agent.alarmsSet + row.index.alarmsSet + row.quota.alarmsSet,
    objectWallMs: row.wallMs * objects,
    // One client request each (the consumer's invocation is Queues', not priced here).
    workerRequests: 1,
    workerCpuMs: WORKER_CPU_MS.find(([kind]) => kind.test(row.kind))?.[1] ?? 0,
  };
}

const usd = (n: number) => `$${n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toPrecision(2)}`;

describe("micro: what push costs on Cloudflare's price list", () => {
  it("billed units of a push config's creation and of a delivery, and dollars", async () => {
    const rows = await measurePushUnits(receiver, "micro-push");
    const lines = [
      `**Push: billed units, counted per request by the runtime; dollars at Cloudflare's prices of ${PRICE_LIST_DATE}**`,
      "",
      "| request | statements (agent / shards / quota) | DO requests (agent + shards + quota) | rows read | rows written (agent + shards + quota) | alarms set | wall ms | $ per million (DO + rows + duration + Worker) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    ];
    for (const row of rows) {
      const u = billed(row);
      const statements = `${row.agent.statements} / ${row.index.statements} / ${row.quota.statements}`;
      const requests = `${u.objectRequests} (${row.agentCalls} + ${row.indexCalls} + ${row.quotaCalls})`;
      const written = `${u.rowsWritten} (${row.agent.rowsWritten} + ${row.index.rowsWritten} + ${row.quota.rowsWritten})`;
      lines.push(
        `| ${row.kind} | ${statements} | ${requests} | ${u.rowsRead} | ${written} | ${u.alarmsSet} | ${row.wallMs} | ${usd(dollarsOf(u).total * 1e6)} |`,
      );
    }
    console.log(`\n${lines.join("\n")}\n`);
  });
});
