/**
 * The turns of one context: one at a time (a message while a turn runs is refused with
 * `Task is already working.`), each a sequence of commits (context-state.ts) so that a failure
 * leaves nothing half-written:
 *
 * 1. Before anything is written: the part rules (a bad part is -32602/-32005), the stored form of
 *    the message (large parts planned for R2; a message that still does not fit is refused with
 *    `A2A message content is too large.`), metadata bounds, the inline push config.
 * 2. The R2 blobs of large parts, then one commit: the task row (or its next turn), the message,
 *    the compaction of old turns' events, the bounded Task snapshot, WORKING, the inline push
 *    config, the index outbox mark. Only then are the events sent.
 * 3. The agent's events, each written before it is sent (text deltas split at DELTA_MAX_CHARS).
 * 4. The end (finish): the reply message (large parts to R2), the turn's `response` artifact when
 *    it produced assistant text, the final status, push records and the outbox mark in one commit; then streams close, the index and the push queue are told.
 */
import type { TraceContext } from "../../a2a/trace-context";
import { TurnLog } from "../../observability/turn-log";
import { metricsOf } from "../../observability/metrics";
import type { Message, Task, TaskStatus } from "../../a2a/types";
import { isTerminal, stateNumber, type TaskState } from "../../a2a/states";
import type { SendMessageRequest } from "../../a2a/schemas";
import { errors } from "../../a2a/errors";
import { newTaskId } from "../../a2a/ids";
import { viewTask } from "../../a2a/task-view";
import type { StreamFraming } from "../../a2a/sse";
import type { JsonObject } from "../../a2a/types";
import type { AgentEvent, AgentRuntime } from "../../agent/runtime";
import { NO_USAGE_METADATA, mapAgentEvent, type Exposure } from "../../agent/event-mapper";
import { resolveWorkspacePath } from "../../a2a/workspace-path";
import { EMPTY_INPUT } from "../../agent/prompt";
import { PART_MESSAGES, promptFromParts, type PartPolicy } from "../../agent/parts";
import { redactMetadata } from "../../agent/metadata-redaction";
import { notificationIdOf, type PushJob } from "../../push/push-job";
import { StreamHub, type Unlogged } from "./stream-hub";
import { timestamp, type StoredRequest, type ViewBounds } from "./task-records";
import { isTaskSnapshot, type LoggedEvent } from "./event-log";
import type { ContextState, Writes } from "./context-state";
import { pushPolicyOf, type SealedConfig } from "./push-configs";
import { conversationOf } from "./conversation";
import { responseArtifact } from "./response-artifact";
import { taskWithGeneration } from "../../a2a/generation";
import { reusedId, requestDigest, storedId, type FoundRequest } from "./repeat-requests";
import { storeArtifact } from "../../storage/artifacts";
import { R2Workspace } from "../../storage/workspaces";
import { deleteBlobs, planStoredMessage, writeBlobs, type StoredMessagePlan } from "../../storage/stored-parts";
import {
  DEFAULT_HISTORY_LENGTH,
  DELTA_MAX_CHARS,
  MESSAGE_INLINE_MAX_BYTES,
  METADATA_MAX_BYTES,
  ROW_CAP_BYTES,
  SNAPSHOT_ARTIFACTS,
  TASK_VIEW_MAX_BYTES,
  utf8Bytes,
} from "../../storage/limits";

/** A blocking turn still running after this long is listed as WORKING (see answer). */
const INDEX_WORKING_AFTER_MS = 200;
/** GetTask shows at most this many newest artifacts (each a reference; the bytes stay in R2). */
const TASK_VIEW_ARTIFACTS = 100;

export const BUSY_TEXT = "Task is already working.";
export const CANCELED_TEXT = "Task canceled.";
export const INTERRUPTED_TEXT = "Task was interrupted by a server restart and cannot be resumed. Please send the message again.";
export const INTERNAL_TEXT = "An internal error occurred.";
export const METADATA_TOO_LARGE = "A2A request metadata is too large.";

/** GetTask and the SendMessage answer: the newest messages and artifacts within TASK_VIEW_MAX_BYTES. */
export function taskViewBounds(historyLength: number | undefined): ViewBounds {
  return { historyLength: historyLength ?? DEFAULT_HISTORY_LENGTH, artifacts: TASK_VIEW_ARTIFACTS, maxBytes: TASK_VIEW_MAX_BYTES };
}

