/**
 * What one request costs inside the Durable Objects, counted (not timed: speed is measured by
 * `npm run bench`): SQL statements run by the ContextAgent and by the TaskIndex shard for a
 * blocking SendMessage that completes at once, a follow-up, a GetTask and a ListTasks of one
 * context. The bounds are regression guards for the hot paths (bench/README.md reports the counts).
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

    console.log(
      `SQL statements per request (ContextAgent / TaskIndex shard): SendMessage ${send1.agent}/${send1.index}, follow-up ${send2.agent}/${send2.index}, GetTask ${get.agent}/${get.index} (of the task a turn just ended: ${getKept.agent}/${getKept.index}), ListTasks ${list.agent}/${list.index}`,
    );
    expect(get).toEqual({ agent: 3, index: 0 });
    expect(getKept).toEqual({ agent: 0, index: 0 });
    expect(list).toEqual({ agent: 0, index: 2 });
    expect(send1.agent).toBeLessThanOrEqual(13);
    expect(send1.index).toBeLessThanOrEqual(1);
    expect(send2.agent).toBeLessThanOrEqual(20);
    expect(send2.index).toBeLessThanOrEqual(1);
  });
});
