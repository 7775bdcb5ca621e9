/**
 * SendStreamingMessage and SubscribeToTask (spec §3.1.2, §3.1.6, §3.5.2, §9.4.2; kit STREAM-SUB,
 * STREAM-ORDER; decisions.md): framing, order, closing, broadcast to every stream, resume with
 * Last-Event-ID, and the errors that come at once instead of a hanging stream.
 */
import { describe, expect, it } from "vitest";
import { ANSWER_TURN_KINDS, V1, kinds, ok, parseSse, readFirstEvents, readSse, send, stream, userMessage, type TaskLike } from "./helpers/rpc";

const tck = (messageId: string, extra: Record<string, unknown> = {}) => ({ message: { ...userMessage("go", extra), messageId } });

describe("SendStreamingMessage (spec §3.1.2, §9.4.2)", () => {
  it("streams Task first, then WORKING, the artifact and COMPLETED, each a JSON-RPC response with the request id and an id: sequence", async () => {
    const res = await stream("SendStreamingMessage", tck("tck-stream-001-aa"));
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    const events = await readSse(res);
    expect(kinds(events)).toEqual(["task", "statusUpdate:TASK_STATE_WORKING", "artifactUpdate", "statusUpdate:TASK_STATE_COMPLETED"]);
    expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    const requestId = events[0]?.data.id;
    expect(typeof requestId).toBe("string");
    for (const event of events) {
      expect(event.data.jsonrpc).toBe("2.0");
      expect(event.data.id).toBe(requestId);
      expect(Object.keys(event.data.result ?? {})).toHaveLength(1);
    }
    const task = events[0]?.data.result?.task as TaskLike;
    expect(task.status.state).toBe("TASK_STATE_SUBMITTED");
    const artifact = events[2]?.data.result?.artifactUpdate as { taskId: string; contextId: string; artifact: { parts: unknown[] } };
    expect(artifact).toMatchObject({ taskId: task.id, contextId: task.contextId, artifact: { parts: [{ text: "Stream hello from TCK" }] } });
  });

  it("streams the kit's other scenarios", async () => {
    expect(kinds(await readSse(await stream("SendStreamingMessage", tck("tck-stream-002-aa"))))).toEqual([
      "task",
      "statusUpdate:TASK_STATE_WORKING",
      "statusUpdate:TASK_STATE_COMPLETED",
    ]);
    const chunked = await readSse(await stream("SendStreamingMessage", tck("tck-stream-artifact-chunked-aa")));
    expect(kinds(chunked)).toEqual(["task", "statusUpdate:TASK_STATE_WORKING", "artifactUpdate", "artifactUpdate", "statusUpdate:TASK_STATE_COMPLETED"]);
    expect(chunked[2]?.data.result?.artifactUpdate).toMatchObject({ append: true, artifact: { parts: [{ text: "chunk-1 " }] } });
    expect(chunked[3]?.data.result?.artifactUpdate).toMatchObject({ append: true, lastChunk: true, artifact: { parts: [{ text: "chunk-2" }] } });
    const taskId = (chunked[0]?.data.result?.task as TaskLike).id;
    const stored = await ok<TaskLike>("GetTask", { id: taskId });
    expect(stored.artifacts?.[0]?.parts).toEqual([{ text: "chunk-1 " }, { text: "chunk-2" }]);
  });

  it("a direct Message answer is one frame, then the stream closes", async () => {
    const events = await readSse(await stream("SendStreamingMessage", tck("tck-message-response-aa")));
    expect(kinds(events)).toEqual(["message"]);
    expect(events[0]?.id).toBeUndefined();
  });

  it("closes at INPUT_REQUIRED, the normal end of a turn, with the reply as the final status message", async () => {
    const events = await readSse(await stream("SendStreamingMessage", { message: userMessage("hello") }));
    expect(kinds(events)).toEqual(ANSWER_TURN_KINDS);
    const delta = events[2]?.data.result?.statusUpdate as { status: { message: { role: string; messageId: string } } };
    expect(delta.status.message.role).toBe("ROLE_AGENT");
  });

  it("errors before the first event come as a plain JSON-RPC error, not a stream", async () => {
    const res = await stream("SendStreamingMessage", { message: userMessage("x", { taskId: "missing" }) });
    expect(res.headers.get("Content-Type")).toBe("application/json");
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32001);
  });
});

