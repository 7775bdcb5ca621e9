/**
 * `npm run bench:micro`: what each hot request costs inside the Durable Objects, counted and
 * reported with the bench (issue 8 asks the bench to report the per-request counts): the SQL
 * statements the context's ContextAgent and the owner's TaskIndex shards run, and the RPC calls
 * into each class, for a blocking SendMessage, a follow-up on the task its previous turn ended, a
 * stream, a GetTask, and a ListTasks with and without `contextId`. The objects run unchanged
 * (test/worker/helpers/object-costs.ts only counts); test/worker/request-costs.test.ts guards the
 * same counts. Counts, not times: nothing here varies from run to run.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { ok, readSse, send, sleep, stream, userMessage, type TaskLike } from "../../test/worker/helpers/rpc";
import { CONTEXT_AGENT_RPCS, TASK_INDEX_RPCS, countCalls, countStatements, counter, reset, type Counter } from "../../test/worker/helpers/object-costs";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { configOf } from "../../src/config/config";

interface ListResult {
  tasks: TaskLike[];
}

const completing = (contextId: string) => ({ ...userMessage("go", { contextId }), messageId: `tck-complete-task-micro-${crypto.randomUUID().slice(0, 8)}` });

describe("micro: what a request costs in the Durable Objects, counted", () => {
  it("SQL statements and RPC calls per request (ContextAgent / TaskIndex shards)", async () => {
    const contextId = `micro-costs-${crypto.randomUUID().slice(0, 8)}`;
    const first = (await send(userMessage("start", { contextId }))).task as TaskLike;
    const { shards } = configOf(env).indexLayout;
    const agentSql = await countStatements(contextAgentFor(env, "anonymous", contextId));
    // Every shard of the owner: a ListTasks without contextId reads them all.
    const indexSql = counter();
    for (let shard = 0; shard < shards; shard++) await countStatements(taskIndexFor(env, "anonymous", shard, shards), indexSql);
    const agentRpc = await countCalls(contextAgentFor(env, "anonymous", contextId), CONTEXT_AGENT_RPCS);
    const indexRpc = await countCalls(taskIndexFor(env, "anonymous", 0, shards), TASK_INDEX_RPCS);
    const counters: Counter[] = [agentSql, indexSql, agentRpc, indexRpc];
    const rows: string[] = [];
    /** Runs `run` once to warm what a first call of its kind sets up, then `before`, then counts `run`. */
    const measure = async (request: string, run: () => Promise<unknown>, before?: () => Promise<unknown>) => {
      await run();
      await before?.();
      reset(...counters);
      await run();
      rows.push(`| ${request} | ${agentSql.count} / ${indexSql.count} | ${agentRpc.count} / ${indexRpc.count} |`);
    };

    let other: TaskLike | undefined;
    await measure("SendMessage, blocking, new task", async () => {
      other = (await send(completing(contextId))).task;
      expect(other?.status.state).toBe("TASK_STATE_COMPLETED");
    });
    await measure("SendMessage, follow-up on the task its previous turn ended", async () => {
      expect((await send(userMessage("more", { taskId: first.id }))).task?.id).toBe(first.id);
    });
    await measure("SendStreamingMessage, new task (to the stream's end)", async () => {
      const message = { ...userMessage("go", { contextId }), messageId: `tck-stream-001-${crypto.randomUUID().slice(0, 8)}` };
      expect((await readSse(await stream("SendStreamingMessage", { message }))).length).toBeGreaterThan(1);
      // The turn's end (its index write) may follow the stream's last event.
      await sleep(100);
    });
    await measure("GetTask of the task a turn just ended (its rows kept)", async () => {
      expect((await ok<TaskLike>("GetTask", { id: first.id })).id).toBe(first.id);
    });
    await measure(
      "GetTask of another task",
      async () => expect((await ok<TaskLike>("GetTask", { id: other?.id })).id).toBe(other?.id),
      () => ok("GetTask", { id: first.id }),
    );
    await measure("ListTasks with contextId", async () => {
      expect((await ok<ListResult>("ListTasks", { contextId })).tasks.length).toBeGreaterThan(0);
    });
    await measure(`ListTasks without contextId (${shards} shards)`, async () => {
      expect((await ok<ListResult>("ListTasks", {})).tasks.length).toBeGreaterThan(0);
    });

    const table = [
      "**What a request costs, counted per request (SQL statements and RPC calls into each class)**",
      "",
      "| request | statements: ContextAgent / TaskIndex shards | RPC calls: into ContextAgents / into shards |",
      "|---|---:|---:|",
      ...rows,
    ].join("\n");
    console.log(`\n${table}\n`);
  });
});
