import type { Diagnostic } from "./diagnostic";
import { parseTemplateText } from "./template-parser";

/**
 * The public parse: a template object and its format, or the diagnostics that prevented parsing.
 * Findings that do not prevent parsing (duplicate keys, unknown tags) are reported by validateTemplate.
 */
export function parseTemplate(
  text: string,
): { ok: true; template: Record<string, unknown>; format: "yaml" | "json" } | { ok: false; diagnostics: Diagnostic[] } {
  const result = parseTemplateText(text);
  return result.ok ? { ok: true, template: result.template, format: result.format } : { ok: false, diagnostics: result.diagnostics };
}
