/**
 * The turns of one context, one at a time (a message while a turn runs is refused with
 * `Task is already working.`), each a sequence of commits (context-state.ts) so that a failure
 * leaves nothing half-written. This file orders the steps, answers repeats and cancels; each step is its
 * own module:
 *
 * 1. Admission (turn-admission.ts): everything that can refuse the message; nothing written.
 * 2. The opening (turn-open.ts): the R2 blobs of large parts, then one commit. Only then are the
 *    events sent, and the answer is timed (turn-answer.ts) as the request asked.
 * 3. The agent's events (turn-events.ts), each written before it is sent.
 * 4. The end (turn-end.ts): the reply, the final status, push records and the outbox mark in one
 *    commit; then streams close, the index and the push queue are told.
 *
 * A repeated request (same messageId or Idempotency-Key) is answered from the task its first
 * sending started. The reads a turn's answer and a cancel use are in task-reads.ts; the turn
 * being run is in the slot (turn-slot.ts) that the reads and the lifecycle read too.
 */
import { TurnLog } from "../../observability/turn-log";
import { metricsOf } from "../../observability/metrics";
import type { Message, Task } from "../../a2a/types";
import { isTerminal } from "../../a2a/states";
import { errors } from "../../a2a/errors";
import type { AgentRuntime } from "../../agent/runtime";
import type { Exposure } from "../../agent/event-mapper";
import type { QuotaLease } from "./quota-lease";
import type { ContextState } from "./context-state";
import { conversationOf } from "./conversation";
import { reusedId, requestDigest, storedId, type FoundRequest } from "./repeat-requests";
import { isBlocking, type SendCall, type SendResult } from "./send-call";
import { StreamHub } from "./stream-hub";
import type { StoredRequest } from "./task-records";
import type { TaskReads } from "./task-reads";
import { Admission, type PreparedTurn } from "./turn-admission";
import type { AlarmPlanner, TurnEnd } from "./turn-end";
import { answerTurn } from "./turn-answer";
import type { TurnPlan } from "./turn-events";
import { openTurn } from "./turn-open";
import type { TurnSlot } from "./turn-slot";
import { CANCELED_TEXT } from "./turn-texts";

/** What the runner is built from: the context's state and slot, its reads and end, the agent, and the alarm it asks for. */
export interface TurnRunnerParts {
  state: ContextState;
  slot: TurnSlot;
  reads: TaskReads;
  end: TurnEnd;
  alarm: AlarmPlanner;
  agent: AgentRuntime;
  exposure: Exposure;
  contextObjectId: string;
  /** The context's account with its owner's quota. */
  quota: QuotaLease;
}

export class TurnRunner {
  private readonly admission: Admission;

  constructor(private readonly parts: TurnRunnerParts) {
    this.admission = new Admission(parts.state, parts.slot, parts.contextObjectId);
  }

  // ── sending ─────────────────────────────────────────────────────────────────────────────────

  async send(call: SendCall): Promise<SendResult> {
    const { message } = call.request;
    const { state, slot } = this.parts;
    if (this.admission.caller(call) === "unbound") await this.bindContext(call.owner, call.contextId ?? "");

    const request: StoredRequest = {
      messageId: await storedId(message.messageId),
      key: await storedId(call.idempotencyKey),
      digest: await requestDigest(message.parts),
    };
    // From here to `beginStart` nothing awaits: a repeat waits for the request it
    // repeats to open, then finds its stored message; it never starts a second turn.
    for (let opening = slot.openingOf(request); opening; opening = slot.openingOf(request)) await opening;
    const found = state.records.findRequest(request.messageId, request.key);
    if (found) return this.repeat(call, found, request.digest);

    this.admission.task(call);
    const start = slot.beginStart(request);
    try {
      return await this.start(call, request, start.opened);
    } finally {
      start.done();
    }
  }

  /**
   * Binds a fresh object to its owner and contextId (the one write before a message is admitted),
   * once the owner's quota has taken one more context: refused, nothing is written.
   */
  private async bindContext(owner: string, contextId: string): Promise<void> {
    const { quota, state } = this.parts;
    await quota.chargeContext(owner);
    // Two first messages of one context at once: the first to come back binds it, the other gives its charge back.
    if (state.records.getSetting("owner") !== undefined) return quota.releaseContext(owner);
    state.commit((w) => {
      quota.noteContext();
      w.records.setSetting("owner", owner);
      w.records.setSetting("contextId", contextId);
    });
  }

