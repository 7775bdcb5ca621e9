import type { Diagnostic } from "./diagnostic";
import { repairDiagnostic } from "./template-repair";
import { validateTemplate, validateTemplateObject } from "./template-validator";
import { toRosYaml } from "./template-yaml";

export interface ReviewResult {
  /** Findings on the template as given. */
  diagnostics: Diagnostic[];
  /** The template with every automatic repair applied, as YAML (the input text when it could not be parsed). */
  corrected: string;
  /** Markdown: one line per finding with its code and fix, the repairs made, and what is left for a human. */
  summary: string;
}

/** Repairs can uncover new findings (a new parameter may need a label...), so they run in rounds. */
const MAX_REPAIR_ROUNDS = 5;

export function reviewTemplate(text: string): ReviewResult {
  const { diagnostics, template } = validateTemplate(text);
  if (!template) {
    return { diagnostics, corrected: text, summary: summarize(diagnostics, [], diagnostics, false) };
  }
  const corrected = structuredClone(template);
  const repairs: string[] = [];
  let remaining = validateTemplateObject(corrected);
  for (let round = 0; round < MAX_REPAIR_ROUNDS; round += 1) {
    const applied = remaining.flatMap((diagnostic) => {
      const note = repairDiagnostic(corrected, diagnostic);
      return note === undefined ? [] : [`\`${diagnostic.code}\` ${note}`];
    });
    if (applied.length === 0) break;
    repairs.push(...applied);
    remaining = validateTemplateObject(corrected);
  }
  return {
    diagnostics,
    corrected: toRosYaml(corrected),
    summary: summarize(diagnostics, [...new Set(repairs)], remaining, true),
  };
}

function count(diagnostics: readonly Diagnostic[], severity: Diagnostic["severity"]): number {
  return diagnostics.filter((diagnostic) => diagnostic.severity === severity).length;
}

function line(diagnostic: Diagnostic): string {
  const where = diagnostic.path === "" ? "" : ` at \`${diagnostic.path}\``;
  return `- \`${diagnostic.code}\` (${diagnostic.severity})${where}: ${diagnostic.message} **Fix:** ${diagnostic.fix}`;
}

function summarize(
  found: readonly Diagnostic[],
  repairs: readonly string[],
  remaining: readonly Diagnostic[],
  parsed: boolean,
): string {
  const lines: string[] = [
    `## Template review: ${count(found, "error")} error(s), ${count(found, "warning")} warning(s)`,
    "",
  ];
  if (found.length === 0) lines.push("No problems found. The template passes the offline ROS checks.");
  lines.push(...found.map(line));
  if (!parsed) {
    lines.push("", "The template could not be parsed, so no corrected version was produced. Fix the syntax first.");
    return lines.join("\n");
  }
  if (repairs.length > 0) {
    lines.push("", "### Repairs applied in the corrected template", "", ...repairs.map((repair) => `- ${repair}`));
  }
  if (found.some((diagnostic) => diagnostic.code === "ROS4201" && diagnostic.path.startsWith("line "))) {
    lines.push("- `ROS4201` kept the last of each duplicated key, as ROS does");
  }
  if (found.some((diagnostic) => diagnostic.code === "ROS2001" && diagnostic.path.startsWith("line "))) {
    lines.push("- `ROS2001` dropped each unknown tag and kept the plain value under it; check that value");
  }
  lines.push("");
  if (remaining.length === 0) {
    lines.push("The corrected template passes the offline checks with no errors or warnings.");
  } else {
    lines.push(
      `### Left for you in the corrected template: ${count(remaining, "error")} error(s), ${count(remaining, "warning")} warning(s)`,
      "",
      "These need a decision the reviewer cannot make for you:",
      "",
      ...remaining.map(line),
    );
  }
  lines.push(
    "",
    "Parameters added by the repairs have no value yet where only you can know it; fill them in (the console offers valid choices for those with an AssociationProperty), then run ValidateTemplate in ROS before creating the stack.",
  );
  return lines.join("\n");
}
