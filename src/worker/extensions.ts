/**
 * `A2A-Extensions` (spec §3.2.6): the extensions a client activates, comma-separated. Required
 * extensions a request does not name are refused with -32008; the ones this server supports are
 * echoed back as activated.
 */
import { ARTIFACT_METADATA_EXTENSION, THINKING_EXPOSURE_EXTENSION } from "./agent-card";
import { GENERATION_EXTENSION } from "../a2a/generation";

const SUPPORTED = new Set([ARTIFACT_METADATA_EXTENSION, THINKING_EXPOSURE_EXTENSION, GENERATION_EXTENSION]);

export function parseExtensions(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * Whether a request activates the generation extension (a2a/generation.ts): its `A2A-Extensions`
 * names it. For a WebSocket, the upgrade's header, for every message of the socket.
 */
export function activatesGeneration(headers: Headers): boolean {
  return parseExtensions(headers.get("A2A-Extensions")).includes(GENERATION_EXTENSION);
}

export function missingRequiredExtensions(header: string | null, required: readonly string[]): string[] {
  const requested = new Set(parseExtensions(header));
  return required.filter((uri) => !requested.has(uri));
}

export function activatedExtensions(header: string | null, required: readonly string[]): string[] {
  return parseExtensions(header).filter((uri) => SUPPORTED.has(uri) || required.includes(uri));
}
