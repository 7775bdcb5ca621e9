/**
 * What one request costs inside the Durable Objects, counted (not timed: speed is measured by
 * `npm run bench`): SQL statements run by the ContextAgent and by the TaskIndex shard, and RPC
 * calls into each, for a blocking SendMessage that completes at once, a follow-up (on a task the
 * object did not read last, and on the task its previous turn ended), a GetTask and a ListTasks of one
 * context. The bounds are regression guards for the hot paths; `npm run bench:micro` reports the
 * same counts (bench/micro/request-costs.micro.ts) and bench/README.md cites them.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { ok, send, userMessage } from "./helpers/rpc";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { configOf } from "../../src/config/config";
import { shardOf } from "../../src/durable/task-index/index-layout";
import { CONTEXT_AGENT_RPCS, TASK_INDEX_RPCS, countCalls, countStatements, reset } from "./helpers/object-costs";

describe("per-request cost in the Durable Objects (counted)", () => {
  it("SendMessage, a follow-up, GetTask and ListTasks of a warm context", async () => {
    const contextId = `costs-${crypto.randomUUID().slice(0, 8)}`;
    const warm = (await send(userMessage("warm", { contextId }))).task;
    const { shards } = configOf(env).indexLayout;
    const agentStub = contextAgentFor(env, "anonymous", contextId);
    const indexStub = taskIndexFor(env, "anonymous", shardOf(contextId, shards), shards);
    const agentSql = await countStatements(agentStub);
    const indexSql = await countStatements(indexStub);
    const agentRpc = await countCalls(agentStub, CONTEXT_AGENT_RPCS);
    const indexRpc = await countCalls(indexStub, TASK_INDEX_RPCS);
    const counters = [agentSql, indexSql, agentRpc, indexRpc];
    const hops = () => ({ agent: agentRpc.count, index: indexRpc.count });

    reset(...counters);
    const created = (await send({ ...userMessage("go", { contextId }), messageId: `tck-complete-task-${crypto.randomUUID().slice(0, 6)}` })).task;
    expect(created?.status.state).toBe("TASK_STATE_COMPLETED");
    const send1 = { agent: agentSql.count, index: indexSql.count };
    const send1Hops = hops();

    reset(...counters);
    const followUp = (await send(userMessage("and more", { taskId: warm?.id }))).task;
    expect(followUp?.id).toBe(warm?.id);
    const send2 = { agent: agentSql.count, index: indexSql.count };

    // The rows the follow-up's end read for its index row and its answer are still current: a
    // GetTask of that task now reads nothing, and answers what the follow-up answered.
    reset(...counters);
    const again = await ok("GetTask", { id: warm?.id });
    expect(again).toEqual(followUp);
    const getKept = { agent: agentSql.count, index: indexSql.count };

    reset(...counters);
    await ok("GetTask", { id: created?.id });
    const get = { agent: agentSql.count, index: indexSql.count };
    const getHops = hops();

    reset(...counters);
    await ok("ListTasks", { contextId });
    const list = { agent: agentSql.count, index: indexSql.count };
    const listHops = hops();

    // A follow-up on the task the previous turn ended (the usual input-required exchange): the
    // object kept that task's rows and they followed its writes, so the turn reads none of them.
    await send(userMessage("one more", { taskId: warm?.id }));
    reset(...counters);
    const kept = await send(userMessage("and the last", { taskId: warm?.id }));
    expect(kept.task?.id).toBe(warm?.id);
    const send3 = { agent: agentSql.count, index: indexSql.count };

    console.log(
      `SQL statements per request (ContextAgent / TaskIndex shard): SendMessage ${send1.agent}/${send1.index}, follow-up ${send2.agent}/${send2.index} (on the task the previous turn ended: ${send3.agent}/${send3.index}), GetTask ${get.agent}/${get.index} (of the task a turn just ended: ${getKept.agent}/${getKept.index}), ListTasks ${list.agent}/${list.index}`,
    );
    // RPC calls into each class: the Worker's one hop, and for a turn the object's one to the index.
    expect(send1Hops).toEqual({ agent: 1, index: 1 });
    expect(getHops).toEqual({ agent: 1, index: 0 });
    expect(listHops).toEqual({ agent: 0, index: 1 });
    // Issue 22 item 1: the task row, its newest messages and artifacts in one statement (was 3).
    expect(get).toEqual({ agent: 1, index: 0 });
    expect(getKept).toEqual({ agent: 0, index: 0 });
    expect(list).toEqual({ agent: 0, index: 2 });
    // Issue 22 item 1: a commit's events are one INSERT (the opening Task and WORKING were two): was 11.
    expect(send1.agent).toBeLessThanOrEqual(10);
    expect(send1.index).toBeLessThanOrEqual(1);
    // A turn that produced assistant text (this agent's ordinary answer) ends with its `response`
    // artifact (issue 20 item 4): one INSERT of the artifact, one of its event (was 20 and 15).
    // Every SendMessage first looks its messageId and Idempotency-Key up (issue 20 item 7): one
    // index probe of `messages` (was 10, 22 and 17). Each artifact change raises the task's
    // generation (issue 20 item 6): one UPDATE for the response artifact (was 23 and 18).
    // Issue 22 item 1: the turn's status, generation and turn count are one UPDATE (was two); the
    // state check keeps the task's row, so the snapshot reads only the artifacts and the end only
    // the history (was the row, the messages and the artifacts twice); the response artifact's
    // generation is raised by the final status UPDATE (was an UPDATE of its own); a commit's events
    // are one INSERT (the opening Task and WORKING; the response artifact and the status): was 24.
    expect(send2.agent).toBeLessThanOrEqual(16);
    expect(send2.index).toBeLessThanOrEqual(1);
    // Its writes, and from a task's third turn on the event-log compaction (a DELETE; a read of the
    // pending pushes where push configs exist): no task, message or artifact row is read.
    // Issue 22 item 1: the status and turn UPDATEs are one, the response artifact's generation
    // rides on the final status UPDATE, and a context without push configs has no push tables, so
    // the compaction reads no pending deliveries; a commit's events are one INSERT: was 19.
    expect(send3.agent).toBeLessThanOrEqual(14);
    expect(send3.index).toBeLessThanOrEqual(1);
  });
});
