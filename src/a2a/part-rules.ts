/**
 * The rules of a message's parts (contract §6 "Parts"; the supported-input table of the protocol
 * reference), as the original's `parts.py` applies them, part by part and in this order:
 *
 * - exactly one of text, raw, url or data;
 * - text: the media type must be text-like;
 * - data: `application/json` → compact JSON with sorted keys (`data-part-json.ts`) within 1 MiB; a
 *   multimodal type → an object with base64 `bytes` or `base64` within 5 MiB; any other type refused;
 * - raw: text-like → valid base64 of valid UTF-8 within 1 MiB; multimodal → valid base64 within
 *   5 MiB; any other type refused;
 * - url: a local `file://` URL inside the cwd (when there is one) and an allowed root.
 *
 * Every rule here needs nothing stored, so the Worker applies them all (`checkParts`) before any
 * Durable Object is reached (issue 22 item 4); the turn's prompt is then built from what
 * `checkPart` returns (src/agent/parts.ts), which adds only what a workspace file tells (that it
 * exists, its size, its text) and the manifests of attachments.
 *
 * A bad part is a `PartError` carrying one of the fixed messages below: never the file's contents,
 * and no path at all (not even the given URL), so nothing about the workspace leaks.
 */
import { A2AError, ErrorCode } from "./errors";
import type { Part } from "./types";
import { base64DecodedSize, decodeBase64, type Base64Flavor } from "./base64";
import { dataPartJson, DataTooDeepError } from "./data-part-json";
import { filePathOfUrl } from "./file-url";
import { mediaTypeEssence, MediaTypes } from "./media-types";
import { isInsideRoot, normalizeAbsolutePath } from "./workspace-path";

const MiB = 1024 * 1024;

/** Serialized JSON of a data part, and the bytes of a text raw part: 1 MiB (contract §6 "Parts"). */
export const MAX_INLINE_TEXT_BYTES = 1 * MiB;
/** Decoded bytes of a multimodal raw or data part: 5 MiB (contract §6 "Parts"). */
export const MAX_INLINE_BINARY_BYTES = 5 * MiB;
/** A text-like workspace file named by a url part: 1 MiB (contract §6 "Parts"). */
export const MAX_FILE_TEXT_BYTES = 1 * MiB;
/** A multimodal workspace file named by a url part: 25 MiB (contract §6 "Parts"). */
export const MAX_FILE_BINARY_BYTES = 25 * MiB;

/**
 * Every message a part can fail with. Those of the contract are the original's exact text; the
 * rest are the original's own messages for the same cases (`parts.py`), except `rawNotBase64` and
 * `dataTooDeep`, which the original leaves to its protobuf parser and which are written here in
 * the same style.
 */
export const PART_MESSAGES = {
  unsupportedMediaType: "A2A part has unsupported media type.",
  unsupportedPart: "A2A server supports text, JSON data, raw text, or workspace file URL parts only.",
  dataNotJson: "A2A data parts must use application/json media type.",
  dataTooLarge: "A2A data part content is too large.",
  dataTooDeep: "A2A data part content is too deeply nested.",
  binaryDataNotObject: "A2A binary data parts must contain an object.",
  binaryDataNoBytes: "A2A binary data parts must include base64 bytes.",
  binaryDataNotBase64: "A2A binary data part bytes must be valid base64.",
  binaryDataTooLarge: "A2A binary data part content is too large.",
  rawNotBase64: "A2A raw part bytes must be valid base64.",
  rawNotUtf8: "A2A raw parts must contain valid UTF-8.",
  rawTooLarge: "A2A raw part content is too large.",
  binaryRawTooLarge: "A2A binary raw part content is too large.",
  fileNotLocal: "A2A file URL parts must use local file:// URLs.",
  fileOutside: "A2A file URL part is outside the allowed workspace.",
  fileMissing: "A2A file URL part must reference an existing file.",
  fileTooLarge: "A2A file URL part content is too large.",
  fileNotUtf8: "A2A file URL parts must contain valid UTF-8.",
  binaryFileTooLarge: "A2A binary file URL part content is too large.",
  messageTooLarge: "A2A message content is too large.",
} as const;

/**
 * The whole prompt a message may build (8 MiB of text): each part has its limit, but many file
 * parts together would otherwise exhaust the Durable Object's memory (128 MB per isolate).
 */
export const MAX_PROMPT_CHARS = 8 * 1_048_576;

export type PartMessage = (typeof PART_MESSAGES)[keyof typeof PART_MESSAGES];

