/**
 * ContextAgent: one Durable Object per (owner, contextId). It serializes the context's turns (one
 * at a time: a second message while a turn runs is refused), keeps its tasks, history and per-task
 * event log in SQLite, streams events to every open SSE stream in log order, and updates the
 * owner's TaskIndex on every state transition before it answers.
 *
 * Every event is written to the log before it is sent, so a client that reconnects with
 * `Last-Event-ID` gets exactly what it missed. A task found SUBMITTED or WORKING when the object
 * starts was cut off by a restart or deploy (in-memory turns do not survive): it ends FAILED.
 * While a turn runs, a heartbeat alarm every 30 s keeps the object from being evicted as idle;
 * otherwise the alarm frees idle contexts and deletes tasks past their retention.
 */
import { DurableObject } from "cloudflare:workers";
import type { Message, SendMessageResponse, StreamResponse, Task, TaskStatus } from "../a2a/types";
import { isTerminal, stateNumber, type TaskState } from "../a2a/states";
import type { SendMessageRequest } from "../a2a/schemas";
import { errors } from "../a2a/errors";
import { echoId, newTaskId } from "../a2a/ids";
import { viewTask } from "../a2a/task-view";
import type { StreamFraming } from "../a2a/sse";
import type { JsonObject } from "../a2a/types";
import { configOf, type Config } from "../config/config";
import { selectAgent } from "../agent/select-agent";
import { providerResolver } from "../agent/provider-resolver";
import type { AgentEvent, AgentRuntime } from "../agent/runtime";
import { mapAgentEvent, type Exposure } from "../agent/event-mapper";
import { resolveWorkspacePath } from "../a2a/workspace-path";
import { EMPTY_INPUT } from "../agent/prompt";
import { promptFromParts, type PartPolicy } from "../agent/parts";
import { redactMetadata } from "../agent/metadata-redaction";
import { StreamHub } from "./stream-hub";
import { TaskRecords, timestamp, type LoggedEvent } from "./task-records";
import { outcomeOf, type Outcome } from "./outcome";
import { R2Workspace, ownerKey } from "./r2-workspace";
import { storeArtifact } from "./artifact-store";
import { PushConfigs, type DeliveryRecord, type PushTarget } from "./push-configs";
import type { PushConfigInput } from "../a2a/schemas";
import type { TaskPushNotificationConfig } from "../a2a/types";
import { notificationIdOf, type PushJob } from "../push/push-job";
import { developmentKeyring, type SecretKeyring } from "../push/secret-box";

/** While a turn runs, an alarm this often keeps the object active (idle objects are evicted after 70–140 s). */
const TURN_HEARTBEAT_MS = 30_000;
/** A blocking turn still running after this long is listed as WORKING (see startTurn). */
const INDEX_WORKING_AFTER_MS = 200;
/** Tasks deleted per alarm run, so one alarm stays well inside its time budget. */
const RETENTION_BATCH = 100;

export const BUSY_TEXT = "Task is already working.";
export const CANCELED_TEXT = "Task canceled.";
export const INTERRUPTED_TEXT = "Task was interrupted by a server restart and cannot be resumed. Please send the message again.";
export const INTERNAL_TEXT = "An internal error occurred.";

export interface SendCall {
  owner: string;
  /** Set when routed by contextId; unset when routed by `message.taskId` (the object knows its context). */
  contextId: string | undefined;
  request: SendMessageRequest;
  stream: boolean;
  framing: StreamFraming;
  /** The public base URL, for the absolute download URLs of artifacts. */
  baseUrl: string;
}

export type SendResult =
  | { kind: "json"; result: SendMessageResponse }
  | { kind: "stream"; stream: ReadableStream<Uint8Array> };

interface ActiveTurn {
  taskId: string;
  baseUrl: string;
  controller: AbortController;
  finished: Promise<void>;
  markFinished: () => void;
}

/** How a turn starts: with the agent's events, or straight to a FAILED end (bad input). */
type TurnPlan = { events: AsyncIterable<AgentEvent> } | { failWith: string };

