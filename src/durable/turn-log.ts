/**
 * The turn's log line and metric: one JSON line per turn when it ends (agent, provider, model,
 * duration, tool calls, tokens, final state, trace id, short hashes of context and task) and, with
 * `IACCODE_A2A_METRICS` bound, one Analytics Engine data point. It watches the agent's events on
 * their way to the event mapper (provider and model, tool starts, usage) and never changes them.
 * It also carries the turn's W3C trace context, the parent of the turn's outgoing calls.
 */
import type { AgentEvent } from "../agent/runtime";
import type { TaskState } from "../a2a/states";
import type { TraceContext } from "../a2a/trace-context";
import { logLine, shortHash } from "../observability/log";
import { writeTurnPoint } from "../observability/metrics";

/** A model name can come from the caller (`metadata.iac_code.iac_code_model`): the log keeps this much. */
const MAX_MODEL_NAME_CHARS = 128;

export interface TurnLogInfo {
  agent: string;
  contextId: string;
  taskId: string;
  trace: TraceContext | undefined;
  metrics: AnalyticsEngineDataset | undefined;
}

export class TurnLog {
  private readonly started = Date.now();
  private provider = "none";
  private model = "none";
  private toolCalls = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private ended = false;

  constructor(private readonly info: TurnLogInfo) {}

  get trace(): TraceContext | undefined {
    return this.info.trace;
  }

  /** `events`, unchanged, with what the log needs noted on the way. */
  async *watch(events: AsyncIterable<AgentEvent>): AsyncGenerator<AgentEvent> {
    for await (const event of events) {
      this.observe(event);
      yield event;
    }
  }

  private observe(event: AgentEvent): void {
    if (event.type === "model") {
      this.provider = event.provider;
      this.model = event.model.slice(0, MAX_MODEL_NAME_CHARS);
    } else if (event.type === "tool" && event.phase === "started") {
      this.toolCalls++;
    } else if (event.type === "usage") {
      // The turn loop reports the turn's totals once, at its end.
      this.inputTokens = event.inputTokens;
      this.outputTokens = event.outputTokens;
    }
  }

  /** Writes the line and the data point once, when the turn ends in `state`. */
  end(state: TaskState): void {
    if (this.ended) return;
    this.ended = true;
    const durationMs = Date.now() - this.started;
    const point = {
      agent: this.info.agent,
      provider: this.provider,
      model: this.model,
      state,
      durationMs,
      toolCalls: this.toolCalls,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
    };
    writeTurnPoint(this.info.metrics, point);
    void Promise.all([shortHash(this.info.contextId), shortHash(this.info.taskId)]).then(([context, task]) =>
      logLine(state === "TASK_STATE_FAILED" ? "warn" : "info", "turn", {
        trace_id: this.info.trace?.traceId,
        context,
        task,
        agent: point.agent,
        provider: point.provider,
        model: point.model,
        state,
        duration_ms: durationMs,
        tool_calls: point.toolCalls,
        input_tokens: point.inputTokens,
        output_tokens: point.outputTokens,
      }),
    );
  }
}
