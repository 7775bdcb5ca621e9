/**
 * The JSON-RPC binding (spec §9, §5; kit JSONRPC-FMT/ERR, VER-SERVER): envelope errors, versions,
 * extensions, params validation, auth, limits. Every bad request gets its precise error, and the
 * server goes on serving everyone else.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import worker from "../../src/worker/index";
import { BASE, V1, ok, post, reason, rpc, send, userMessage } from "./helpers/rpc";

async function errorOf(res: Response) {
  const body = (await res.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string; data?: any[] } };
  expect(body.jsonrpc).toBe("2.0");
  expect(Object.keys(body.error).every((k) => ["code", "message", "data"].includes(k))).toBe(true);
  return body;
}

async function stillServes() {
  const result = await send(userMessage("still there?"));
  expect(result.task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
}

async function withEnv(overrides: Record<string, string>, request: Request): Promise<Response> {
  return worker.fetch(request, { ...env, ...overrides } as Env, createExecutionContext());
}

describe("envelope errors (spec §5.1)", () => {
  it("-32700 for a body that is not JSON, with id null", async () => {
    const body = await errorOf(await post("{not json"));
    expect(body.id).toBeNull();
    expect(body.error).toEqual({ code: -32700, message: "Invalid JSON payload" });
    await stillServes();
  });

  it("-32700 for bytes that are not UTF-8", async () => {
    const res = await worker.fetch(
      new Request(`${BASE}/`, { method: "POST", headers: V1, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
      env,
      createExecutionContext(),
    );
    expect((await errorOf(res)).error.code).toBe(-32700);
  });

  it("-32600 for batches, a wrong jsonrpc version, a missing method or id", async () => {
    expect((await errorOf(await post([{ jsonrpc: "2.0", id: 1, method: "GetTask" }]))).error).toEqual({
      code: -32600,
      message: "Batch requests are not supported",
    });
    const wrongVersion = await errorOf(await post({ jsonrpc: "1.0", id: 7, method: "GetTask", params: {} }));
    expect(wrongVersion).toMatchObject({ id: 7, error: { code: -32600, message: "Request payload validation error" } });
    expect((await errorOf(await post({ jsonrpc: "2.0", id: 8 }))).error.code).toBe(-32600);
    expect((await errorOf(await post({ jsonrpc: "2.0", method: "GetTask", params: { id: "x" } }))).error.code).toBe(-32600);
    expect((await errorOf(await post("null"))).error.code).toBe(-32600);
    await stillServes();
  });

  it("-32601 for an unknown method, echoing the request id", async () => {
    const body = await errorOf(await post({ jsonrpc: "2.0", id: "abc", method: "tasks/explode", params: {} }));
    expect(body.id).toBe("abc");
    expect(body.error.code).toBe(-32601);
    expect(body.error.message).toBe("Method not found: tasks/explode");
  });

  it("-32005 ContentTypeNotSupportedError in the envelope, HTTP 200 as @a2a-js/sdk answers, for form, text and multipart bodies (no drive-by cross-site POSTs)", async () => {
    const request = { jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "x" } };
    for (const type of ["application/x-www-form-urlencoded", "text/plain;charset=UTF-8", "multipart/form-data; boundary=x"]) {
      const res = await post(request, { "Content-Type": type, "A2A-Version": "1.0" });
      expect(res.status).toBe(200);
      const body = await errorOf(res);
      expect(body.id).toBeNull();
      expect(body.error.code).toBe(-32005);
      expect(body.error.message).toBe("Content-Type must be application/json or application/a2a+json");
      expect(reason(body.error)).toBe("CONTENT_TYPE_NOT_SUPPORTED");
    }
    await stillServes();
  });

  it("accepts application/a2a+json and a charset parameter", async () => {
    const id = "task-does-not-exist";
    for (const type of ["application/a2a+json", "application/json; charset=utf-8"]) {
      const res = await post({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id } }, { "Content-Type": type, "A2A-Version": "1.0" });
      expect((await errorOf(res)).error.code).toBe(-32001);
    }
  });

  it("413 for a body over IACCODE_A2A_MAX_BODY_BYTES, declared or streamed", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: userMessage("x".repeat(5000)) } });
    const declared = await withEnv({ IACCODE_A2A_MAX_BODY_BYTES: "2048" }, new Request(`${BASE}/`, { method: "POST", headers: V1, body: big }));
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).error).toEqual({ code: -32600, message: "Request body exceeds 2048 bytes" });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(big.slice(i * 600, (i + 1) * 600)));
        controller.close();
      },
    });
    const streamed = await withEnv(
      { IACCODE_A2A_MAX_BODY_BYTES: "2048" },
      new Request(`${BASE}/`, { method: "POST", headers: V1, body: chunks, duplex: "half" } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    await streamed.arrayBuffer();
    await stillServes();
  });

  it("answers 404 for other paths and methods", async () => {
    expect((await post({ jsonrpc: "2.0", id: 1, method: "GetTask" }, V1, "/elsewhere")).status).toBe(404);
    const get = await worker.fetch(new Request(`${BASE}/`), env, createExecutionContext());
    expect(get.status).toBe(404);
    await get.arrayBuffer();
  });

  it("serves the interface URL with a trailing slash too (kit posts to <url>/)", async () => {
    const res = await withEnv(
      { IACCODE_A2A_PUBLIC_URL: "http://a2a.test/a2a" },
      new Request(`${BASE}/a2a/`, { method: "POST", headers: V1, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "GetTask", params: { id: "nope" } }) }),
    );
    expect((await errorOf(res)).error.code).toBe(-32001);
    const bare = await withEnv(
      { IACCODE_A2A_PUBLIC_URL: "http://a2a.test/a2a" },
      new Request(`${BASE}/a2a`, { method: "POST", headers: V1, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "GetTask", params: { id: "nope" } }) }),
    );
    expect((await errorOf(bare)).error.code).toBe(-32001);
  });
});

describe("A2A-Version (spec §3.6; kit VER-SERVER-001..003)", () => {
  it("-32009 for a 1.0 method without the header: empty means 0.3", async () => {
    const res = await rpc("GetTask", { id: "x" }, { "Content-Type": "application/json" });
    expect(res.error?.code).toBe(-32009);
    expect(reason(res.error)).toBe("VERSION_NOT_SUPPORTED");
    expect(res.error?.message).toBe("A2A version '0.3' is not supported. Supported versions: 1.0");
  });

  it("0.3 method names: -32601 under A2A-Version 1.0 (1.0 has no such method), -32009 under an unknown version; -32009 for other versions", async () => {
    const legacy = await rpc("message/send", { message: userMessage("hi") });
    expect(legacy.error?.code).toBe(-32601);
    expect((await rpc("tasks/get", { id: "x" }, { ...V1, "A2A-Version": "2.0" })).error?.code).toBe(-32009);
    const future = await rpc("GetTask", { id: "x" }, { ...V1, "A2A-Version": "2.0" });
    expect(future.error?.message).toBe("A2A version '2.0' is not supported. Supported versions: 1.0");
  });

  it("accepts 1.0.x in the header and 1.0 as a query parameter", async () => {
    expect((await rpc("GetTask", { id: "x" }, { ...V1, "A2A-Version": "1.0.2" })).error?.code).toBe(-32001);
    const res = await post({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "x" } }, { "Content-Type": "application/json" }, "/?A2A-Version=1.0");
    expect((await errorOf(res)).error.code).toBe(-32001);
  });
});

describe("params validation (-32602, spec §5.3)", () => {
  it("names the bad field in a google.rpc.BadRequest", async () => {
    const res = await rpc("SendMessage", { message: { messageId: "m", role: "ROLE_USER", parts: [] } });
    expect(res.error?.code).toBe(-32602);
    expect(reason(res.error)).toBe("INVALID_PARAMS");
    const badRequest = res.error?.data?.find((d) => d["@type"] === "type.googleapis.com/google.rpc.BadRequest");
    expect(badRequest).toEqual({
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: [{ field: "message.parts", description: "At least one part is required" }],
    });
  });

  it("rejects parts with zero or two contents (DM-PART-001), a bad role, missing params", async () => {
    const twoContents = await rpc("SendMessage", { message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "a", url: "b" }] } });
    expect(twoContents.error?.message).toBe("Invalid parameters: message.parts.0: A part must contain exactly one of text, raw, url or data");
    expect((await rpc("SendMessage", { message: { messageId: "m", role: "ROLE_PIRATE", parts: [{ text: "a" }] } })).error?.code).toBe(-32602);
    expect((await rpc("SendMessage")).error?.message).toBe("Invalid parameters: params must be an object");
    expect((await rpc("SendMessage", [1, 2])).error?.code).toBe(-32602);
    expect((await rpc("GetTask", { id: "" })).error?.message).toBe("Invalid parameters: id: id is required");
    expect((await rpc("GetTask", { id: "x", historyLength: -5 })).error?.message).toBe(
      "Invalid parameters: historyLength: historyLength must be a non-negative integer",
    );
  });

  it("rejects an invalid contextId with the original's message", async () => {
    for (const contextId of ["../bad", "", "x".repeat(129), "spaces here"]) {
      const res = await rpc("SendMessage", { message: userMessage("hi", { contextId }) });
      expect(res.error?.code).toBe(-32602);
      expect(res.error?.message).toBe("Invalid A2A id");
    }
    await stillServes();
  });

  it("accepts role and enums as proto numbers", async () => {
    const result = await send({ messageId: "m-num", role: 1, parts: [{ text: "numeric role" }] });
    expect(result.task?.history?.[0]?.role).toBe("ROLE_USER");
  });

  it("refuses an agent-role message", async () => {
    const res = await rpc("SendMessage", { message: { ...userMessage("hi"), role: "ROLE_AGENT" } });
    expect(res.error).toMatchObject({ code: -32602, message: "message.role must be ROLE_USER" });
  });
});

describe("methods later issues build answer their proper errors", () => {
  it("push config methods answer -32003 while push is off (spec §3.3.4)", async () => {
    for (const [method, params] of [
      ["CreateTaskPushNotificationConfig", { taskId: "t", url: "https://hooks.example.com/a2a" }],
      ["GetTaskPushNotificationConfig", { taskId: "t", id: "c" }],
      ["ListTaskPushNotificationConfigs", { taskId: "t" }],
      ["DeleteTaskPushNotificationConfig", { taskId: "t", id: "c" }],
    ] as const) {
      const res = await rpc(method, params);
      expect(res.error?.code, method).toBe(-32003);
      expect(reason(res.error)).toBe("PUSH_NOTIFICATION_NOT_SUPPORTED");
    }
    const inline = await rpc("SendMessage", {
      message: userMessage("hi"),
      configuration: { taskPushNotificationConfig: { url: "https://hooks.example.com/a2a" } },
    });
    expect(inline.error?.code).toBe(-32003);
  });

  it("GetExtendedAgentCard answers the card plus the runtime skill, params omitted (spec §2.12)", async () => {
    const card = await ok<{ name: string; skills: Array<{ id: string }> }>("GetExtendedAgentCard");
    expect(card.name).toBe("iac-code");
    expect(card.skills.at(-1)?.id).toBe("iac_code_runtime_details");
  });
});

describe("A2A-Extensions (spec §3.2.6)", () => {
  const required = { IACCODE_A2A_REQUIRED_EXTENSIONS: "urn:example:needed:v1" };
  const call = (headers: Record<string, string>) =>
    withEnv(
      required,
      new Request(`${BASE}/`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "nope" } }) }),
    );

  it("-32008 when a required extension is not requested, with the original's message", async () => {
    const body = await errorOf(await call(V1));
    expect(body.error.code).toBe(-32008);
    expect(body.error.message).toBe("Required A2A extensions were not requested: urn:example:needed:v1");
  });

  it("passes and echoes the activated extensions when requested", async () => {
    const res = await call({ ...V1, "A2A-Extensions": "urn:example:needed:v1, urn:iac-code:a2a:artifact-metadata:v1, urn:unknown" });
    expect(res.headers.get("A2A-Extensions")).toBe("urn:example:needed:v1, urn:iac-code:a2a:artifact-metadata:v1");
    expect((await errorOf(res)).error.code).toBe(-32001);
  });
});

describe("authentication (contract §4)", () => {
  const auth = {
    IACCODE_A2A_HTTP_TOKEN: "secret-token-1",
    IACCODE_A2A_BASIC_USERNAME: "alice",
    IACCODE_A2A_BASIC_PASSWORD: "wonder land",
    IACCODE_A2A_API_KEY: "key-123",
  };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} });
  const call = (headers: Record<string, string>) => withEnv(auth, new Request(`${BASE}/`, { method: "POST", headers: { ...V1, ...headers }, body }));

  it('401 {"error":"Unauthorized"} without or with wrong credentials, with a challenge', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong" },
      { Authorization: `Basic ${btoa("alice:nope")}` },
      { "X-API-Key": "nope" },
      { Authorization: "Basic %%%" },
      { Authorization: `Basic ${btoa(":")}` },
    ];
    for (const headers of attempts) {
      const res = await call(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Unauthorized" });
      expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="iac-code", Basic realm="iac-code"');
    }
  });

  it("any configured scheme suffices", async () => {
    const accepted: Record<string, string>[] = [
      { Authorization: "Bearer secret-token-1" },
      { Authorization: `Basic ${btoa("alice:wonder land")}` },
      { "X-API-Key": "key-123" },
    ];
    for (const headers of accepted) {
      const res = await call(headers);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { tasks: unknown[] } }).result.tasks).toBeInstanceOf(Array);
    }
  });

  it("keeps /health and the card public", async () => {
    expect((await withEnv(auth, new Request(`${BASE}/health`))).status).toBe(200);
    const card = await withEnv(auth, new Request(`${BASE}/.well-known/agent-card.json`));
    expect(card.status).toBe(200);
    await card.arrayBuffer();
  });

  it("scopes tasks to their owner: another principal finds nothing", async () => {
    const sendAs = (headers: Record<string, string>, method: string, params: unknown) =>
      withEnv(
        auth,
        new Request(`${BASE}/`, { method: "POST", headers: { ...V1, ...headers }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }),
      );
    const created = (await (
      await sendAs({ Authorization: "Bearer secret-token-1" }, "SendMessage", { message: userMessage("mine", { contextId: "shared-ctx" }) })
    ).json()) as { result: { task: { id: string } } };
    const taskId = created.result.task.id;
    const asAlice = (await (await sendAs({ Authorization: `Basic ${btoa("alice:wonder land")}` }, "GetTask", { id: taskId })).json()) as {
      error: { code: number };
    };
    expect(asAlice.error.code).toBe(-32001);
    const list = (await (await sendAs({ "X-API-Key": "key-123" }, "ListTasks", { contextId: "shared-ctx" })).json()) as {
      result: { tasks: unknown[]; totalSize: number };
    };
    expect(list.result.totalSize).toBe(0);
    const own = (await (await sendAs({ Authorization: "Bearer secret-token-1" }, "GetTask", { id: taskId })).json()) as { result: { id: string } };
    expect(own.result.id).toBe(taskId);
  });
});

describe("configuration errors", () => {
  it("names the variable of a bad value and keeps serving with a good config", async () => {
    const res = await withEnv({ IACCODE_A2A_IDLE_TIMEOUT_SECONDS: "soon" }, new Request(`${BASE}/health`));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: "Server misconfigured",
      detail: "Invalid configuration IACCODE_A2A_IDLE_TIMEOUT_SECONDS: must be an integer from 1 to 2592000",
    });
    await stillServes();
  });

  it("IACCODE_A2A_INDEX_SHARDS and _PREVIOUS outside 1–64 name their variable", async () => {
    for (const [name, value] of [
      ["IACCODE_A2A_INDEX_SHARDS", "0"],
      ["IACCODE_A2A_INDEX_SHARDS", "65"],
      ["IACCODE_A2A_INDEX_SHARDS_PREVIOUS", "many"],
    ] as const) {
      const res = await withEnv({ [name]: value }, new Request(`${BASE}/health`));
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: "Server misconfigured", detail: `Invalid configuration ${name}: must be an integer from 1 to 64` });
    }
    await stillServes();
  });
});
