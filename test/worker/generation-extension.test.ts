/**
 * Issue 20 item 6: the A2A 1.1 draft's task `generation` (§3.2.7, §3.2.2, §5.4) as the extension
 * `urn:iac-code:a2a:generation:v1`. Advertised in the card; active when `A2A-Extensions` names it:
 * Task.generation starts at 1 and rises by exactly one on every state or artifact change, each
 * status and artifact event carries the generation after it, GetTask with currentGeneration waits
 * (bounded) for the task to move past it, and SendMessage with ifGenerationMatch is refused with
 * -32010 (HTTP 409 on HTTP+JSON) when the task has moved. Without the extension nothing changes.
 */
import { describe, expect, it } from "vitest";
import { ANSWER_TURN_KINDS, BASE, V1, kinds, ok, readSse, rpc, send, stream, userMessage, worker, type TaskLike } from "./helpers/rpc";

const GENERATION = "urn:iac-code:a2a:generation:v1";
const WITH = { ...V1, "A2A-Extensions": GENERATION };
/** The draft declares generations int64: ProtoJSON writes them as decimal strings. */
type Generational = TaskLike & { generation?: string };

/** The generation each event of a stream carries (the Task's, or the update's). */
function generations(events: Awaited<ReturnType<typeof readSse>>): Array<string | undefined> {
  return events.map(({ data }) => {
    const result = (data.result ?? {}) as Record<string, { generation?: string }>;
    return Object.values(result)[0]?.generation;
  });
}

