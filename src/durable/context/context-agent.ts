/**
 * ContextAgent: one Durable Object per (owner, contextId), and this file is its RPC surface. The
 * turns live in turn-runner.ts and the steps it orders (turn-admission.ts, turn-open.ts,
 * turn-events.ts, turn-end.ts), the reads (GetTask, SubscribeToTask, ownership) in task-reads.ts,
 * the alarm and everything between requests in lifecycle.ts, the tables in task-records.ts,
 * event-log.ts, push-configs.ts and index-outbox.ts, and what they share in context-state.ts and
 * turn-slot.ts. This constructor wires them; none of them holds another through a closure.
 *
 * Every answer is an `Outcome` (outcome.ts): A2A errors travel as plain shapes over RPC.
 */
import { DurableObject } from "cloudflare:workers";
import type { Task, TaskPushNotificationConfig } from "../../a2a/types";
import type { PushConfigInput } from "../../a2a/schemas";
import type { PushJob } from "../../push/push-job";
import type { StreamFraming } from "../../a2a/sse";
import { errors } from "../../a2a/errors";
import { echoId } from "../../a2a/ids";
import { configOf } from "../../config/config";
import { selectAgent } from "../../agent/select-agent";
import { providerResolver } from "../../agent/provider-resolver";
import { outcomeOf, type Outcome } from "../outcome";
import { ContextState } from "./context-state";
import { Lifecycle } from "./lifecycle";
import { TurnRunner } from "./turn-runner";
import { TurnSlot } from "./turn-slot";
import { TurnEnd } from "./turn-end";
import { TaskReads } from "./task-reads";
import type { SendCall, SendResult } from "./send-call";
import { pushPolicyOf, type DeliveryRecord } from "./push-configs";
import type { IndexRow } from "../task-index/task-index";
import { requestDigest, storedId } from "./repeat-requests";
import { PushDispatch, type DispatchAnswer } from "./push-dispatch";
import { QuotaLease } from "./quota-lease";

export { BUSY_TEXT, CANCELED_TEXT, INTERRUPTED_TEXT, INTERNAL_TEXT } from "./turn-texts";
export type { SendCall, SendResult } from "./send-call";