/** The Task that opens a stream or a turn's log: status, the current turn's messages, the newest artifacts. */
export const SNAPSHOT_BOUNDS: ViewBounds = {
  historyLength: DEFAULT_HISTORY_LENGTH,
  currentTurnOnly: true,
  artifacts: SNAPSHOT_ARTIFACTS,
  maxBytes: ROW_CAP_BYTES / 2,
};

export interface SendCall {
  owner: string;
  /** Set when routed by contextId; unset when routed by `message.taskId` (the object knows its context). */
  contextId: string | undefined;
  request: SendMessageRequest;
  stream: boolean;
  framing: StreamFraming;
  /** The public base URL, for the absolute download URLs of artifacts and stored parts. */
  baseUrl: string;
  /** The request's span (W3C trace context): the parent of every call the turn makes. */
  trace?: TraceContext;
  /** The request's `Idempotency-Key` header, checked by the Worker (repeat-requests.ts). */
  idempotencyKey?: string;
}

/** The answer: the SendMessageResponse as JSON text (composed from stored rows), or a stream. */
export type SendResult = { kind: "json"; json: string } | { kind: "stream"; stream: ReadableStream<Uint8Array> };

interface ActiveTurn {
  taskId: string;
  turn: number;
  baseUrl: string;
  controller: AbortController;
  finished: Promise<void>;
  markFinished: () => void;
  /** The turn's log line, metric and trace context (turn-log.ts). */
  log: TurnLog;
}

/** How a turn starts: with the agent's events, or straight to a FAILED end (bad input). */
type TurnPlan = { events: AsyncIterable<AgentEvent> } | { failWith: string };

/** A message once everything that can refuse it has run: nothing is written yet. */
interface PreparedTurn {
  taskId: string;
  isNewTask: boolean;
  contextId: string;
  /** The message as the agent sees it (with its task and context ids). */
  userMessage: Message;
  files: R2Workspace;
  cwd: string | undefined;
  prompt: string;
  ownerKey: string;
  /** Set for bad input (a refused workspace, an empty prompt): the turn ends FAILED with this text. */
  failWith: string | undefined;
  taskMetadata: JsonObject | undefined;
  /** The message as stored (large parts planned for R2, metadata redacted). */
  stored: StoredMessagePlan;
  sealedPush: SealedConfig | undefined;
  /** The workspace directory this turn binds the context to (its first to name one). */
  bindCwd: string | undefined;
  /** How the message's request is stored to be known again (repeat-requests.ts). */
  request: StoredRequest;
}

/** What the opening commit wrote: the turn's number, the task's snapshot and the opening events. */
interface OpenedTurn {
  number: number;
  snapshot: Task;
  events: LoggedEvent[];
}

/** A blocking call's answer waits for the turn's end; a stream or `returnImmediately` does not. */
const isBlocking = (call: SendCall): boolean => !call.stream && !call.request.configuration?.returnImmediately;

/** An event as a frame without an SSE `id:` (stream-hub.ts). */
const unlogged = ({ json, generation }: LoggedEvent): Unlogged => ({ json, generation });

/** Whether two requests name the same messageId or the same Idempotency-Key. */
const sameRequest = (a: StoredRequest, b: StoredRequest): boolean =>
  (a.messageId !== null && a.messageId === b.messageId) || (a.key !== null && a.key === b.key);

const tooLarge = (field: string, message: string) => errors.invalidParams(message, [{ field, description: message }]);

export class TurnRunner {
  private active: ActiveTurn | undefined;
  /** The request whose turn is being opened (at most one: `starting`), settled once its commit ran or it failed. */
  private opening: { request: StoredRequest; settled: Promise<void> } | undefined;
  /** Set from the busy check until the turn is active, so awaits in between cannot admit a second turn. */
  private starting = false;
  /** Tasks whose end is being written, so a cancel racing a turn's end writes one end. */
  private readonly finishing = new Set<string>();
  private files: Promise<R2Workspace> | undefined;

  constructor(
    private readonly state: ContextState,
    private readonly agent: AgentRuntime,
    private readonly exposure: Exposure,
    private readonly contextObjectId: string,
    private readonly scheduleAlarm: () => Promise<void>,
  ) {}

  activeTaskId(): string | undefined {
    return this.active?.taskId;
  }

  // ── sending ─────────────────────────────────────────────────────────────────────────────────