describe("SubscribeToTask (spec §3.1.6; kit STREAM-SUB-001..004)", () => {
  it("streams the current Task first, then live events, and closes at the end", async () => {
    const { task } = await send(tck("test-resubscribe-message-id-s1").message, { returnImmediately: true });
    const events = await readSse(await stream("SubscribeToTask", { id: task?.id }));
    expect(kinds(events)).toEqual(["task", "statusUpdate:TASK_STATE_COMPLETED"]);
    expect((events[0]?.data.result?.task as TaskLike).status.state).toBe("TASK_STATE_WORKING");
    expect(events[1]?.id).toBe((events[0]?.id ?? 0) + 1);
  });

  it("broadcasts the same events in the same order to every stream; closing one leaves the others (STREAM-ORDER)", async () => {
    const { task } = await send(tck("test-resubscribe-message-id-s2").message, { returnImmediately: true });
    const a = await stream("SubscribeToTask", { id: task?.id });
    const b = await stream("SubscribeToTask", { id: task?.id });
    const c = await stream("SubscribeToTask", { id: task?.id });
    const first = await readFirstEvents(c, 1);
    await first.reader.cancel();
    const [eventsA, eventsB] = await Promise.all([readSse(a), readSse(b)]);
    expect(kinds(eventsA)).toEqual(["task", "statusUpdate:TASK_STATE_COMPLETED"]);
    expect(eventsB.map((e) => [e.id, JSON.stringify(e.data.result)])).toEqual(eventsA.map((e) => [e.id, JSON.stringify(e.data.result)]));
  });

  it("-32004 for a terminal task, -32001 for an unknown one, at once", async () => {
    const done = (await send(tck("tck-complete-task-s3").message)).task;
    const terminal = (await (await stream("SubscribeToTask", { id: done?.id })).json()) as { error: { code: number; message: string } };
    expect(terminal.error).toMatchObject({ code: -32004, message: `Task ${done?.id} is in a terminal state` });

    const unknown = (await (await stream("SubscribeToTask", { id: "nope" })).json()) as { error: { code: number; message: string } };
    expect(unknown.error).toMatchObject({ code: -32001, message: "Task nope not found" });
  });

  it("an input-required task streams: its Task, then the updates of its next turn (no second Task), closing when that turn ends (decisions.md row 1)", async () => {
    const waiting = (await send(userMessage("x"))).task;
    expect(waiting?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const a = await stream("SubscribeToTask", { id: waiting?.id });
    const b = await stream("SubscribeToTask", { id: waiting?.id });
    expect(a.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const [firstA, firstB] = [await readFirstEvents(a, 1), await readFirstEvents(b, 1)];
    expect(kinds(firstA.events)).toEqual(["task"]);
    expect((firstA.events[0]?.data.result?.task as TaskLike).status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    await send(userMessage("more", { taskId: waiting?.id }));
    const rest = async (r: ReadableStreamDefaultReader<Uint8Array>) => {
      let text = "";
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await r.read();
        if (done) return parseSse(text);
        text += decoder.decode(value, { stream: true });
      }
    };
    const [restA, restB] = await Promise.all([rest(firstA.reader), rest(firstB.reader)]);
    const seen = kinds(restA);
    expect(seen[0]).toBe("statusUpdate:TASK_STATE_WORKING");
    expect(seen).not.toContain("task");
    expect(seen.at(-1)).toBe("statusUpdate:TASK_STATE_INPUT_REQUIRED");
    expect(restB.map((e) => [e.id, JSON.stringify(e.data.result)])).toEqual(restA.map((e) => [e.id, JSON.stringify(e.data.result)]));
  });

  it("canceling an input-required task ends its subscribers' streams with CANCELED", async () => {
    const waiting = (await send(userMessage("x"))).task;
    const sub = await stream("SubscribeToTask", { id: waiting?.id });
    const first = await readFirstEvents(sub, 1);
    await ok("CancelTask", { id: waiting?.id });
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await first.reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(kinds(parseSse(text))).toEqual(["statusUpdate:TASK_STATE_CANCELED"]);
  });

  it("a client that reconnects with Last-Event-ID gets the current Task (one Task first), what it missed, then live events", async () => {
    const res = await stream("SendStreamingMessage", tck("test-resubscribe-message-id-s4"));
    const { events, reader } = await readFirstEvents(res, 2);
    await reader.cancel();
    const taskId = (events[0]?.data.result?.task as TaskLike).id;
    const lastId = events[1]?.id ?? 0;
    expect(lastId).toBe(2);
    const resumed = await readSse(await stream("SubscribeToTask", { id: taskId }, { ...V1, "Last-Event-ID": "1" }));
    expect(kinds(resumed)).toEqual(["task", "statusUpdate:TASK_STATE_WORKING", "statusUpdate:TASK_STATE_COMPLETED"]);
    // The current Task first, without an id (the resume point stays), then exactly what was missed.
    expect(resumed.map((e) => e.id)).toEqual([undefined, 2, 3]);
  });

  it("after the turn ended, Last-Event-ID gets the current Task, then exactly the missed events, and closes", async () => {
    const events = await readSse(await stream("SendStreamingMessage", tck("tck-stream-003-s5")));
    const taskId = (events[0]?.data.result?.task as TaskLike).id;
    const replay = await readSse(await stream("SubscribeToTask", { id: taskId }, { ...V1, "Last-Event-ID": "2" }));
    expect(replay.map((e) => e.id)).toEqual([undefined, 3, 4]);
    expect(kinds(replay)).toEqual(["task", "artifactUpdate", "statusUpdate:TASK_STATE_COMPLETED"]);
    expect((replay[0]?.data.result?.task as TaskLike).status.state).toBe("TASK_STATE_COMPLETED");
    const nothingMissed = (await (await stream("SubscribeToTask", { id: taskId }, { ...V1, "Last-Event-ID": "4" })).json()) as { error: { code: number } };
    expect(nothingMissed.error.code).toBe(-32004);
  });
});
