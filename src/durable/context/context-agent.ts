/**
 * ContextAgent: one Durable Object per (owner, contextId), and this file is its RPC surface. The
 * turns live in turn-runner.ts (one at a time, each a sequence of SQLite transactions), the alarm
 * and everything between requests in lifecycle.ts, the tables in task-records.ts, event-log.ts,
 * push-configs.ts and index-outbox.ts, and what they share in context-state.ts.
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
import { taskViewBounds, TurnRunner, type SendCall, type SendResult } from "./turn-runner";
import { pushPolicyOf, type DeliveryRecord, type PushTarget } from "./push-configs";
import type { IndexRow } from "../task-index/task-index";
import { requestDigest, storedId } from "./repeat-requests";
import { GENERATION_WAIT_MAX_MS, taskWithGeneration } from "../../a2a/generation";
import { isTerminal } from "../../a2a/states";

export { BUSY_TEXT, CANCELED_TEXT, INTERRUPTED_TEXT, INTERNAL_TEXT } from "./turn-runner";
export type { SendCall, SendResult } from "./turn-runner";

export class ContextAgent extends DurableObject<Env> {
  private readonly state: ContextState;
  private readonly turns: TurnRunner;
  private readonly lifecycle: Lifecycle;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const config = configOf(env);
    this.state = new ContextState(ctx.storage, env, config);
    const agent = selectAgent(config.agent, providerResolver(config.providers));
    const exposure = {
      toolTrace: config.thinkingExposure.includes("tool_trace"),
      rawThinking: config.thinkingExposure.includes("raw_thinking"),
    };
    const objectId = ctx.id.toString();
    this.lifecycle = new Lifecycle(this.state, ctx.storage, () => this.turns, objectId);
    this.turns = new TurnRunner(this.state, agent, exposure, objectId, () => this.lifecycle.scheduleAlarm());
    void ctx.blockConcurrencyWhile(() => this.lifecycle.start());
  }

  sendMessage(call: SendCall): Promise<Outcome<SendResult>> {
    return outcomeOf(() => this.turns.send(call), "sendMessage");
  }

  /**
   * The Task as JSON text, composed from the stored rows (the Worker passes it through). With the
   * generation extension (`generation` set): its generation first, after waiting (bounded) for the
   * task to move past `currentGeneration` when given (a2a/generation.ts).
   */
  getTask(owner: string, taskId: string, historyLength: number | undefined, generation?: { currentGeneration?: number | undefined }): Promise<Outcome<string>> {
    return outcomeOf(async () => {
      const { records } = this.state;
      const view = () => (this.state.owner() === owner ? records.taskJson(taskId, this.state.contextId(), taskViewBounds(historyLength)) : undefined);
      if (view() === undefined) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
      if (generation?.currentGeneration !== undefined) await this.waitPast(taskId, generation.currentGeneration);
      const json = view();
      if (json === undefined) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
      return generation ? taskWithGeneration(json, records.generationOf(taskId) ?? 0) : json;
    }, "getTask");
  }

  /** Waits until the task's generation is past `current`, it ends, or GENERATION_WAIT_MAX_MS pass. */
  private async waitPast(taskId: string, current: number): Promise<void> {
    const deadline = Date.now() + GENERATION_WAIT_MAX_MS;
    for (;;) {
      const state = this.state.records.stateOf(taskId);
      const generation = this.state.records.generationOf(taskId);
      const left = deadline - Date.now();
      if (!state || isTerminal(state) || generation === undefined || generation > current || left <= 0) return;
      await this.state.nextCommit(left);
    }
  }

  cancelTask(owner: string, taskId: string): Promise<Outcome<Task>> {
    return outcomeOf(() => this.turns.cancel(owner, taskId), "cancelTask");
  }

  subscribe(owner: string, taskId: string, framing: StreamFraming, lastEventId: number | undefined): Promise<Outcome<ReadableStream<Uint8Array>>> {
    return outcomeOf(() => this.turns.subscribe(owner, taskId, framing, lastEventId), "subscribe");
  }

  /** For the TaskIndex: the task's current index row (waking the object ends interrupted turns first). */
  indexRowOf(taskId: string): IndexRow | undefined {
    return this.state.index.rowOf(taskId);
  }

  /** With an Idempotency-Key, a repeat answers the config its first request stored (repeat-requests.ts). */
  createPushConfig(owner: string, taskId: string, input: PushConfigInput, idempotencyKey?: string): Promise<Outcome<TaskPushNotificationConfig>> {
    return outcomeOf(async () => {
      this.turns.requireOwned(owner, taskId);
      const { push } = this.state;
      const request = idempotencyKey === undefined ? undefined : { key: (await storedId(idempotencyKey)) ?? "", digest: await requestDigest(input) };
      const repeated = () => (request ? push.repeated(taskId, request) : undefined);
      const first = repeated();
      if (first) return first;
      const sealed = await push.prepare(taskId, input, pushPolicyOf(this.state.config));
      // A concurrent repeat may have stored it while this one was sealing: checked again, with no await before the write.
      return repeated() ?? push.write(sealed, Date.now(), request);
    }, "createPushConfig");
  }

  getPushConfig(owner: string, taskId: string, id: string): Promise<Outcome<TaskPushNotificationConfig>> {
    return outcomeOf(() => {
      this.turns.requireOwned(owner, taskId);
      const config = this.state.push.get(taskId, id);
      if (!config) throw errors.taskNotFound(`Push notification config ${echoId(id)} not found for task ${taskId}`, taskId);
      return config;
    }, "getPushConfig");
  }

  listPushConfigs(owner: string, taskId: string): Promise<Outcome<TaskPushNotificationConfig[]>> {
    return outcomeOf(() => {
      this.turns.requireOwned(owner, taskId);
      return this.state.push.list(taskId);
    }, "listPushConfigs");
  }

  /** Idempotent (spec §3.1.10): deleting a config that is gone succeeds. */
  deletePushConfig(owner: string, taskId: string, id: string): Promise<Outcome<null>> {
    return outcomeOf(() => {
      this.turns.requireOwned(owner, taskId);
      this.state.push.delete(taskId, id);
      return null;
    }, "deletePushConfig");
  }

  pushDeliveries(owner: string, taskId: string): Promise<Outcome<DeliveryRecord[]>> {
    return outcomeOf(() => {
      this.turns.requireOwned(owner, taskId);
      return this.state.push.deliveries(taskId);
    }, "pushDeliveries");
  }

  /** For the queue consumer: the target and the event of a job, or undefined once either is gone. */
  async pushDelivery(job: PushJob): Promise<{ target: PushTarget; body: string } | undefined> {
    const event = this.state.log.at(job.taskId, job.seq);
    if (!event) return undefined;
    const target = await this.state.push.target(job.taskId, job.configId);
    return target ? { target, body: event.json } : undefined;
  }

  recordPushResult(job: PushJob, state: "delivered" | "dead", lastError?: string): void {
    this.state.push.recordResult(job.notificationId, state, lastError, Date.now());
  }

  override alarm(): Promise<void> {
    return this.lifecycle.alarm();
  }
}