  async send(call: SendCall): Promise<SendResult> {
    const { message } = call.request;
    const { records } = this.state;
    if (call.contextId !== undefined) this.claimContext(call.owner, call.contextId);
    else if (records.getSetting("owner") !== call.owner) throw errors.taskNotFound(`Task ${message.taskId ?? ""} not found`);
    if (message.role !== "ROLE_USER") throw errors.invalidParams("message.role must be ROLE_USER");

    const request: StoredRequest = {
      messageId: await storedId(message.messageId),
      key: await storedId(call.idempotencyKey),
      digest: await requestDigest(message.parts),
    };
    // From here to the turn's `starting` mark nothing awaits: a repeat waits for the request it
    // repeats to open, then finds its stored message; it never starts a second turn.
    for (let opening = this.opening; opening && sameRequest(opening.request, request); opening = this.opening) await opening.settled;
    const found = records.findRequest(request.messageId, request.key);
    if (found) return this.repeat(call, found, request.digest);

    const taskId = message.taskId;
    if (taskId !== undefined) {
      const state = records.stateOf(taskId);
      if (!state) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
      if (message.contextId !== undefined && message.contextId !== this.state.contextId()) {
        throw errors.invalidParams("Task belongs to a different context", [{ field: "message.contextId", description: "does not match the task's contextId" }]);
      }
      if (isTerminal(state)) throw errors.unsupported(`Task ${taskId} is in a terminal state and cannot accept messages`);
      // The A2A 1.1 draft's optimistic concurrency, for a client that activated the generation extension.
      const expected = call.request.configuration?.ifGenerationMatch;
      const current = call.framing.generation && expected !== undefined ? records.generationOf(taskId) : undefined;
      if (current !== undefined && expected !== undefined && current !== expected) throw errors.generationMismatch(taskId, current, expected);
    }
    if (this.active || this.starting) throw errors.unsupported(BUSY_TEXT);
    this.starting = true;
    let settle = () => {};
    this.opening = { request, settled: new Promise<void>((resolve) => (settle = resolve)) };
    try {
      return await this.start(call, taskId, request, () => {
        this.opening = undefined;
        settle();
      });
    } finally {
      this.starting = false;
      if (this.opening?.request === request) this.opening = undefined;
      settle();
    }
  }

  /**
   * A repeated request (repeat-requests.ts): the task its first sending started, as this request
   * asked for it: a blocking call waits for that turn's end, a stream gets the Task, then the
   * turn's updates while it runs. The same id with other parts is -32602.
   */
  private async repeat(call: SendCall, found: FoundRequest & { byKey: boolean }, digest: string): Promise<SendResult> {
    if (found.digest !== null && found.digest !== digest) throw reusedId(found.byKey ? "Idempotency-Key" : "message.messageId");
    const { taskId } = found;
    const turn = this.active?.taskId === taskId && this.active.turn === found.turn ? this.active : undefined;
    if (call.stream) return { kind: "stream", stream: this.state.hub.open(taskId, call.framing, [this.snapshotEvent(taskId, call.framing)], !turn) };
    if (turn && isBlocking(call)) await turn.finished;
    return { kind: "json", json: `{"task":${this.answerTaskJson(taskId, call.request.configuration?.historyLength, call.framing)}}` };
  }

  /** A turn: checked and planned (nothing written), opened by one commit, then answered. */
  private async start(call: SendCall, existingTaskId: string | undefined, request: StoredRequest, opened: () => void): Promise<SendResult> {
    const turn = { ...(await this.prepare(call, existingTaskId)), request };
    const controller = new AbortController();
    const log = new TurnLog({
      agent: this.state.config.agent,
      contextId: turn.contextId,
      taskId: turn.taskId,
      trace: call.trace,
      metrics: metricsOf(this.state.env),
    });
    const plan = await this.planTurn(call, turn, controller.signal, log);
    if ("reply" in plan) return plan.reply;
    const openedTurn = await this.open(call, turn, plan);
    opened();
    return this.answer(call, turn, openedTurn, plan, { controller, log });
  }

