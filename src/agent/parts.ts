/**
 * The prompt of a turn, built from the parts of the incoming message exactly as the original's
 * `parts.py` does (contract §6 "Parts"; supported-input table of the protocol reference):
 *
 * - text: the media type must be text-like; the text is taken as is.
 * - data: `application/json` → compact JSON with sorted keys (`data-part-json.ts`); a multimodal
 *   type → an object with base64 `bytes` or `base64`, turned into a manifest; any other type refused.
 * - raw: text-like → UTF-8 text; multimodal → a manifest; any other type refused.
 * - url: only a local `file://` URL of an existing workspace file inside the cwd and an allowed
 *   root. Text-like files are taken as text, unchanged and without a header (as the original
 *   does); multimodal files become a manifest whose source is the file's canonical URL.
 *
 * Pieces are joined with `\n` in order; empty pieces are left out, as the original does
 * (`test_message_parts_join_non_empty_values`). Deciding that a blank prompt is an error
 * (`EMPTY_INPUT`, a FAILED task) is the caller's business.
 *
 * A bad part throws a `PartError` carrying one of the fixed messages below: never the file's
 * contents, and no path at all (not even the given URL), so nothing about the workspace leaks.
 */
import { A2AError, ErrorCode } from "../a2a/errors";
import type { Part } from "../a2a/types";
import { base64DecodedSize, decodeBase64, type Base64Flavor } from "../a2a/base64";
import { dataPartJson, DataTooDeepError } from "./data-part-json";
import { fileUrlOfPath, filePathOfUrl } from "./file-url";
import { mediaTypeEssence, MediaTypes } from "./media-types";
import { baseName, describeAttachment, manifestText, type Attachment } from "./multimodal-manifest";
import type { WorkspaceStore } from "./workspace";
import { isInsideRoot, normalizeAbsolutePath } from "../a2a/workspace-path";

export type { Attachment } from "./multimodal-manifest";

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

export interface PartPolicy {
  /** The turn's normalized workspace path; when absent a file must only lie in an allowed root. */
  cwd: string | undefined;
  allowedRoots: readonly string[];
  /** Extra text-like types (`IACCODE_A2A_TEXT_MIME_TYPES`). */
  textMimeTypes: readonly string[];
  /** Extra multimodal types (`IACCODE_A2A_MULTIMODAL_MIME_TYPES`). */
  multimodalMimeTypes: readonly string[];
  workspace: WorkspaceStore;
}

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

/** Thrown inside a part's conversion; `promptFromParts` adds the part's index. */
class Refusal {
  constructor(readonly message: PartMessage) {}
}

function refuse(message: PartMessage): never {
  throw new Refusal(message);
}

interface Piece {
  text: string;
  attachment?: Attachment;
}

interface Context {
  media: MediaTypes;
  cwd: string | undefined;
  roots: string[];
  /** Unset for `checkParts`: a url part is checked up to its path, nothing is read or described. */
  workspace: WorkspaceStore | undefined;
}

export async function promptFromParts(parts: readonly Part[], policy: PartPolicy): Promise<{ prompt: string; attachments: Attachment[] }> {
  return convertParts(parts, policy, policy.workspace);
}

/**
 * Every rule of the parts that needs no workspace file, in the order `promptFromParts` applies
 * them, with the same `PartError`: the Worker's check of a message before any Durable Object is
 * reached (issue 22 item 4). A url part is checked up to its path (a local `file://` URL inside an
 * allowed root, and inside `cwd` when the message names one); whether the file exists, its size
 * and its text are the object's to read. The prompt total counts what is known here (a lower
 * bound: url parts and attachment manifests count nothing), so it refuses no message the object
 * would take.
 */
export async function checkParts(parts: readonly Part[], policy: Omit<PartPolicy, "workspace">): Promise<void> {
  await convertParts(parts, policy, undefined);
}

