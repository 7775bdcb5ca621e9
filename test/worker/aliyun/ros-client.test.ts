/**
 * RosClient against the fake ROS endpoint (test/support/fake-ros-server.ts), which verifies every
 * V3 signature independently in Node from what arrived on the wire.
 */
import { describe, expect, inject, it } from "vitest";
import {
  AliyunApiError,
  READ_ONLY_ROS_ACTIONS,
  ROS_API_VERSION,
  RosClient,
  flattenRpcParams,
  isReadOnlyRosAction,
  type RosClientOptions,
} from "../../../src/agent/aliyun/ros-client";
import { formatAcsDate, signAcs3 } from "../../../src/agent/aliyun/signature-v3";
import { ROS_TEST_KEY, ROS_TEST_STS_KEY } from "./fixtures";

const endpoint = inject("rosServerUrl");
const signal = () => new AbortController().signal;

interface LoggedRequest {
  method: string;
  path: string;
  action?: string;
  query: Array<[string, string]>;
  form: Array<[string, string]>;
  contentType?: string;
  signedHeaders?: string;
  hasSecurityToken: boolean;
  status: number;
  code?: string;
}

async function lastRequest(): Promise<LoggedRequest> {
  const log = (await (await fetch(`${endpoint}/__fake/requests`)).json()) as LoggedRequest[];
  const last = log.at(-1);
  if (!last) throw new Error("the fake server logged nothing");
  return last;
}

const client = (overrides: Partial<RosClientOptions> = {}) => new RosClient({ ...ROS_TEST_KEY, regionId: "cn-hangzhou", endpoint, ...overrides });

async function apiError(promise: Promise<unknown>): Promise<AliyunApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AliyunApiError);
    return error as AliyunApiError;
  }
  throw new Error("expected an AliyunApiError");
}

const TEMPLATE = JSON.stringify({
  ROSTemplateFormatVersion: "2015-09-01",
  Parameters: { ZoneId: { Type: "String", Description: "Zone & stuff" } },
  Resources: { Vpc: { Type: "ALIYUN::ECS::VPC", Properties: { CidrBlock: "192.168.0.0/16" } } },
});