export class ContextAgent extends DurableObject<Env> {
  private readonly records: TaskRecords;
  private readonly hub = new StreamHub();
  private readonly config: Config;
  private readonly agent: AgentRuntime;
  private readonly exposure: Exposure;
  private readonly push: PushConfigs;
  private active: ActiveTurn | undefined;
  /** When the pending alarm fires (read at start, then kept), so most turns need no alarm write. */
  private alarmAt: number | undefined;
  /** The chain of TaskIndex writes, so they land in order. */
  private indexWrites: Promise<void> = Promise.resolve();
  /** The owner's R2 workspace (one owner per object), made on first use. */
  private files: Promise<R2Workspace> | undefined;
  /** Set from the busy check until the turn is active, so awaits in between cannot admit a second turn. */
  private starting = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.config = configOf(env);
    this.agent = selectAgent(this.config.agent, providerResolver(env as unknown as Record<string, unknown>));
    this.exposure = {
      toolTrace: this.config.thinkingExposure.includes("tool_trace"),
      rawThinking: this.config.thinkingExposure.includes("raw_thinking"),
    };
    this.records = new TaskRecords(ctx.storage.sql);
    const keyring = this.config.pushKeyring;
    this.push = new PushConfigs(ctx.storage.sql, (): Promise<SecretKeyring> => (keyring ? Promise.resolve(keyring) : developmentKeyring()));
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmAt = (await ctx.storage.getAlarm()) ?? undefined;
      await this.failInterruptedTasks();
    });
  }

  // ── RPC methods ─────────────────────────────────────────────────────────────────────────────

  sendMessage(call: SendCall): Promise<Outcome<SendResult>> {
    return outcomeOf(() => this.send(call), "sendMessage");
  }

  getTask(owner: string, taskId: string, historyLength: number | undefined): Promise<Outcome<Task>> {
    return outcomeOf(() => viewTask(this.requireTask(owner, taskId), { historyLength }), "getTask");
  }

  cancelTask(owner: string, taskId: string): Promise<Outcome<Task>> {
    return outcomeOf(() => this.cancel(owner, taskId), "cancelTask");
  }

  subscribe(owner: string, taskId: string, framing: StreamFraming, lastEventId: number | undefined): Promise<Outcome<ReadableStream<Uint8Array>>> {
    return outcomeOf(() => this.openSubscription(owner, taskId, framing, lastEventId), "subscribe");
  }

  createPushConfig(owner: string, taskId: string, input: PushConfigInput): Promise<Outcome<TaskPushNotificationConfig>> {
    return outcomeOf(async () => {
      this.requireTask(owner, taskId);
      const id = await this.push.validate(taskId, input, this.pushPolicy());
      return this.push.put(taskId, id, input, Date.now());
    }, "createPushConfig");
  }

  getPushConfig(owner: string, taskId: string, id: string): Promise<Outcome<TaskPushNotificationConfig>> {
    return outcomeOf(() => {
      this.requireTask(owner, taskId);
      const config = this.push.get(taskId, id);
      if (!config) throw errors.taskNotFound(`Push notification config ${echoId(id)} not found for task ${taskId}`, taskId);
      return config;
    }, "getPushConfig");
  }

  listPushConfigs(owner: string, taskId: string): Promise<Outcome<TaskPushNotificationConfig[]>> {
    return outcomeOf(() => {
      this.requireTask(owner, taskId);
      return this.push.list(taskId);
    }, "listPushConfigs");
  }

  /** Idempotent (spec §3.1.10): deleting a config that is gone succeeds. */
  deletePushConfig(owner: string, taskId: string, id: string): Promise<Outcome<null>> {
    return outcomeOf(() => {
      this.requireTask(owner, taskId);
      this.push.delete(taskId, id);
      return null;
    }, "deletePushConfig");
  }

  pushDeliveries(owner: string, taskId: string): Promise<Outcome<DeliveryRecord[]>> {
    return outcomeOf(() => {
      this.requireTask(owner, taskId);
      return this.push.deliveries(taskId);
    }, "pushDeliveries");
  }

  /** For the queue consumer: the target and the event of a job, or undefined once either is gone. */
  async pushDelivery(job: PushJob): Promise<{ target: PushTarget; body: string } | undefined> {
    const event = this.records.eventAt(job.taskId, job.seq);
    if (!event) return undefined;
    const target = await this.push.target(job.taskId, job.configId);
    return target ? { target, body: event.json } : undefined;
  }

  recordPushResult(job: PushJob, state: "delivered" | "dead", lastError?: string): void {
    this.push.recordResult(job.notificationId, state, lastError, Date.now());
  }

  override async alarm(): Promise<void> {
    this.alarmAt = undefined;
    const now = Date.now();
    if (!this.active && this.records.getSetting("evicted") !== "1") {
      const lastActive = Number(this.records.getSetting("lastActive") ?? now);
      if (now >= lastActive + this.config.idleTimeoutSeconds * 1000) this.freeContext();
    }
    await this.deleteExpiredTasks(now);
    await this.scheduleAlarm();
  }

  // ── sending ─────────────────────────────────────────────────────────────────────────────────

  private async send(call: SendCall): Promise<SendResult> {
    const { message } = call.request;
    if (call.contextId !== undefined) this.claimContext(call.owner, call.contextId);
    else if (this.records.getSetting("owner") !== call.owner) throw errors.taskNotFound(`Task ${message.taskId ?? ""} not found`);
    if (message.role !== "ROLE_USER") throw errors.invalidParams("message.role must be ROLE_USER");

    let taskId = message.taskId;
    if (taskId !== undefined) {
      const state = this.records.exists(taskId) ? this.records.stateOf(taskId) : undefined;
      if (!state) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
      if (message.contextId !== undefined && message.contextId !== this.contextId()) {
        throw errors.invalidParams("Task belongs to a different context", [{ field: "message.contextId", description: "does not match the task's contextId" }]);
      }
      if (isTerminal(state)) throw errors.unsupported(`Task ${taskId} is in a terminal state and cannot accept messages`);
    }
    if (this.active || this.starting) throw errors.unsupported(BUSY_TEXT);
    this.starting = true;
    try {
      return await this.startTurn(call, taskId);
    } finally {
      this.starting = false;
    }
  }

  private async startTurn(call: SendCall, existingTaskId: string | undefined): Promise<SendResult> {
    const { message } = call.request;
    let taskId = existingTaskId;

    const workspace = resolveWorkspacePath(message.metadata, this.config.allowedCwds);
    const boundCwd = this.records.getSetting("cwd");
    if ("cwd" in workspace && workspace.cwd !== undefined && boundCwd !== undefined && boundCwd !== workspace.cwd) {
      throw errors.invalidParams("A2A context is bound to a different workspace.", [{ field: "message.metadata.iac_code.cwd", description: "differs from the workspace of this context" }]);
    }

    const isNewTask = taskId === undefined;
    taskId ??= newTaskId(this.ctx.id.toString());
    const inlinePush = call.request.configuration?.taskPushNotificationConfig;
    const inlinePushId = inlinePush ? await this.push.validate(taskId, inlinePush, this.pushPolicy()) : undefined;
    const contextId = this.contextId();
    const userMessage: Message = { ...message, taskId, contextId };
    const storedMessage: Message = message.metadata ? { ...userMessage, metadata: redactMetadata(message.metadata) } : userMessage;
    const files = await this.workspaceOf(call.owner);
    const cwd = "cwd" in workspace ? (workspace.cwd ?? boundCwd) : undefined;
    // A bad part is refused (-32602/-32005) here, before any task exists (decisions.md).
    const prompt = "error" in workspace ? "" : (await promptFromParts(message.parts, this.partPolicy(cwd, files))).prompt;
    const epoch = this.epoch();
    const controller = new AbortController();

    let plan: TurnPlan;
    if ("error" in workspace) plan = { failWith: workspace.error };
    else if (prompt.trim() === "") plan = { failWith: EMPTY_INPUT };
    else {
      const turn = this.agent.start({
        taskId,
        contextId,
        message: userMessage,
        prompt,
        history: this.records.conversation(epoch),
        cwd,
        signal: controller.signal,
        metadata: message.metadata,
        workspace: files,
      });
      if (turn.kind === "message") return this.directReply(call, contextId, turn.parts);
      plan = { events: turn.events };
      if (workspace.cwd !== undefined && boundCwd === undefined) this.records.setSetting("cwd", workspace.cwd);
    }

    const now = Date.now();
    const submitted: TaskStatus = { state: "TASK_STATE_SUBMITTED", timestamp: timestamp(now) };
    if (isNewTask) this.records.createTask(taskId, submitted, redactMetadata(call.request.metadata), now);
    else this.records.setStatus(taskId, submitted, now);
    this.records.appendMessage(taskId, epoch, storedMessage);
    const snapshot = this.mustTask(taskId);
    const first = this.records.appendEvent(taskId, { task: snapshot });

    let markFinished = () => {};
    const finished = new Promise<void>((resolve) => (markFinished = resolve));
    const turn: ActiveTurn = { taskId, baseUrl: call.baseUrl, controller, finished, markFinished };
    this.active = turn;
    this.starting = false;
    const stream = call.stream ? this.hub.open(taskId, call.framing, [first], false) : undefined;
    if (inlinePush && inlinePushId) await this.push.put(taskId, inlinePushId, inlinePush, now);

    // WORKING follows SUBMITTED at once, so the index learns of both in one write; a plan that
    // fails at once is indexed by its FAILED end. A caller who gets an answer before the turn ends
    // (non-blocking, streaming) finds the task listed at once. A blocking caller's answer waits for
    // the end, which is indexed before it answers, so a quick turn needs one index write, not two:
    // only a turn still running after INDEX_WORKING_AFTER_MS is indexed as WORKING.
    const blocking = !call.stream && !call.request.configuration?.returnImmediately;
    if ("events" in plan) this.emitStatus(taskId, { state: "TASK_STATE_WORKING", timestamp: timestamp(Date.now()) });
    this.touch();
    if ("events" in plan && !blocking) await this.updateIndex(taskId);
    else if ("events" in plan) setTimeout(() => void (this.active === turn && this.updateIndex(taskId)), INDEX_WORKING_AFTER_MS);
    await this.scheduleAlarm();
    void this.runTurn(turn, plan);

    if (stream) return { kind: "stream", stream };
    const historyLength = call.request.configuration?.historyLength;
    if (call.request.configuration?.returnImmediately) {
      return { kind: "json", result: { task: viewTask(snapshot, { historyLength }) } };
    }
    await turn.finished;
    return { kind: "json", result: { task: viewTask(this.mustTask(taskId), { historyLength }) } };
  }

  private directReply(call: SendCall, contextId: string, parts: Message["parts"]): SendResult {
    const message: Message = { messageId: crypto.randomUUID(), role: "ROLE_AGENT", parts, contextId };
    if (!call.stream) return { kind: "json", result: { message } };
    return { kind: "stream", stream: StreamHub.single(call.framing, { json: JSON.stringify({ message }) }) };
  }

  private async runTurn(turn: ActiveTurn, plan: TurnPlan): Promise<void> {
    try {
      if ("failWith" in plan) {
        await this.finish(turn.taskId, "TASK_STATE_FAILED", plan.failWith);
        return;
      }
      let replyText = "";
      for await (const event of plan.events) {
        if (this.active !== turn) return;
        if (event.type === "file") {
          const artifact = await storeArtifact(this.env.FILES, await ownerKey(this.records.getSetting("owner") ?? ""), turn.taskId, event, turn.baseUrl);
          if (this.active !== turn) return;
          this.records.putArtifact(turn.taskId, artifact, false);
          this.emit(turn.taskId, { artifactUpdate: { taskId: turn.taskId, contextId: this.contextId(), artifact, append: false, lastChunk: true } });
          continue;
        }
        const effect = mapAgentEvent(event, this.exposure);
        if (!effect) continue;
        if (effect.kind === "end") {
          await this.finish(turn.taskId, effect.state, effect.text ?? replyText, effect.metadata);
          return;
        }
        if (effect.kind === "artifact") {
          this.records.putArtifact(turn.taskId, effect.artifact, effect.append === true);
          const { kind: _kind, ...update } = effect;
          this.emit(turn.taskId, { artifactUpdate: { taskId: turn.taskId, contextId: this.contextId(), ...update } });
          continue;
        }
        if (effect.text) replyText += effect.text;
        const status: TaskStatus = { state: "TASK_STATE_WORKING", timestamp: timestamp(Date.now()) };
        if (effect.text) status.message = this.agentMessage(`${turn.taskId}-message`, turn.taskId, effect.text);
        this.emitStatus(turn.taskId, status, effect.metadata);
      }
      if (this.active === turn) await this.finish(turn.taskId, "TASK_STATE_INPUT_REQUIRED", replyText);
    } catch (error) {
      console.error("turn failed", error instanceof Error ? error.name : typeof error);
      if (this.active === turn) await this.finish(turn.taskId, "TASK_STATE_FAILED", INTERNAL_TEXT);
    }
  }

  /**
   * Ends the task's turn at `state`: the final status (with the agent's reply as its message, also
   * kept in history), every stream of the task closed, the index updated, waiters released.
   */
  private async finish(taskId: string, state: TaskState, text: string | undefined, metadata?: JsonObject): Promise<void> {
    const turn = this.active?.taskId === taskId ? this.active : undefined;
    if (turn) this.active = undefined;
    const status: TaskStatus = { state, timestamp: timestamp(Date.now()) };
    if (text) {
      status.message = this.agentMessage(`${taskId}-${stateNumber(state)}`, taskId, text);
      this.records.appendMessage(taskId, this.epoch(), status.message);
    }
    const logged = this.emitStatus(taskId, status, metadata);
    this.hub.closeAll(taskId);
    this.touch();
    await this.updateIndex(taskId);
    await this.enqueuePush(taskId, logged.seq);
    await this.scheduleAlarm();
    turn?.markFinished();
  }

  private emitStatus(taskId: string, status: TaskStatus, metadata?: JsonObject): LoggedEvent {
    this.records.setStatus(taskId, status, Date.now());
    return this.emit(taskId, {
      statusUpdate: { taskId, contextId: this.contextId(), status, ...(metadata ? { metadata } : {}) },
    });
  }

  private emit(taskId: string, event: StreamResponse): LoggedEvent {
    const logged = this.records.appendEvent(taskId, event);
    this.hub.publish(taskId, logged);
    return logged;
  }

  private agentMessage(messageId: string, taskId: string, text: string): Message {
    return { messageId, role: "ROLE_AGENT", parts: [{ text }], taskId, contextId: this.contextId() };
  }

  // ── cancel and subscribe ────────────────────────────────────────────────────────────────────

  private async cancel(owner: string, taskId: string): Promise<Task> {
    const task = this.requireTask(owner, taskId);
    if (isTerminal(task.status.state)) throw errors.taskNotCancelable(taskId);
    if (this.active?.taskId === taskId) this.active.controller.abort();
    await this.finish(taskId, "TASK_STATE_CANCELED", CANCELED_TEXT);
    return this.mustTask(taskId);
  }

  private openSubscription(owner: string, taskId: string, framing: StreamFraming, lastEventId: number | undefined): ReadableStream<Uint8Array> {
    const task = this.requireTask(owner, taskId);
    const running = this.active?.taskId === taskId;
    if (lastEventId !== undefined) {
      const missed = this.records.eventsAfter(taskId, lastEventId);
      if (running) return this.hub.open(taskId, framing, missed, false);
      // A resume after the turn ended: what was missed, then close; nothing missed is a plain subscribe.
      if (missed.length > 0) return this.hub.open(taskId, framing, missed, true);
    }
    if (isTerminal(task.status.state)) throw errors.unsupported(`Task ${taskId} is in a terminal state`);
    if (!running) throw errors.taskNotFound(`Task ${taskId} is not active`, taskId);
    const snapshot: LoggedEvent = { seq: this.records.lastSeq(taskId), json: JSON.stringify({ task }) };
    return this.hub.open(taskId, framing, [snapshot], false);
  }

  // ── context, index, alarm ───────────────────────────────────────────────────────────────────

  /** Binds a fresh object to its owner and contextId; a mismatch means a forged or foreign route. */
  private claimContext(owner: string, contextId: string): void {
    const boundOwner = this.records.getSetting("owner");
    if (boundOwner === undefined) {
      this.records.setSetting("owner", owner);
      this.records.setSetting("contextId", contextId);
      return;
    }
    if (boundOwner !== owner || this.records.getSetting("contextId") !== contextId) {
      throw errors.taskNotFound("Task not found");
    }
  }

  private requireTask(owner: string, taskId: string): Task {
    const task = this.records.getSetting("owner") === owner ? this.records.task(taskId, this.contextId()) : undefined;
    if (!task) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
    return task;
  }

  private mustTask(taskId: string): Task {
    const task = this.records.task(taskId, this.contextId());
    if (!task) throw new Error("task row vanished");
    return task;
  }

  private contextId(): string {
    return this.records.getSetting("contextId") ?? "";
  }

  private epoch(): number {
    return Number(this.records.getSetting("epoch") ?? "0");
  }

  private touch(): void {
    this.records.setSetting("lastActive", String(Date.now()));
    this.records.deleteSetting("evicted");
  }

  /** Idle timeout: the conversation and workspace binding are dropped; tasks stay readable. */
  private freeContext(): void {
    this.records.setSetting("epoch", String(this.epoch() + 1));
    this.records.deleteSetting("cwd");
    this.records.setSetting("evicted", "1");
  }

  private indexStub() {
    const owner = this.records.getSetting("owner") ?? "";
    return this.env.TASK_INDEX.get(this.env.TASK_INDEX.idFromName(owner));
  }

  /**
   * Writes the task's current snapshot to the owner's TaskIndex. Writes go one after another
   * (calls through different stubs are not ordered), and each reads the snapshot when its turn
   * comes, so the index never ends on an older state than the task.
   */
  private updateIndex(taskId: string): Promise<void> {
    this.indexWrites = this.indexWrites.then(async () => {
      const task = this.records.task(taskId, this.contextId());
      if (!task) return;
      try {
        await this.indexStub().upsert({
          id: taskId,
          contextId: task.contextId,
          state: task.status.state,
          tsMs: Date.parse(task.status.timestamp),
          task,
        });
      } catch (error) {
        console.error("task index update failed", error instanceof Error ? error.message : typeof error);
      }
    });
    return this.indexWrites;
  }


  private workspaceOf(owner: string): Promise<R2Workspace> {
    this.files ??= R2Workspace.forOwner(this.env.FILES, owner);
    return this.files;
  }

  private partPolicy(cwd: string | undefined, workspace: R2Workspace): PartPolicy {
    return {
      cwd,
      allowedRoots: this.config.allowedCwds,
      textMimeTypes: this.config.textMimeTypes,
      multimodalMimeTypes: this.config.multimodalMimeTypes,
      workspace,
    };
  }

  private pushPolicy() {
    const { pushAllowPrivate, pushMaxConfigsPerTask, pushAllowedHosts, pushDohUrl } = this.config;
    return { allowPrivate: pushAllowPrivate, maxConfigsPerTask: pushMaxConfigsPerTask, allowedHosts: pushAllowedHosts, dohUrl: pushDohUrl };
  }

  /**
   * One queue message per config for the event that ended a turn. A failure to enqueue is logged
   * and recorded, never a failure of the task.
   */
  private async enqueuePush(taskId: string, seq: number): Promise<void> {
    if (!this.config.pushNotifications) return;
    const configIds = this.push.ids(taskId);
    if (configIds.length === 0) return;
    const contextObjectId = this.ctx.id.toString();
    const jobs: PushJob[] = configIds.map((configId) => ({
      contextObjectId,
      taskId,
      configId,
      seq,
      notificationId: notificationIdOf(taskId, seq, configId),
    }));
    for (const job of jobs) this.push.recordPending(job.notificationId, taskId, job.configId, seq, Date.now());
    try {
      await this.env.PUSH_QUEUE.sendBatch(jobs.map((body) => ({ body })));
    } catch (error) {
      console.error("push enqueue failed", error instanceof Error ? error.message : typeof error);
      for (const job of jobs) this.push.recordResult(job.notificationId, "dead", "The notification could not be queued.", Date.now());
    }
  }

  private async deleteExpiredTasks(now: number): Promise<void> {
    const cutoff = now - this.config.taskRetentionDays * 86_400_000;
    const ids = this.records.idsUpdatedBefore(cutoff, RETENTION_BATCH).filter((id) => id !== this.active?.taskId);
    if (ids.length === 0) return;
    for (const id of ids) {
      this.records.deleteTask(id);
      this.push.deleteTask(id);
    }
    try {
      await this.indexStub().remove(ids);
    } catch (error) {
      console.error("task index removal failed", error instanceof Error ? error.message : typeof error);
    }
  }

  private async scheduleAlarm(): Promise<void> {
    const now = Date.now();
    const times: number[] = [];
    if (this.active) times.push(now + TURN_HEARTBEAT_MS);
    const lastActive = this.records.getSetting("lastActive");
    if (lastActive !== undefined && this.records.getSetting("evicted") !== "1") {
      times.push(Number(lastActive) + this.config.idleTimeoutSeconds * 1000);
    }
    const oldest = this.records.oldestUpdateMs();
    if (oldest !== undefined) times.push(oldest + this.config.taskRetentionDays * 86_400_000);
    if (times.length === 0) return;
    const at = Math.max(now + 1, Math.min(...times));
    // One alarm at a time: an earlier pending one re-plans when it fires, so only move it earlier.
    if (this.alarmAt !== undefined && this.alarmAt > now && this.alarmAt <= at) return;
    await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }

  /** Tasks cut off mid-turn by a restart or deploy end FAILED, and the index learns of it. */
  private async failInterruptedTasks(): Promise<void> {
    for (const taskId of this.records.idsInStates(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"])) {
      await this.finish(taskId, "TASK_STATE_FAILED", INTERRUPTED_TEXT);
    }
  }
}

