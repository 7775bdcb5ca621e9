/** The SSE hub of a ContextAgent: keepalives, broadcast order, closing (design: SSE from Durable Objects). */
import { describe, expect, it, vi } from "vitest";
import { StreamHub } from "../../src/durable/context/stream-hub";
import { parseSse, sleep } from "./helpers/rpc";

async function readFor(stream: ReadableStream<Uint8Array>, ms: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const next = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => undefined)]);
    if (!next || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe("StreamHub", () => {
  it("sends a keepalive comment on the interval, without an id:, and the first frame at once", async () => {
    const hub = new StreamHub(40);
    const stream = hub.open("t1", { binding: "jsonrpc", id: 7 }, [{ seq: 1, json: '{"task":{}}' }], false);
    const text = await readFor(stream, 150);
    expect(text.startsWith('id: 1\ndata: {"jsonrpc":"2.0","id":7,"result":{"task":{}}}\n\n')).toBe(true);
    expect(text.match(/: keepalive\n\n/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(/id: \d+\n: keepalive/);
  });

  it("drops a subscriber once its client cancels, and keeps the others", async () => {
    const hub = new StreamHub(1000);
    const a = hub.open("t2", { binding: "jsonrpc", id: "a" }, [], false);
    const b = hub.open("t2", { binding: "jsonrpc", id: "b" }, [], false);
    expect(hub.subscriberCount("t2")).toBe(2);
    await a.cancel();
    // The hub learns of the cancel when its next write to that stream fails (no error surfaces).
    hub.publish("t2", { seq: 5, json: '{"statusUpdate":{}}' });
    await vi.waitFor(() => expect(hub.subscriberCount("t2")).toBe(1));
    hub.closeAll("t2");
    const events = parseSse(await new Response(b).text());
    expect(events).toEqual([{ id: 5, data: { jsonrpc: "2.0", id: "b", result: { statusUpdate: {} } } }]);
    expect(hub.subscriberCount("t2")).toBe(0);
  });
});
