/**
 * Which input media types a part may carry (contract §6 "Parts"; the supported-input table of the
 * protocol reference). A type is compared by its essence: trimmed, lowercased, parameters such as
 * `; charset=utf-8` dropped. A missing or blank `mediaType` means `text/plain`.
 */
import { DEFAULT_MULTIMODAL_MEDIA_TYPES, DEFAULT_TEXT_MEDIA_TYPES } from "./input-media-types";

export { DEFAULT_MULTIMODAL_MEDIA_TYPES, DEFAULT_TEXT_MEDIA_TYPES };

export const DEFAULT_MEDIA_TYPE = "text/plain";

/** `Text/Plain; charset=UTF-8` → `text/plain`; undefined or blank → `text/plain`. */
export function mediaTypeEssence(mediaType: string | undefined): string {
  if (mediaType === undefined || mediaType.trim() === "") return DEFAULT_MEDIA_TYPE;
  const semicolon = mediaType.indexOf(";");
  return (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

export type MediaKind = "text" | "multimodal" | "other";

/** Classifies media types against the defaults plus the configured extras. */
export class MediaTypes {
  private readonly text: ReadonlySet<string>;
  private readonly multimodal: ReadonlySet<string>;

  constructor(extraText: readonly string[], extraMultimodal: readonly string[]) {
    this.text = new Set([...DEFAULT_TEXT_MEDIA_TYPES, ...extraText.map(mediaTypeEssence)]);
    this.multimodal = new Set([...DEFAULT_MULTIMODAL_MEDIA_TYPES, ...extraMultimodal.map(mediaTypeEssence)]);
  }

  /**
   * Multimodal wins over text-like when a type is configured as both: the original checks
   * "multimodal" first for data, raw and url parts.
   */
  kind(essence: string): MediaKind {
    if (this.multimodal.has(essence)) return "multimodal";
    if (this.text.has(essence)) return "text";
    return "other";
  }

  isTextLike(essence: string): boolean {
    return this.text.has(essence);
  }
}
