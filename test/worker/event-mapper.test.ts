/** Agent events → A2A effects with `metadata.iac_code.*` (contract §7; issue: thinking exposure). */
import { describe, expect, it } from "vitest";
import { mapAgentEvent, RETRY_TEXT } from "../../src/agent/event-mapper";

const trace = { toolTrace: true, rawThinking: false };
const none = { toolTrace: false, rawThinking: false };

describe("mapAgentEvent", () => {
  it("cuts tool input and result strings at 4000 characters", () => {
    const long = "x".repeat(5000);
    const input = mapAgentEvent({ type: "tool", phase: "input_complete", toolUseId: "t", name: "write_file", input: { content: long } }, trace);
    expect(input).toEqual({
      kind: "status",
      metadata: { iac_code: { tool: { status: "input_complete", toolUseId: "t", name: "write_file", input: { content: "x".repeat(4000) } } } },
    });
    const result = mapAgentEvent({ type: "tool", phase: "completed", toolUseId: "t", result: { text: long } }, trace);
    expect(JSON.stringify(result)).toContain(`"text":"${"x".repeat(4000)}"`);
  });

  it("hides tool trace and permissions unless tool-trace is exposed, and thinking unless raw-thinking is", () => {
    expect(mapAgentEvent({ type: "tool", phase: "started", toolUseId: "t", name: "n" }, none)).toBeUndefined();
    expect(mapAgentEvent({ type: "permission", toolUseId: "t", name: "n" }, none)).toBeUndefined();
    expect(mapAgentEvent({ type: "thinking", text: "hm" }, trace)).toBeUndefined();
    expect(mapAgentEvent({ type: "thinking", text: "y".repeat(4100) }, { toolTrace: false, rawThinking: true })).toEqual({
      kind: "status",
      metadata: { iac_code: { thinking: { type: "raw_thinking", text: "y".repeat(4000) } } },
    });
  });

  it("usage on every turn's end (contract §7 message end): totals, and 0 when no model was used", () => {
    expect(mapAgentEvent({ type: "end", state: "input-required", usage: { inputTokens: 3, outputTokens: 4 } }, none)).toEqual({
      kind: "end",
      state: "TASK_STATE_INPUT_REQUIRED",
      metadata: { iac_code: { usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } } },
    });
    expect(mapAgentEvent({ type: "end", state: "completed", text: "done" }, none)).toMatchObject({
      metadata: { iac_code: { usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } },
    });
    expect(mapAgentEvent({ type: "error", retryable: false, message: "x", usage: { inputTokens: 5, outputTokens: 0 } }, none)).toMatchObject({
      metadata: { iac_code: { error: { retryable: false }, usage: { inputTokens: 5, outputTokens: 0, totalTokens: 5 } } },
    });
  });

  it("issue 19 item 1, issue 27 item 8: the turn's request check rides on the end's metadata.iac_code.requestCheck, beside usage, and on its reply message", () => {
    const requestCheck = { applied: [], notExpressed: [{ kind: "port", text: "8080", reason: "missing" }], unrequested: [] };
    expect(mapAgentEvent({ type: "end", state: "input-required", requestCheck }, none)).toEqual({
      kind: "end",
      state: "TASK_STATE_INPUT_REQUIRED",
      metadata: { iac_code: { usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, requestCheck } },
      messageMetadata: { iac_code: { requestCheck } },
    });
    // A turn without a check puts nothing on its reply message.
    expect(mapAgentEvent({ type: "end", state: "input-required" }, none)).not.toHaveProperty("messageMetadata");
  });

  it("retryable and fatal errors", () => {
    expect(mapAgentEvent({ type: "error", retryable: true, message: "socket hang up" }, none)).toMatchObject({
      state: "TASK_STATE_INPUT_REQUIRED",
      text: RETRY_TEXT,
    });
    const fatal = mapAgentEvent({ type: "error", retryable: false, message: "failed reading /home/alice/.config key sk-abcdefghijklmnopqrstuvwx" }, none);
    expect(fatal).toMatchObject({ state: "TASK_STATE_FAILED" });
    expect(JSON.stringify(fatal)).not.toContain("/home/alice");
    expect(JSON.stringify(fatal)).not.toContain("sk-abcdefghijklmnopqrstuvwx");
    expect(mapAgentEvent({ type: "text", text: "" }, none)).toBeUndefined();
  });
});
