/**
 * `planStoredMessage` (src/storage/stored-parts.ts) hands its row writer the stored message's JSON
 * text, so the message is serialized once (issue 29 item 4). The text must be exactly the stored
 * message's JSON and the byte count its UTF-8 size, on the quick path of a message that moves no
 * part and on the path that moves parts to R2, and the two paths must agree where they meet.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/a2a/types";
import { planStoredMessage } from "../../src/storage/stored-parts";
import { PART_INLINE_MAX_BYTES } from "../../src/storage/limits";

const STORE = { ownerKey: "0123456789abcdef0123456789abcdef", taskId: "task-1", baseUrl: "https://a2a.example" };
const bytesOf = (text: string): number => new TextEncoder().encode(text).byteLength;

function message(parts: Message["parts"]): Message {
  return { messageId: "m-1", role: "ROLE_USER", parts, contextId: "ctx-1", taskId: "task-1", metadata: { iac_code: { cwd: "/workspace/a" } } };
}

/** A text message whose JSON is `bytes` long: its padding is the 3-byte 中 where the size allows it. */
function messageOfBytes(bytes: number): Message {
  const empty = bytesOf(JSON.stringify(message([{ text: "" }])));
  const room = bytes - empty;
  return message([{ text: "中".repeat(Math.floor(room / 3)) + "a".repeat(room % 3) }]);
}

describe("a stored-message plan carries the stored message's JSON", () => {
  it("a small message is stored as it is: its JSON, its UTF-8 size, no blob", async () => {
    const sent = message([{ text: "load 中文" }, { data: { a: 1 } }]);
    const plan = await planStoredMessage(sent, STORE);
    expect(plan.message).toEqual(sent);
    expect(plan.json).toBe(JSON.stringify(sent));
    expect(plan.bytes).toBe(bytesOf(plan.json));
    expect(plan.blobs).toEqual([]);
  });

  it("at PART_INLINE_MAX_BYTES and just over, a message whose one part is under the limits is stored as it is by either path", async () => {
    for (const size of [PART_INLINE_MAX_BYTES - 1, PART_INLINE_MAX_BYTES, PART_INLINE_MAX_BYTES + 1, PART_INLINE_MAX_BYTES + 2]) {
      const sent = messageOfBytes(size);
      const plan = await planStoredMessage(sent, STORE);
      expect(plan.message).toEqual(sent);
      expect(plan.json).toBe(JSON.stringify(sent));
      expect(plan.bytes).toBe(size);
      expect(plan.blobs).toEqual([]);
    }
  });

  it("a part over PART_INLINE_MAX_BYTES moves to R2, and the JSON is that of the message with its url part", async () => {
    const sent = message([{ text: "short" }, ...messageOfBytes(PART_INLINE_MAX_BYTES + 1000).parts]);
    const plan = await planStoredMessage(sent, STORE);
    expect(plan.blobs).toHaveLength(1);
    expect(plan.message.parts[0]).toEqual({ text: "short" });
    expect(plan.message.parts[1]?.url).toMatch(/^https:\/\/a2a\.example\/iac-code\/parts\/task-1\/[0-9a-f]{64}$/);
    expect(plan.json).toBe(JSON.stringify(plan.message));
    expect(plan.bytes).toBe(bytesOf(plan.json));
  });
});