  /** Everything that can refuse the message, run before anything is written. */
  private async prepare(call: SendCall, existingTaskId: string | undefined): Promise<Omit<PreparedTurn, "request">> {
    const { message } = call.request;
    const { records } = this.state;

    const workspace = resolveWorkspacePath(message.metadata, this.state.config.allowedCwds);
    const boundCwd = records.getSetting("cwd");
    if ("cwd" in workspace && workspace.cwd !== undefined && boundCwd !== undefined && boundCwd !== workspace.cwd) {
      throw errors.invalidParams("A2A context is bound to a different workspace.", [
        { field: "message.metadata.iac_code.cwd", description: "differs from the workspace of this context" },
      ]);
    }

    const taskId = existingTaskId ?? newTaskId(this.contextObjectId);
    const contextId = this.state.contextId();
    const userMessage: Message = { ...message, taskId, contextId };
    const files = await this.workspace(call.owner);
    const cwd = "cwd" in workspace ? (workspace.cwd ?? boundCwd) : undefined;
    // A bad part is refused (-32602/-32005) here, before any task exists (decisions.md).
    const prompt = "error" in workspace ? "" : (await promptFromParts(message.parts, this.partPolicy(cwd, files))).prompt;

    const taskMetadata = redactMetadata(call.request.metadata);
    if (taskMetadata && utf8Bytes(JSON.stringify(taskMetadata)) > METADATA_MAX_BYTES) throw tooLarge("metadata", METADATA_TOO_LARGE);
    const storedUser: Message = message.metadata ? { ...userMessage, metadata: redactMetadata(message.metadata) } : userMessage;
    const ownerKey = await this.state.ownerKey();
    const stored = await planStoredMessage(storedUser, { ownerKey, taskId, baseUrl: call.baseUrl });
    if (stored.bytes > MESSAGE_INLINE_MAX_BYTES) throw tooLarge("message", PART_MESSAGES.messageTooLarge);
    const inlinePush = call.request.configuration?.taskPushNotificationConfig;
    const sealedPush = inlinePush ? await this.state.push.prepare(taskId, inlinePush, pushPolicyOf(this.state.config)) : undefined;
    const bindCwd = "cwd" in workspace && workspace.cwd !== undefined && boundCwd === undefined ? workspace.cwd : undefined;
    const failWith = "error" in workspace ? workspace.error : prompt.trim() === "" ? EMPTY_INPUT : undefined;
    return {
      taskId,
      isNewTask: existingTaskId === undefined,
      contextId,
      userMessage,
      files,
      cwd,
      prompt,
      ownerKey,
      failWith,
      taskMetadata,
      stored,
      sealedPush,
      bindCwd,
    };
  }

  /** Starts the agent on the message (no agent for bad input: the turn goes straight to FAILED). */
  private async planTurn(call: SendCall, turn: PreparedTurn, signal: AbortSignal, log: TurnLog): Promise<TurnPlan | { reply: SendResult }> {
    if (turn.failWith !== undefined) return { failWith: turn.failWith };
    const { message } = call.request;
    const history = await conversationOf(this.state, this.state.env.FILES, turn.ownerKey);
    const agentTurn = this.agent.start({
      taskId: turn.taskId,
      contextId: turn.contextId,
      message: turn.userMessage,
      prompt: turn.prompt,
      history,
      cwd: turn.cwd,
      signal,
      metadata: message.metadata,
      workspace: turn.files,
      trace: call.trace,
    });
    if (agentTurn.kind === "message") return { reply: this.directReply(call, turn.contextId, agentTurn.parts) };
    return { events: log.watch(agentTurn.events) };
  }

