/**
 * Issue 29 item 1: the units Cloudflare bills for each kind of request, read from the runtime
 * (each statement's cursor `rowsRead` / `rowsWritten`, the alarms set, the RPC calls and alarm runs
 * each class of object receives), with the objects running unchanged (object-costs.ts only counts).
 * One scenario runner for both readers: `request-costs.test.ts` pins every figure, and
 * `npm run bench:micro` (bench/micro/billed-units.micro.ts) prints them and prices them.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { ok, readFirstEvents, readSse, send, sleep, stream, userMessage, type TaskLike } from "./rpc";
import { Meter, TASK_INDEX_RPCS, countCalls, meterObject, reset, type Units } from "./object-costs";
import { CONTEXT_AGENT_METHODS } from "./object-hops";
import { contextAgentFor, taskIndexFor } from "../../../src/durable/stubs";
import { configOf } from "../../../src/config/config";

/** The billed units of one request: storage units per class, and the requests into each class. */
export interface RequestUnits {
  kind: string;
  agent: Units;
  index: Units;
  /** RPC calls into ContextAgents (each a billed Durable Object request). */
  agentCalls: number;
  /** RPC calls into TaskIndex shards. */
  indexCalls: number;
  /** Alarm runs (each a billed Durable Object request). */
  alarmRuns: number;
  /** Wall time of the request as the caller saw it, ms (workerd's clock moves on I/O only: coarse; never pinned). */
  wallMs: number;
}

interface ListResult {
  tasks: TaskLike[];
}

const completing = (contextId: string, tag: string) => ({
  ...userMessage("go", { contextId }),
  messageId: `tck-complete-task-${tag}-${crypto.randomUUID().slice(0, 8)}`,
});

/** The events a streamed turn of the conformance agent's `tck-stream-001` sends (Task, WORKING, artifact, COMPLETED). */
export const STREAM_EVENTS = 4;

/**
 * Runs every request kind once in a fresh context of `tag` and returns its units. Counting wraps the
 * classes' prototypes, which may be done once per isolate: call this once per test file.
 */