export class ContextAgent extends DurableObject<Env> {
  private readonly state: ContextState;
  private readonly turns: TurnRunner;
  private readonly reads: TaskReads;
  private readonly lifecycle: Lifecycle;
  private readonly dispatch: PushDispatch;
  private readonly quota: QuotaLease;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const config = configOf(env);
    const state = new ContextState(ctx.storage, env, config);
    const agent = selectAgent(config.agent, providerResolver(config.providers));
    const exposure = {
      toolTrace: config.thinkingExposure.includes("tool_trace"),
      rawThinking: config.thinkingExposure.includes("raw_thinking"),
    };
    const contextObjectId = ctx.id.toString();
    const slot = new TurnSlot();
    const quota = new QuotaLease(state, ctx.storage.sql);
    const lifecycle = new Lifecycle(state, ctx.storage, slot, contextObjectId, quota);
    const end = new TurnEnd(state, slot, contextObjectId, lifecycle);
    const reads = new TaskReads(state, slot);
    this.state = state;
    this.lifecycle = lifecycle;
    this.dispatch = new PushDispatch(state, (work) => ctx.waitUntil(work));
    this.reads = reads;
    this.quota = quota;
    this.turns = new TurnRunner({ state, slot, reads, end, alarm: lifecycle, agent, exposure, contextObjectId, quota });
    // Learn the alarm, end the turns a restart cut off, then send the index what it missed.
    void ctx.blockConcurrencyWhile(async () => {
      await lifecycle.start();
      await end.endInterrupted();
      lifecycle.resumeIndex();
    });
  }

  sendMessage(call: SendCall): Promise<Outcome<SendResult>> {
    return outcomeOf(() => this.turns.send(call), "sendMessage");
  }

  /** GetTask: the Task as JSON text, composed from the stored rows (task-reads.ts). */
  getTask(owner: string, taskId: string, historyLength: number | undefined, generation?: { currentGeneration?: number | undefined }): Promise<Outcome<string>> {
    return outcomeOf(() => this.reads.getTask(owner, taskId, historyLength, generation), "getTask");
  }

  cancelTask(owner: string, taskId: string): Promise<Outcome<Task>> {
    return outcomeOf(() => this.turns.cancel(owner, taskId), "cancelTask");
  }

  subscribe(owner: string, taskId: string, framing: StreamFraming, lastEventId: number | undefined): Promise<Outcome<ReadableStream<Uint8Array>>> {
    return outcomeOf(() => this.reads.subscribe(owner, taskId, framing, lastEventId), "subscribe");
  }

  /** For the TaskIndex: the task's current index row (waking the object ends interrupted turns first). */
  indexRowOf(taskId: string): IndexRow | undefined {
    return this.state.index.rowOf(taskId);
  }

  /** With an Idempotency-Key, a repeat answers the config its first request stored (repeat-requests.ts). */
  createPushConfig(owner: string, taskId: string, input: PushConfigInput, idempotencyKey?: string): Promise<Outcome<TaskPushNotificationConfig>> {
    return outcomeOf(async () => {
      this.reads.requireOwned(owner, taskId);
      const { push } = this.state;
      const request = idempotencyKey === undefined ? undefined : { key: (await storedId(idempotencyKey)) ?? "", digest: await requestDigest(input) };
      const repeated = () => (request ? push.repeated(taskId, request) : undefined);
      const first = repeated();
      if (first) return first;
      const sealed = await push.prepare(taskId, input, pushPolicyOf(this.state.config));
      // A new config is charged to the owner's quota before it is written (a replaced one is not).
      const isNew = push.get(taskId, sealed.id) === undefined;
      if (isNew) await this.quota.charge(owner, { pushConfigs: 1 });
      // A concurrent repeat may have stored it while this one was sealing: checked again, with no await before the write.
      const again = repeated();
      // Charged for a config another call has stored meanwhile: given back once this one is answered.
      const chargedTwice = isNew && (again !== undefined || push.get(taskId, sealed.id) !== undefined);
      const answer = again ?? push.write(sealed, Date.now(), request);
      if (chargedTwice) await this.quota.release(owner, { pushConfigs: 1 });
      return answer;
    }, "createPushConfig");
  }

  getPushConfig(owner: string, taskId: string, id: string): Promise<Outcome<TaskPushNotificationConfig>> {
    return outcomeOf(() => {
      this.reads.requireOwned(owner, taskId);
      const config = this.state.push.get(taskId, id);
      if (!config) throw errors.taskNotFound(`Push notification config ${echoId(id)} not found for task ${taskId}`, taskId);
      return config;
    }, "getPushConfig");
  }

  listPushConfigs(owner: string, taskId: string): Promise<Outcome<TaskPushNotificationConfig[]>> {
    return outcomeOf(() => {
      this.reads.requireOwned(owner, taskId);
      return this.state.push.list(taskId);
    }, "listPushConfigs");
  }

  /** Idempotent (spec §3.1.10): deleting a config that is gone succeeds. */
  deletePushConfig(owner: string, taskId: string, id: string): Promise<Outcome<null>> {
    return outcomeOf(async () => {
      this.reads.requireOwned(owner, taskId);
      if (this.state.push.get(taskId, id) === undefined) return null;
      this.state.push.delete(taskId, id);
      await this.quota.release(owner, { pushConfigs: 1 });
      return null;
    }, "deletePushConfig");
  }

  pushDeliveries(owner: string, taskId: string): Promise<Outcome<DeliveryRecord[]>> {
    return outcomeOf(() => {
      this.reads.requireOwned(owner, taskId);
      return this.state.push.deliveries(taskId);
    }, "pushDeliveries");
  }

  /**
   * For the queue consumer: starts the job's delivery attempt in this object and answers at once
   * (push-dispatch.ts): the consumer never waits for a receiver.
   */
  dispatchPush(job: PushJob): Promise<DispatchAnswer> {
    return this.dispatch.start(job);
  }

  recordPushResult(job: PushJob, state: "delivered" | "dead", lastError?: string): void {
    this.state.push.recordResult(job.notificationId, state, lastError, Date.now());
  }

  override alarm(): Promise<void> {
    return this.lifecycle.alarm();
  }
}
