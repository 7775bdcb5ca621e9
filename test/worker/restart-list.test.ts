/**
 * Issue 23 item 5: the first ListTasks after a restart. Turns are started in every mode (blocking,
 * non-blocking, streaming) at many moments before the runtime is killed (every context object and
 * index shard reset at once through `state.abort()`: memory, timers and in-flight work gone,
 * storage kept), from the turn's first millisecond on. Then the first ListTasks runs before
 * anything else touches a context, and is checked against what was stored and what the index held
 * (docs/decisions.md, "ListTasks right after a restart", states the bound this proves).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { ok, post, userMessage, V1, type TaskLike } from "./helpers/rpc";
import type { SendMessageRequest } from "../../src/a2a/schemas";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { configOf } from "../../src/config/config";
import { INTERRUPTED_TEXT } from "../../src/durable/context/turn-texts";

interface ListResult {
  tasks: TaskLike[];
  totalSize: number;
}

type Mode = "blocking" | "non-blocking" | "streaming";
const MODES: Mode[] = ["blocking", "non-blocking", "streaming"];
/** How long before the kill each turn starts, in ms: from the turn's first millisecond to well past the WORKING index write. */
const AGES_MS = [0, 1, 3, 10, 30, 80, 150, 190, 230, 300, 500];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A turn of the conformance agent that runs for 4 s. A blocking or streaming call is made on the
 * context object itself, as the Worker makes it (a Worker invocation in flight when the runtime is
 * aborted would outlive the test file); a non-blocking one through the Worker.
 */
function start(mode: Mode, contextId: string): Promise<unknown> {
  const message = { ...userMessage("slow", { contextId }), messageId: `test-resubscribe-message-id-${contextId}` };
  const settle = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      () => undefined,
    );
  if (mode === "non-blocking")
    return settle(post({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message, configuration: { returnImmediately: true } } }, V1));
  const call = {
    owner: "anonymous",
    contextId,
    request: { message } as unknown as SendMessageRequest,
    stream: mode === "streaming",
    framing: { binding: "jsonrpc" as const, id: 1 },
    baseUrl: "http://127.0.0.1:8787",
  };
  return settle(contextAgentFor(env, "anonymous", contextId).sendMessage(call));
}

async function killAll(contextIds: string[]): Promise<void> {
  const { shards } = configOf(env).indexLayout;
  const stubs = [
    ...contextIds.map((id) => contextAgentFor(env, "anonymous", id)),
    ...Array.from({ length: shards }, (_, shard) => taskIndexFor(env, "anonymous", shard, shards)),
  ];
  await Promise.all(stubs.map((stub) => runInDurableObject(stub, (_instance: unknown, state) => state.abort("killed by the test")).catch(() => undefined)));
}

/** Every task id the owner's index shards hold, read from their SQLite. */
async function indexedIds(): Promise<Set<string>> {
  const { shards } = configOf(env).indexLayout;
  const ids = new Set<string>();
  for (let shard = 0; shard < shards; shard++) {
    const rows = await runInDurableObject(taskIndexFor(env, "anonymous", shard, shards), (_instance: unknown, state) =>
      state.storage.sql.exec<{ id: string }>("SELECT id FROM tasks").toArray(),
    );
    for (const row of rows) ids.add(row.id);
  }
  return ids;
}

/** The tasks a context stored, and whether each was cut off by a restart (this wakes it). */
async function storedTasks(contextId: string): Promise<Array<{ id: string; interrupted: boolean }>> {
  const agent = contextAgentFor(env, "anonymous", contextId);
  const ids = await runInDurableObject(agent, (_instance: unknown, state) => state.storage.sql.exec<{ id: string }>("SELECT id FROM tasks").toArray());
  const out: Array<{ id: string; interrupted: boolean }> = [];
  for (const { id } of ids) {
    const task = await ok<TaskLike>("GetTask", { id });
    out.push({ id, interrupted: task.status.state === "TASK_STATE_FAILED" && task.status.message?.parts[0]?.text === INTERRUPTED_TEXT });
  }
  return out;
}