  /**
   * The R2 blobs of large parts, then the opening commit: the task row written once, in the state
   * the commit ends in (WORKING when the turn runs), the message, the compaction of old events,
   * the opening events, the inline push config, the outbox mark. A failed commit takes the new
   * task's blobs back.
   */
  private async open(call: SendCall, turn: PreparedTurn, plan: TurnPlan): Promise<OpenedTurn> {
    const { taskId, contextId, isNewTask, taskMetadata, stored, sealedPush } = turn;
    await writeBlobs(this.state.env.FILES, stored.blobs);
    const runs = "events" in plan;
    const blocking = isBlocking(call);
    try {
      return this.state.commit((w) => {
        const now = Date.now();
        const submitted: TaskStatus = { state: "TASK_STATE_SUBMITTED", timestamp: timestamp(now) };
        // Nothing can read the SUBMITTED row between the snapshot and the WORKING update, which
        // the log still records.
        const working: TaskStatus | undefined = runs ? { state: "TASK_STATE_WORKING", timestamp: timestamp(now) } : undefined;
        // SUBMITTED (the snapshot), then WORKING when the turn runs: one generation each.
        const changes = working ? 2 : 1;
        let generation = changes;
        if (isNewTask) {
          w.records.createTask(taskId, working ?? submitted, taskMetadata, now, generation);
          w.log.startTask(taskId);
        } else generation = w.records.setStatus(taskId, working ?? submitted, now, changes);
        const number = isNewTask ? 1 : w.records.beginTurn(taskId);
        w.records.appendMessage(taskId, this.state.epoch(), number, stored.message, turn.request);
        w.log.compact(taskId, number, () => w.push.pendingSeqs(taskId));
        // A new task's snapshot is what was just written; a follow-up's adds the stored artifacts.
        const snapshot: Task = isNewTask
          ? { id: taskId, contextId, status: submitted, history: [stored.message], ...(taskMetadata ? { metadata: taskMetadata } : {}) }
          : { ...(w.records.task(taskId, contextId, SNAPSHOT_BOUNDS) as Task), status: submitted };
        const events: LoggedEvent[] = [w.emit(taskId, number, { task: snapshot }, generation - changes + 1)];
        if (working) {
          if (turn.bindCwd !== undefined) w.records.setSetting("cwd", turn.bindCwd);
          events.push(w.emit(taskId, number, { statusUpdate: { taskId, contextId, status: working } }, generation));
        }
        if (sealedPush) w.push.write(sealedPush, now);
        // A blocking turn is indexed by its end (or by the WORKING flush in answer if it runs long).
        if (!runs || !blocking) w.outbox.mark(taskId);
        if (this.state.evicted()) this.state.touch(w.records);
        return { number, snapshot, events };
      }).value;
    } catch (error) {
      if (isNewTask) await deleteBlobs(this.state.env.FILES, stored.blobs);
      throw error;
    }
  }

  /** Makes the opened turn the active one, runs it, and answers as the request asked. */
  private async answer(
    call: SendCall,
    prepared: PreparedTurn,
    opened: OpenedTurn,
    plan: TurnPlan,
    running: Pick<ActiveTurn, "controller" | "log">,
  ): Promise<SendResult> {
    const { taskId } = prepared;
    let markFinished = () => {};
    const finished = new Promise<void>((resolve) => (markFinished = resolve));
    const turn: ActiveTurn = { taskId, turn: opened.number, baseUrl: call.baseUrl, finished, markFinished, ...running };
    this.active = turn;
    this.starting = false;
    const runs = "events" in plan;
    const blocking = isBlocking(call);

    // A caller who gets an answer before the turn ends (non-blocking, streaming) finds the task
    // listed at once. A blocking caller's answer waits for the end, which is indexed before it
    // answers, so a quick turn needs one index write, not two: only a turn still running after
    // INDEX_WORKING_AFTER_MS is indexed as WORKING.
    const alarmFailed = (error: unknown) => console.error("alarm write failed", error instanceof Error ? error.name : typeof error);
    // A stream's first frames are already written and nothing below decides them: the stream is
    // answered first, and the index write and the turn itself start in the next task, after the
    // answer has left, instead of running (in this object's one thread) ahead of it.
    if (call.stream) {
      const stream = this.state.hub.open(taskId, call.framing, opened.events, false);
      // The heartbeat alarm is written now, in the opening commit's write batch (no I/O between):
      // a turn cut off before its first index write is then failed, and listed, by that alarm
      // within TURN_HEARTBEAT_MS of a restart, not at the idle timeout (issue 23 item 5).
      this.scheduleAlarm().catch(alarmFailed);
      setTimeout(() => {
        if (runs) void this.state.index.flush();
        // A cancel that came first has ended the task already: the turn is not started.
        if (this.active === turn) void this.run(turn, plan);
      }, 0);
      return { kind: "stream", stream };
    }
    const indexed = runs && !blocking ? this.state.index.flush() : undefined;
    if (runs && blocking) setTimeout(() => void (this.active === turn && this.markAndFlush(taskId)), INDEX_WORKING_AFTER_MS);
    const alarm = this.scheduleAlarm().catch(alarmFailed);
    void this.run(turn, plan);
    await Promise.all([indexed, alarm]);

    const historyLength = call.request.configuration?.historyLength;
    if (call.request.configuration?.returnImmediately) {
      const snapshot = JSON.stringify(viewTask(opened.snapshot, { historyLength }));
      const generation = call.framing.generation ? opened.events[0]?.generation : undefined;
      return { kind: "json", json: `{"task":${generation === undefined ? snapshot : taskWithGeneration(snapshot, generation)}}` };
    }
    await turn.finished;
    return { kind: "json", json: `{"task":${this.answerTaskJson(taskId, historyLength, call.framing)}}` };
  }

