/**
 * Issue 27 items 1 and 8, the two pure pieces under the wire tests
 * (test/worker/agent-model/reply-check.test.ts, test/worker/iac-agent/request-check-wire.test.ts):
 * how a reply is made to open with the request check's headline and lose the claims of
 * completeness the check did not establish (src/agent/reply-check.ts), and how the check's metadata
 * stays within its byte budget with a count of what it left out (src/agent/request-check-bounds.ts).
 */
import { describe, expect, it } from "vitest";
import { checkComplete, claimsCompleteness, replyWithCheck } from "../../src/agent/reply-check";
import { boundedCheck, CHECK_TEXT_MAX_CHARS, REQUEST_CHECK_MAX_BYTES } from "../../src/agent/request-check-bounds";
import { checkHeadline, type RequestCheck } from "../../src/iac";
import { COMPLETE_CHECK, MISSING_CHECK } from "./helpers/request-checks";

const MISSING = MISSING_CHECK;
const COMPLETE = COMPLETE_CHECK;
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

describe("issue 27 item 1: a reply claims completeness only when its check established it", () => {
  it("recognizes the claims models write, in English and Chinese", () => {
    const claims = [
      "All values you gave are in the template.",
      "All 8 values you gave are in the template.",
      "Every setting you asked for has been applied.",
      "all the requested parameters are now reflected in the template",
      "I applied all the values you gave.",
      "The template includes every requirement.",
      "Everything you asked for is in the template.",
      "This template fully meets your request.",
      "你给出的所有值都已在模板中。",
      "所有参数均已写入模板。",
      "模板完全满足你的需求。",
    ];
    for (const claim of claims) expect(claimsCompleteness(claim), claim).toBe(true);
    const plain = [
      "The VPC uses 10.0.0.0/16.",
      "Each server gets a 100 GB data disk.",
      "All resources are in cn-hangzhou.",
      "Deploy it with ROS.",
      "每台服务器挂载 100 GB 数据盘。",
      "Values not listed keep their defaults.",
    ];
    for (const sentence of plain) expect(claimsCompleteness(sentence), sentence).toBe(false);
  });

  it("drops the claim, keeps the other sentences (a version's dot is no sentence end), and puts the headline and the misses first and last", () => {
    const reply = replyWithCheck("Wrote network.yaml. All values you gave are in the template. MySQL 8.0 is set.\n\nDeploy it with ROS.", MISSING, "en");
    expect(reply).toBe(
      [
        checkHeadline(MISSING, "en"),
        "",
        "Wrote network.yaml. MySQL 8.0 is set.",
        "",
        "Deploy it with ROS.",
        "",
        "**Not expressed in the template (request check):**",
        "- `10.8.0.0/16` (CIDR block, VPC or vSwitch range): not found in the template",
      ].join("\n"),
    );
  });

  it("a line whose claim words are spread over sentences is no claim, and stays as written", () => {
    const reply = replyWithCheck("  All servers are in Hangzhou. The values below are applied by ROS.", MISSING, "en");
    expect(reply).toContain("\n\nAll servers are in Hangzhou. The values below are applied by ROS.\n");
  });

  it("a reply that already opens with the check's headline is left as it is (the offline engine's)", () => {
    const offline = `${checkHeadline(MISSING, "zh")}\n\n已生成模板。`;
    expect(replyWithCheck(offline, MISSING, "en")).toBe(offline);
  });

  it("a check that lists nothing at all (no value read, nothing found) leaves the reply as it is", () => {
    const empty: RequestCheck = { applied: [], notExpressed: [], unrequested: [], broader: [], unplaced: [] };
    expect(replyWithCheck("Reviewed the ROS form of `main.tf`.", empty, "en")).toBe("Reviewed the ROS form of `main.tf`.");
  });

  it("a headline that says something else is replaced, not stacked", () => {
    const stale = `${checkHeadline(COMPLETE, "en")}\n\nWrote network.yaml.`;
    const reply = replyWithCheck(stale, MISSING, "en");
    expect(reply.split("\n")[0]).toBe(checkHeadline(MISSING, "en"));
    expect(reply.match(/\*\*Request check/g)).toHaveLength(1);
  });

  it("a claim the check established stays; an empty reply is the headline and the misses", () => {
    expect(checkComplete(COMPLETE)).toBe(true);
    expect(checkComplete(MISSING)).toBe(false);
    // A finding list the check may grow (issue 27 item 3) counts as a finding too.
    expect(checkComplete({ ...COMPLETE, broadened: [{ text: "0.0.0.0/0" }] } as RequestCheck)).toBe(false);
    expect(replyWithCheck("All values you gave are in the template.", COMPLETE, "en")).toBe(
      `${checkHeadline(COMPLETE, "en")}\n\nAll values you gave are in the template.`,
    );
    expect(replyWithCheck("", MISSING, "zh").split("\n")).toEqual([
      checkHeadline(MISSING, "zh"),
      "",
      "**未能在模板中表达（请求核对）：**",
      "- `10.8.0.0/16`（网段，VPC 或交换机网段）：模板中没有找到",
    ]);
  });

  it("over the engine's own not-built list, the headline never claims every value, however the reply is re-headed (a word the check has not learned)", () => {
    const body = ["Generated a ROS template.", "", "**Not expressed in the template (the offline engine cannot do this):**", "- NAS file systems"].join("\n");
    expect(checkHeadline(COMPLETE, "en")).toMatch(/all \d+ values you gave are in the template/);
    for (const text of [`${checkHeadline(COMPLETE, "en")}\n\n${body}`, body]) {
      const first = replyWithCheck(text, COMPLETE, "en").split("\n")[0] ?? "";
      expect(first, text).toContain("not everything you asked for is built");
      expect(first, text).not.toMatch(/all \d+ values you gave are in the template/);
    }
    const zh = ["已生成 ROS 模板。", "", "**未能在模板中表达（离线引擎做不到）：**", "- NAS 文件存储"].join("\n");
    expect(replyWithCheck(zh, COMPLETE, "zh").split("\n")[0]).toContain("你要求的内容并未全部生成");
  });
});

