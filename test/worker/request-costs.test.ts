/**
 * What one request costs inside the Durable Objects, counted (not timed: speed is measured by
 * `npm run bench`): SQL statements run by the ContextAgent and by the TaskIndex shard for a
 * blocking SendMessage that completes at once, a follow-up (on a task the object last read, and
 * on the task its previous turn ended), a GetTask and a ListTasks of one context. The bounds are regression guards for the hot paths (bench/README.md reports the counts).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { ok, send, userMessage } from "./helpers/rpc";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { configOf } from "../../src/config/config";
import { shardOf } from "../../src/durable/index-layout";

type Counter = { statements: number };

/** Counts the statements an object's SQLite runs from now on. */
async function countStatements(stub: DurableObjectStub): Promise<Counter> {
  const counter: Counter = { statements: 0 };
  await runInDurableObject(stub, (_instance: unknown, state) => {
    const sql = state.storage.sql as SqlStorage & { exec: SqlStorage["exec"] };
    const exec = sql.exec.bind(sql);
    sql.exec = ((query: string, ...bindings: unknown[]) => {
      counter.statements++;
      return exec(query, ...(bindings as SqlStorageValue[]));
    }) as SqlStorage["exec"];
  });
  return counter;
}

function reset(...counters: Counter[]): void {
  for (const c of counters) c.statements = 0;
}

describe("per-request cost in the Durable Objects (counted)", () => {
  it("SendMessage, a follow-up, GetTask and ListTasks of a warm context", async () => {
    const contextId = `costs-${crypto.randomUUID().slice(0, 8)}`;
    const warm = (await send(userMessage("warm", { contextId }))).task;
    const { shards } = configOf(env).indexLayout;
    const agent = await countStatements(contextAgentFor(env, "anonymous", contextId));
    const index = await countStatements(taskIndexFor(env, "anonymous", shardOf(contextId, shards), shards));

    reset(agent, index);
    const created = (await send({ ...userMessage("go", { contextId }), messageId: `tck-complete-task-${crypto.randomUUID().slice(0, 6)}` })).task;
    expect(created?.status.state).toBe("TASK_STATE_COMPLETED");
    const send1 = { agent: agent.statements, index: index.statements };

    reset(agent, index);
    const followUp = (await send(userMessage("and more", { taskId: warm?.id }))).task;
    expect(followUp?.id).toBe(warm?.id);
    const send2 = { agent: agent.statements, index: index.statements };

    // The rows the follow-up's end read for its index row and its answer are still current: a
    // GetTask of that task now reads nothing, and answers what the follow-up answered.
    reset(agent, index);
    const again = await ok("GetTask", { id: warm?.id });
    expect(again).toEqual(followUp);
    const getKept = { agent: agent.statements, index: index.statements };

    reset(agent, index);
    await ok("GetTask", { id: created?.id });
    const get = { agent: agent.statements, index: index.statements };

    reset(agent, index);
    await ok("ListTasks", { contextId });
    const list = { agent: agent.statements, index: index.statements };

    // A follow-up on the task the previous turn ended (the usual input-required exchange): the
    // object kept that task's rows and they followed its writes, so the turn reads none of them.
    await send(userMessage("one more", { taskId: warm?.id }));
    reset(agent, index);
    const kept = await send(userMessage("and the last", { taskId: warm?.id }));
    expect(kept.task?.id).toBe(warm?.id);
    const send3 = { agent: agent.statements, index: index.statements };

    console.log(
      `SQL statements per request (ContextAgent / TaskIndex shard): SendMessage ${send1.agent}/${send1.index}, follow-up ${send2.agent}/${send2.index} (on the task the previous turn ended: ${send3.agent}/${send3.index}), GetTask ${get.agent}/${get.index} (of the task a turn just ended: ${getKept.agent}/${getKept.index}), ListTasks ${list.agent}/${list.index}`,
    );
    expect(get).toEqual({ agent: 3, index: 0 });
    expect(getKept).toEqual({ agent: 0, index: 0 });
    expect(list).toEqual({ agent: 0, index: 2 });
    expect(send1.agent).toBeLessThanOrEqual(10);
    expect(send1.index).toBeLessThanOrEqual(1);
    expect(send2.agent).toBeLessThanOrEqual(20);
    expect(send2.index).toBeLessThanOrEqual(1);
    // Its writes, and from a task's third turn on the event-log compaction (a read of the pending
    // pushes, a DELETE): no task, message or artifact row is read.
    expect(send3.agent).toBeLessThanOrEqual(15);
    expect(send3.index).toBeLessThanOrEqual(1);
  });
});
