/** The `aliyun_ros_api` tool: refusals, calls through the fake endpoint, bounded output, no secrets. */
import { describe, expect, inject, it } from "vitest";
import { ROS_API_TOOL_NAME, ROS_TOOL_MAX_OUTPUT_CHARS, boundRosResponse, createRosApiTool, rosApiTool } from "../../../src/agent/tools/ros-api-tool";
import type { ToolContext, ToolResult } from "../../../src/agent/tools/tool";
import { ROS_TEST_KEY, ROS_TEST_STS_KEY } from "./fixtures";

const endpoint = inject("rosServerUrl");
const tool = createRosApiTool({ endpoint });

const metadataFor = (key: { accessKeyId: string; accessKeySecret: string; securityToken?: string }, region?: string) => ({
  iac_code: {
    alibaba_cloud_access_key_id: key.accessKeyId,
    alibaba_cloud_access_key_secret: key.accessKeySecret,
    ...(key.securityToken ? { alibaba_cloud_security_token: key.securityToken } : {}),
    ...(region ? { alibaba_cloud_region_id: region } : {}),
  },
});

const ctx = (metadata: Record<string, unknown> | undefined): ToolContext => ({ signal: new AbortController().signal, metadata, cwd: undefined });

const TEMPLATE = "ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n";

// Everything the tool returns in this file, checked at the end for the secrets.
const seen: ToolResult[] = [];
async function run(input: unknown, context: ToolContext): Promise<ToolResult> {
  const result = await tool.run(input, context);
  seen.push(result);
  return result;
}

describe("aliyun_ros_api: spec", () => {
  it("is named and described for the model", () => {
    expect(rosApiTool.spec.name).toBe(ROS_API_TOOL_NAME);
    expect(tool.spec.name).toBe("aliyun_ros_api");
    expect(tool.spec.inputSchema).toMatchObject({ type: "object", required: ["action"] });
    expect(tool.spec.description).toContain("ValidateTemplate");
  });
});

describe("aliyun_ros_api: refusals", () => {
  it("without credentials: the fixed message", async () => {
    const expected = {
      ok: false,
      error: "Alibaba Cloud credentials are required: set metadata.iac_code.alibaba_cloud_access_key_id and alibaba_cloud_access_key_secret.",
    };
    expect(await run({ action: "GetStack", parameters: { StackId: "stack-ok" } }, ctx(undefined))).toEqual(expected);
    expect(await run({ action: "GetStack" }, ctx({ iac_code: { alibaba_cloud_access_key_id: "id" } }))).toEqual(expected);
    expect(await run({ action: "DeleteStack" }, ctx({ iac_code: {} }))).toEqual(expected);
  });

  it("a non-read-only action: permission denied, no request sent", async () => {
    let calls = 0;
    const counting = createRosApiTool({
      endpoint,
      fetch: async (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });
    for (const action of ["CreateStack", "DeleteStack", "UpdateStack", "ExecuteChangeSet", "SetStackPolicy"]) {
      const result = await counting.run({ action, parameters: { StackId: "stack-ok" } }, ctx(metadataFor(ROS_TEST_KEY)));
      seen.push(result);
      expect(result).toMatchObject({ permissionDenied: true });
      if ("permissionDenied" in result) {
        expect(result.reason).toContain(action);
        expect(result.reason).toContain("permission");
      }
    }
    expect(calls).toBe(0);
  });

  it("malformed input: a plain error", async () => {
    const m = metadataFor(ROS_TEST_KEY);
    for (const input of [
      undefined,
      "GetStack",
      {},
      { action: "get stack" },
      { action: "GetStack", parameters: [1] },
      { action: "GetStack", parameters: { Signature: "x" } },
      { action: "GetStack", parameters: { RegionId: "cn-hangzhou.evil" } },
      { action: "GetStack", parameters: { PageSize: Number.NaN } },
    ]) {
      const result = await run(input, ctx(m));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false });
    }
  });

  it("an invalid region in the metadata is reported, not replaced", async () => {
    const result = await run({ action: "GetStack", parameters: { StackId: "stack-ok" } }, ctx(metadataFor(ROS_TEST_KEY, "Hangzhou")));
    expect(result).toEqual({ ok: false, error: "metadata.iac_code.alibaba_cloud_region_id is not a region id such as cn-hangzhou." });
  });
});

