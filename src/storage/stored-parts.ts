/**
 * Large message parts live in R2, not in SQLite rows. A part whose JSON is over
 * PART_INLINE_MAX_BYTES (and, when the message is still over MESSAGE_INLINE_MAX_BYTES, the largest
 * remaining parts) is stored once under `parts/<owner key>/<taskId>/<sha256>`, and the message kept
 * in history gets a `url` part in its place: the absolute URL of the authenticated download route,
 * the same `mediaType` and `filename`, and `metadata.byteSize`, `metadata.sha256` and
 * `metadata.storedFrom` (text, raw or data). A2A §3.7 lets a server keep less than the whole
 * message in history; the turn itself is built from the original parts (docs/decisions.md).
 *
 * Planning is pure (`planStoredMessage`); writing the blobs is the caller's, before the row that
 * refers to them, so a row never points at a missing object.
 */
import type { Message, Part } from "../a2a/types";
import { decodeBase64 } from "../a2a/base64";
import { sha256Hex } from "../a2a/hex";
import { MESSAGE_INLINE_MAX_BYTES, PART_INLINE_MAX_BYTES, utf8Bytes } from "./limits";
import { storedPartKey } from "./object-keys";

export type StoredFrom = "text" | "raw" | "data";

/** One part's bytes on their way to R2. */
export interface PartBlob {
  key: string;
  bytes: Uint8Array;
  mediaType: string;
  filename: string | undefined;
  sha256: string;
}

export interface StoredMessagePlan {
  /** The message as history keeps it. */
  message: Message;
  /** Its JSON text, as its row stores it (serialized once: task-records.ts `appendMessage` takes it). */
  json: string;
  /** Its UTF-8 JSON size. */
  bytes: number;
  blobs: PartBlob[];
}

export interface PartStore {
  ownerKey: string;
  taskId: string;
  baseUrl: string;
}

const encoder = new TextEncoder();

/** About the JSON size of a reference part: moving a part smaller than this would not shrink a message. */
const REFERENCE_BYTES = 512;

export function storedPartUrl(baseUrl: string, taskId: string, sha256: string): string {
  return `${baseUrl}/iac-code/parts/${taskId}/${sha256}`;
}

/** The content of a part that can move to R2, or undefined for a `url` part (already a reference). */
function contentOf(part: Part): { from: StoredFrom; bytes: Uint8Array; mediaType: string } | undefined {
  if (typeof part.text === "string") return { from: "text", bytes: encoder.encode(part.text), mediaType: part.mediaType ?? "text/plain" };
  if (typeof part.raw === "string") return { from: "raw", bytes: decodeBase64(part.raw), mediaType: part.mediaType ?? "application/octet-stream" };
  if (part.data !== undefined) return { from: "data", bytes: encoder.encode(JSON.stringify(part.data)), mediaType: "application/json" };
  return undefined;
}

async function storePart(part: Part, store: PartStore): Promise<{ part: Part; blob: PartBlob } | undefined> {
  const content = contentOf(part);
  if (!content) return undefined;
  const sha256 = await sha256Hex(content.bytes);
  const reference: Part = {
    url: storedPartUrl(store.baseUrl, store.taskId, sha256),
    mediaType: content.mediaType,
    ...(part.filename !== undefined ? { filename: part.filename } : {}),
    metadata: { ...(part.metadata ?? {}), byteSize: content.bytes.byteLength, sha256, storedFrom: content.from },
  };
  const blob: PartBlob = {
    key: storedPartKey(store.ownerKey, store.taskId, sha256),
    bytes: content.bytes,
    mediaType: content.mediaType,
    filename: part.filename,
    sha256,
  };
  return { part: reference, blob };
}

const jsonBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value));

/**
 * The message as it will be stored, with the blobs to write first. `bytes` may still be over
 * MESSAGE_INLINE_MAX_BYTES (many small parts, or large metadata): the caller refuses such a message.
 */
export async function planStoredMessage(message: Message, store: PartStore): Promise<StoredMessagePlan> {
  // Each part's JSON is a piece of the message's: a message within PART_INLINE_MAX_BYTES (below
  // MESSAGE_INLINE_MAX_BYTES) moves no part, and is stored as it is, serialized once.
  const whole = JSON.stringify(message);
  const wholeBytes = utf8Bytes(whole);
  if (wholeBytes <= PART_INLINE_MAX_BYTES) return { message: { ...message, parts: [...message.parts] }, json: whole, bytes: wholeBytes, blobs: [] };
  const parts = [...message.parts];
  const sizes = parts.map(jsonBytes);
  const blobs: PartBlob[] = [];
  const moved = new Set<number>();
  const move = async (index: number): Promise<boolean> => {
    const part = parts[index];
    const stored = part ? await storePart(part, store) : undefined;
    if (!stored) return false;
    parts[index] = stored.part;
    sizes[index] = jsonBytes(stored.part);
    blobs.push(stored.blob);
    moved.add(index);
    return true;
  };
  for (const [index, size] of sizes.entries()) if (size > PART_INLINE_MAX_BYTES) await move(index);

  // Still too large: move the largest remaining parts, while moving one still makes the message smaller.
  const overhead = jsonBytes({ ...message, parts: [] });
  let total = overhead + sizes.reduce((sum, size) => sum + size + 1, 0);
  const largestFirst = [...sizes.keys()].filter((i) => !moved.has(i)).sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0));
  for (const index of largestFirst) {
    if (total <= MESSAGE_INLINE_MAX_BYTES || (sizes[index] ?? 0) <= REFERENCE_BYTES) break;
    const before = sizes[index] ?? 0;
    if (await move(index)) total += (sizes[index] ?? 0) - before;
  }
  const stored: Message = { ...message, parts };
  const json = JSON.stringify(stored);
  return { message: stored, json, bytes: utf8Bytes(json), blobs };
}

/** Writes the blobs of a plan (R2 checks each sha256 on upload). Identical content is one object. */
export async function writeBlobs(bucket: R2Bucket, blobs: readonly PartBlob[]): Promise<void> {
  const unique = new Map(blobs.map((blob) => [blob.key, blob]));
  await Promise.all(
    [...unique.values()].map((blob) =>
      bucket.put(blob.key, blob.bytes, {
        httpMetadata: { contentType: blob.mediaType },
        sha256: blob.sha256,
        customMetadata: blob.filename !== undefined ? { filename: blob.filename } : {},
      }),
    ),
  );
}

/** Removes the blobs of a plan whose row was never written (a refused or failed turn). */
export async function deleteBlobs(bucket: R2Bucket, blobs: readonly PartBlob[]): Promise<void> {
  if (blobs.length > 0) await bucket.delete([...new Set(blobs.map((blob) => blob.key))]);
}

/** Whether `message` keeps the text of a part in R2 (`storedFrom: "text"`): a later turn's conversation reads it back. */
export function holdsStoredText(message: Message): boolean {
  return message.parts.some((part) => part.metadata?.["storedFrom"] === "text");
}

/** The text of a stored text part, for a later turn's conversation; undefined when it is not one or is gone. */
export async function loadStoredText(bucket: R2Bucket, ownerKeyHex: string, taskId: string, part: Part): Promise<string | undefined> {
  const metadata = part.metadata;
  const sha256 = metadata?.["sha256"];
  if (metadata?.["storedFrom"] !== "text" || typeof sha256 !== "string") return undefined;
  const object = await bucket.get(storedPartKey(ownerKeyHex, taskId, sha256));
  return object ? await object.text() : undefined;
}
