/**
 * When a SendMessage's answer leaves, against the index writes, the alarm and the turn itself.
 * The opened turn becomes the active one and runs; then:
 *
 * - A stream is answered first: its first frames are already written and nothing below decides
 *   them, so the index write and the turn start in the next task, after the answer has left,
 *   instead of running (in this object's one thread) ahead of it.
 * - A non-blocking call (`returnImmediately`) finds its task listed at once: the answer waits for
 *   the index write, then is the opening snapshot.
 * - A blocking call's answer waits for the end, which is indexed before it answers, so a quick
 *   turn needs one index write, not two: only a turn still running after INDEX_WORKING_AFTER_MS
 *   is indexed as WORKING.
 */
import { viewTask } from "../../a2a/task-view";
import { taskWithGeneration } from "../../a2a/generation";
import type { ContextState } from "./context-state";
import { isBlocking, type SendCall, type SendResult } from "./send-call";
import type { TaskReads } from "./task-reads";
import type { PreparedTurn } from "./turn-admission";
import type { AlarmPlanner } from "./turn-end";
import { runTurn, type TurnEventsDeps, type TurnPlan } from "./turn-events";
import type { OpenedTurn } from "./turn-open";
import type { ActiveTurn } from "./turn-slot";

/** A blocking turn still running after this long is listed as WORKING. */
const INDEX_WORKING_AFTER_MS = 200;

/** What the answer is timed with: the turn's writers (to run it), the reads (to answer), the alarm. */
export interface AnswerDeps extends TurnEventsDeps {
  reads: TaskReads;
  alarm: AlarmPlanner;
}

const alarmFailed = (error: unknown) => console.error("alarm write failed", error instanceof Error ? error.name : typeof error);

/** Makes the opened turn the active one, runs it, and answers as the request asked. */
export async function answerTurn(
  deps: AnswerDeps,
  call: SendCall,
  prepared: PreparedTurn,
  opened: OpenedTurn,
  plan: TurnPlan,
  running: Pick<ActiveTurn, "controller" | "log">,
): Promise<SendResult> {
  const { taskId } = prepared;
  const { slot, state, alarm } = deps;
  let markFinished = () => {};
  const finished = new Promise<void>((resolve) => (markFinished = resolve));
  const turn: ActiveTurn = { taskId, turn: opened.number, baseUrl: call.baseUrl, finished, markFinished, ...running };
  slot.activate(turn);
  const runs = "events" in plan;
  const blocking = isBlocking(call);
  if (call.stream) {
    const stream = state.hub.open(taskId, call.framing, opened.events, false);
    // The heartbeat alarm is written now, in the opening commit's write batch (no I/O between):
    // a turn cut off before its first index write is then failed, and listed, by that alarm
    // within TURN_HEARTBEAT_MS of a restart, not at the idle timeout (issue 23 item 5).
    alarm.scheduleAlarm().catch(alarmFailed);
    setTimeout(() => {
      if (runs) void state.index.flush();
      // A cancel that came first has ended the task already: the turn is not started.
      if (slot.active === turn) void runTurn(deps, turn, plan);
    }, 0);
    return { kind: "stream", stream };
  }
  const indexed = runs && !blocking ? state.index.flush() : undefined;
  if (runs && blocking) setTimeout(() => void (slot.active === turn && markAndFlush(state, taskId)), INDEX_WORKING_AFTER_MS);
  const scheduled = alarm.scheduleAlarm().catch(alarmFailed);
  void runTurn(deps, turn, plan);
  await Promise.all([indexed, scheduled]);
  return settled(deps.reads, call, taskId, opened, turn);
}

/** A non-streaming answer: the opening snapshot for `returnImmediately`, else the task once the turn ended. */
async function settled(reads: TaskReads, call: SendCall, taskId: string, opened: OpenedTurn, turn: ActiveTurn): Promise<SendResult> {
  const historyLength = call.request.configuration?.historyLength;
  if (call.request.configuration?.returnImmediately) {
    const snapshot = JSON.stringify(viewTask(opened.snapshot, { historyLength }));
    const generation = call.framing.generation ? opened.events[0]?.generation : undefined;
    return { kind: "json", json: `{"task":${generation === undefined ? snapshot : taskWithGeneration(snapshot, generation)}}` };
  }
  await turn.finished;
  return { kind: "json", json: `{"task":${reads.answerTaskJson(taskId, historyLength, call.framing)}}` };
}

/** A blocking turn that runs long: listed as WORKING now (a mark in memory only, index-outbox.ts), its end listed again later. */
function markAndFlush(state: ContextState, taskId: string): Promise<boolean> {
  state.outbox.markRunning(taskId);
  return state.index.flush();
}