  private markAndFlush(taskId: string): Promise<boolean> {
    this.state.commit((w) => w.outbox.mark(taskId));
    return this.state.index.flush();
  }

  private directReply(call: SendCall, contextId: string, parts: Message["parts"]): SendResult {
    const message: Message = { messageId: crypto.randomUUID(), role: "ROLE_AGENT", parts, contextId };
    if (!call.stream) return { kind: "json", json: JSON.stringify({ message }) };
    return { kind: "stream", stream: StreamHub.single(call.framing, { json: JSON.stringify({ message }) }) };
  }

  private async run(turn: ActiveTurn, plan: TurnPlan): Promise<void> {
    try {
      if ("failWith" in plan) {
        await this.finish(turn.taskId, "TASK_STATE_FAILED", plan.failWith, NO_USAGE_METADATA);
        return;
      }
      let replyText = "";
      for await (const event of plan.events) {
        if (this.active !== turn) return;
        if (event.type === "file") {
          const artifact = await storeArtifact(this.state.env.FILES, await this.state.ownerKey(), turn.taskId, event, turn.baseUrl);
          if (this.active !== turn) return;
          this.state.commit((w) => {
            w.records.putArtifact(turn.taskId, artifact, false);
            w.emit(
              turn.taskId,
              turn.turn,
              { artifactUpdate: { taskId: turn.taskId, contextId: this.state.contextId(), artifact, append: false, lastChunk: true } },
              w.records.bumpGeneration(turn.taskId),
            );
          });
          continue;
        }
        const effect = mapAgentEvent(event, this.exposure);
        if (!effect) continue;
        if (effect.kind === "end") {
          // The agent's own end of a turn that produced assistant text closes with the reply as an
          // artifact too; an error's end (its text is no reply) does not.
          const response = event.type === "end" && replyText !== "";
          await this.finish(turn.taskId, effect.state, effect.text ?? replyText, effect.metadata, response);
          return;
        }
        if (effect.kind === "artifact") {
          const { kind: _kind, ...update } = effect;
          this.state.commit((w) => {
            w.records.putArtifact(turn.taskId, effect.artifact, effect.append === true);
            const generation = w.records.bumpGeneration(turn.taskId);
            w.emit(turn.taskId, turn.turn, { artifactUpdate: { taskId: turn.taskId, contextId: this.state.contextId(), ...update } }, generation);
          });
          continue;
        }
        if (effect.text) replyText += effect.text;
        this.emitWorking(turn, effect.text, effect.metadata);
      }
      if (this.active === turn) await this.finish(turn.taskId, "TASK_STATE_INPUT_REQUIRED", replyText, NO_USAGE_METADATA, replyText !== "");
    } catch (error) {
      console.error("turn failed", error instanceof Error ? error.name : typeof error);
      if (this.active === turn) await this.finish(turn.taskId, "TASK_STATE_FAILED", INTERNAL_TEXT);
    }
  }

  /** A WORKING update; a text delta longer than DELTA_MAX_CHARS becomes several, in order. */
  private emitWorking(turn: ActiveTurn, text: string | undefined, metadata: JsonObject | undefined): void {
    const chunks: Array<string | undefined> = [];
    if (!text) chunks.push(undefined);
    else for (let at = 0; at < text.length; at += DELTA_MAX_CHARS) chunks.push(text.slice(at, at + DELTA_MAX_CHARS));
    this.state.commit((w) => {
      for (const [index, chunk] of chunks.entries()) {
        const status: TaskStatus = { state: "TASK_STATE_WORKING", timestamp: timestamp(Date.now()) };
        if (chunk) status.message = this.agentMessage(`${turn.taskId}-message`, turn.taskId, chunk);
        this.writeStatus(w, turn.taskId, turn.turn, status, index === 0 ? metadata : undefined);
      }
    });
  }