async function convertParts(
  parts: readonly Part[],
  policy: Omit<PartPolicy, "workspace">,
  workspace: WorkspaceStore | undefined,
): Promise<{ prompt: string; attachments: Attachment[] }> {
  const context: Context = {
    media: new MediaTypes(policy.textMimeTypes, policy.multimodalMimeTypes),
    cwd: policy.cwd,
    roots: policy.allowedRoots.map((root) => normalizeAbsolutePath(root)).filter((root) => root !== undefined),
    workspace,
  };
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  let total = 0;
  for (const [index, part] of parts.entries()) {
    let piece: Piece;
    try {
      piece = await convertPart(part, context);
    } catch (error) {
      if (error instanceof Refusal) throw new PartError(error.message, index);
      throw error;
    }
    if (piece.text !== "") texts.push(piece.text);
    if (piece.attachment) attachments.push(piece.attachment);
    total += piece.text.length;
    if (total > MAX_PROMPT_CHARS) throw new PartError(PART_MESSAGES.messageTooLarge, index);
  }
  return { prompt: texts.join("\n"), attachments };
}

async function convertPart(part: Part, context: Context): Promise<Piece> {
  const present = [part.text, part.raw, part.url, part.data].filter((v) => v !== undefined).length;
  if (present !== 1) refuse(PART_MESSAGES.unsupportedPart);
  const mediaType = mediaTypeEssence(part.mediaType);
  const kind = context.media.kind(mediaType);

  if (part.text !== undefined) {
    if (typeof part.text !== "string") refuse(PART_MESSAGES.unsupportedPart);
    if (!context.media.isTextLike(mediaType)) refuse(PART_MESSAGES.unsupportedMediaType);
    return { text: part.text };
  }

  if (part.data !== undefined) {
    if (kind === "multimodal") return binaryDataPart(part.data, part.filename, mediaType, context.workspace !== undefined);
    // A data part without a media type is JSON by nature, not the text/plain default (docs/decisions.md).
    if (mediaType !== "application/json" && part.mediaType !== undefined) refuse(PART_MESSAGES.dataNotJson);
    let json: string;
    try {
      json = dataPartJson(part.data);
    } catch (error) {
      if (error instanceof DataTooDeepError) refuse(PART_MESSAGES.dataTooDeep);
      throw error;
    }
    if (utf8Length(json) > MAX_INLINE_TEXT_BYTES) refuse(PART_MESSAGES.dataTooLarge);
    return { text: json };
  }

  if (part.raw !== undefined) {
    if (typeof part.raw !== "string") refuse(PART_MESSAGES.unsupportedPart);
    if (kind === "multimodal") {
      checkBase64(part.raw, "protoJson", MAX_INLINE_BINARY_BYTES, PART_MESSAGES.rawNotBase64, PART_MESSAGES.binaryRawTooLarge);
      if (!context.workspace) return NOTHING;
      const bytes = decodeBase64(part.raw);
      return manifestPiece(await describeAttachment(baseName(part.filename ?? "") || "inline", mediaType, bytes, "inline"));
    }
    if (kind !== "text") refuse(PART_MESSAGES.unsupportedMediaType);
    const bytes = decodeWithin(part.raw, "protoJson", MAX_INLINE_TEXT_BYTES, PART_MESSAGES.rawNotBase64, PART_MESSAGES.rawTooLarge);
    return { text: utf8OrRefuse(bytes, PART_MESSAGES.rawNotUtf8) };
  }

  if (typeof part.url !== "string") refuse(PART_MESSAGES.unsupportedPart);
  if (kind === "multimodal") {
    const path = workspacePathOfUrl(part.url, context);
    if (!context.workspace) return NOTHING;
    const file = await readWorkspaceFile(path, MAX_FILE_BINARY_BYTES, PART_MESSAGES.binaryFileTooLarge, context.workspace);
    return manifestPiece(await describeAttachment(baseName(path), mediaType, file, fileUrlOfPath(path)));
  }
  if (kind !== "text") refuse(PART_MESSAGES.unsupportedMediaType);
  const path = workspacePathOfUrl(part.url, context);
  if (!context.workspace) return NOTHING;
  const file = await readWorkspaceFile(path, MAX_FILE_TEXT_BYTES, PART_MESSAGES.fileTooLarge, context.workspace);
  return { text: utf8OrRefuse(file, PART_MESSAGES.fileNotUtf8) };
}

