import { describe, expect, it } from "vitest";
import {
  ERROR_BODY_READ_LIMIT,
  cleanErrorText,
  kindForErrorType,
  kindForStatus,
  providerErrorFromResponse,
  readBounded,
} from "../../../src/agent/providers/errors";
import { ToolCallAssembler } from "../../../src/agent/providers/tool-calls";

describe("error mapping", () => {
  it("maps statuses: 401/403 auth; 408, 409, 429, 5xx retryable; others fatal", () => {
    expect([401, 403].map(kindForStatus)).toEqual(["auth", "auth"]);
    expect([408, 409, 429, 500, 502, 503, 504, 529].map(kindForStatus)).toEqual(Array(8).fill("retryable"));
    expect([400, 404, 413, 422, 302].map(kindForStatus)).toEqual(Array(5).fill("fatal"));
  });

  it("maps in-stream error types: overload, rate limit and server errors retryable, authentication auth, the rest fatal", () => {
    expect(kindForErrorType("overloaded_error")).toBe("retryable");
    expect(kindForErrorType("rate_limit_error")).toBe("retryable");
    expect(kindForErrorType("api_error")).toBe("retryable");
    expect(kindForErrorType("server_error")).toBe("retryable");
    expect(kindForErrorType("authentication_error")).toBe("auth");
    expect(kindForErrorType("invalid_request_error")).toBe("fatal");
    expect(kindForErrorType(undefined)).toBe("fatal");
  });

  it("reads at most the bounded prefix of an error body", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1000).fill(97));
      },
    });
    const text = await readBounded(endless);
    expect(text.length).toBe(ERROR_BODY_READ_LIMIT);
    expect(pulled).toBeLessThan(10);
  });

  it("keeps the provider's message, not the whole body, and removes secrets from it", async () => {
    const body = JSON.stringify({
      error: { type: "invalid_request_error", message: "bad key mysecretvalue123 and token=abc" },
      echo: { messages: ["user text"] },
    });
    const error = await providerErrorFromResponse("p", new Response(body, { status: 400 }), ["mysecretvalue123"]);
    expect(error.message).toBe("p: HTTP 400: invalid_request_error: bad key [REDACTED] and token=[REDACTED]");
    expect(error.kind).toBe("fatal");
    expect(error.status).toBe(400);
  });

  it("cuts a non-JSON error page to a short excerpt", async () => {
    const error = await providerErrorFromResponse("p", new Response(`<html>${"x".repeat(5000)}</html>`, { status: 502 }), []);
    expect(error.kind).toBe("retryable");
    expect(error.message.length).toBeLessThan(400);
  });

  it("cleanErrorText redacts literal secrets and Bearer tokens", () => {
    expect(cleanErrorText("Authorization: Bearer abc.def and zzzsecretzzz", ["zzzsecretzzz"])).not.toMatch(/abc\.def|zzzsecretzzz/);
  });
});

describe("ToolCallAssembler", () => {
  it("holds back fragments that come before the name, then starts the call with them", () => {
    const assembler = new ToolCallAssembler();
    expect(assembler.fragment(0, { id: "c1", arguments: '{"a"' })).toEqual([]);
    expect(assembler.fragment(0, { name: "t", arguments: ":1}" })).toEqual([
      { type: "tool_call_start", id: "c1", name: "t" },
      { type: "tool_call_delta", id: "c1", argumentsDelta: '{"a":1}' },
    ]);
    expect(assembler.finish(() => new Error("nameless"))).toEqual([{ type: "tool_call_end", id: "c1", name: "t", arguments: '{"a":1}' }]);
  });

  it("starts a new call when a fragment at the same index carries another id", () => {
    const assembler = new ToolCallAssembler();
    assembler.fragment(0, { id: "a", name: "t1", arguments: "{}" });
    assembler.fragment(0, { id: "b", name: "t2", arguments: "{}" });
    expect(assembler.finish(() => new Error("nameless")).map((e) => (e as { id: string }).id)).toEqual(["a", "b"]);
  });

  it("refuses a call that never got a name", () => {
    const assembler = new ToolCallAssembler();
    assembler.fragment(0, { id: "a", arguments: "{}" });
    expect(() => assembler.finish(() => new Error("nameless"))).toThrow("nameless");
  });

  it("ends a call without arguments with {}", () => {
    const assembler = new ToolCallAssembler();
    expect(assembler.whole({ id: "x", name: "t", arguments: "" }).at(-1)).toEqual({ type: "tool_call_end", id: "x", name: "t", arguments: "{}" });
  });
});