  /**
   * Ends the task's turn at `state`: the final status (with the agent's reply as its message, also
   * kept in history), every stream of the task closed, the index updated, push queued, waiters released.
   * With `response`, the reply is also the turn's `response` artifact, just before the final status.
   */
  async finish(taskId: string, state: TaskState, text: string | undefined, metadata?: JsonObject, response = false): Promise<void> {
    const turn = this.active?.taskId === taskId ? this.active : undefined;
    if (turn) this.active = undefined;
    await this.end(taskId, turn, state, text, metadata, response);
  }

  private async end(
    taskId: string,
    turn: ActiveTurn | undefined,
    state: TaskState,
    text: string | undefined,
    metadata?: JsonObject,
    response = false,
  ): Promise<void> {
    if (this.finishing.has(taskId)) return;
    this.finishing.add(taskId);
    try {
      const reply = text ? this.agentMessage(`${taskId}-${stateNumber(state)}`, taskId, text) : undefined;
      const plan = reply ? await planStoredMessage(reply, { ownerKey: await this.state.ownerKey(), taskId, baseUrl: turn?.baseUrl ?? "" }) : undefined;
      if (plan) await writeBlobs(this.state.env.FILES, plan.blobs);
      const { value: jobs } = this.state.commit((w) => {
        const turnNumber = turn?.turn ?? w.records.turnOf(taskId);
        const status: TaskStatus = { state, timestamp: timestamp(Date.now()) };
        if (plan) {
          status.message = plan.message;
          w.records.appendMessage(taskId, this.state.epoch(), turnNumber, plan.message);
          if (response) this.writeResponse(w, taskId, turnNumber, plan.message);
        }
        const logged = this.writeStatus(w, taskId, turnNumber, status, metadata);
        w.outbox.mark(taskId);
        this.state.touch(w.records);
        return this.recordPushJobs(w, taskId, logged.seq);
      });
      this.state.hub.closeAll(taskId);
      turn?.log.end(state);
      await this.state.index.flush();
      await this.enqueuePush(jobs, turn?.log.trace);
      await this.scheduleAlarm();
    } finally {
      this.finishing.delete(taskId);
      turn?.markFinished();
    }
  }

  /** The turn's `response` artifact (response-artifact.ts): added as the newest, streamed as its last chunk. */
  private writeResponse(w: Writes, taskId: string, turn: number, reply: Message): void {
    const artifact = w.records.addArtifact(taskId, responseArtifact(taskId, turn, reply.parts));
    const generation = w.records.bumpGeneration(taskId);
    w.emit(taskId, turn, { artifactUpdate: { taskId, contextId: this.state.contextId(), artifact, append: false, lastChunk: true } }, generation);
  }

  private writeStatus(w: Writes, taskId: string, turn: number, status: TaskStatus, metadata?: JsonObject): LoggedEvent {
    const generation = w.records.setStatus(taskId, status, Date.now());
    return w.emit(taskId, turn, { statusUpdate: { taskId, contextId: this.state.contextId(), status, ...(metadata ? { metadata } : {}) } }, generation);
  }

  private agentMessage(messageId: string, taskId: string, text: string): Message {
    return { messageId, role: "ROLE_AGENT", parts: [{ text }], taskId, contextId: this.state.contextId() };
  }

  // ── cancel and subscribe ────────────────────────────────────────────────────────────────────

  async cancel(owner: string, taskId: string): Promise<Task> {
    const state = this.requireOwned(owner, taskId);
    if (isTerminal(state) || this.finishing.has(taskId)) throw errors.taskNotCancelable(taskId);
    if (this.active?.taskId === taskId) this.active.controller.abort();
    await this.finish(taskId, "TASK_STATE_CANCELED", CANCELED_TEXT);
    return this.mustTask(taskId, undefined);
  }

  /**
   * A stream of the task (spec §3.1.6), one Task first: a `Last-Event-ID` resume gets the current
   * Task (no `id:`), then exactly the events it missed (event-log.ts), then live events; a task
   * that is running or waiting for input gets its bounded Task first, then the updates of its
   * current or next turn, closing when that turn ends. A terminal task gets -32004.
   */
  subscribe(owner: string, taskId: string, framing: StreamFraming, lastEventId: number | undefined): ReadableStream<Uint8Array> {
    const state = this.requireOwned(owner, taskId);
    const running = this.active?.taskId === taskId;
    const { log, hub } = this.state;
    if (lastEventId !== undefined) {
      const missed = log.missedAfter(taskId, lastEventId);
      if (missed.length > 0 || !isTerminal(state)) {
        // The current Task leads unless the missed events start with one; it is no logged event,
        // so it carries no `id:` and the client's resume point stays where it was.
        const lead = missed[0] && isTaskSnapshot(missed[0]) ? [] : [unlogged(this.snapshotEvent(taskId, framing))];
        // After the turn ended: what was missed, then close.
        return hub.open(taskId, framing, [...lead, ...missed], !running && missed.length > 0);
      }
    }
    if (isTerminal(state)) throw errors.unsupported(`Task ${taskId} is in a terminal state`);
    return hub.open(taskId, framing, [this.snapshotEvent(taskId, framing)], false);
  }