/**
 * A multimodal data part: an object whose `bytes` (or, when that is empty or absent, `base64`) is
 * strict base64; its `filename`, else the part's, else `inline`, names the attachment.
 */
async function binaryDataPart(data: unknown, partFilename: string | undefined, mediaType: string, describe: boolean): Promise<Piece> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) refuse(PART_MESSAGES.binaryDataNotObject);
  const record = data as Record<string, unknown>;
  const encoded = nonEmpty(record["bytes"]) ?? record["base64"];
  if (typeof encoded !== "string") refuse(PART_MESSAGES.binaryDataNoBytes);
  checkBase64(encoded, "strict", MAX_INLINE_BINARY_BYTES, PART_MESSAGES.binaryDataNotBase64, PART_MESSAGES.binaryDataTooLarge);
  if (!describe) return NOTHING;
  const bytes = decodeBase64(encoded);
  const filename = nonEmptyString(record["filename"]) ?? (baseName(partFilename ?? "") || "inline");
  return manifestPiece(await describeAttachment(filename, mediaType, bytes, "data"));
}

/** Python truthiness of the one field that may be "empty": `""`, `null`, `0`, `false` fall through. */
function nonEmpty(value: unknown): unknown {
  return value === "" || value === null || value === undefined || value === 0 || value === false ? undefined : value;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What `checkParts` makes of a part it checked but does not convert (an attachment, a workspace file). */
const NOTHING: Piece = { text: "" };

function manifestPiece(attachment: Attachment): Piece {
  return { text: manifestText(attachment), attachment };
}

/** Refuses base64 that is not valid in `flavor`, or decodes to more than `limit` bytes (nothing decoded). */
function checkBase64(text: string, flavor: Base64Flavor, limit: number, invalid: PartMessage, tooLarge: PartMessage): void {
  const size = base64DecodedSize(text, flavor);
  if (size === undefined) refuse(invalid);
  if (size > limit) refuse(tooLarge);
}

function decodeWithin(text: string, flavor: Base64Flavor, limit: number, invalid: PartMessage, tooLarge: PartMessage): Uint8Array {
  checkBase64(text, flavor, limit, invalid, tooLarge);
  return decodeBase64(text);
}

/** UTF-8 text, a byte order mark kept as `\uFEFF` (Python's `decode("utf-8")` keeps it too). */
function utf8OrRefuse(bytes: Uint8Array, message: PartMessage): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    refuse(message);
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** The workspace path a file URL names, inside the cwd (when there is one) and an allowed root. */
function workspacePathOfUrl(url: string, context: Context): string {
  const parsed = filePathOfUrl(url);
  if ("error" in parsed) refuse(parsed.error === "not-local-file" ? PART_MESSAGES.fileNotLocal : PART_MESSAGES.fileOutside);
  const { path } = parsed;
  const cwd = context.cwd === undefined ? undefined : normalizeAbsolutePath(context.cwd);
  const insideCwd = context.cwd === undefined || (cwd !== undefined && isInsideRoot(path, cwd));
  if (!insideCwd || !context.roots.some((root) => isInsideRoot(path, root))) refuse(PART_MESSAGES.fileOutside);
  return path;
}

async function readWorkspaceFile(path: string, maxBytes: number, tooLarge: PartMessage, workspace: WorkspaceStore): Promise<Uint8Array> {
  const file = await workspace.read(path, maxBytes);
  if (file === undefined) refuse(PART_MESSAGES.fileMissing);
  if ("tooLarge" in file) refuse(tooLarge);
  return file.bytes;
}
