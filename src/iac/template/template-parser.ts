import { type Document, isScalar, LineCounter, parseDocument, visit } from "yaml";
import type { Diagnostic } from "./diagnostic";
import { ROS_YAML_TAGS } from "./ros-yaml-tags";

export type ParseResult =
  | { ok: true; template: Record<string, unknown>; format: "yaml" | "json"; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function lineOf(lineCounter: LineCounter, offset: number | undefined): number {
  return offset === undefined ? 1 : lineCounter.linePos(offset).line;
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}

/**
 * Parses a ROS template written in JSON or YAML (with the ROS short tags).
 *
 * JSON is tried first so that the reported format is exact; anything else goes to the YAML parser,
 * which reports syntax errors with their line. Duplicate keys do not stop parsing: they are returned
 * as ROS4201 diagnostics and the last occurrence wins, as in the ROS service.
 */
export function parseTemplateText(text: string): ParseResult {
  if (text.trim() === "") {
    return {
      ok: false,
      diagnostics: [
        {
          code: "ROS1002",
          severity: "error",
          path: "",
          message: "The template is empty.",
          fix: "Provide a ROS template starting with `ROSTemplateFormatVersion: '2015-09-01'`.",
        },
      ],
    };
  }
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const value: unknown = JSON.parse(text);
      return topLevel(value, "json", []);
    } catch {
      // Not strict JSON: the YAML parser accepts JSON-like flow syntax and reports precise errors.
    }
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {
    customTags: [...ROS_YAML_TAGS],
    uniqueKeys: false,
    lineCounter,
    prettyErrors: false,
  });
  const diagnostics: Diagnostic[] = [];
  for (const error of document.errors) {
    const line = lineOf(lineCounter, error.pos[0]);
    diagnostics.push({
      code: "ROS1001",
      severity: "error",
      path: `line ${line}`,
      message: `Template syntax error at line ${line}: ${firstLine(error.message)}`,
      fix: `Correct the YAML/JSON syntax at line ${line} (indentation, quotes, brackets and colons).`,
    });
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  for (const warning of document.warnings) {
    if (warning.code !== "TAG_RESOLVE_FAILED") continue;
    const line = lineOf(lineCounter, warning.pos[0]);
    const tag = /Unresolved tag: (\S+)/.exec(warning.message)?.[1] ?? "tag";
    diagnostics.push({
      code: "ROS2001",
      severity: "error",
      path: `line ${line}`,
      message: `Unknown function tag ${tag} at line ${line}.`,
      fix: "Use one of the ROS short tags (!Ref, !GetAtt, !Sub, !Join, !Select, !If, ...) or the long form `Fn::Name`.",
    });
  }
  for (const duplicate of duplicateKeyDiagnostics(document, lineCounter)) diagnostics.push(duplicate);
  return topLevel(document.toJS({ maxAliasCount: 100 }), "yaml", diagnostics);
}

/**
 * How deep a template's values may nest. Real ROS templates stay under about 12 levels (a property
 * of a resource holding a function of a list of functions); the checks after parsing walk the
 * value recursively, and 100,000 nested brackets (well inside a 1 MiB part) overflowed that walk.
 */
export const TEMPLATE_MAX_DEPTH = 64;

/** The nesting depth of a parsed value, counted without recursion, stopping once past `limit`. */
function depthExceeds(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

function topLevel(value: unknown, format: "yaml" | "json", diagnostics: Diagnostic[]): ParseResult {
  if (depthExceeds(value, TEMPLATE_MAX_DEPTH)) {
    return {
      ok: false,
      diagnostics: [
        ...diagnostics,
        {
          code: "ROS1007",
          severity: "error",
          path: "",
          message: `The template nests values more than ${TEMPLATE_MAX_DEPTH} levels deep.`,
          fix: "Flatten the nested lists and mappings; ROS templates need only a few levels.",
        },
      ],
    };
  }
  if (!isRecord(value)) {
    return {
      ok: false,
      diagnostics: [
        ...diagnostics,
        {
          code: "ROS1005",
          severity: "error",
          path: "",
          message: "The top level of the template is not a mapping.",
          fix: "Write the template as a mapping of sections: ROSTemplateFormatVersion, Parameters, Resources, Outputs.",
        },
      ],
    };
  }
  return { ok: true, template: value, format, diagnostics };
}

/**
 * The YAML parser resolves duplicate keys silently when `uniqueKeys` is off, so duplicates in the
 * sections whose keys are symbols are found here from the parsed node tree.
 */
function duplicateKeyDiagnostics(document: Document, lineCounter: LineCounter): Diagnostic[] {
  // Read from the tree already parsed (a second parse with `uniqueKeys` doubled a review's parse time).
  const diagnostics: Diagnostic[] = [];
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = pair.key.value;
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        const line = lineOf(lineCounter, pair.key.range?.[0] ?? 0);
        diagnostics.push({
          code: "ROS4201",
          severity: "error",
          path: `line ${line}`,
          message: `Duplicate key at line ${line}; only the last definition is kept.`,
          fix: "Rename or remove one of the two definitions so every symbol is defined once.",
        });
      }
    },
  });
  return diagnostics;
}