describe("issue 27 item 8: the check as stored stays within REQUEST_CHECK_MAX_BYTES", () => {
  const value = (i: number, reason?: string) => ({ kind: "port", text: String(10_000 + i), ...(reason ? { reason } : { where: `Sg.Rules[${i}]` }) });

  it("a check that fits is returned as it is", () => {
    const check = { applied: [value(1)], notExpressed: [], unrequested: [] };
    expect(boundedCheck(check)).toBe(check);
  });

  it("findings first, then applied values, as a prefix; what does not fit is counted under omitted", () => {
    const check = {
      applied: Array.from({ length: 5000 }, (_, i) => value(i)),
      notExpressed: Array.from({ length: 300 }, (_, i) => value(i, "missing")),
      broadened: [{ kind: "cidr", text: "0.0.0.0/0" }],
      unrequested: [{ resource: "Bucket", type: "ALIYUN::OSS::Bucket" }],
    };
    const bounded = boundedCheck(check) as typeof check & { omitted: Record<string, number> };
    expect(bytes(bounded)).toBeLessThanOrEqual(REQUEST_CHECK_MAX_BYTES);
    expect(bounded.notExpressed).toEqual(check.notExpressed);
    expect(bounded.broadened).toEqual(check.broadened);
    expect(bounded.unrequested).toEqual(check.unrequested);
    expect(bounded.applied).toEqual(check.applied.slice(0, bounded.applied.length));
    expect(bounded.applied.length).toBeGreaterThan(100);
    expect(bounded.omitted).toEqual({ applied: 5000 - bounded.applied.length });
  });

  it("a value written at length is cut, so one value never takes the budget", () => {
    const long = "x".repeat(100_000);
    const bounded = boundedCheck({ applied: [], notExpressed: [{ kind: "bucket-name", text: long, reason: "missing" }], unrequested: [] }) as {
      notExpressed: Array<{ text: string }>;
      omitted: Record<string, number>;
    };
    expect(bounded.notExpressed[0]?.text).toBe(`${"x".repeat(CHECK_TEXT_MAX_CHARS)}…`);
    expect(bounded.omitted).toEqual({});
  });

  it("a budget too small for even one value lists none and counts them all", () => {
    const check = { applied: [value(1), value(2)], notExpressed: [value(3, "missing")], unrequested: [] };
    expect(boundedCheck(check, 90)).toEqual({ applied: [], notExpressed: [], unrequested: [], omitted: { notExpressed: 1, applied: 2 } });
  });
});
