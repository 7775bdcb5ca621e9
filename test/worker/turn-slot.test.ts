/**
 * Issue 22 item 3: the turn slot (src/durable/context/turn-slot.ts), the one turn a context runs
 * at a time, now a piece of its own that the runner, the reads and the lifecycle share. Driven in
 * the order a context drives it, including the one the old runner got wrong: a blocking answer's
 * start is over only after its turn ended, and by then the next message may be starting; the late
 * end of the first start must leave the second's busy mark alone, or a third message would be
 * admitted beside it (two turns at once).
 */
import { describe, expect, it } from "vitest";
import { TurnSlot, type ActiveTurn } from "../../src/durable/context/turn-slot";
import type { StoredRequest } from "../../src/durable/context/task-records";
import { TurnLog } from "../../src/observability/turn-log";

const request = (messageId: string): StoredRequest => ({ messageId, key: null, digest: "d" });

function activeTurn(taskId: string): ActiveTurn {
  let markFinished = () => {};
  const finished = new Promise<void>((resolve) => (markFinished = resolve));
  const log = new TurnLog({ agent: "conformance", contextId: "c", taskId, trace: undefined, metrics: undefined });
  return { taskId, turn: 1, baseUrl: "http://localhost", controller: new AbortController(), finished, markFinished, log };
}

describe("TurnSlot (issue 22 item 3)", () => {
  it("is busy from a start until its turn ends, and a repeat of the request being opened waits for its opening", async () => {
    const slot = new TurnSlot();
    expect(slot.busy()).toBe(false);
    const start = slot.beginStart(request("m1"));
    expect(slot.busy()).toBe(true);
    const waiting = slot.openingOf(request("m1"));
    expect(waiting).toBeInstanceOf(Promise);
    expect(slot.openingOf(request("m2"))).toBeUndefined();
    start.opened();
    await waiting;
    expect(slot.openingOf(request("m1"))).toBeUndefined();
    slot.activate(activeTurn("t1"));
    expect([slot.busy(), slot.activeTaskId()]).toEqual([true, "t1"]);
    expect(slot.release("t2")).toBeUndefined();
    expect(slot.release("t1")?.taskId).toBe("t1");
    expect([slot.busy(), slot.activeTaskId()]).toEqual([false, undefined]);
  });

  it("a start that fails before its turn is active leaves the slot free, and its repeat stops waiting", async () => {
    const slot = new TurnSlot();
    const start = slot.beginStart(request("m1"));
    const waiting = slot.openingOf(request("m1"));
    start.done();
    await waiting;
    expect(slot.busy()).toBe(false);
    expect(slot.openingOf(request("m1"))).toBeUndefined();
  });

  it("a blocking answer's start, over after its turn ended, leaves the next start's busy mark and opening alone", () => {
    const slot = new TurnSlot();
    const first = slot.beginStart(request("m1"));
    first.opened();
    slot.activate(activeTurn("t1"));
    slot.release("t1"); // the turn's end is being written; the blocking answer still waits for it
    const second = slot.beginStart(request("m2")); // the next message, admitted while the end is written
    first.done(); // the blocking answer returns
    expect(slot.busy()).toBe(true);
    expect(slot.openingOf(request("m2"))).toBeInstanceOf(Promise);
    second.done();
    expect(slot.busy()).toBe(false);
  });
});
