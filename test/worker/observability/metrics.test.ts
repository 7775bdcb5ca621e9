/**
 * Optional Analytics Engine metrics (issue 12 §5): with a dataset bound as IACCODE_A2A_METRICS,
 * one data point per request (from the real Worker) and one per turn (from the turn log); without
 * it, nothing is written and nothing fails. The dataset here is a recorder standing in for the
 * platform binding, the one part of the runtime the local simulator does not record.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import worker from "../../../src/worker/index";
import { TurnLog } from "../../../src/observability/turn-log";
import { metricsOf } from "../../../src/observability/metrics";
import type { AgentEvent } from "../../../src/agent/runtime";
import { BASE, V1 } from "../helpers/rpc";

function recorder(): AnalyticsEngineDataset & { points: AnalyticsEngineDataPoint[] } {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, writeDataPoint: (point?: AnalyticsEngineDataPoint) => void (point && points.push(point)) };
}

describe("request data points", () => {
  it("one per request: method, binding, code, status and duration", async () => {
    const dataset = recorder();
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "missing" } });
    await worker.fetch(
      new Request(`${BASE}/`, { method: "POST", headers: V1, body }),
      { ...env, IACCODE_A2A_METRICS: dataset } as Env,
      createExecutionContext(),
    );
    await worker.fetch(new Request(`${BASE}/health`), { ...env, IACCODE_A2A_METRICS: dataset } as Env, createExecutionContext());
    expect(dataset.points).toHaveLength(2);
    const [rpc, health] = dataset.points;
    expect(rpc).toMatchObject({ indexes: ["request"], blobs: ["request", "GetTask", "jsonrpc"] });
    expect(rpc?.doubles?.slice(0, 2)).toEqual([-32001, 200]);
    expect(health).toMatchObject({ blobs: ["request", "GET", "health"] });
    expect(health?.doubles?.slice(0, 2)).toEqual([200, 200]);
    expect(typeof rpc?.doubles?.[2]).toBe("number");
  });

  it("nothing without the binding, and a value that is not a dataset counts as none", async () => {
    expect(metricsOf(env)).toBeUndefined();
    expect(metricsOf({ IACCODE_A2A_METRICS: "yes" })).toBeUndefined();
    const res = await worker.fetch(new Request(`${BASE}/health`), { ...env, IACCODE_A2A_METRICS: "yes" } as unknown as Env, createExecutionContext());
    expect(res.status).toBe(200);
  });
});

describe("turn data points", () => {
  it("one per turn: agent, provider, model, final state, duration, tool calls and tokens", async () => {
    const dataset = recorder();
    const log = new TurnLog({ agent: "iac", contextId: "c1", taskId: "t1", trace: undefined, metrics: dataset });
    async function* events(): AsyncGenerator<AgentEvent> {
      yield { type: "model", provider: "openai-compatible", model: "qwen3-max" };
      yield { type: "tool", phase: "started", toolUseId: "a", name: "write_file" };
      yield { type: "tool", phase: "completed", toolUseId: "a", name: "write_file" };
      yield { type: "tool", phase: "started", toolUseId: "b", name: "save_artifact" };
      yield { type: "end", state: "input-required", usage: { inputTokens: 120, outputTokens: 30 } };
    }
    const seen: string[] = [];
    for await (const event of log.watch(events())) seen.push(event.type);
    expect(seen).toEqual(["model", "tool", "tool", "tool", "end"]);
    log.end("TASK_STATE_INPUT_REQUIRED");
    log.end("TASK_STATE_INPUT_REQUIRED");
    expect(dataset.points).toHaveLength(1);
    expect(dataset.points[0]).toMatchObject({ indexes: ["turn"], blobs: ["turn", "iac", "openai-compatible", "qwen3-max", "TASK_STATE_INPUT_REQUIRED"] });
    expect(dataset.points[0]?.doubles?.slice(1)).toEqual([2, 120, 30]);
  });
});
