/**
 * The reads of a context's tasks: who owns them (a caller who is not the owner finds nothing),
 * the task as GetTask and a SendMessage answer show it (taskViewBounds), the bounded Task that
 * opens a stream (SNAPSHOT_BOUNDS), GetTask's wait for a newer generation, and SubscribeToTask with its `Last-Event-ID` replay. Nothing
 * here writes: it reads the tables and opens streams on the hub, and learns from the turn slot
 * only whether a task's turn is running.
 */
import type { Task } from "../../a2a/types";
import { isTerminal, type TaskState } from "../../a2a/states";
import { errors } from "../../a2a/errors";
import type { StreamFraming } from "../../a2a/sse";
import { GENERATION_WAIT_MAX_MS, taskWithGeneration } from "../../a2a/generation";
import type { ContextState } from "./context-state";
import { isTaskSnapshot, type LoggedEvent } from "./event-log";
import type { Unlogged } from "./stream-hub";
import type { TurnSlot } from "./turn-slot";
import { SNAPSHOT_BOUNDS, taskViewBounds } from "./view-bounds";

/** An event as a frame without an SSE `id:` (stream-hub.ts). */
const unlogged = ({ json, generation }: LoggedEvent): Unlogged => ({ json, generation });

export class TaskReads {
  constructor(
    private readonly state: ContextState,
    private readonly slot: TurnSlot,
  ) {}

  /** The task's state when `owner` owns this context and the task exists; -32001 otherwise. */
  requireOwned(owner: string, taskId: string): TaskState {
    const state = this.state.owner() === owner ? this.state.records.stateOf(taskId) : undefined;
    if (!state) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
    return state;
  }

  /**
   * GetTask: the Task as JSON text, composed from the stored rows (the Worker passes it through).
   * With the generation extension (`generation` set): its generation first, after waiting
   * (bounded) for the task to move past `currentGeneration` when given (a2a/generation.ts).
   */
  async getTask(owner: string, taskId: string, historyLength: number | undefined, generation?: { currentGeneration?: number | undefined }): Promise<string> {
    const { records } = this.state;
    const view = () => (this.state.owner() === owner ? records.taskJson(taskId, this.state.contextId(), taskViewBounds(historyLength)) : undefined);
    if (view() === undefined) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
    if (generation?.currentGeneration !== undefined) await this.waitPast(taskId, generation.currentGeneration);
    const json = view();
    if (json === undefined) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
    return generation ? taskWithGeneration(json, records.generationOf(taskId) ?? 0) : json;
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

  /** The task as a turn's answer and a cancel show it, as JSON text (the row must exist). */
  taskJson(taskId: string, historyLength: number | undefined): string {
    const json = this.state.records.taskJson(taskId, this.state.contextId(), taskViewBounds(historyLength));
    if (json === undefined) throw new Error("task row vanished");
    return json;
  }

  /** The task as a SendMessage answer shows it: with its generation when the request activated the extension. */
  answerTaskJson(taskId: string, historyLength: number | undefined, framing: StreamFraming): string {
    const json = this.taskJson(taskId, historyLength);
    return framing.generation ? taskWithGeneration(json, this.state.records.generationOf(taskId) ?? 0) : json;
  }

  task(taskId: string, historyLength: number | undefined): Task {
    return JSON.parse(this.taskJson(taskId, historyLength)) as Task;
  }

  /** The task's current bounded Task as the event that opens a stream (with its generation when the stream shows it). */
  snapshotEvent(taskId: string, framing: StreamFraming): LoggedEvent {
    const { records, log } = this.state;
    const task = records.task(taskId, this.state.contextId(), SNAPSHOT_BOUNDS) as Task;
    return { seq: log.lastSeq(taskId), json: JSON.stringify({ task }), generation: framing.generation ? records.generationOf(taskId) : undefined };
  }

  /**
   * A stream of the task (spec §3.1.6), one Task first: a `Last-Event-ID` resume gets the current
   * Task (no `id:`), then exactly the events it missed (event-log.ts), then live events; a task
   * that is running or waiting for input gets its bounded Task first, then the updates of its
   * current or next turn, closing when that turn ends. A terminal task gets -32004.
   */
  subscribe(owner: string, taskId: string, framing: StreamFraming, lastEventId: number | undefined): ReadableStream<Uint8Array> {
    const state = this.requireOwned(owner, taskId);
    const running = this.slot.activeTaskId() === taskId;
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
}
