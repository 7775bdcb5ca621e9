/**
 * The request log (issue 12 §3): one JSON line per request with its id (cf-ray, else generated,
 * returned as X-Request-Id), binding, method, status or JSON-RPC code, duration and short hashes
 * of owner, context and task; a second line for how a stream ended, a client going away being a
 * normal end. The lines are the real console output of the Worker, captured here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BASE, V1, post, stream, userMessage, worker } from "../helpers/rpc";
import { shortHash } from "../../../src/observability/log";

let lines: string[] = [];

beforeEach(() => {
  lines = [];
  for (const level of ["log", "warn", "error"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
      original(...args);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Line = Record<string, unknown>;

function logged(event: string): Line[] {
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Line;
      return parsed.event === event ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

async function waitForLine(event: string, match: (line: Line) => boolean): Promise<Line> {
  await vi.waitFor(() => expect(logged(event).some(match)).toBe(true), { timeout: 10_000 });
  return logged(event).find(match)!;
}

describe("one JSON line per request", () => {
  it("keeps Cloudflare's cf-ray as the request id and returns it in X-Request-Id", async () => {
    const res = await worker().fetch(`${BASE}/health`, { headers: { "cf-ray": "8f1e2d3c4b5a6978-SJC" } });
    expect(res.headers.get("X-Request-Id")).toBe("8f1e2d3c4b5a6978-SJC");
    const line = await waitForLine("request", (l) => l.request_id === "8f1e2d3c4b5a6978-SJC");
    expect(line).toMatchObject({ level: "info", http_method: "GET", binding: "health", status: 200 });
    expect(typeof line.duration_ms).toBe("number");
    expect(Date.parse(String(line.time))).not.toBeNaN();
  });

  it("generates a request id without cf-ray and logs the JSON-RPC method, code and hashed task id", async () => {
    const res = await post({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "no-such-task" } });
    const requestId = res.headers.get("X-Request-Id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    const line = await waitForLine("request", (l) => l.request_id === requestId);
    expect(line).toMatchObject({
      binding: "jsonrpc",
      method: "GetTask",
      status: 200,
      code: -32001,
      task: await shortHash("no-such-task"),
      owner: await shortHash("anonymous"),
    });
    expect(JSON.stringify(line)).not.toContain("no-such-task");
  });

  it("logs the code of an answer the method layer never saw (-32700) and of the HTTP+JSON binding", async () => {
    const bad = await post("{not json");
    expect((await waitForLine("request", (l) => l.request_id === bad.headers.get("X-Request-Id"))).code).toBe(-32700);
    const rest = await worker().fetch(`${BASE}/tasks/no-such-task`, { headers: V1 });
    expect(await waitForLine("request", (l) => l.request_id === rest.headers.get("X-Request-Id"))).toMatchObject({
      binding: "rest",
      method: "GetTask",
      status: 404,
      code: -32001,
    });
  });

  it("writes no message text, token or path into any line", async () => {
    const secretText = "my-password-is-hunter2 in /workspace/secret-folder";
    const res = await post(
      {
        jsonrpc: "2.0",
        id: 2,
        method: "SendMessage",
        params: { message: userMessage(secretText, { metadata: { iac_code: { cwd: "/workspace/secret-folder" } } }) },
      },
      { ...V1, Authorization: "Bearer sk-never-logged-0001" },
    );
    const line = await waitForLine("request", (l) => l.request_id === res.headers.get("X-Request-Id"));
    expect(line).toMatchObject({ method: "SendMessage", code: 0 });
    expect(typeof line.context).toBe("string");
    for (const text of lines) {
      expect(text).not.toContain("hunter2");
      expect(text).not.toContain("secret-folder");
      expect(text).not.toContain("sk-never-logged");
    }
  });
});

describe("streams end in the log", () => {
  it("a client that goes away mid-stream is a normal client_disconnected end, and the turn still completes", async () => {
    const res = await stream("SendStreamingMessage", { message: { ...userMessage("go"), messageId: "test-resubscribe-message-id-log" } });
    const requestId = res.headers.get("X-Request-Id");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const taskId = /"id":"([^"]+\.[^"]+)"/.exec(first)?.[1] ?? "";
    await reader.cancel();
    const end = await waitForLine("stream.end", (l) => l.request_id === requestId);
    // Written by the object that wrote the stream, which knows the task a new stream created.
    expect(end).toMatchObject({ level: "info", how: "client_disconnected", method: "SendStreamingMessage", binding: "jsonrpc", task: await shortHash(taskId) });
    expect(typeof end.duration_ms).toBe("number");
    // The turn goes on without its reader and ends as usual; nothing was logged as an error.
    await vi.waitFor(
      async () => {
        const task = await post({ jsonrpc: "2.0", id: 3, method: "GetTask", params: { id: taskId } }).then(
          (r) => r.json() as Promise<{ result: { status: { state: string } } }>,
        );
        expect(task.result.status.state).toBe("TASK_STATE_COMPLETED");
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(lines.filter((l) => /error/i.test(l) && !l.includes('"level":"info"'))).toEqual([]);
  });

  it("a stream read to its end is a completed end", async () => {
    const res = await stream("SendStreamingMessage", { message: { ...userMessage("go"), messageId: "tck-stream-001-log" } });
    await res.text();
    expect(await waitForLine("stream.end", (l) => l.request_id === res.headers.get("X-Request-Id"))).toMatchObject({ how: "completed" });
  });

  it("every binding's stream ends in the log: an HTTP+JSON stream, a 0.3 stream and a direct Message answer", async () => {
    const rest = await worker().fetch(`${BASE}/message:stream`, {
      method: "POST",
      headers: { ...V1, Accept: "text/event-stream" },
      body: JSON.stringify({ message: { ...userMessage("go"), messageId: "tck-stream-001-rest-log" } }),
    });
    expect(rest.headers.get("Content-Type")).toContain("text/event-stream");
    await rest.text();
    expect(await waitForLine("stream.end", (l) => l.request_id === rest.headers.get("X-Request-Id"))).toMatchObject({
      how: "completed",
      binding: "rest",
      method: "SendStreamingMessage",
    });

    const v03 = await post(
      {
        jsonrpc: "2.0",
        id: 9,
        method: "message/stream",
        params: { message: { kind: "message", role: "user", messageId: "tck-stream-001-v03-log", parts: [{ kind: "text", text: "go" }] } },
      },
      { "Content-Type": "application/json", Accept: "text/event-stream" },
    );
    expect(v03.headers.get("Content-Type")).toContain("text/event-stream");
    await v03.text();
    expect(await waitForLine("stream.end", (l) => l.request_id === v03.headers.get("X-Request-Id"))).toMatchObject({
      how: "completed",
      method: "SendStreamingMessage",
    });

    const direct = await stream("SendStreamingMessage", { message: { ...userMessage("hi"), messageId: "tck-message-response-log" } });
    await direct.text();
    expect(await waitForLine("stream.end", (l) => l.request_id === direct.headers.get("X-Request-Id"))).toMatchObject({ how: "completed" });
  });
});