export async function measureRequestUnits(tag: string): Promise<RequestUnits[]> {
  const contextId = `${tag}-${crypto.randomUUID().slice(0, 8)}`;
  // The context's first turn (the object's schema, the context's settings) is not what a turn costs.
  const first = (await send(userMessage("start", { contextId }))).task as TaskLike;
  const { shards } = configOf(env).indexLayout;
  const agentStub = contextAgentFor(env, "anonymous", contextId);
  const agent = await meterObject(agentStub);
  // Every shard of the owner: a ListTasks without contextId reads them all.
  const index = new Meter();
  for (let shard = 0; shard < shards; shard++) await meterObject(taskIndexFor(env, "anonymous", shard, shards), index);
  const agentCalls = await countCalls(agentStub, CONTEXT_AGENT_METHODS);
  const alarmRuns = await countCalls(agentStub, ["alarm"]);
  const indexCalls = await countCalls(taskIndexFor(env, "anonymous", 0, shards), TASK_INDEX_RPCS);
  const all = [agent, index, agentCalls, alarmRuns, indexCalls];
  const rows: RequestUnits[] = [];
  /** `settle` runs after the wall time is taken and before the units are read. */
  const measure = async (kind: string, run: () => Promise<unknown>, settle?: () => Promise<unknown>) => {
    reset(...all);
    const started = Date.now();
    await run();
    const wallMs = Date.now() - started;
    await settle?.();
    rows.push({
      kind,
      agent: agent.units(),
      index: index.units(),
      agentCalls: agentCalls.count,
      indexCalls: indexCalls.count,
      alarmRuns: alarmRuns.count,
      wallMs,
    });
  };

  let created: TaskLike | undefined;
  await measure("SendMessage, blocking, new task", async () => {
    created = (await send(completing(contextId, tag))).task;
    if (created?.status.state !== "TASK_STATE_COMPLETED") throw new Error(`not completed: ${created?.status.state}`);
  });
  await measure("SendMessage, follow-up on a task the object did not read last", async () => {
    if ((await send(userMessage("more", { taskId: first.id }))).task?.id !== first.id) throw new Error("follow-up answered another task");
  });
  await measure("SendMessage, follow-up on the task its previous turn ended", async () => {
    if ((await send(userMessage("and more", { taskId: first.id }))).task?.id !== first.id) throw new Error("follow-up answered another task");
  });
  await measure("GetTask of the task a turn just ended (its rows kept)", async () => {
    if ((await ok<TaskLike>("GetTask", { id: first.id })).id !== first.id) throw new Error("GetTask answered another task");
  });
  await measure(
    `SendStreamingMessage, new task, ${STREAM_EVENTS} events (to the turn's end)`,
    async () => {
      const message = { ...userMessage("go", { contextId }), messageId: `tck-stream-001-${crypto.randomUUID().slice(0, 8)}` };
      const events = await readSse(await stream("SendStreamingMessage", { message }));
      if (events.length !== STREAM_EVENTS) throw new Error(`${events.length} events`);
    },
    // The turn's end (its index write) may follow the stream's last event.
    () => sleep(100),
  );
  await measure("GetTask of a task the object did not read last", async () => {
    if ((await ok<TaskLike>("GetTask", { id: created?.id })).id !== created?.id) throw new Error("GetTask answered another task");
  });
  await measure("ListTasks with contextId, one page", async () => {
    if ((await ok<ListResult>("ListTasks", { contextId })).tasks.length === 0) throw new Error("empty page");
  });
  await measure(`ListTasks without contextId, one page (${shards} shards)`, async () => {
    if ((await ok<ListResult>("ListTasks", {})).tasks.length === 0) throw new Error("empty page");
  });
  await measure("SubscribeToTask (its first frame, then the client leaves)", async () => {
    const opened = await readFirstEvents(await stream("SubscribeToTask", { id: first.id }), 1);
    if (opened.events.length !== 1) throw new Error("no first frame");
    await opened.cancel();
  });
  // An idle context: its alarm after the idle timeout drops the conversation (lifecycle.ts). Its
  // clock is the newer of the `lastActive` setting and the tasks' updates (context-state.ts).
  await runInDurableObject(agentStub, (_instance: unknown, state) => {
    const idleSince = Date.now() - configOf(env).idleTimeoutSeconds * 1000 - 1000;
    state.storage.sql.exec("UPDATE context SET v = ? WHERE k = 'lastActive'", String(idleSince));
    state.storage.sql.exec("UPDATE tasks SET updated_ms = ?", idleSince);
  });
  await measure("an idle context's alarm (the idle timeout)", async () => {
    if (!(await runDurableObjectAlarm(agentStub))) throw new Error("no alarm was set");
  });
  return rows;
}

/** Durable Object requests of a row: RPC calls into both classes and alarm runs. */
export const objectRequests = (row: RequestUnits): number => row.agentCalls + row.indexCalls + row.alarmRuns;

/**
 * A row as the test pins it exactly: the ContextAgent's [statements, rows written, alarms set], the
 * shards' [statements, rows written], the Durable Object requests [into ContextAgents, into
 * shards, alarm runs], and the rows read of both [agent, index]. Rows read are pinned within one
 * row: a lookup of a key that is not there reads the neighbour its search lands on or none,
 * depending on where the random ids fall in the B-tree.
 */
export function pinned(row: RequestUnits): { agent: number[]; index: number[]; requests: number[] } {
  return {
    agent: [row.agent.statements, row.agent.rowsWritten, row.agent.alarmsSet],
    index: [row.index.statements, row.index.rowsWritten],
    requests: [row.agentCalls, row.indexCalls, row.alarmRuns],
  };
}

export const rowsRead = (row: RequestUnits): [number, number] => [row.agent.rowsRead, row.index.rowsRead];
