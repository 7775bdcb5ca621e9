/**
 * The end of a task's turn, written once whoever ends it (the agent, an error, a cancel, a
 * restart): the reply message (large parts to R2), the turn's `response` artifact when it
 * produced assistant text, the final status, the push deliveries and the index outbox mark in one
 * commit; then the index is told (the task's streams close once it has been, so a client that
 * lists on close sees the end), the push queue is told, the alarm is planned again and the turn's
 * waiters are released. A cancel racing a turn's end writes one end
 * (the slot's `finishing`).
 *
 * The lifecycle plans the alarm; this end only asks it to (AlarmPlanner), and the lifecycle learns
 * whether a turn runs from the slot, so neither holds the other.
 */
import type { TraceContext } from "../../a2a/trace-context";
import type { JsonObject, TaskStatus } from "../../a2a/types";
import { stateNumber, type TaskState } from "../../a2a/states";
import { notificationIdOf, type PushJob } from "../../push/push-job";
import { planStoredMessage, writeBlobs } from "../../storage/stored-parts";
import type { ContextState, Writes } from "./context-state";
import { responseArtifact } from "./response-artifact";
import { agentMessage, writeStatus } from "./status-writes";
import { timestamp } from "./task-records";
import { INTERRUPTED_TEXT } from "./turn-texts";
import type { ActiveTurn, TurnSlot } from "./turn-slot";

/** What the end needs of the lifecycle: the next alarm planned (a heartbeat while a turn runs, or what comes after it). */
export interface AlarmPlanner {
  scheduleAlarm(): Promise<void>;
}

/** How a turn ends: its state, the reply (with its own metadata), the final update's metadata. */
interface Ending {
  state: TaskState;
  text: string | undefined;
  metadata: JsonObject | undefined;
  /** The reply is also the turn's `response` artifact. */
  response: boolean;
  replyMetadata: JsonObject | undefined;
}

export class TurnEnd {
  constructor(
    private readonly state: ContextState,
    private readonly slot: TurnSlot,
    private readonly contextObjectId: string,
    private readonly alarm: AlarmPlanner,
  ) {}

  /**
   * Ends the task's turn at `state`: the final status (with the agent's reply as its message, also
   * kept in history), the index updated, every stream of the task closed, push queued, waiters released.
   * With `response`, the reply is also the turn's `response` artifact, just before the final status.
   * `replyMetadata` is the reply message's own (the turn's request check, issue 27 item 8): stored
   * with it in the task's status and history, so every read of the Task carries it.
   */
  async finish(taskId: string, state: TaskState, text: string | undefined, metadata?: JsonObject, response = false, replyMetadata?: JsonObject): Promise<void> {
    const turn = this.slot.release(taskId);
    await this.end(taskId, turn, { state, text, metadata, response, replyMetadata });
  }

  /**
   * Restart: a task found SUBMITTED or WORKING when the object starts was cut off by a restart or
   * deploy (in-memory turns do not survive): it ends FAILED and is push-notified.
   */
  async endInterrupted(): Promise<void> {
    for (const taskId of this.state.records.idsInStates(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"])) {
      await this.finish(taskId, "TASK_STATE_FAILED", INTERRUPTED_TEXT);
    }
  }

  private async end(taskId: string, turn: ActiveTurn | undefined, ending: Ending): Promise<void> {
    const { state, text, metadata, response, replyMetadata } = ending;
    const { finishing } = this.slot;
    // Another end of this task is being written (a cancel racing the turn's own end): one end.
    if (finishing.has(taskId)) return turn?.markFinished();
    finishing.add(taskId);
    try {
      const contextId = this.state.contextId();
      const reply = text ? agentMessage(contextId, `${taskId}-${stateNumber(state)}`, taskId, text, replyMetadata) : undefined;
      const plan = reply ? await planStoredMessage(reply, { ownerKey: await this.state.ownerKey(), taskId, baseUrl: turn?.baseUrl ?? "" }) : undefined;
      if (plan) await writeBlobs(this.state.env.FILES, plan.blobs);
      const { value: jobs } = this.state.commit((w) => {
        const turnNumber = turn?.turn ?? w.records.turnOf(taskId);
        const status: TaskStatus = { state, timestamp: timestamp(Date.now()) };
        if (plan) {
          status.message = plan.message;
          w.records.appendMessage(taskId, this.state.epoch(), turnNumber, plan.message, undefined, plan.json);
        }
        // The turn's `response` artifact (response-artifact.ts): added as the newest, streamed as its last chunk.
        const artifact = plan && response ? w.records.addArtifact(taskId, responseArtifact(taskId, turnNumber, plan.message.parts)) : undefined;
        const logged = writeStatus(w, contextId, taskId, turnNumber, status, metadata, artifact);
        w.outbox.mark(taskId);
        this.state.ended(w.records);
        return this.recordPushJobs(w, taskId, logged.seq);
      });
      // The end is written (its status already published to every stream) and the client may
      // already send the next message of this task: from here on a follow-up is a new turn, not a
      // second end (the tail below awaits the index).
      finishing.delete(taskId);
      turn?.log.end(state);
      // Streams close once the index has the end: a client that lists its tasks when its stream
      // closes (the playground does) finds this one in its final state (read-your-writes). A flush
      // that fails still closes them (the outbox keeps the mark for the alarm's retry).
      try {
        await this.state.index.flush();
      } finally {
        this.state.hub.closeAll(taskId);
      }
      await this.enqueuePush(jobs, turn?.log.trace);
      await this.alarm.scheduleAlarm();
    } finally {
      finishing.delete(taskId);
      turn?.markFinished();
    }
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