  /**
   * A repeated request (repeat-requests.ts): the task its first sending started, as this request
   * asked for it: a blocking call waits for that turn's end, a stream gets the Task, then the
   * turn's updates while it runs. The same id with other parts is -32602.
   */
  private async repeat(call: SendCall, found: FoundRequest & { byKey: boolean }, digest: string): Promise<SendResult> {
    if (found.digest !== null && found.digest !== digest) throw reusedId(found.byKey ? "Idempotency-Key" : "message.messageId");
    const { taskId } = found;
    const { slot, state, reads } = this.parts;
    const turn = slot.active?.taskId === taskId && slot.active.turn === found.turn ? slot.active : undefined;
    if (call.stream) return { kind: "stream", stream: state.hub.open(taskId, call.framing, [reads.snapshotEvent(taskId, call.framing)], !turn) };
    if (turn && isBlocking(call)) await turn.finished;
    return { kind: "json", json: `{"task":${reads.answerTaskJson(taskId, call.request.configuration?.historyLength, call.framing)}}` };
  }

  /** A turn: checked and planned (nothing written), opened by one commit, then answered. */
  private async start(call: SendCall, request: StoredRequest, opened: () => void): Promise<SendResult> {
    const { state } = this.parts;
    const turn = await this.admission.prepare(call, request);
    // The owner's quota, before anything of the turn is written (quota-lease.ts).
    const newPushConfig = turn.sealedPush !== undefined && state.push.get(turn.taskId, turn.sealedPush.id) === undefined;
    const blobBytes = turn.stored.blobs.reduce((sum, blob) => sum + blob.bytes.byteLength, 0);
    await this.parts.quota.chargeTurn(call.owner, { messageBytes: turn.stored.bytes, blobBytes, newPushConfig });
    const controller = new AbortController();
    const log = new TurnLog({
      agent: state.config.agent,
      contextId: turn.contextId,
      taskId: turn.taskId,
      trace: call.trace,
      metrics: metricsOf(state.env),
    });
    const plan = await this.planTurn(call, turn, controller.signal, log);
    if ("reply" in plan) return plan.reply;
    const openedTurn = await openTurn(state, call, turn, "events" in plan);
    opened();
    return answerTurn(this.parts, call, turn, openedTurn, plan, { controller, log });
  }

  /** Starts the agent on the message (no agent for bad input: the turn goes straight to FAILED). */
  private async planTurn(call: SendCall, turn: PreparedTurn, signal: AbortSignal, log: TurnLog): Promise<TurnPlan | { reply: SendResult }> {
    if (turn.failWith !== undefined) return { failWith: turn.failWith };
    const { state, agent } = this.parts;
    const history = await conversationOf(state, state.env.FILES, turn.ownerKey);
    const agentTurn = agent.start({
      taskId: turn.taskId,
      contextId: turn.contextId,
      message: turn.userMessage,
      prompt: turn.prompt,
      history,
      cwd: turn.cwd,
      signal,
      metadata: call.request.message.metadata,
      workspace: turn.files,
      trace: call.trace,
    });
    if (agentTurn.kind === "message") return { reply: this.directReply(call, turn.contextId, agentTurn.parts) };
    return { events: log.watch(agentTurn.events) };
  }

  private directReply(call: SendCall, contextId: string, parts: Message["parts"]): SendResult {
    const message: Message = { messageId: crypto.randomUUID(), role: "ROLE_AGENT", parts, contextId };
    if (!call.stream) return { kind: "json", json: JSON.stringify({ message }) };
    return { kind: "stream", stream: StreamHub.single(call.framing, { json: JSON.stringify({ message }) }) };
  }

  // ── cancel ──────────────────────────────────────────────────────────────────────────────────

  async cancel(owner: string, taskId: string): Promise<Task> {
    const { reads, slot, end } = this.parts;
    const state = reads.requireOwned(owner, taskId);
    if (isTerminal(state) || slot.finishing.has(taskId)) throw errors.taskNotCancelable(taskId);
    if (slot.active?.taskId === taskId) slot.active.controller.abort();
    await end.finish(taskId, "TASK_STATE_CANCELED", CANCELED_TEXT);
    return reads.task(taskId, undefined);
  }
}
