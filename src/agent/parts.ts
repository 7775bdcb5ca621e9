/**
 * The prompt of a turn, built from the parts of the incoming message exactly as the original's
 * `parts.py` does (contract §6 "Parts"; supported-input table of the protocol reference). Each
 * part first passes the part rules (src/a2a/part-rules.ts, which the Worker also applies before
 * any Durable Object is reached); then:
 *
 * - text, and data as JSON or raw as text: taken as the rules return it.
 * - multimodal data or raw bytes: turned into a manifest.
 * - url: the workspace file must exist and fit its limit. Text-like files are taken as text,
 *   unchanged and without a header (as the original does); multimodal files become a manifest
 *   whose source is the file's canonical URL.
 *
 * Pieces are joined with `\n` in order; empty pieces are left out, as the original does
 * (`test_message_parts_join_non_empty_values`). Deciding that a blank prompt is an error
 * (`EMPTY_INPUT`, a FAILED task) is the caller's business.
 */
import type { Part } from "../a2a/types";
import { decodeBase64 } from "../a2a/base64";
import { fileUrlOfPath } from "../a2a/file-url";
import {
  type CheckedPart,
  MAX_FILE_BINARY_BYTES,
  MAX_FILE_TEXT_BYTES,
  MAX_PROMPT_CHARS,
  PART_MESSAGES,
  PartError,
  PartRefusal,
  type PartMessage,
  type PartRulesPolicy,
  checkPartAt,
  partRulesOf,
  refusePart,
  utf8OrRefuse,
} from "../a2a/part-rules";
import { baseName, describeAttachment, manifestText, type Attachment } from "./multimodal-manifest";
import type { WorkspaceStore } from "./workspace";

export type { Attachment } from "./multimodal-manifest";
export {
  MAX_FILE_BINARY_BYTES,
  MAX_FILE_TEXT_BYTES,
  MAX_INLINE_BINARY_BYTES,
  MAX_INLINE_TEXT_BYTES,
  MAX_PROMPT_CHARS,
  PART_MESSAGES,
  PartError,
  type PartMessage,
} from "../a2a/part-rules";

export interface PartPolicy extends PartRulesPolicy {
  workspace: WorkspaceStore;
}

interface Piece {
  text: string;
  attachment?: Attachment;
}

export async function promptFromParts(parts: readonly Part[], policy: PartPolicy): Promise<{ prompt: string; attachments: Attachment[] }> {
  const rules = partRulesOf(policy);
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  let total = 0;
  for (const [index, part] of parts.entries()) {
    const checked = checkPartAt(part, rules, index);
    let piece: Piece;
    try {
      piece = await pieceOf(checked, policy.workspace);
    } catch (error) {
      if (error instanceof PartRefusal) throw new PartError(error.message, index);
      throw error;
    }
    if (piece.text !== "") texts.push(piece.text);
    if (piece.attachment) attachments.push(piece.attachment);
    total += piece.text.length;
    if (total > MAX_PROMPT_CHARS) throw new PartError(PART_MESSAGES.messageTooLarge, index);
  }
  return { prompt: texts.join("\n"), attachments };
}

async function pieceOf(checked: CheckedPart, workspace: WorkspaceStore): Promise<Piece> {
  switch (checked.kind) {
    case "text":
      return { text: checked.text };
    case "binary": {
      // A data part's own `filename`, else the part's, else `inline`.
      const own = typeof checked.dataFilename === "string" && checked.dataFilename !== "" ? checked.dataFilename : undefined;
      const filename = own ?? (baseName(checked.partFilename ?? "") || "inline");
      return manifestPiece(await describeAttachment(filename, checked.mediaType, decodeBase64(checked.encoded), checked.source));
    }
    case "file": {
      const { path, mediaType } = checked;
      if (checked.multimodal) {
        const file = await readWorkspaceFile(path, MAX_FILE_BINARY_BYTES, PART_MESSAGES.binaryFileTooLarge, workspace);
        return manifestPiece(await describeAttachment(baseName(path), mediaType, file, fileUrlOfPath(path)));
      }
      const file = await readWorkspaceFile(path, MAX_FILE_TEXT_BYTES, PART_MESSAGES.fileTooLarge, workspace);
      return { text: utf8OrRefuse(file, PART_MESSAGES.fileNotUtf8) };
    }
  }
}

function manifestPiece(attachment: Attachment): Piece {
  return { text: manifestText(attachment), attachment };
}

async function readWorkspaceFile(path: string, maxBytes: number, tooLarge: PartMessage, workspace: WorkspaceStore): Promise<Uint8Array> {
  const file = await workspace.read(path, maxBytes);
  if (file === undefined) refusePart(PART_MESSAGES.fileMissing);
  if ("tooLarge" in file) refusePart(tooLarge);
  return file.bytes;
}