describe("the first ListTasks after a restart (issue 23 item 5)", () => {
  it("lists every interrupted task FAILED, whatever moment the runtime died at", async () => {
    const round = crypto.randomUUID().slice(0, 6);
    const contexts: Array<{ contextId: string; mode: Mode; age: number }> = [];
    const longest = Math.max(...AGES_MS);
    const started: Promise<unknown>[] = [];
    const t0 = Date.now();
    for (const age of [...AGES_MS].sort((a, b) => b - a)) {
      const wait = t0 + (longest - age) - Date.now();
      if (wait > 0) await sleep(wait);
      for (const mode of MODES) {
        const contextId = `restart-${round}-${mode}-${age}`;
        contexts.push({ contextId, mode, age });
        started.push(start(mode, contextId));
      }
    }
    // The kill: every context object and index shard is reset at once (memory, timers and
    // in-flight work gone, storage kept), as a crash or deploy does.
    const killedAt = Date.now();
    await killAll(contexts.map((c) => c.contextId));
    // What the index held when the runtime died (reading it wakes no context).
    const indexed = await indexedIds();
    // The first list, before anything else touches a context: a request that reached no object
    // before the kill may still be starting its turn in the new runtime beside it.
    const first = await ok<ListResult>("ListTasks", { pageSize: 100 });
    const firstStates = new Map(first.tasks.map((t) => [t.id, t.status.state]));

    // What the contexts stored: a turn cut off by the kill ended FAILED with the restart text when
    // its object woke (here); a turn that started after the kill is not interrupted.
    const interrupted: Array<{ at: string; id: string; contextId: string }> = [];
    for (const c of contexts) {
      for (const t of await storedTasks(c.contextId)) if (t.interrupted) interrupted.push({ at: `${c.mode}@${c.age}ms`, id: t.id, contextId: c.contextId });
    }
    expect(interrupted.length).toBeGreaterThan(0);
    // Never an interrupted task shown as still running.
    const stale = interrupted.filter((t) => firstStates.has(t.id) && firstStates.get(t.id) !== "TASK_STATE_FAILED").map((t) => t.at);
    expect(stale).toEqual([]);
    // Every interrupted task whose row had reached the index is listed FAILED by the first list.
    const unlisted = interrupted.filter((t) => indexed.has(t.id) && !firstStates.has(t.id)).map((t) => t.at);
    expect(unlisted).toEqual([]);
    // The others were cut off before their first index write (a blocking turn's first
    // INDEX_WORKING_AFTER_MS, the moments before any turn's first flush lands): their context's
    // heartbeat alarm, written with the opening commit, wakes it within TURN_HEARTBEAT_MS of the
    // kill, which fails the task and lists it (decisions.md gives this bound).
    for (const t of interrupted.filter((i) => !indexed.has(i.id))) {
      const at = await runInDurableObject(contextAgentFor(env, "anonymous", t.contextId), (_i: unknown, state) => state.storage.getAlarm());
      // 30 s heartbeat (TURN_HEARTBEAT_MS) from the turn's start, plus the slack of workerd's clock,
      // which moves only between I/O; the idle-timeout alarm it replaces is an hour away.
      expect({ at: t.at, alarmWithin30s: at !== null && at - killedAt <= 32_000 }).toEqual({ at: t.at, alarmWithin30s: true });
    }
    // Listed FAILED as soon as the context wakes, which the reads above did.
    const after = new Map((await ok<ListResult>("ListTasks", { pageSize: 100 })).tasks.map((t) => [t.id, t.status.state]));
    expect(interrupted.filter((t) => after.get(t.id) !== "TASK_STATE_FAILED").map((t) => t.at)).toEqual([]);
    // Turns that started after the kill are canceled, so none outlives the file.
    for (const [id, state] of after) if (state === "TASK_STATE_WORKING") await ok("CancelTask", { id });
    await Promise.all(started);
  });
});
