/**
 * The turn's log line and metric: one JSON line per turn when it ends (agent, provider, model,
 * duration, tool calls, tokens, final state, trace id, short hashes of context and task) and, with
 * `IACCODE_A2A_METRICS` bound, one Analytics Engine data point. It watches the agent's events on
 * their way to the event mapper (provider and model, tool starts, usage) and never changes them.
 * It also carries the turn's W3C trace context, the parent of the turn's outgoing calls.
 * Telemetry, not protocol state: it lives with the log lines and metrics, and reads the agent's
 * events through the few fields it notes (`TurnEventFacts`), so it needs nothing of src/agent.
 */
import type { TaskState } from "../a2a/states";
import type { TraceContext } from "../a2a/trace-context";
import { logLine, shortHashes } from "./log";
import { writeTurnPoint } from "./metrics";

/** A model name can come from the caller (`metadata.iac_code.iac_code_model`): the log keeps this much. */
const MAX_MODEL_NAME_CHARS = 128;

export interface TurnLogInfo {
  agent: string;
  contextId: string;
  taskId: string;
  trace: TraceContext | undefined;
  metrics: AnalyticsEngineDataset | undefined;
}

/** The fields of an agent event (src/agent/runtime.ts `AgentEvent`) the turn's line is made of. */
export interface TurnEventFacts {
  type: string;
  /** `model` events: the provider and model that answer the turn. */
  provider?: string;
  model?: string;
  /** `tool` events: `started` counts a tool call. */
  phase?: string;
  /** `end` and `error` events: the turn's token totals. */
  usage?: { inputTokens: number; outputTokens: number };
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
  async *watch<E extends TurnEventFacts>(events: AsyncIterable<E>): AsyncGenerator<E> {
    for await (const event of events) {
      this.observe(event);
      yield event;
    }
  }

  private observe(event: TurnEventFacts): void {
    if (event.type === "model") {
      this.provider = event.provider ?? this.provider;
      this.model = (event.model ?? this.model).slice(0, MAX_MODEL_NAME_CHARS);
    } else if (event.type === "tool" && event.phase === "started") {
      this.toolCalls++;
    } else if ((event.type === "end" || event.type === "error") && event.usage) {
      // The turn's totals come with its end.
      this.inputTokens = event.usage.inputTokens;
      this.outputTokens = event.usage.outputTokens;
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
    const write = ([context, task]: Array<string | undefined>) =>
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
      });
    // The context's hash is known from its earlier turns; a new task's id still needs a digest.
    const hashes = shortHashes([this.info.contextId, this.info.taskId]);
    if (Array.isArray(hashes)) write(hashes);
    else void hashes.then(write);
  }
}
