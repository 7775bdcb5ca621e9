/**
 * Issue 23, item 1, through the real Worker and Durable Object: an ordinary request with ten ports
 * is answered (it froze the object for 42 s before the rules were made linear), a request past the
 * offline engine's CPU budget ends FAILED with a message that says what to do, and the server
 * keeps serving that context and everyone else afterwards.
 */
import { describe, expect, it } from "vitest";
import { BASE, send, userMessage, worker } from "../helpers/rpc";
import { OFFLINE_READ_BUDGET } from "../../../src/agent/offline-budget";
import { SECURITY_GROUP_RULES_MAX } from "../../../src/iac/kinds/security-group/rule-quota";
import { DISTINCT_FAMILIES, distinctRequest } from "../../support/distinct-values";

const TEN_PORTS = "Create a VPC and a security group that opens ports 22, 80, 443, 3000, 3306, 5000, 5432, 6379, 8080, 8443 to 10.0.0.0/8";
/** The contract's largest text part. */
const TEXT_PART_MAX = 1024 * 1024;

describe("the offline engine's work is bounded (issue 23 item 1)", () => {
  it("ten ports in one request: answered, every port in the template", async () => {
    const { task } = await send(userMessage(TEN_PORTS));
    expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const reply = task?.status.message?.parts[0]?.text ?? "";
    for (const port of [22, 80, 443, 3000, 3306, 5000, 5432, 6379, 8080, 8443]) expect(reply).toContain(String(port));
  });

  it("a request past the CPU budget ends FAILED with what to do; the context and the server go on", async () => {
    const part = { text: `${TEN_PORTS}. `.repeat(Math.floor(TEXT_PART_MAX / (TEN_PORTS.length + 2))) };
    const parts = Array.from({ length: Math.ceil(OFFLINE_READ_BUDGET / 2 / TEXT_PART_MAX) + 1 }, () => part);
    const { task } = await send({ ...userMessage(""), parts });
    expect(task?.status.state).toBe("TASK_STATE_FAILED");
    const text = task?.status.message?.parts[0]?.text ?? "";
    expect(text).toMatch(
      /^This request is too large for the offline engine: handling it \([\d,]+ KiB\) takes at least [\d,]+ characters of work, more than its budget of [\d,]+ per turn\. Send a shorter request/,
    );
    expect(text).toContain(`budget of ${OFFLINE_READ_BUDGET.toLocaleString("en-US")} per turn`);
    expect((await worker().fetch(`${BASE}/health`)).status).toBe(200);
    const again = await send(userMessage("Create a VPC", { contextId: task?.contextId }));
    expect(again.task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const other = await send(userMessage("创建一个专有网络"));
    expect(other.task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });

  it("11,236 distinct ports in 64 KiB (issue 30 item 1: it held the server 144 s): answered within the rule quota; the server goes on", async () => {
    const family = DISTINCT_FAMILIES["ports, Chinese"];
    if (!family) throw new Error("the family of distinct ports is missing");
    const { task } = await send(userMessage(distinctRequest(family, 64 * 1024)));
    expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    // The reply names every port it did not open, so it is stored as a part of its own (over the inline limit).
    const part = task?.status.message?.parts[0] as { text?: string; url?: string } | undefined;
    const reply = part?.text ?? (part?.url ? await (await worker().fetch(part.url)).text() : "");
    expect(reply).toMatch(/a security group holds at most 200 rules\. Not opened: /);
    const template = /```yaml\n([\s\S]*?)```/.exec(reply)?.[1] ?? "";
    expect((template.match(/PortRange:/g) ?? []).length).toBeLessThanOrEqual(SECURITY_GROUP_RULES_MAX);
    expect((await worker().fetch(`${BASE}/health`)).status).toBe(200);
    const other = await send(userMessage("创建一个专有网络"));
    expect(other.task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });
});
