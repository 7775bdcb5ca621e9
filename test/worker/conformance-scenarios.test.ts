/**
 * Issue 20 item 5: the newest kit's scenarios and the catch-all (conformance-scenarios.md §3.1).
 * `tck-auth-required` moves the task to TASK_STATE_AUTH_REQUIRED (AUTH-INTASK-001/002, a blocking
 * send returns there: CORE-EXECUTION-MODE-001) and continues when the follow-up supplies the
 * credential; `tck-delayed-complete` is WORKING, then COMPLETED "Done after delay" after one kit
 * streaming timeout, so a blocking and a non-blocking send differ (CORE-EXECUTION-MODE-001/002);
 * only the 1.0 kit's own messageIds (`tck-<name>-<8 hex>`) hit the "Unhandled" catch-all, so the
 * 0.3 kit's ordinary `test-…` tasks stay open for their follow-ups.
 */
import { describe, expect, it } from "vitest";
import { AUTH_REQUIRED_TEXT, AUTHORIZED_TEXT, isKitMessageId } from "../../src/agent/conformance-agent";
import { kinds, ok, post, readSse, send, stream, userMessage, type TaskLike } from "./helpers/rpc";

const text = (task: TaskLike | undefined) => task?.status.message?.parts[0]?.text;
const hex8 = () => crypto.randomUUID().replace(/-/g, "").slice(0, 8);

describe("tck-auth-required (AUTH-INTASK-001/002)", () => {
  it("a blocking send returns the task at AUTH_REQUIRED with what it needs; GetTask agrees", async () => {
    const { task } = await send({ ...userMessage("TCK auth-required task creation"), messageId: `tck-auth-required-${hex8()}` });
    expect(task?.status.state).toBe("TASK_STATE_AUTH_REQUIRED");
    expect(text(task)).toBe(AUTH_REQUIRED_TEXT);
    expect((await ok<TaskLike>("GetTask", { id: task?.id })).status.state).toBe("TASK_STATE_AUTH_REQUIRED");
  });

  it("continues when the follow-up supplies the credential (any messageId), and does not echo it", async () => {
    const { task } = await send({ ...userMessage("needs auth"), messageId: `tck-auth-required-${hex8()}` });
    const without = await send({ ...userMessage("x"), parts: [{ data: { note: "no credential here" } }], taskId: task?.id, contextId: task?.contextId });
    expect(without.task?.status.state).toBe("TASK_STATE_AUTH_REQUIRED");
    const done = await send({ ...userMessage("secret-credential-42"), taskId: task?.id, contextId: task?.contextId });
    expect(done.task?.id).toBe(task?.id);
    expect(done.task?.status.state).toBe("TASK_STATE_COMPLETED");
    expect(text(done.task)).toBe(AUTHORIZED_TEXT);
    expect(JSON.stringify(done.task?.status)).not.toContain("secret-credential-42");
  });

  it("streams SUBMITTED, WORKING, then AUTH_REQUIRED, and the stream ends there", async () => {
    const res = await stream("SendStreamingMessage", { message: { ...userMessage("x"), messageId: `tck-auth-required-${hex8()}` } });
    expect(kinds(await readSse(res))).toEqual(["task", "statusUpdate:TASK_STATE_WORKING", "statusUpdate:TASK_STATE_AUTH_REQUIRED"]);
  });

  it("0.3 sees auth-required", async () => {
    const res = await post(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "message/send",
        params: { message: { kind: "message", role: "user", messageId: `tck-auth-required-${hex8()}`, parts: [{ kind: "text", text: "x" }] } },
      },
      { "Content-Type": "application/json" },
    );
    const body = (await res.json()) as { result: { status: { state: string } } };
    expect(body.result.status.state).toBe("auth-required");
  });
});

describe("tck-delayed-complete (CORE-EXECUTION-MODE-001/002)", () => {
  it("blocking waits for COMPLETED 'Done after delay'; non-blocking returns while the task works", async () => {
    const started = Date.now();
    const blocking = (await send({ ...userMessage("Execution-mode probe"), messageId: `tck-delayed-complete-${hex8()}` }, { returnImmediately: false })).task;
    expect(blocking?.status.state).toBe("TASK_STATE_COMPLETED");
    expect(text(blocking)).toBe("Done after delay");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);

    const immediate = (await send({ ...userMessage("Execution-mode probe"), messageId: `tck-delayed-complete-${hex8()}` }, { returnImmediately: true })).task;
    expect(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"]).toContain(immediate?.status.state);
    expect((await ok<TaskLike>("GetTask", { id: immediate?.id })).status.state).toBe("TASK_STATE_WORKING");
  });
});

describe("the catch-all takes the 1.0 kit's own messageIds only", () => {
  it("recognizes tck_id's form: tck-<name>-<8 hex>", () => {
    expect(isKitMessageId("tck-something-new-1a2b3c4d")).toBe(true);
    expect(isKitMessageId("tck-x-00ff00ff")).toBe(true);
    for (const id of [
      "tck-something-new-1",
      "tck-1a2b3c4d",
      "tck--1a2b3c4d",
      "tck-x-1A2B3C4D",
      "test-message-1a2b3c4d",
      "my-tck-x-1a2b3c4d",
      "tck-x-1a2b3c4d5",
    ]) {
      expect(isKitMessageId(id), id).toBe(false);
    }
  });

  it("an unknown 1.0 kit scenario completes 'Unhandled messageId prefix'", async () => {
    const id = `tck-something-new-${hex8()}`;
    const { task } = await send({ ...userMessage("x"), messageId: id });
    expect(task?.status.state).toBe("TASK_STATE_COMPLETED");
    expect(text(task)).toBe(`Unhandled messageId prefix: ${id}`);
  });

  it("the 0.3 kit's ordinary test-… message gets an answer and a task its follow-up continues", async () => {
    const first = (await send({ ...userMessage("hello"), messageId: `test-multi-turn-${crypto.randomUUID()}` })).task;
    expect(first?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(text(first)).toBe("Received: hello (message 1 of this conversation)");
    const second = (await send({ ...userMessage("more"), messageId: `test-follow-up-${crypto.randomUUID()}`, taskId: first?.id, contextId: first?.contextId }))
      .task;
    expect(second?.id).toBe(first?.id);
    expect(second?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(text(second)).toBe("Received: more (message 2 of this conversation)");
  });

  it("test-resubscribe-message-id stays a scenario (both kits use it)", async () => {
    const { task } = await send({ ...userMessage("slow"), messageId: `test-resubscribe-message-id-${hex8()}` }, { returnImmediately: true });
    expect(task?.status.state).toBe("TASK_STATE_SUBMITTED");
  });
});
