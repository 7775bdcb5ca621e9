/**
 * Issue 20 item 3: every stream carries exactly one Task (or one Message) first, then only status
 * and artifact updates, across follow-ups of the same task. The exact wire sequence on each path:
 * SubscribeToTask (JSON-RPC, HTTP+JSON, WebSocket, 0.3 tasks/resubscribe) held open across the
 * follow-up, the follow-up's own SendStreamingMessage, and `Last-Event-ID` resumption (decisions.md).
 */
import { describe, expect, it } from "vitest";
import { ANSWER_TURN_KINDS, BASE, V1, kinds, post, readFirstEvents, readSse, send, stream, userMessage, worker, type TaskLike } from "./helpers/rpc";

/** A task waiting for input (the conformance agent's ordinary message ends INPUT_REQUIRED). */
async function waitingTask(): Promise<TaskLike> {
  const task = (await send(userMessage("first"))).task as TaskLike;
  expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  return task;
}

/** The event kinds of an HTTP+JSON stream (bare StreamResponses). */
function restKinds(text: string): string[] {
  return text
    .split("\n\n")
    .filter((block) => block.includes("data: "))
    .map((block) => {
      const data = JSON.parse(block.slice(block.indexOf("data: ") + 6)) as Record<string, { status?: { state: string } }>;
      const kind = Object.keys(data)[0] ?? "none";
      return kind === "statusUpdate" ? `statusUpdate:${data.statusUpdate?.status?.state}` : kind;
    });
}

describe("issue 20 item 3: one Task first, across follow-ups", () => {
  it("JSON-RPC: a subscriber of an input-required task sees its Task, then only the follow-up's updates; the follow-up's stream opens with its own Task", async () => {
    const waiting = await waitingTask();
    const sub = await readFirstEvents(await stream("SubscribeToTask", { id: waiting.id }), 1);
    expect(kinds(sub.events)).toEqual(["task"]);
    expect((sub.events[0]?.data.result?.task as TaskLike).status.state).toBe("TASK_STATE_INPUT_REQUIRED");

    const followUp = await readSse(await stream("SendStreamingMessage", { message: userMessage("more", { taskId: waiting.id }) }));
    expect(kinds(followUp)).toEqual(ANSWER_TURN_KINDS);
    const opening = followUp[0]?.data.result?.task as TaskLike;
    expect(opening.history?.map((m) => m.parts[0]?.text)).toEqual(["more"]);

    const rest = await sub.rest();
    // The exact wire sequence after the Task: the follow-up turn's updates, no second Task.
    expect(kinds(rest)).toEqual([
      "statusUpdate:TASK_STATE_WORKING",
      "statusUpdate:TASK_STATE_WORKING",
      "artifactUpdate",
      "statusUpdate:TASK_STATE_INPUT_REQUIRED",
    ]);
    expect(rest.map((e) => e.id)).toEqual(followUp.slice(1).map((e) => e.id));
  });

  it("HTTP+JSON: GET /tasks/{id}:subscribe carries one Task across the follow-up", async () => {
    const waiting = await waitingTask();
    const res = await worker().fetch(`${BASE}/tasks/${waiting.id}:subscribe`, { headers: { "A2A-Version": "1.0" } });
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n\n")) text += decoder.decode((await reader.read()).value, { stream: true });
    await send(userMessage("more", { taskId: waiting.id }));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(restKinds(text)).toEqual(ANSWER_TURN_KINDS);
  });

  it("WebSocket: SubscribeToTask then the follow-up on the same socket: one Task on the subscription", async () => {
    const waiting = await waitingTask();
    const res = await worker().fetch(new Request(`${BASE}/`, { headers: { Upgrade: "websocket", "A2A-Version": "1.0" } }));
    const ws = res.webSocket;
    if (!ws) throw new Error("no socket");
    ws.accept();
    const received: Array<{ id: unknown; result?: Record<string, { status?: { state: string } }> }> = [];
    ws.addEventListener("message", (event) => {
      received.push(JSON.parse(String(event.data)));
    });
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: "sub", method: "SubscribeToTask", params: { id: waiting.id } }));
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => received.some((r) => r.id === "sub"));
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: "send", method: "SendMessage", params: { message: userMessage("more", { taskId: waiting.id }) } }));
    const subKinds = () =>
      received
        .filter((r) => r.id === "sub")
        .map((r) => {
          const kind = Object.keys(r.result ?? {})[0] ?? "none";
          return kind === "statusUpdate" ? `statusUpdate:${r.result?.statusUpdate?.status?.state}` : kind;
        });
    await until(() => subKinds().at(-1) === "statusUpdate:TASK_STATE_INPUT_REQUIRED");
    expect(subKinds()).toEqual(ANSWER_TURN_KINDS);
    ws.close(1000);
  });

  it("0.3: tasks/resubscribe carries one task event across the follow-up (kind: task once, then status-update)", async () => {
    const waiting = await waitingTask();
    const res = await post({ jsonrpc: "2.0", id: "r03", method: "tasks/resubscribe", params: { id: waiting.id } }, { "Content-Type": "application/json" });
    const sub = await readFirstEvents(res, 1);
    await send(userMessage("more", { taskId: waiting.id }));
    const all = [...sub.events, ...(await sub.rest())].map((e) => (e.data.result as { kind?: string } | undefined)?.kind);
    expect(all).toEqual(["task", "status-update", "status-update", "artifact-update", "status-update"]);
  });
});

describe("issue 20 item 3: Last-Event-ID resumption opens with one Task, then exactly what was missed", () => {
  it("resuming inside a turn: the current Task (no id), the missed events; a later turn's Task is left out", async () => {
    const waiting = await waitingTask();
    // Turn 1 logged seqs 1..5 (Task, WORKING, WORKING with the text, the response artifact,
    // INPUT_REQUIRED); turn 2 starts at 6.
    await send(userMessage("more", { taskId: waiting.id }));
    const fromTurn1 = await readSse(await stream("SubscribeToTask", { id: waiting.id }, { ...V1, "Last-Event-ID": "2" }));
    const turn = ["statusUpdate:TASK_STATE_WORKING", "statusUpdate:TASK_STATE_WORKING", "artifactUpdate", "statusUpdate:TASK_STATE_INPUT_REQUIRED"];
    expect(kinds(fromTurn1)).toEqual(["task", ...turn.slice(1), ...turn]);
    expect(fromTurn1.map((e) => e.id)).toEqual([undefined, 3, 4, 5, 7, 8, 9, 10]);
    expect((fromTurn1[0]?.data.result?.task as TaskLike).history?.[0]?.parts[0]?.text).toBe("more");

    const fromTurn2 = await readSse(await stream("SubscribeToTask", { id: waiting.id }, { ...V1, "Last-Event-ID": "5" }));
    expect(fromTurn2.map((e) => e.id)).toEqual([6, 7, 8, 9, 10]);
    expect((fromTurn2[0]?.data.result?.task as TaskLike).history?.map((m) => m.parts[0]?.text)).toEqual(["more"]);

    // A resume point on a turn's end: that turn's own Task (with its id) leads.
    // Nothing missed on a task waiting for input: its current Task alone (no id), then live updates.
    const upToDate = await readFirstEvents(await stream("SubscribeToTask", { id: waiting.id }, { ...V1, "Last-Event-ID": "10" }), 1);
    expect(kinds(upToDate.events)).toEqual(["task"]);
    expect(upToDate.events[0]?.id).toBeUndefined();
    expect((upToDate.events[0]?.data.result?.task as TaskLike).status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    await upToDate.cancel();
  });
});
