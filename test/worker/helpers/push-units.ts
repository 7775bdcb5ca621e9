/**
 * Issue 29 item 1, push: the units Cloudflare bills for creating a push config and for delivering a
 * turn's notifications, read from the runtime as billed-units.ts reads a request's (each cursor's
 * `rowsRead` / `rowsWritten`, the alarms set, the RPC calls into each class of object; the objects
 * run unchanged, object-costs.ts only counts). Needs push on, the real queue and consumer and a real
 * receiver (`receiverUrl`, push-delivery/receiver.global.ts). One runner for both readers:
 * `push-delivery/push-costs.test.ts` pins the figures, and `npm run bench:micro`
 * (bench/micro/push/push-units.micro.ts, its push-on project) prints them and prices them.
 */
import { env } from "cloudflare:workers";
import { ok, send, sleep, userMessage } from "./rpc";
import { Meter, TASK_INDEX_RPCS, countCalls, meterObject, reset, type Units } from "./object-costs";
import { CONTEXT_AGENT_METHODS } from "./object-hops";
import { contextAgentFor, ownerQuotaFor, taskIndexFor } from "../../../src/durable/stubs";
import { configOf } from "../../../src/config/config";

/** The RPC methods of the owner's quota object (a new push config is charged there, issue 30 item 5). */
const OWNER_QUOTA_RPCS = ["charge", "release", "usage"] as const;

/** The billed units of one push step: storage units per class, and the requests into each class. */
export interface PushUnits {
  kind: string;
  agent: Units;
  index: Units;
  quota: Units;
  /** RPC calls into the ContextAgent: the request's own, and the queue consumer's hand-off of a delivery. */
  agentCalls: number;
  indexCalls: number;
  quotaCalls: number;
  /**
   * Wall time of the client's request as it saw it (workerd's clock is coarse; never pinned). For a
   * delivery, the turn's: the hand-off's own attempt against a local receiver is not in it.
   */
  wallMs: number;
}

/** The rows, in order: the context's first config, another, and a follow-up's notification to its delivery. */
export const PUSH_KINDS = [
  "CreateTaskPushNotificationConfig, the context's first (its push tables created)",
  "CreateTaskPushNotificationConfig, another",
  "a follow-up with one push config, to its delivery recorded",
] as const;

async function until(probe: () => Promise<boolean>, ms = 40_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe()) && Date.now() < deadline) await sleep(100);
}

/**
 * Runs the three push steps once in a fresh context of `tag` against the receiver at `receiver` and
 * returns their units. Counting wraps the classes' prototypes, which may be done once per isolate:
 * call this once per test file.
 */
export async function measurePushUnits(receiver: string, tag: string): Promise<PushUnits[]> {
  const contextId = `${tag}-${crypto.randomUUID().slice(0, 8)}`;
  // The context's first turn (the object's schema, the context's settings, its quota) is not what push costs.
  const task = (await send(userMessage("start", { contextId }))).task;
  const taskId = task?.id ?? "";
  const { shards } = configOf(env).indexLayout;
  const stub = contextAgentFor(env, "anonymous", contextId);
  const agent = await meterObject(stub);
  const index = new Meter();
  for (let shard = 0; shard < shards; shard++) await meterObject(taskIndexFor(env, "anonymous", shard, shards), index);
  const quotaStub = ownerQuotaFor(env, "anonymous");
  const quota = await meterObject(quotaStub);
  const agentCalls = await countCalls(stub, CONTEXT_AGENT_METHODS);
  const indexCalls = await countCalls(taskIndexFor(env, "anonymous", 0, shards), TASK_INDEX_RPCS);
  const quotaCalls = await countCalls(quotaStub, OWNER_QUOTA_RPCS);
  const rows: PushUnits[] = [];
  /** `settle` runs after the wall time is taken and before the units are read. */
  const measure = async (kind: string, run: () => Promise<unknown>, settle?: () => Promise<unknown>) => {
    reset(agent, index, quota, agentCalls, indexCalls, quotaCalls);
    const started = Date.now();
    await run();
    const wallMs = Date.now() - started;
    await settle?.();
    rows.push({
      kind,
      agent: agent.units(),
      index: index.units(),
      quota: quota.units(),
      agentCalls: agentCalls.count,
      indexCalls: indexCalls.count,
      quotaCalls: quotaCalls.count,
      wallMs,
    });
  };
  const k = `k${crypto.randomUUID().slice(0, 8)}`;
  const create = (id: string) => () => ok("CreateTaskPushNotificationConfig", { taskId, id, url: `${receiver}/hook/ok/${k}` });

  // The context's first config creates its push tables (issue 22 item 1): their pages, no rows.
  await measure(PUSH_KINDS[0], create("first"));
  await measure(PUSH_KINDS[1], create("second"));
  await ok("DeleteTaskPushNotificationConfig", { taskId, id: "second" });
  // A follow-up whose end notifies the one config left: the turn, then the queue consumer's
  // hand-off of the job to the object (`dispatchPush`), which makes the attempt and records it.
  await measure(
    PUSH_KINDS[2],
    () => send(userMessage("more", { taskId })),
    async () => {
      await until(async () => ((await (await fetch(`${receiver}/log/${k}`)).json()) as unknown[]).length >= 1);
      // The object records the result after the receiver answered.
      await until(async () => agentCalls.count >= 2);
      await sleep(200);
    },
  );
  return rows;
}