/**
 * A part the server cannot take. Code choice: A2A 1.0 defines `ContentTypeNotSupportedError`
 * (-32005) for "a part's media type is not supported", so the one message that says exactly that,
 * `A2A part has unsupported media type.`, uses -32005; everything else (shape, size, encoding,
 * location, and a data part with a non-JSON type, which is a rule about data parts rather than an
 * unsupported type) is invalid params, -32602, as decisions.md ("Invalid parts") says. A -32602
 * error names the part (`message.parts[i]`) in its BadRequest field violation.
 */
export class PartError extends A2AError {
  declare readonly code: typeof ErrorCode.InvalidParams | typeof ErrorCode.ContentTypeNotSupported;
  override readonly message: PartMessage;
  readonly partIndex: number;

  constructor(message: PartMessage, partIndex: number) {
    const field = `message.parts[${partIndex}]`;
    super(
      message === PART_MESSAGES.unsupportedMediaType
        ? { code: ErrorCode.ContentTypeNotSupported, message }
        : { code: ErrorCode.InvalidParams, message, fieldViolations: [{ field, description: message }] },
    );
    this.name = "PartError";
    this.message = message;
    this.partIndex = partIndex;
  }
}

/** A rule broken inside one part; the caller adds the part's index (`PartError`). */
export class PartRefusal {
  constructor(readonly message: PartMessage) {}
}

export function refusePart(message: PartMessage): never {
  throw new PartRefusal(message);
}

/** What the part rules need: the turn's workspace path, the allowed roots, the configured media types. */
export interface PartRulesPolicy {
  /** The turn's normalized workspace path; when absent a file must only lie in an allowed root. */
  cwd: string | undefined;
  allowedRoots: readonly string[];
  /** Extra text-like types (`IACCODE_A2A_TEXT_MIME_TYPES`). */
  textMimeTypes: readonly string[];
  /** Extra multimodal types (`IACCODE_A2A_MULTIMODAL_MIME_TYPES`). */
  multimodalMimeTypes: readonly string[];
}

export interface PartRules {
  media: MediaTypes;
  cwd: string | undefined;
  roots: string[];
}

export function partRulesOf(policy: PartRulesPolicy): PartRules {
  return {
    media: new MediaTypes(policy.textMimeTypes, policy.multimodalMimeTypes),
    cwd: policy.cwd,
    roots: policy.allowedRoots.map((root) => normalizeAbsolutePath(root)).filter((root) => root !== undefined),
  };
}

/** A part that passed every rule, as the prompt takes it. */
export type CheckedPart =
  | { kind: "text"; text: string }
  /** Multimodal bytes (a data part's `bytes`/`base64`, or a raw part), valid base64 within the limit. */
  | { kind: "binary"; source: "data" | "inline"; encoded: string; mediaType: string; dataFilename: unknown; partFilename: string | undefined }
  /** A workspace file the message names (not read here). */
  | { kind: "file"; path: string; multimodal: boolean; mediaType: string };

/** Checks one part; a broken rule throws a `PartRefusal`. */
export function checkPart(part: Part, rules: PartRules): CheckedPart {
  const present = [part.text, part.raw, part.url, part.data].filter((v) => v !== undefined).length;
  if (present !== 1) refusePart(PART_MESSAGES.unsupportedPart);
  const mediaType = mediaTypeEssence(part.mediaType);
  const kind = rules.media.kind(mediaType);

  if (part.text !== undefined) {
    if (typeof part.text !== "string") refusePart(PART_MESSAGES.unsupportedPart);
    if (!rules.media.isTextLike(mediaType)) refusePart(PART_MESSAGES.unsupportedMediaType);
    return { kind: "text", text: part.text };
  }

  if (part.data !== undefined) {
    if (kind === "multimodal") return binaryData(part.data, part.filename, mediaType);
    // A data part without a media type is JSON by nature, not the text/plain default (docs/decisions.md).
    if (mediaType !== "application/json" && part.mediaType !== undefined) refusePart(PART_MESSAGES.dataNotJson);
    let json: string;
    try {
      json = dataPartJson(part.data);
    } catch (error) {
      if (error instanceof DataTooDeepError) refusePart(PART_MESSAGES.dataTooDeep);
      throw error;
    }
    if (utf8Length(json) > MAX_INLINE_TEXT_BYTES) refusePart(PART_MESSAGES.dataTooLarge);
    return { kind: "text", text: json };
  }

  if (part.raw !== undefined) {
    if (typeof part.raw !== "string") refusePart(PART_MESSAGES.unsupportedPart);
    if (kind === "multimodal") {
      checkBase64(part.raw, "protoJson", MAX_INLINE_BINARY_BYTES, PART_MESSAGES.rawNotBase64, PART_MESSAGES.binaryRawTooLarge);
      return { kind: "binary", source: "inline", encoded: part.raw, mediaType, dataFilename: undefined, partFilename: part.filename };
    }
    if (kind !== "text") refusePart(PART_MESSAGES.unsupportedMediaType);
    checkBase64(part.raw, "protoJson", MAX_INLINE_TEXT_BYTES, PART_MESSAGES.rawNotBase64, PART_MESSAGES.rawTooLarge);
    return { kind: "text", text: utf8OrRefuse(decodeBase64(part.raw), PART_MESSAGES.rawNotUtf8) };
  }

  if (typeof part.url !== "string") refusePart(PART_MESSAGES.unsupportedPart);
  if (kind !== "multimodal" && kind !== "text") refusePart(PART_MESSAGES.unsupportedMediaType);
  return { kind: "file", path: workspacePathOfUrl(part.url, rules), multimodal: kind === "multimodal", mediaType };
}

