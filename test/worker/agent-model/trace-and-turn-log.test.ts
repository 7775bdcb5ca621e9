/**
 * Trace context and the turn's log line with a model (issue 12 §3, §4), through the real Worker
 * and Durable Object against the fake model server. An incoming `traceparent` is kept for the
 * turn: every model call carries its trace id with a new span id, and its `tracestate`; without
 * one the server starts a trace. The turn ends in one JSON line with agent, provider, model,
 * duration, tool calls, tokens and state, and nothing of the conversation.
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { V1, ok, userMessage, type TaskLike } from "../helpers/rpc";
import { shortHash } from "../../../src/observability/log";

const modelServer = inject("modelServerUrl");
const key = () => `t${crypto.randomUUID().slice(0, 8)}`;
const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
const PARENT = `00-${TRACE_ID}-b7ad6b7169203331-01`;

async function modelHeaders(k: string): Promise<Array<Record<string, string>>> {
  const log = (await (await fetch(`${modelServer}/log/${k}`)).json()) as Array<{ headers: Record<string, string> }>;
  return log.map((r) => r.headers);
}

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  const original = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
    original(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

function turnLine(task: string | undefined): Record<string, unknown> | undefined {
  for (const line of lines) {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (parsed.event === "turn" && parsed.task === task) return parsed;
    } catch {
      // not ours
    }
  }
  return undefined;
}

describe("trace context on model calls (W3C traceparent)", () => {
  it("every model call of a turn carries the incoming trace id, a new span id each, and the tracestate", async () => {
    const k = key();
    const message = userMessage("write a vpc template", { metadata: { iac_code: { iac_code_model: `agent-write/${k}`, cwd: "/workspace/trace" } } });
    await ok<{ task: TaskLike }>("SendMessage", { message }, { ...V1, traceparent: PARENT, tracestate: "rojo=00f067aa0ba902b7" });
    const headers = await modelHeaders(k);
    expect(headers.length).toBeGreaterThanOrEqual(2);
    const spans = headers.map((h) => {
      expect(h["traceparent"]).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
      expect(h["tracestate"]).toBe("rojo=00f067aa0ba902b7");
      return h["traceparent"]?.split("-")[2];
    });
    expect(new Set([...spans, "b7ad6b7169203331"]).size).toBe(spans.length + 1);
  });

  it("without a traceparent the server starts one trace for the turn; a malformed one is ignored the same way", async () => {
    for (const extra of [{}, { traceparent: "00-zzzz-not-a-trace" }] as Array<Record<string, string>>) {
      const k = key();
      const message = userMessage("write a vpc template", { metadata: { iac_code: { iac_code_model: `agent-write/${k}`, cwd: "/workspace/trace" } } });
      await ok("SendMessage", { message }, { ...V1, ...extra });
      const parents = (await modelHeaders(k)).map((h) => h["traceparent"] ?? "");
      expect(parents.length).toBeGreaterThanOrEqual(2);
      const traceIds = new Set(parents.map((p) => /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(p)?.[1]));
      expect(traceIds.size).toBe(1);
      expect([...traceIds][0]).toMatch(/^[0-9a-f]{32}$/);
      expect(parents.every((p) => !p.includes("zzzz"))).toBe(true);
    }
  });
});

describe("one JSON line per turn", () => {
  it("names agent, provider and model, counts tool calls and tokens, gives the duration and state, and no conversation content", async () => {
    const k = key();
    const message = userMessage("write a vpc template for project-hunter2", {
      metadata: { iac_code: { iac_code_model: `agent-write/${k}`, cwd: "/workspace/secret-folder" } },
    });
    const { task } = await ok<{ task: TaskLike }>("SendMessage", { message }, { ...V1, traceparent: PARENT });
    const hash = await shortHash(task.id);
    await vi.waitFor(() => expect(turnLine(hash)).toBeDefined());
    const line = turnLine(hash)!;
    expect(line).toMatchObject({
      level: "info",
      trace_id: TRACE_ID,
      context: await shortHash(task.contextId),
      agent: "iac",
      provider: "openai-compatible",
      model: `agent-write/${k}`,
      state: task.status.state,
    });
    expect(line.tool_calls).toBeGreaterThanOrEqual(1);
    expect(typeof line.duration_ms).toBe("number");
    expect(typeof line.input_tokens).toBe("number");
    expect(typeof line.output_tokens).toBe("number");
    for (const text of lines) {
      expect(text).not.toContain("hunter2");
      expect(text).not.toContain("secret-folder");
      expect(text).not.toContain("sk-test-agent-key");
    }
  });
});
