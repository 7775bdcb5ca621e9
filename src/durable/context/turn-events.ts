/**
 * The middle of a turn: the agent's events, each written (one commit) before it is sent, text
 * deltas split at DELTA_MAX_CHARS, files stored in R2 before their artifact is written; then the
 * end the events call for (turn-end.ts). An event that arrives after the turn stopped being the
 * active one (a cancel ended it) is dropped, and an agent that throws ends the turn FAILED.
 */
import type { JsonObject, TaskStatus } from "../../a2a/types";
import type { AgentEvent } from "../../agent/runtime";
import { NO_USAGE_METADATA, mapAgentEvent, type Exposure } from "../../agent/event-mapper";
import { storeArtifact } from "../../storage/artifacts";
import { DELTA_MAX_CHARS } from "../../storage/limits";
import type { ContextState } from "./context-state";
import { agentMessage, writeStatus } from "./status-writes";
import { timestamp } from "./task-records";
import type { TurnEnd } from "./turn-end";
import { INTERNAL_TEXT } from "./turn-texts";
import type { ActiveTurn, TurnSlot } from "./turn-slot";

/** How a turn starts: with the agent's events, or straight to a FAILED end (bad input). */
export type TurnPlan = { events: AsyncIterable<AgentEvent> } | { failWith: string };

/** What a turn's events are written with. */
export interface TurnEventsDeps {
  state: ContextState;
  slot: TurnSlot;
  end: TurnEnd;
  exposure: Exposure;
}

/** Runs the opened turn to its end; never throws (a failure is the turn's FAILED end). */
export async function runTurn(deps: TurnEventsDeps, turn: ActiveTurn, plan: TurnPlan): Promise<void> {
  const { slot, end } = deps;
  try {
    if ("failWith" in plan) {
      await end.finish(turn.taskId, "TASK_STATE_FAILED", plan.failWith, NO_USAGE_METADATA);
      return;
    }
    let replyText = "";
    for await (const event of plan.events) {
      if (slot.active !== turn) return;
      if (event.type === "file") {
        if (!(await writeFile(deps, turn, event))) return;
        continue;
      }
      const effect = mapAgentEvent(event, deps.exposure);
      if (!effect) continue;
      if (effect.kind === "end") {
        // The agent's own end of a turn that produced assistant text closes with the reply as an
        // artifact too; an error's end (its text is no reply) does not.
        const response = event.type === "end" && replyText !== "";
        await end.finish(turn.taskId, effect.state, effect.text ?? replyText, effect.metadata, response, effect.messageMetadata);
        return;
      }
      if (effect.kind === "artifact") {
        const { kind: _kind, ...update } = effect;
        deps.state.commit((w) => {
          w.records.putArtifact(turn.taskId, effect.artifact, effect.append === true);
          const generation = w.records.bumpGeneration(turn.taskId);
          w.emit(turn.taskId, turn.turn, { artifactUpdate: { taskId: turn.taskId, contextId: deps.state.contextId(), ...update } }, generation);
        });
        continue;
      }
      if (effect.text) replyText += effect.text;
      emitWorking(deps.state, turn, effect.text, effect.metadata);
    }
    if (slot.active === turn) await end.finish(turn.taskId, "TASK_STATE_INPUT_REQUIRED", replyText, NO_USAGE_METADATA, replyText !== "");
  } catch (error) {
    console.error("turn failed", error instanceof Error ? error.name : typeof error);
    if (slot.active === turn) await end.finish(turn.taskId, "TASK_STATE_FAILED", INTERNAL_TEXT);
  }
}

/** A file the agent wrote: its bytes to R2 first, then its artifact and update; false when the turn stopped being active meanwhile. */
async function writeFile({ state, slot }: TurnEventsDeps, turn: ActiveTurn, event: Extract<AgentEvent, { type: "file" }>): Promise<boolean> {
  const artifact = await storeArtifact(state.env.FILES, await state.ownerKey(), turn.taskId, event, turn.baseUrl);
  if (slot.active !== turn) return false;
  state.commit((w) => {
    w.records.putArtifact(turn.taskId, artifact, false);
    w.emit(
      turn.taskId,
      turn.turn,
      { artifactUpdate: { taskId: turn.taskId, contextId: state.contextId(), artifact, append: false, lastChunk: true } },
      w.records.bumpGeneration(turn.taskId),
    );
  });
  return true;
}

/** A WORKING update; a text delta longer than DELTA_MAX_CHARS becomes several, in order. */
function emitWorking(state: ContextState, turn: ActiveTurn, text: string | undefined, metadata: JsonObject | undefined): void {
  const chunks: Array<string | undefined> = [];
  if (!text) chunks.push(undefined);
  else for (let at = 0; at < text.length; at += DELTA_MAX_CHARS) chunks.push(text.slice(at, at + DELTA_MAX_CHARS));
  const contextId = state.contextId();
  state.commit((w) => {
    for (const [index, chunk] of chunks.entries()) {
      const status: TaskStatus = { state: "TASK_STATE_WORKING", timestamp: timestamp(Date.now()) };
      if (chunk) status.message = agentMessage(contextId, `${turn.taskId}-message`, turn.taskId, chunk);
      writeStatus(w, contextId, turn.taskId, turn.turn, status, index === 0 ? metadata : undefined);
    }
  });
}
