/**
 * A turn's opening, the first thing written for a message that admission let through: the R2
 * blobs of its large parts, then one commit: the task row written once, in the state the commit
 * ends in (WORKING when the turn runs), the message, the compaction of old turns' events, the
 * bounded Task snapshot and the opening events, the inline push config, the index outbox mark.
 * A failed commit takes the new task's blobs back. Only after it are the events sent.
 */
import type { Task, TaskStatus } from "../../a2a/types";
import { deleteBlobs, writeBlobs } from "../../storage/stored-parts";
import type { ContextState } from "./context-state";
import type { LoggedEvent } from "./event-log";
import { isBlocking, type SendCall } from "./send-call";
import { timestamp } from "./task-records";
import type { PreparedTurn } from "./turn-admission";
import { SNAPSHOT_BOUNDS } from "./view-bounds";

/** What the opening commit wrote: the turn's number, the task's snapshot and the opening events. */
export interface OpenedTurn {
  number: number;
  snapshot: Task;
  events: LoggedEvent[];
}

/** Writes the turn's opening; `runs` is false for a turn that goes straight to its FAILED end. */
export async function openTurn(state: ContextState, call: SendCall, turn: PreparedTurn, runs: boolean): Promise<OpenedTurn> {
  const { taskId, contextId, isNewTask, taskMetadata, stored, sealedPush } = turn;
  await writeBlobs(state.env.FILES, stored.blobs);
  const blocking = isBlocking(call);
  try {
    return state.commit((w) => {
      const now = Date.now();
      const submitted: TaskStatus = { state: "TASK_STATE_SUBMITTED", timestamp: timestamp(now) };
      // Nothing can read the SUBMITTED row between the snapshot and the WORKING update, which
      // the log still records.
      const working: TaskStatus | undefined = runs ? { state: "TASK_STATE_WORKING", timestamp: timestamp(now) } : undefined;
      // SUBMITTED (the snapshot), then WORKING when the turn runs: one generation each.
      const changes = working ? 2 : 1;
      let generation = changes;
      let number = 1;
      if (isNewTask) {
        w.records.createTask(taskId, working ?? submitted, taskMetadata, now, generation);
        w.log.startTask(taskId);
      } else ({ generation, turn: number } = w.records.beginTurn(taskId, working ?? submitted, now, changes));
      w.records.appendMessage(taskId, state.epoch(), number, stored.message, turn.request, stored.json);
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
      // A running turn's WORKING row is marked in memory only: its end marks it durably (index-outbox.ts).
      if (!runs) w.outbox.mark(taskId);
      else if (!blocking) w.outbox.markRunning(taskId);
      if (state.evicted()) state.touch(w.records);
      return { number, snapshot, events };
    }).value;
  } catch (error) {
    if (isNewTask) await deleteBlobs(state.env.FILES, stored.blobs);
    throw error;
  }
}
