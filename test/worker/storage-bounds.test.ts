/**
 * Storage bounds (design "Storage bounds"; docs/decisions.md "Large parts", "Bounded views",
 * "Event log compaction"): every contract size limit at exactly the limit and one byte over for
 * every inline part kind, through the real Worker, ContextAgent, TaskIndex and R2. At the limit the
 * turn completes and the part is kept in R2 behind a `url` part; one byte over is refused with the
 * contract's message and leaves no task behind. No row of any table passes ROW_CAP_BYTES.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { BASE, V1, ok, rpc, send, userMessage, worker, type TaskLike } from "./helpers/rpc";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import type { ContextAgent } from "../../src/durable/context/context-agent";
import { ROW_CAP_BYTES } from "../../src/storage/limits";
import { configOf } from "../../src/config/config";
import { shardOf } from "../../src/durable/task-index/index-layout";
import { ownerKey, workspaceKey } from "../../src/storage/object-keys";

const MiB = 1024 * 1024;
const OWNER = "anonymous";

interface ListResult {
  tasks: TaskLike[];
  nextPageToken: string;
  totalSize: number;
}

type PartLike = { url?: string; text?: string; mediaType?: string; filename?: string; metadata?: Record<string, unknown> };

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function patterned(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The largest value in every JSON column of a context's tables and of the owner's index. */
async function largestRow(contextId: string): Promise<number> {
  const columns: Array<[string, string]> = [
    ["messages", "message"],
    ["events", "event"],
    ["tasks", "status"],
    ["tasks", "metadata"],
    ["artifacts", "artifact"],
  ];
  let largest = 0;
  await runInDurableObject(contextAgentFor(env, OWNER, contextId), (_i: ContextAgent, state) => {
    for (const [table, column] of columns) {
      const max = state.storage.sql.exec<{ m: number | null }>(`SELECT MAX(LENGTH(CAST(${column} AS BLOB))) AS m FROM ${table}`).one().m ?? 0;
      largest = Math.max(largest, max);
    }
  });
  const { shards } = configOf(env).indexLayout;
  await runInDurableObject(taskIndexFor(env, OWNER, shardOf(contextId, shards), shards), (_i, state) => {
    largest = Math.max(largest, state.storage.sql.exec<{ m: number | null }>("SELECT MAX(LENGTH(CAST(task AS BLOB))) AS m FROM tasks").one().m ?? 0);
  });
  return largest;
}

async function totalTasks(contextId: string): Promise<number> {
  return (await ok<ListResult>("ListTasks", { contextId })).totalSize;
}

interface LimitCase {
  kind: string;
  /** The part at exactly the contract's limit, and its bytes as stored. */
  atLimit: () => { part: Record<string, unknown>; bytes: Uint8Array };
  overLimit: () => Record<string, unknown>;
  message: string;
}

const encoder = new TextEncoder();

const cases: LimitCase[] = [
  {
    kind: "text (8 MiB prompt)",
    atLimit: () => {
      const text = "t".repeat(8 * MiB);
      return { part: { text }, bytes: encoder.encode(text) };
    },
    overLimit: () => ({ text: "t".repeat(8 * MiB + 1) }),
    message: "A2A message content is too large.",
  },
  {
    kind: "data application/json (1 MiB of compact JSON)",
    atLimit: () => {
      const data = { a: "d".repeat(MiB - 8) }; // {"a":"…"} is 8 characters around the value
      return { part: { data, mediaType: "application/json" }, bytes: encoder.encode(JSON.stringify(data)) };
    },
    overLimit: () => ({ data: { a: "d".repeat(MiB - 7) }, mediaType: "application/json" }),
    message: "A2A data part content is too large.",
  },
  {
    kind: "raw text/plain (1 MiB of UTF-8)",
    atLimit: () => {
      const bytes = encoder.encode("r".repeat(MiB));
      return { part: { raw: base64(bytes), mediaType: "text/plain", filename: "notes.txt" }, bytes };
    },
    overLimit: () => ({ raw: base64(encoder.encode("r".repeat(MiB + 1))), mediaType: "text/plain" }),
    message: "A2A raw part content is too large.",
  },
  {
    kind: "raw image/png (5 MiB)",
    atLimit: () => {
      const bytes = patterned(5 * MiB);
      return { part: { raw: base64(bytes), mediaType: "image/png", filename: "diagram.png" }, bytes };
    },
    overLimit: () => ({ raw: base64(patterned(5 * MiB + 1)), mediaType: "image/png", filename: "diagram.png" }),
    message: "A2A binary raw part content is too large.",
  },
  {
    kind: "data image/png with base64 bytes (5 MiB)",
    atLimit: () => {
      const data = { bytes: base64(patterned(5 * MiB)), filename: "shot.png" };
      return { part: { data, mediaType: "image/png" }, bytes: encoder.encode(JSON.stringify(data)) };
    },
    overLimit: () => ({ data: { bytes: base64(patterned(5 * MiB + 1)) }, mediaType: "image/png" }),
    message: "A2A binary data part content is too large.",
  },
];

