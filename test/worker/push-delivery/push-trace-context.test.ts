/**
 * W3C trace context on push deliveries (issue 12 §4): the turn that ended carries the request's
 * trace to the queue message, and the delivery POST to the receiver is a new child span of it;
 * a turn started without a traceparent still delivers under the trace the server started.
 */
import { describe, expect, inject, it } from "vitest";
import { V1, ok, sleep, userMessage, type TaskLike } from "../helpers/rpc";

const receiver = inject("receiverUrl");
const key = () => `tr${crypto.randomUUID().slice(0, 8)}`;
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

async function firstDelivery(k: string): Promise<Record<string, string>> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const log = (await (await fetch(`${receiver}/log/${k}`)).json()) as Array<{ headers: Record<string, string> }>;
    if (log[0]) return log[0].headers;
    await sleep(200);
  }
  throw new Error(`no delivery for ${k}`);
}

const sendWithPush = (k: string, headers: Record<string, string>) =>
  ok<{ task: TaskLike }>(
    "SendMessage",
    {
      message: userMessage("notify me"),
      configuration: { taskPushNotificationConfig: { url: `${receiver}/hook/ok/${k}` } },
    },
    { ...V1, ...headers },
  );

describe("push deliveries under the turn's trace", () => {
  it("carry the incoming trace id with a span id of their own, and the tracestate", async () => {
    const k = key();
    await sendWithPush(k, { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`, tracestate: "congo=t61rcWkgMzE" });
    const headers = await firstDelivery(k);
    expect(headers["traceparent"]).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(headers["traceparent"]).not.toContain("00f067aa0ba902b7");
    expect(headers["tracestate"]).toBe("congo=t61rcWkgMzE");
  });

  it("carry the server's own trace when the request had none", async () => {
    const k = key();
    await sendWithPush(k, {});
    expect((await firstDelivery(k))["traceparent"]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });
});