/**
 * The Worker's check of a message's parts (issue 22 item 4): every rule above, and the prompt's
 * total as far as it is known without reading a file or describing an attachment (a lower bound,
 * so it refuses no message the turn would take).
 */
export function checkParts(parts: readonly Part[], policy: PartRulesPolicy): void {
  const rules = partRulesOf(policy);
  let total = 0;
  for (const [index, part] of parts.entries()) {
    const checked = checkPartAt(part, rules, index);
    if (checked.kind === "text") total += checked.text.length;
    if (total > MAX_PROMPT_CHARS) throw new PartError(PART_MESSAGES.messageTooLarge, index);
  }
}

/** `checkPart` with a broken rule as the `PartError` of the part at `index`. */
export function checkPartAt(part: Part, rules: PartRules, index: number): CheckedPart {
  try {
    return checkPart(part, rules);
  } catch (error) {
    if (error instanceof PartRefusal) throw new PartError(error.message, index);
    throw error;
  }
}

/** A multimodal data part: an object whose `bytes` (or, when that is empty or absent, `base64`) is strict base64. */
function binaryData(data: unknown, partFilename: string | undefined, mediaType: string): CheckedPart {
  if (typeof data !== "object" || data === null || Array.isArray(data)) refusePart(PART_MESSAGES.binaryDataNotObject);
  const record = data as Record<string, unknown>;
  const encoded = nonEmpty(record["bytes"]) ?? record["base64"];
  if (typeof encoded !== "string") refusePart(PART_MESSAGES.binaryDataNoBytes);
  checkBase64(encoded, "strict", MAX_INLINE_BINARY_BYTES, PART_MESSAGES.binaryDataNotBase64, PART_MESSAGES.binaryDataTooLarge);
  return { kind: "binary", source: "data", encoded, mediaType, dataFilename: record["filename"], partFilename };
}

/** Python truthiness of the one field that may be "empty": `""`, `null`, `0`, `false` fall through. */
function nonEmpty(value: unknown): unknown {
  return value === "" || value === null || value === undefined || value === 0 || value === false ? undefined : value;
}

/** Refuses base64 that is not valid in `flavor`, or decodes to more than `limit` bytes (nothing decoded). */
function checkBase64(text: string, flavor: Base64Flavor, limit: number, invalid: PartMessage, tooLarge: PartMessage): void {
  const size = base64DecodedSize(text, flavor);
  if (size === undefined) refusePart(invalid);
  if (size > limit) refusePart(tooLarge);
}

/** UTF-8 text, a byte order mark kept as `\uFEFF` (Python's `decode("utf-8")` keeps it too). */
export function utf8OrRefuse(bytes: Uint8Array, message: PartMessage): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    refusePart(message);
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** The workspace path a file URL names, inside the cwd (when there is one) and an allowed root. */
function workspacePathOfUrl(url: string, rules: PartRules): string {
  const parsed = filePathOfUrl(url);
  if ("error" in parsed) refusePart(parsed.error === "not-local-file" ? PART_MESSAGES.fileNotLocal : PART_MESSAGES.fileOutside);
  const { path } = parsed;
  const cwd = rules.cwd === undefined ? undefined : normalizeAbsolutePath(rules.cwd);
  const insideCwd = rules.cwd === undefined || (cwd !== undefined && isInsideRoot(path, cwd));
  if (!insideCwd || !rules.roots.some((root) => isInsideRoot(path, root))) refusePart(PART_MESSAGES.fileOutside);
  return path;
}