describe("aliyun_ros_api: calls", () => {
  it("ValidateTemplate returns the parsed JSON", async () => {
    const result = await run({ action: "ValidateTemplate", parameters: { TemplateBody: TEMPLATE } }, ctx(metadataFor(ROS_TEST_KEY)));
    expect(result).toMatchObject({
      ok: true,
      output: { action: "ValidateTemplate", regionId: "cn-hangzhou", response: { Description: "Validated by the fake ROS endpoint." } },
    });
    if ("ok" in result && result.ok) expect((result.output as { requestId?: string }).requestId).toMatch(/^FAKE-/);
  });

  it("PreviewStack with STS credentials, a region and flattened Parameters", async () => {
    const result = await run(
      {
        action: "PreviewStack",
        parameters: { StackName: "demo", TemplateBody: TEMPLATE, Parameters: [{ ParameterKey: "ZoneId", ParameterValue: "cn-shanghai-b" }] },
      },
      ctx(metadataFor(ROS_TEST_STS_KEY, "cn-shanghai")),
    );
    expect(result).toMatchObject({
      ok: true,
      output: {
        regionId: "cn-shanghai",
        response: { Stack: { RegionId: "cn-shanghai", Parameters: [{ ParameterKey: "ZoneId", ParameterValue: "cn-shanghai-b" }] } },
      },
    });
  });

  it("API errors come back as ok:false with Code and Message; transient ones say so", async () => {
    const m = ctx(metadataFor(ROS_TEST_KEY));
    const invalid = await run({ action: "ValidateTemplate", parameters: { TemplateBody: "INVALID" } }, m);
    expect(invalid).toMatchObject({ ok: false });
    if ("error" in invalid) {
      expect(invalid.error).toContain("InvalidTemplate");
      expect(invalid.error).not.toContain("transient");
    }
    const throttled = await run({ action: "GetStack", parameters: { StackId: "stack-throttled" } }, m);
    if (!("error" in throttled)) throw new Error("expected an error");
    expect(throttled.error).toContain("Throttling.User");
    expect(throttled.error).toContain("transient");
  });

  it("a wrong secret is reported as SignatureDoesNotMatch without the secret", async () => {
    const wrong = { ...ROS_TEST_KEY, accessKeySecret: `${ROS_TEST_KEY.accessKeySecret}-typo` };
    const result = await run({ action: "GetStack", parameters: { StackId: "stack-ok" } }, ctx(metadataFor(wrong)));
    if (!("error" in result)) throw new Error("expected an error");
    expect(result.error).toContain("SignatureDoesNotMatch");
    expect(result.error).not.toContain(wrong.accessKeySecret);
  });

  it("cuts a large response and says so", async () => {
    const result = await run({ action: "ListStackEvents", parameters: { StackId: "stack-huge" } }, ctx(metadataFor(ROS_TEST_KEY)));
    if (!("ok" in result) || !result.ok) throw new Error("expected success");
    const output = result.output as { truncated?: boolean; note?: string; response: { TotalCount: number; Events: unknown[] } };
    expect(output.truncated).toBe(true);
    expect(output.note).toContain("cut");
    expect(output.response.TotalCount).toBe(400);
    expect(output.response.Events.length).toBeLessThan(400);
    expect(String(output.response.Events.at(-1))).toMatch(/more items cut \(of 400\)/);
    expect(JSON.stringify(output.response).length).toBeLessThanOrEqual(ROS_TOOL_MAX_OUTPUT_CHARS);
  });
});

describe("boundRosResponse", () => {
  it("keeps small values whole and always fits the limit", () => {
    expect(boundRosResponse({ a: 1 })).toEqual({ value: { a: 1 }, truncated: false });
    const big = { Text: "y".repeat(100_000), List: Array.from({ length: 1000 }, (_, i) => ({ i, s: "z".repeat(50) })) };
    const bounded = boundRosResponse(big, 5_000);
    expect(bounded.truncated).toBe(true);
    expect(JSON.stringify(bounded.value).length).toBeLessThanOrEqual(5_000);
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`key${i}`, i]));
    const fallback = boundRosResponse(wide, 1_000);
    expect(fallback.truncated).toBe(true);
    expect(JSON.stringify(fallback.value).length).toBeLessThanOrEqual(1_000);
  });
});

describe("no secret anywhere", () => {
  it("no tool result in this file contains a secret or token", () => {
    const text = JSON.stringify(seen);
    expect(seen.length).toBeGreaterThan(15);
    for (const secret of [ROS_TEST_KEY.accessKeySecret, ROS_TEST_STS_KEY.accessKeySecret, ROS_TEST_STS_KEY.securityToken]) {
      expect(text).not.toContain(secret);
    }
  });
});