describe("issue 20 item 6: the generation extension", () => {
  it("is advertised in the card and echoed as activated", async () => {
    const card = (await (await worker().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as { capabilities: { extensions: Array<{ uri: string }> } };
    expect(card.capabilities.extensions.map((e) => e.uri)).toContain(GENERATION);
    const res = await worker().fetch(`${BASE}/`, {
      method: "POST",
      headers: WITH,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "none" } }),
    });
    expect(res.headers.get("A2A-Extensions") ?? "").toContain(GENERATION);
  });

  it("a stream: the Task at 1, then one more on every status and artifact event; GetTask shows the last", async () => {
    const events = await readSse(await stream("SendStreamingMessage", { message: userMessage("hello") }, WITH));
    expect(kinds(events)).toEqual(ANSWER_TURN_KINDS);
    expect(generations(events)).toEqual(["1", "2", "3", "4", "5"]);
    const taskId = (events[0]?.data.result?.task as TaskLike).id;
    expect((await ok<Generational>("GetTask", { id: taskId }, WITH)).generation).toBe("5");

    // A follow-up: SUBMITTED (its Task) and WORKING are one change each, and so on.
    const followUp = await readSse(await stream("SendStreamingMessage", { message: userMessage("more", { taskId }) }, WITH));
    expect(generations(followUp)).toEqual(["6", "7", "8", "9", "10"]);
    // A resumed stream shows the logged generations too, behind the current Task's.
    const resumed = await readSse(await stream("SubscribeToTask", { id: taskId }, { ...WITH, "Last-Event-ID": "7" }));
    expect(generations(resumed)).toEqual(["10", "8", "9", "10"]);
  });

  it("without the extension nothing carries a generation", async () => {
    const events = await readSse(await stream("SendStreamingMessage", { message: userMessage("hello") }));
    expect(generations(events)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    for (const event of events) expect(JSON.stringify(event.data)).not.toContain('"generation"');
    const taskId = (events[0]?.data.result?.task as TaskLike).id;
    const got = await ok<Generational>("GetTask", { id: taskId, currentGeneration: 99 });
    expect(got.generation).toBeUndefined();
    const blocking = await ok<{ task: Generational }>("SendMessage", { message: userMessage("again", { taskId }), configuration: { ifGenerationMatch: 1 } });
    expect(blocking.task.generation).toBeUndefined();
    expect(blocking.task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });

  it("GetTask with currentGeneration waits until the task moves past it, and answers at once when it already has", async () => {
    const { task } = await send(
      { ...userMessage("go"), messageId: `test-resubscribe-message-id-g${crypto.randomUUID().slice(0, 6)}` },
      { returnImmediately: true },
    );
    const id = task?.id ?? "";
    const now = await ok<Generational>("GetTask", { id }, WITH);
    expect(now.status.state).toBe("TASK_STATE_WORKING");
    const started = Date.now();
    const moved = await ok<Generational>("GetTask", { id, currentGeneration: now.generation }, WITH);
    expect(Number(moved.generation)).toBeGreaterThan(Number(now.generation));
    expect(moved.status.state).toBe("TASK_STATE_COMPLETED");
    expect(Date.now() - started).toBeGreaterThan(100);
    const quick = Date.now();
    const past = await ok<Generational>("GetTask", { id, currentGeneration: 1 }, WITH);
    expect(past.generation).toBe(moved.generation);
    // A finished task never moves again: no wait either; HTTP+JSON takes it as a query parameter.
    await ok<Generational>("GetTask", { id, currentGeneration: 1000 }, WITH);
    const rest = await worker().fetch(`${BASE}/tasks/${id}?currentGeneration=1000`, { headers: { "A2A-Version": "1.0", "A2A-Extensions": GENERATION } });
    expect(((await rest.json()) as Generational).generation).toBe(moved.generation);
    expect(Date.now() - quick).toBeLessThan(5_000);
  });

  it("SendMessage with ifGenerationMatch: the current generation opens the turn; a stale one is -32010 (HTTP 409 on HTTP+JSON)", async () => {
    const first = (await ok<{ task: Generational }>("SendMessage", { message: userMessage("one") }, WITH)).task;
    expect(first.generation).toBe("5");
    const stale = await rpc("SendMessage", { message: userMessage("two", { taskId: first.id }), configuration: { ifGenerationMatch: 3 } }, WITH);
    expect(stale.error).toMatchObject({ code: -32010, message: `Task ${first.id} is at generation 5, not 3` });
    expect(JSON.stringify(stale.error?.data)).toContain("TASK_GENERATION_MISMATCH");

    const rest = await worker().fetch(`${BASE}/message:send`, {
      method: "POST",
      headers: WITH,
      body: JSON.stringify({ message: userMessage("two", { taskId: first.id }), configuration: { ifGenerationMatch: 4 } }),
    });
    expect(rest.status).toBe(409);
    expect(JSON.stringify(await rest.json())).toContain("TASK_GENERATION_MISMATCH");

    const matched = await ok<{ task: Generational }>(
      "SendMessage",
      { message: userMessage("two", { taskId: first.id }), configuration: { ifGenerationMatch: "5" } },
      WITH,
    );
    expect(matched.task.generation).toBe("10");
    expect(matched.task.history?.filter((m) => m.role === "ROLE_USER")).toHaveLength(2);
  });

  it("the draft's int64 on the wire (PR a2aproject/A2A#1810): a decimal string out; a number or a decimal string in, else -32602", async () => {
    const first = (await ok<{ task: Generational }>("SendMessage", { message: userMessage("one") }, WITH)).task;
    expect(typeof first.generation).toBe("string");
    for (const bad of [-1, "-1", "1.5", "five", "9223372036854775808", 1.5]) {
      const refused = await rpc("GetTask", { id: first.id, currentGeneration: bad }, WITH);
      expect(refused.error?.code).toBe(-32602);
      expect(refused.error?.message).toContain("currentGeneration");
      const send = await rpc("SendMessage", { message: userMessage("x", { taskId: first.id }), configuration: { ifGenerationMatch: bad } }, WITH);
      expect(send.error?.code).toBe(-32602);
    }
    // The largest int64 is well formed: past every generation, so the long poll waits (bounded) and
    // ifGenerationMatch cannot match; the task is still at 5.
    const huge = await rpc(
      "SendMessage",
      { message: userMessage("x", { taskId: first.id }), configuration: { ifGenerationMatch: "9223372036854775807" } },
      WITH,
    );
    expect(huge.error?.code).toBe(-32010);
    expect((await ok<Generational>("GetTask", { id: first.id, currentGeneration: "4" }, WITH)).generation).toBe("5");
  });
});
