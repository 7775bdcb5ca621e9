/**
 * The input media types the server takes by default (contract §6 "Parts"; the supported-input
 * table of the protocol reference), in one place: the part rules (src/a2a/media-types.ts) decide
 * by them, and the agent card advertises them as its input modes.
 */

/** Text-like types appended to the prompt as text; `IACCODE_A2A_TEXT_MIME_TYPES` adds more. */
export const DEFAULT_TEXT_MEDIA_TYPES: readonly string[] = [
  "text/plain",
  "application/json",
  "text/markdown",
  "text/yaml",
  "application/yaml",
  "application/x-yaml",
];

/** Types turned into a manifest (never inlined); `IACCODE_A2A_MULTIMODAL_MIME_TYPES` adds more. */
export const DEFAULT_MULTIMODAL_MEDIA_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "audio/mpeg",
  "audio/wav",
  "audio/ogg",
  "application/octet-stream",
];
