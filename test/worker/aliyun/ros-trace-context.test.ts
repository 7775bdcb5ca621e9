/**
 * W3C trace context on ROS API calls (issue 12 §4): a call made under a turn's trace carries a
 * `traceparent` with the turn's trace id and a new span id of its own, and the `tracestate`; the
 * header is outside the V3 signature, so the fake endpoint still verifies the call.
 */
import { describe, expect, inject, it } from "vitest";
import { RosClient } from "../../../src/agent/aliyun/ros-client";
import { ROS_TEST_KEY } from "./fixtures";

const endpoint = inject("rosServerUrl");
const TRACE = { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", flags: "01", tracestate: "congo=t61rcWkgMzE" };

async function requests(): Promise<Array<{ action?: string; status: number; traceparent?: string; tracestate?: string }>> {
  return (await (await fetch(`${endpoint}/__fake/requests`)).json()) as Array<{ action?: string; status: number; traceparent?: string; tracestate?: string }>;
}

describe("RosClient under a trace", () => {
  it("sends a child traceparent (same trace id, a new span id per call) and the tracestate, and the signature still verifies", async () => {
    const client = new RosClient({ ...ROS_TEST_KEY, regionId: "cn-hangzhou", endpoint });
    await client.call("GetStack", { StackId: "stack-ok-1" }, new AbortController().signal, TRACE);
    await client.call("GetStack", { StackId: "stack-ok-1" }, new AbortController().signal, TRACE);
    const [a, b] = (await requests()).slice(-2);
    for (const wire of [a, b]) {
      expect(wire?.status).toBe(200);
      expect(wire?.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
      expect(wire?.traceparent?.split("-")[2]).not.toBe(TRACE.spanId);
      expect(wire?.tracestate).toBe(TRACE.tracestate);
    }
    expect(a?.traceparent).not.toBe(b?.traceparent);
  });

  it("sends no trace header without a trace", async () => {
    await new RosClient({ ...ROS_TEST_KEY, regionId: "cn-hangzhou", endpoint }).call("GetStack", { StackId: "stack-ok-1" }, new AbortController().signal);
    expect((await requests()).at(-1)).toMatchObject({ status: 200 });
    expect((await requests()).at(-1)?.traceparent).toBeUndefined();
  });
});
