/**
 * ListTasks reads a shard's page as rows (src/durable/task-index/index-page-rows.ts); a page may hold more
 * than one SQLite value can (SQLITE_VALUE_LIMIT_BYTES, 2 MB) in all, and a page with history must
 * be the same page as one without: same tasks, same order, same token. Twenty tasks whose
 * messages are ~120 KiB each make a page of over 2 MB when history is asked for, and a small one
 * when it is not.
 */
import { describe, expect, it } from "vitest";
import { ok, send, userMessage } from "./helpers/rpc";
import { SQLITE_VALUE_LIMIT_BYTES } from "../../src/storage/limits";

interface Listed {
  tasks: Array<{ id: string; history?: Array<{ parts: Array<{ text?: string }> }> }>;
  nextPageToken: string;
  totalSize: number;
}

/** Two inline text parts of 60,000 characters: ~120 KB of message, under the 128 KiB inline cap. */
function bigMessage(n: number, contextId: string): Record<string, unknown> {
  const text = `${n}`.padEnd(60_000, "x");
  return { ...userMessage(text, { contextId }), messageId: `tck-complete-task-big-${n}-${crypto.randomUUID().slice(0, 6)}`, parts: [{ text }, { text }] };
}

describe("ListTasks page reads (index-page-rows.ts)", () => {
  it("a page past the 2 MB value limit is served whole, and is the page without history", { timeout: 60_000 }, async () => {
    const contextId = `page-rows-${crypto.randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push((await send(bigMessage(n, contextId))).task?.id ?? "");

    const withHistory = await ok<Listed>("ListTasks", { contextId, pageSize: 20, historyLength: 10 });
    const historyBytes = withHistory.tasks.reduce((sum, task) => sum + JSON.stringify(task.history ?? []).length, 0);
    expect(historyBytes).toBeGreaterThan(SQLITE_VALUE_LIMIT_BYTES);
    const plain = await ok<Listed>("ListTasks", { contextId, pageSize: 20 });

    // Newest first: the last task sent is first; every task once, with its own history.
    expect(plain.tasks.map((t) => t.id)).toEqual([...ids].reverse());
    expect(withHistory.tasks.map((t) => t.id)).toEqual(plain.tasks.map((t) => t.id));
    expect(plain.tasks.every((t) => t.history === undefined)).toBe(true);
    for (const [i, task] of withHistory.tasks.entries()) expect(task.history?.[0]?.parts[0]?.text?.startsWith(`${19 - i}x`)).toBe(true);
    expect(withHistory.totalSize).toBe(20);
    expect(plain.totalSize).toBe(20);

    // The same pages in two halves, through the token, both ways.
    for (const params of [{}, { historyLength: 10 }]) {
      const first = await ok<Listed>("ListTasks", { contextId, pageSize: 10, ...params });
      const second = await ok<Listed>("ListTasks", { contextId, pageSize: 10, pageToken: first.nextPageToken, ...params });
      expect([...first.tasks, ...second.tasks].map((t) => t.id)).toEqual(plain.tasks.map((t) => t.id));
      expect(second.nextPageToken).toBe("");
    }
  });
});