  /** The task's current bounded Task as the event that opens a stream (with its generation when the stream shows it). */
  private snapshotEvent(taskId: string, framing: StreamFraming): LoggedEvent {
    const { records, log } = this.state;
    const task = records.task(taskId, this.state.contextId(), SNAPSHOT_BOUNDS) as Task;
    return { seq: log.lastSeq(taskId), json: JSON.stringify({ task }), generation: framing.generation ? records.generationOf(taskId) : undefined };
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────────

  /** Binds a fresh object to its owner and contextId; a mismatch means a forged or foreign route. */
  private claimContext(owner: string, contextId: string): void {
    const { records } = this.state;
    const boundOwner = records.getSetting("owner");
    if (boundOwner === undefined) {
      this.state.commit((w) => {
        w.records.setSetting("owner", owner);
        w.records.setSetting("contextId", contextId);
      });
      return;
    }
    if (boundOwner !== owner || records.getSetting("contextId") !== contextId) throw errors.taskNotFound("Task not found");
  }

  requireOwned(owner: string, taskId: string): TaskState {
    const state = this.state.owner() === owner ? this.state.records.stateOf(taskId) : undefined;
    if (!state) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
    return state;
  }

  /** The task as GetTask shows it, as JSON text. */
  mustTaskJson(taskId: string, historyLength: number | undefined): string {
    const json = this.state.records.taskJson(taskId, this.state.contextId(), taskViewBounds(historyLength));
    if (json === undefined) throw new Error("task row vanished");
    return json;
  }

  /** The task as a SendMessage answer shows it: with its generation when the request activated the extension. */
  private answerTaskJson(taskId: string, historyLength: number | undefined, framing: StreamFraming): string {
    const json = this.mustTaskJson(taskId, historyLength);
    return framing.generation ? taskWithGeneration(json, this.state.records.generationOf(taskId) ?? 0) : json;
  }

  mustTask(taskId: string, historyLength: number | undefined): Task {
    return JSON.parse(this.mustTaskJson(taskId, historyLength)) as Task;
  }

  private workspace(owner: string): Promise<R2Workspace> {
    this.files ??= R2Workspace.forOwner(this.state.env.FILES, owner);
    return this.files;
  }

  private partPolicy(cwd: string | undefined, workspace: R2Workspace): PartPolicy {
    const { config } = this.state;
    return { cwd, allowedRoots: config.allowedCwds, textMimeTypes: config.textMimeTypes, multimodalMimeTypes: config.multimodalMimeTypes, workspace };
  }

  /** One pending delivery per config for the event that ended a turn (inside the end's commit). */
  private recordPushJobs(w: Writes, taskId: string, seq: number): PushJob[] {
    if (!this.state.config.pushNotifications) return [];
    const now = Date.now();
    return w.push.ids(taskId).map((configId) => {
      const job: PushJob = { contextObjectId: this.contextObjectId, taskId, configId, seq, notificationId: notificationIdOf(taskId, seq, configId) };
      w.push.recordPending(job.notificationId, taskId, configId, seq, now);
      return job;
    });
  }

  /**
   * Sends the queue messages of recorded deliveries. A failure is logged and left pending: the
   * alarm re-enqueues pending deliveries whose message never produced an answer (lifecycle.ts).
   */
  private async enqueuePush(jobs: PushJob[], trace: TraceContext | undefined): Promise<void> {
    if (jobs.length === 0) return;
    try {
      // The turn's trace rides on the message only: each delivery attempt is a child span of it.
      await this.state.env.PUSH_QUEUE.sendBatch(jobs.map((job) => ({ body: trace ? { ...job, trace } : job })));
    } catch (error) {
      console.error("push enqueue failed", error instanceof Error ? error.message : typeof error);
    }
  }
}