describe("every inline part kind at its contract limit and one byte over (contract §6 Parts)", () => {
  for (const limit of cases) {
    it(`${limit.kind}: at the limit the turn completes and the part is kept in R2; one byte over is refused and leaves nothing`, {
      timeout: 120_000,
    }, async () => {
      const contextId = `limit-${crypto.randomUUID().slice(0, 8)}`;
      const { part, bytes } = limit.atLimit();
      const task = (await send({ ...userMessage("see part", { contextId }), parts: [part] })).task;
      expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");

      const stored = (await ok<TaskLike>("GetTask", { id: task?.id })).history?.[0]?.parts[0] as PartLike;
      const digest = await sha256(bytes);
      expect(stored.url).toBe(`${BASE}/iac-code/parts/${task?.id}/${digest}`);
      expect(stored.metadata).toMatchObject({ byteSize: bytes.byteLength, sha256: digest });
      const download = await worker().fetch(stored.url ?? "");
      expect(download.status).toBe(200);
      expect(await sha256(new Uint8Array(await download.arrayBuffer()))).toBe(digest);

      const before = await totalTasks(contextId);
      const refused = await rpc("SendMessage", { message: { ...userMessage("over", { contextId }), parts: [limit.overLimit()] } });
      expect(refused.error).toMatchObject({ code: -32602, message: limit.message });
      expect(await totalTasks(contextId)).toBe(before);
      expect(await largestRow(contextId)).toBeLessThanOrEqual(ROW_CAP_BYTES);
      // The server still serves the same context afterwards.
      expect((await send(userMessage("still here", { contextId }))).task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    });
  }

  for (const file of [
    { kind: "file URL, text (1 MiB)", mediaType: "text/plain", limit: MiB, message: "A2A file URL part content is too large." },
    { kind: "file URL, image (25 MiB)", mediaType: "image/png", limit: 25 * MiB, message: "A2A binary file URL part content is too large." },
  ]) {
    it(`${file.kind}: a workspace file at the limit completes its turn; one byte over is refused and leaves nothing`, { timeout: 120_000 }, async () => {
      const contextId = `file-${crypto.randomUUID().slice(0, 8)}`;
      const cwd = `/workspace/${contextId}`;
      const owner = await ownerKey(OWNER);
      await env.FILES.put(workspaceKey(owner, `${cwd}/at-limit`), new Uint8Array(file.limit).fill(0x61));
      await env.FILES.put(workspaceKey(owner, `${cwd}/over-limit`), new Uint8Array(file.limit + 1).fill(0x61));
      const message = (name: string) => ({
        ...userMessage("file", { contextId, metadata: { iac_code: { cwd } } }),
        parts: [{ url: `file://${cwd}/${name}`, mediaType: file.mediaType }],
      });
      const task = (await send(message("at-limit"))).task;
      expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      const before = await totalTasks(contextId);
      const refused = await rpc("SendMessage", { message: message("over-limit") });
      expect(refused.error).toMatchObject({ code: -32602, message: file.message });
      expect(await totalTasks(contextId)).toBe(before);
      expect(await largestRow(contextId)).toBeLessThanOrEqual(ROW_CAP_BYTES);
    });
  }

  it("a message of many small parts that cannot be stored within the row cap is refused before anything is written", async () => {
    const contextId = `many-${crypto.randomUUID().slice(0, 8)}`;
    // 1,000 text parts (the most a message may have, src/worker/message-caps.ts) of 130 characters:
    // over 128 KiB of JSON, and no part is large enough that a reference would be smaller.
    const parts = Array.from({ length: 1000 }, (_, i) => ({ text: `${i}:`.padEnd(130, "p") }));
    const refused = await rpc("SendMessage", { message: { ...userMessage("many", { contextId }), parts } });
    expect(refused.error).toMatchObject({ code: -32602, message: "A2A message content is too large." });
    expect(await totalTasks(contextId)).toBe(0);
  });

  it("request metadata over 64 KiB is refused with -32602 and creates no task", async () => {
    const contextId = `meta-${crypto.randomUUID().slice(0, 8)}`;
    const refused = await rpc("SendMessage", { message: userMessage("meta", { contextId }), metadata: { note: "m".repeat(70_000) } });
    expect(refused.error).toMatchObject({ code: -32602, message: "A2A request metadata is too large." });
    expect(await totalTasks(contextId)).toBe(0);
  });
});

describe("the stored-part route (GET /iac-code/parts/{taskId}/{sha256})", () => {
  it("answers 404 Not Found for an unknown digest, a malformed digest or a forged task id, and keeps serving", async () => {
    const contextId = `parts-${crypto.randomUUID().slice(0, 8)}`;
    const task = (await send({ ...userMessage("big", { contextId }), parts: [{ text: "b".repeat(70_000) }] })).task;
    const stored = (await ok<TaskLike>("GetTask", { id: task?.id })).history?.[0]?.parts[0] as PartLike;
    expect((await worker().fetch(stored.url ?? "")).status).toBe(200);
    for (const path of [
      `/iac-code/parts/${task?.id}/${"0".repeat(64)}`,
      `/iac-code/parts/${task?.id}/not-a-digest`,
      `/iac-code/parts/${"f".repeat(64)}.${"0".repeat(16)}/${String(stored.metadata?.["sha256"])}`,
      `/iac-code/parts/bad%20id/${String(stored.metadata?.["sha256"])}`,
    ]) {
      const res = await worker().fetch(`${BASE}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "Not Found" });
    }
    expect((await send(userMessage("still here", { contextId }))).task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });
});

describe("a task never becomes unusable because of its size", () => {
  it("50 follow-ups of 500 KB, then a 51st turn completes; GetTask, ListTasks, SubscribeToTask and Last-Event-ID stay right throughout", {
    timeout: 300_000,
  }, async () => {
    const contextId = `big-${crypto.randomUUID().slice(0, 8)}`;
    const first = (await send(userMessage("start", { contextId }))).task;
    const taskId = first?.id ?? "";
    for (let turn = 1; turn <= 51; turn++) {
      const text = `${turn}:${"x".repeat(500_000)}`;
      const answer = (await send(userMessage(text, { taskId }))).task;
      expect(answer?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      if (turn % 10 !== 0 && turn !== 51) continue;

      const got = await ok<TaskLike>("GetTask", { id: taskId });
      expect(got.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      expect(JSON.stringify(got).length).toBeLessThan(MiB);
      const newestUser = got.history?.filter((m) => m.role === "ROLE_USER").at(-1)?.parts[0] as PartLike;
      expect(newestUser.metadata?.["byteSize"]).toBe(text.length);

      const listed = await ok<ListResult>("ListTasks", { contextId });
      expect(listed.tasks.map((t) => [t.id, t.status.state])).toEqual([[taskId, "TASK_STATE_INPUT_REQUIRED"]]);
      expect(listed.tasks[0]?.history).toBeUndefined();

      const sub = await worker().fetch(`${BASE}/`, {
        method: "POST",
        headers: V1,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SubscribeToTask", params: { id: taskId } }),
      });
      const reader = (sub.body as ReadableStream<Uint8Array>).getReader();
      const chunk = new TextDecoder().decode((await reader.read()).value);
      expect(chunk).toContain('"task"');
      expect(chunk.length).toBeLessThan(ROW_CAP_BYTES);
      await reader.cancel();

      const lastSeq = Number(/^id: (\d+)/m.exec(chunk)?.[1]);
      const replay = await worker().fetch(`${BASE}/`, {
        method: "POST",
        headers: { ...V1, "Last-Event-ID": String(lastSeq - 2) },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "SubscribeToTask", params: { id: taskId } }),
      });
      const replayed = await replay.text();
      const ids = [...replayed.matchAll(/^id: (\d+)/gm)].map((m) => Number(m[1]));
      // A resume replays from the Task that opened the turn (one Task first, issue 20 item 3).
      expect(ids.slice(-2)).toEqual([lastSeq - 1, lastSeq]);
      expect(replayed.indexOf('"task"')).toBeLessThan(replayed.indexOf('"statusUpdate"'));
      expect(replayed.length).toBeLessThan(2 * ROW_CAP_BYTES);
    }
    expect(await largestRow(contextId)).toBeLessThanOrEqual(ROW_CAP_BYTES);
  });
});

describe("the event log grows with the events of a turn, not with the history", () => {
  it("200 turns of 20 KB on one task: the 200th turn writes as many bytes as the 10th, and old turns are compacted", { timeout: 300_000 }, async () => {
    const contextId = `long-${crypto.randomUUID().slice(0, 8)}`;
    const stub = contextAgentFor(env, OWNER, contextId);
    const first = (await send(userMessage(`0:${"y".repeat(20_000)}`, { contextId }))).task;
    const taskId = first?.id ?? "";
    const turnBytes = async (turn: number) => {
      let bytes = 0;
      await runInDurableObject(stub, (_i: ContextAgent, state) => {
        bytes =
          state.storage.sql
            .exec<{ b: number | null }>("SELECT SUM(LENGTH(CAST(event AS BLOB))) AS b FROM events WHERE task_id = ? AND turn = ?", taskId, turn)
            .one().b ?? 0;
      });
      return bytes;
    };
    let tenth = 0;
    for (let turn = 2; turn <= 200; turn++) {
      await send(userMessage(`${turn}:${"y".repeat(20_000)}`, { taskId }));
      if (turn === 10) tenth = await turnBytes(10);
    }
    const last = await turnBytes(200);
    expect(tenth).toBeGreaterThan(20_000);
    expect(last / tenth).toBeLessThan(1.1);
    let kept: number[] = [];
    await runInDurableObject(stub, (_i: ContextAgent, state) => {
      kept = state.storage.sql
        .exec<{ turn: number }>("SELECT DISTINCT turn FROM events WHERE task_id = ? ORDER BY turn", taskId)
        .toArray()
        .map((r) => r.turn);
    });
    expect(kept).toEqual([199, 200]);
  });
});

describe("bounded views (docs/decisions.md)", () => {
  it("GetTask without historyLength returns the newest 100 messages; ListTasks returns no history unless asked, and at most 10", {
    timeout: 120_000,
  }, async () => {
    const contextId = `views-${crypto.randomUUID().slice(0, 8)}`;
    const first = (await send(userMessage("m0", { contextId }))).task;
    for (let i = 1; i < 60; i++) await send(userMessage(`m${i}`, { taskId: first?.id }));
    const got = await ok<TaskLike>("GetTask", { id: first?.id });
    expect(got.history).toHaveLength(100);
    expect(got.history?.at(-2)?.parts[0]?.text).toBe("m59");
    expect((await ok<TaskLike>("GetTask", { id: first?.id, historyLength: 120 })).history).toHaveLength(120);
    const plain = await ok<ListResult>("ListTasks", { contextId });
    expect(plain.tasks[0]?.history).toBeUndefined();
    expect((await ok<ListResult>("ListTasks", { contextId, historyLength: 3 })).tasks[0]?.history).toHaveLength(3);
    expect((await ok<ListResult>("ListTasks", { contextId, historyLength: 50 })).tasks[0]?.history).toHaveLength(10);
  });
});
