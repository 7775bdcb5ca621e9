/**
 * A follow-up sent the moment a turn's final status reaches the client. The end of a turn writes
 * its status (the commit the client sees), then flushes the index, queues push and sets the alarm.
 * A follow-up that arrives during that tail is a new turn of the same task: it must run and answer,
 * not be taken for a second end of the first (which skipped its end and left its blocking answer
 * waiting forever, and the task WORKING: seen as a 20 s timeout in a loaded CI run).
 *
 * The follow-up is sent as soon as the stream's INPUT_REQUIRED frame is read, over a WebSocket (no
 * new HTTP request to open), twenty times, so the window is hit on an idle machine too.
 *
 * And the other side of that tail: a stream closes once the index has the end, so a client that
 * lists its tasks when its stream closes (the playground) sees the task in its final state.
 */
import { describe, expect, it } from "vitest";
import { BASE, post, readSse, rpc, userMessage, worker } from "./helpers/rpc";

interface Frame {
  id?: string;
  result?: { task?: { id: string; status: { state: string } }; statusUpdate?: { status: { state: string } } };
  error?: { code: number; message: string };
}

async function socket() {
  const res = await worker().fetch(new Request(`${BASE}/`, { headers: { Upgrade: "websocket", "A2A-Version": "1.0" } }));
  const ws = res.webSocket;
  if (!ws) throw new Error("no WebSocket");
  ws.accept();
  return ws;
}

describe("a turn's end and the next turn of the same task (issue 22 item 3's turn slot)", () => {
  it("a follow-up sent on the final status frame is answered, every time", async () => {
    const ws = await socket();
    const answers = new Map<string, Frame>();
    const waiting = new Map<string, (frame: Frame) => void>();
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as Frame;
      const id = frame.id ?? "";
      if (id.startsWith("s")) {
        // The turn's final status: send the follow-up now, in the same task of this isolate.
        if (frame.result?.statusUpdate?.status.state === "TASK_STATE_INPUT_REQUIRED") {
          const taskId = answers.get(id)?.result?.task?.id;
          ws.send(JSON.stringify({ jsonrpc: "2.0", id: `f${id.slice(1)}`, method: "SendMessage", params: { message: userMessage("more", { taskId }) } }));
        }
        if (frame.result?.task) answers.set(id, frame);
        return;
      }
      waiting.get(id)?.(frame);
    });
    for (let round = 0; round < 20; round += 1) {
      const answered = new Promise<Frame>((resolve) => waiting.set(`f${round}`, resolve));
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: `s${round}`, method: "SendStreamingMessage", params: { message: userMessage("hello") } }));
      const timeout = new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), 8_000));
      const frame = await Promise.race([answered, timeout]);
      expect(frame, `round ${round}`).not.toBe("no answer");
      expect((frame as Frame).result?.task?.status.state, `round ${round}`).toBe("TASK_STATE_INPUT_REQUIRED");
    }
    ws.close(1000, "done");
  }, 60_000);
});

describe("a stream's close and the task list", () => {
  it("when a turn's stream closes, ListTasks already shows its task in the final state (read-your-writes)", async () => {
    for (let round = 0; round < 10; round += 1) {
      const contextId = `close-then-list-${round}-${crypto.randomUUID().slice(0, 8)}`;
      const res = await post({ jsonrpc: "2.0", id: 1, method: "SendStreamingMessage", params: { message: userMessage("hello", { contextId }) } });
      const events = await readSse(res); // read to the stream's close
      const last = events.at(-1)?.data as { result?: { statusUpdate?: { status: { state: string } } } } | undefined;
      expect(last?.result?.statusUpdate?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      const listed = await rpc<{ tasks: Array<{ status: { state: string } }> }>("ListTasks", { contextId });
      expect(
        listed.result?.tasks.map((t) => t.status.state),
        `round ${round}`,
      ).toEqual(["TASK_STATE_INPUT_REQUIRED"]);
    }
  }, 60_000);
});
