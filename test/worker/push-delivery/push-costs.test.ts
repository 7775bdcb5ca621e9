/**
 * Issue 29 item 1, push: the units Cloudflare bills for creating a push config and for delivering
 * a turn's notifications, read from the runtime as helpers/billed-units.ts reads them (cursor
 * `rowsRead` / `rowsWritten`, alarms set, RPC calls into the ContextAgent; the objects run
 * unchanged), with push on, the real queue and consumer, and a real receiver. Pinned like
 * request-costs.test.ts: a change that adds a row written or a request fails here.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { ok, send, sleep, userMessage } from "../helpers/rpc";
import { contextAgentFor } from "../../../src/durable/stubs";
import { countCalls, meterObject, reset } from "../helpers/object-costs";
import { CONTEXT_AGENT_METHODS } from "../helpers/object-hops";

const receiver = inject("receiverUrl");

async function until(probe: () => Promise<boolean>, ms = 40_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe()) && Date.now() < deadline) await sleep(100);
}

describe("issue 29 item 1: billed units of push (counted, pinned)", () => {
  it("a push config's creation, and a turn's notifications to their delivery", async () => {
    const contextId = `push-costs-${crypto.randomUUID().slice(0, 8)}`;
    const task = (await send(userMessage("start", { contextId }))).task;
    const taskId = task?.id ?? "";
    const stub = contextAgentFor(env, "anonymous", contextId);
    const agent = await meterObject(stub);
    const calls = await countCalls(stub, CONTEXT_AGENT_METHODS);
    const measure = async (run: () => Promise<unknown>) => {
      reset(agent, calls);
      await run();
      const u = agent.units();
      return { statements: u.statements, rowsWritten: u.rowsWritten, alarmsSet: u.alarmsSet, requests: calls.count, rowsRead: u.rowsRead };
    };
    const k = `k${crypto.randomUUID().slice(0, 8)}`;
    const create = (id: string) => () => ok("CreateTaskPushNotificationConfig", { taskId, id, url: `${receiver}/hook/ok/${k}` });

    // The context's first config creates its push tables (issue 22 item 1): their pages, no rows.
    const first = await measure(create("first"));
    const second = await measure(create("second"));
    await ok("DeleteTaskPushNotificationConfig", { taskId, id: "second" });
    // A follow-up whose end notifies the one config left: the turn, then the queue consumer's
    // hand-off of the job to the object (`dispatchPush`), which makes the attempt and records it.
    const delivered = await measure(async () => {
      await send(userMessage("more", { taskId }));
      await until(async () => ((await (await fetch(`${receiver}/log/${k}`)).json()) as unknown[]).length >= 1);
      // The object records the result after the receiver answered.
      await until(async () => calls.count >= 2);
      await sleep(200);
    });
    // [statements, rows written, alarms set, RPC calls into the ContextAgent]; rows read within one row.
    const exact = (m: typeof first) => [m.statements, m.rowsWritten, m.alarmsSet, m.requests];
    // The first config: the push tables' schema (their sqlite_schema rows) and the config's row.
    expect(exact(first)).toEqual([16, 15, 0, 1]);
    // A config in a context that has the tables: its row and its key, and (issue 30 item 5) the
    // reads that tell a new config, which the owner's quota counts, from a replaced one.
    expect(exact(second)).toEqual([6, 2, 0, 1]);
    // The turn (17 rows as request-costs.test.ts counts a follow-up on the task its turn ended; 22
    // before issue 29 item 3: WITHOUT ROWID tables, no `lastActive` at the end),
    // the delivery's record written with the turn's end, and its result; two requests: the turn,
    // and the consumer's hand-off (`dispatchPush`; the attempt runs in the object, issue 30 item 4).
    expect(exact(delivered)).toEqual([20, 20, 0, 2]);
    const read = [first.rowsRead, second.rowsRead, delivered.rowsRead];
    // 148 rows read for the first config before issue 29 item 3: its CREATEs read `sqlite_schema`,
    // which lists three key indexes fewer now.
    [133, 2, 17].forEach((pinned, i) => expect(Math.abs((read[i] ?? 0) - pinned), `rows read ${read.join(", ")}`).toBeLessThanOrEqual(1));
  });
});