const secrets = [ROS_TEST_KEY.accessKeySecret, ROS_TEST_STS_KEY.accessKeySecret, ROS_TEST_STS_KEY.securityToken];
const expectNoSecret = (text: string) => {
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe("RosClient: signed calls the fake endpoint accepts", () => {
  it("ValidateTemplate: TemplateBody in the form body, the rest in the query", async () => {
    const result = await client().call("ValidateTemplate", { TemplateBody: TEMPLATE }, signal());
    expect(result["Parameters"]).toEqual([{ ParameterKey: "ZoneId", Type: "String", Description: "Zone & stuff", NoEcho: "false" }]);
    expect(result["ResourceTypes"]).toEqual({ Resources: ["ALIYUN::ECS::VPC"], DataSources: [] });
    expect(result["RequestId"]).toMatch(/^FAKE-/);
    const wire = await lastRequest();
    expect(wire).toMatchObject({ method: "POST", path: "/", action: "ValidateTemplate", status: 200, hasSecurityToken: false });
    expect(wire.contentType).toBe("application/x-www-form-urlencoded");
    expect(wire.form).toEqual([["TemplateBody", TEMPLATE]]);
    expect(wire.query).toEqual([["RegionId", "cn-hangzhou"]]);
    expect(wire.signedHeaders).toBe("content-type;host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version");
  });

  it("GetStack with a caller RegionId, no body", async () => {
    const result = await client().call("GetStack", { StackId: "stack-ok-1", RegionId: "cn-shanghai" }, signal());
    expect(result).toMatchObject({ StackId: "stack-ok-1", Status: "CREATE_COMPLETE", RegionId: "cn-shanghai" });
    const wire = await lastRequest();
    expect(wire.contentType).toBeUndefined();
    expect(wire.form).toEqual([]);
    expect(wire.query).toEqual([
      ["RegionId", "cn-shanghai"],
      ["StackId", "stack-ok-1"],
    ]);
    expect(wire.signedHeaders).toBe("host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version");
  });

  it("ListStackEvents with numbers, DescribeRegions without parameters", async () => {
    const events = await client().call("ListStackEvents", { StackId: "stack-ok-2", PageSize: 2, PageNumber: 1 }, signal());
    expect(events).toMatchObject({ PageSize: 2, TotalCount: 3 });
    expect((events["Events"] as unknown[]).length).toBe(2);
    expect((await lastRequest()).query).toContainEqual(["PageSize", "2"]);
    const regions = await client().call("DescribeRegions", {}, signal());
    expect((regions["Regions"] as Array<{ RegionId: string }>).map((r) => r.RegionId)).toContain("cn-hangzhou");
  });

  it("PreviewStack with flattened Parameters, Tags, booleans and non-ASCII values", async () => {
    const result = await client().call(
      "PreviewStack",
      {
        StackName: "demo stack*",
        TemplateBody: TEMPLATE,
        DisableRollback: true,
        Parameters: [
          { ParameterKey: "ZoneId", ParameterValue: "cn-hangzhou-h" },
          { ParameterKey: "Name", ParameterValue: "华东 a+b=c&d" },
        ],
        Tags: [{ Key: "env", Value: "test" }],
      },
      signal(),
    );
    expect(result["Stack"]).toMatchObject({
      StackName: "demo stack*",
      Parameters: [
        { ParameterKey: "ZoneId", ParameterValue: "cn-hangzhou-h" },
        { ParameterKey: "Name", ParameterValue: "华东 a+b=c&d" },
      ],
    });
    const wire = await lastRequest();
    expect(wire.query).toEqual(
      expect.arrayContaining([
        ["DisableRollback", "true"],
        ["Parameters.1.ParameterKey", "ZoneId"],
        ["Parameters.2.ParameterValue", "华东 a+b=c&d"],
        ["Tags.1.Key", "env"],
        ["Tags.1.Value", "test"],
      ]),
    );
    expect(wire.form).toEqual([["TemplateBody", TEMPLATE]]);
  });

  it("STS: signs x-acs-security-token", async () => {
    const sts = new RosClient({ ...ROS_TEST_STS_KEY, regionId: "cn-hangzhou", endpoint });
    expect(sts.usesSecurityToken).toBe(true);
    const result = await sts.call("GetStack", { StackId: "stack-ok-sts" }, signal());
    expect(result["StackId"]).toBe("stack-ok-sts");
    const wire = await lastRequest();
    expect(wire.hasSecurityToken).toBe(true);
    expect(wire.signedHeaders).toContain("x-acs-security-token");
  });

  it("STS: a missing or wrong token is refused", async () => {
    const { securityToken: _token, ...noToken } = ROS_TEST_STS_KEY;
    const missing = await apiError(new RosClient({ ...noToken, regionId: "cn-hangzhou", endpoint }).call("GetStack", { StackId: "stack-ok" }, signal()));
    expect(missing.code).toBe("MissingSecurityToken");
    const wrong = await apiError(
      new RosClient({ ...ROS_TEST_STS_KEY, securityToken: "CAISwrong", regionId: "cn-hangzhou", endpoint }).call("GetStack", { StackId: "stack-ok" }, signal()),
    );
    expect(wrong).toMatchObject({ code: "InvalidSecurityToken.Mismatch", httpStatus: 403, retryable: false });
  });
});

describe("RosClient: what the fake endpoint refuses", () => {
  it("a tampered secret → SignatureDoesNotMatch, without the secret in the error", async () => {
    const tampered = `${ROS_TEST_KEY.accessKeySecret}x`;
    const error = await apiError(client({ accessKeySecret: tampered }).call("GetStack", { StackId: "stack-ok" }, signal()));
    expect(error).toMatchObject({ code: "SignatureDoesNotMatch", httpStatus: 400, retryable: false, action: "GetStack" });
    expect(error.message).toContain("SignatureDoesNotMatch");
    expect(error.message).toContain("Specified signature does not match our calculation.");
    expect(error.requestId).toMatch(/^FAKE-/);
    expect(error.message).not.toContain(tampered);
    expectNoSecret(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`);
  });

  it("an unknown AccessKey id → InvalidAccessKeyId.NotFound", async () => {
    const error = await apiError(client({ accessKeyId: "LTAIunknown" }).call("GetStack", { StackId: "stack-ok" }, signal()));
    expect(error).toMatchObject({ code: "InvalidAccessKeyId.NotFound", httpStatus: 404 });
  });

  it("a replayed request (same nonce) is refused", async () => {
    const replaying: typeof fetch = async (input, init) => {
      const first = await fetch(input, init);
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      return fetch(input, init); // the very same signed request, nonce included
    };
    const error = await apiError(client({ fetch: replaying }).call("ValidateTemplate", { TemplateBody: TEMPLATE }, signal()));
    expect(error).toMatchObject({ code: "SignatureNonceUsed", httpStatus: 400 });
  });

  it("a date more than 15 minutes off is refused; within 15 minutes is accepted", async () => {
    const send = async (date: Date) => {
      const host = new URL(endpoint).host;
      const signed = await signAcs3({
        method: "POST",
        host,
        query: { RegionId: "cn-hangzhou", StackId: "stack-ok-dated" },
        action: "GetStack",
        version: ROS_API_VERSION,
        credentials: ROS_TEST_KEY,
        date,
      });
      const { host: _host, ...headers } = signed.headers;
      return fetch(`${endpoint}/?${signed.queryString}`, { method: "POST", headers });
    };
    const stale = await send(new Date(Date.now() - 16 * 60 * 1000));
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ Code: "InvalidTimeStamp.Expired" });
    const future = await send(new Date(Date.now() + 16 * 60 * 1000));
    expect(((await future.json()) as { Code: string }).Code).toBe("InvalidTimeStamp.Expired");
    const recent = await send(new Date(Date.now() - 5 * 60 * 1000));
    expect(recent.status).toBe(200);
    expect(formatAcsDate(new Date())).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("a changed query or body after signing → SignatureDoesNotMatch / ContentSHA256NotMatch", async () => {
    const tamperQuery: typeof fetch = (input, init) => fetch(String(input).replace("stack-ok-a", "stack-ok-b"), init);
    expect((await apiError(client({ fetch: tamperQuery }).call("GetStack", { StackId: "stack-ok-a" }, signal()))).code).toBe("SignatureDoesNotMatch");
    const tamperBody: typeof fetch = (input, init) => fetch(input, { ...init, body: `${String(init?.body)}%0A` });
    expect((await apiError(client({ fetch: tamperBody }).call("ValidateTemplate", { TemplateBody: TEMPLATE }, signal()))).code).toBe("ContentSHA256NotMatch");
  });

  it("no Authorization, or a header left out of SignedHeaders → IncompleteSignature", async () => {
    const noAuth = await fetch(`${endpoint}/?RegionId=cn-hangzhou`, { method: "POST", headers: { "x-acs-action": "GetStack" } });
    expect(noAuth.status).toBe(400);
    expect(await noAuth.json()).toMatchObject({ Code: "IncompleteSignature" });
    const extraHeader: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), "x-acs-extra": "unsigned" } });
    expect((await apiError(client({ fetch: extraHeader }).call("GetStack", { StackId: "stack-ok" }, signal()))).code).toBe("IncompleteSignature");
  });
});

describe("RosClient: error mapping", () => {
  it("Throttling.User (429) and InternalError (500) are retryable", async () => {
    const throttled = await apiError(client().call("GetStack", { StackId: "stack-throttled" }, signal()));
    expect(throttled).toMatchObject({ code: "Throttling.User", httpStatus: 429, retryable: true });
    expect(throttled.message).toContain("Throttling.User: Request was denied due to user flow control.");
    const broken = await apiError(client().call("GetStack", { StackId: "stack-broken" }, signal()));
    expect(broken).toMatchObject({ code: "InternalError", httpStatus: 500, retryable: true });
  });

  it("InvalidTemplate (400) and StackNotFound (404) are not", async () => {
    const invalid = await apiError(client().call("ValidateTemplate", { TemplateBody: "Resources: {}" }, signal()));
    expect(invalid).toMatchObject({ code: "InvalidTemplate", httpStatus: 400, retryable: false });
    expect(invalid.message).toMatch(/^Alibaba Cloud ROS ValidateTemplate failed: InvalidTemplate: Template format error/);
    const missing = await apiError(client().call("GetStack", { StackId: "stack-gone" }, signal()));
    expect(missing).toMatchObject({ code: "StackNotFound", httpStatus: 404, retryable: false });
  });

  it("Throttling codes are retryable whatever the status; non-JSON and network failures are mapped", async () => {
    const answer =
      (status: number, body: string): typeof fetch =>
      async () =>
        new Response(body, { status });
    const throttling = await apiError(
      client({ fetch: answer(400, '{"Code":"Throttling.Api","Message":"slow down","RequestId":"r1"}') }).call("GetStack", {}, signal()),
    );
    expect(throttling).toMatchObject({ code: "Throttling.Api", httpStatus: 400, retryable: true, requestId: "r1" });
    const html = await apiError(client({ fetch: answer(502, "<html>bad gateway</html>") }).call("GetStack", {}, signal()));
    expect(html).toMatchObject({ code: "HTTP502", httpStatus: 502, retryable: true });
    const notObject = await apiError(client({ fetch: answer(200, "[1,2]") }).call("GetStack", {}, signal()));
    expect(notObject.code).toBe("InvalidResponse");
    const down = await apiError(
      client({
        fetch: async () => {
          throw new TypeError(`connect failed for ${ROS_TEST_KEY.accessKeySecret}`);
        },
      }).call("GetStack", {}, signal()),
    );
    expect(down).toMatchObject({ code: "RequestFailed", httpStatus: 0, retryable: true });
    expectNoSecret(down.message);
  });

  it("redacts credentials the service would echo", async () => {
    const echo: typeof fetch = async () =>
      new Response(JSON.stringify({ Code: "Forbidden.RAM", Message: `denied for ${ROS_TEST_KEY.accessKeyId} / ${ROS_TEST_KEY.accessKeySecret}` }), {
        status: 403,
      });
    const error = await apiError(client({ fetch: echo }).call("GetStack", {}, signal()));
    expect(error.message).toContain("Forbidden.RAM: denied for [REDACTED] / [REDACTED]");
  });

  it("an abort propagates as the abort, not as an API error", async () => {
    const controller = new AbortController();
    let started!: () => void;
    const fetchStarted = new Promise<void>((resolve) => (started = resolve));
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        started();
      });
    const pending = client({ fetch: hanging }).call("GetStack", {}, controller.signal);
    await fetchStarted;
    controller.abort(new Error("turn cancelled"));
    await expect(pending).rejects.toThrow("turn cancelled");
    // Already aborted: nothing is sent.
    let sent = false;
    const never: typeof fetch = async () => {
      sent = true;
      return new Response("{}");
    };
    await expect(client({ fetch: never }).call("GetStack", {}, controller.signal)).rejects.toThrow("turn cancelled");
    expect(sent).toBe(false);
  });

  it("never serializes the credentials", () => {
    const sts = new RosClient({ ...ROS_TEST_STS_KEY, regionId: "cn-hangzhou", endpoint });
    expectNoSecret(`${JSON.stringify(sts)} ${JSON.stringify(client())} ${Object.keys(sts).join(",")}`);
  });
});

describe("read-only actions and flattening", () => {
  it("exports the allow-list", () => {
    expect([...READ_ONLY_ROS_ACTIONS].sort()).toEqual(
      [
        "DescribeRegions",
        "GetStack",
        "GetTemplateEstimateCost",
        "GetTemplateParameterConstraints",
        "GetTemplateSummary",
        "ListStackEvents",
        "ListStackResources",
        "ListStacks",
        "PreviewStack",
        "ValidateTemplate",
      ].sort(),
    );
    expect(isReadOnlyRosAction("GetStack")).toBe(true);
    for (const action of ["CreateStack", "UpdateStack", "DeleteStack", "ExecuteChangeSet", "getstack", "GetStack ", ""]) {
      expect(isReadOnlyRosAction(action), action).toBe(false);
    }
  });

  it("flattens arrays 1-based and objects by key, dropping null", () => {
    expect(
      flattenRpcParams({
        Parameters: [
          { ParameterKey: "A", ParameterValue: 1 },
          { ParameterKey: "B", ParameterValue: false },
        ],
        Tags: { k: "v" },
        Nothing: null,
        Nested: [[1, 2]],
      }),
    ).toEqual([
      ["Parameters.1.ParameterKey", "A"],
      ["Parameters.1.ParameterValue", "1"],
      ["Parameters.2.ParameterKey", "B"],
      ["Parameters.2.ParameterValue", "false"],
      ["Tags.k", "v"],
      ["Nested.1.1", "1"],
      ["Nested.1.2", "2"],
    ]);
  });
});
