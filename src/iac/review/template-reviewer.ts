/**
 * The reviewer: the validator's findings with codes and fixes, a corrected template with every
 * automatic repair applied (in rounds), and, when the request asks whether the template is fit for
 * production, a verdict before everything else (review-verdict.ts).
 */
import type { Diagnostic } from "../template/diagnostic";
import { repairDiagnostic } from "./template-repair";
import { validateTemplate, validateTemplateObject } from "./template-validator";
import { toRosYaml } from "../template/template-yaml";
import type { ReplyLanguage } from "../read/request-language";
import { verdictLines } from "./review-verdict";

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

export interface ReviewOptions {
  /** The request asks whether the template is fit for production: the summary opens with a verdict. */
  verdict?: boolean;
}

export function reviewTemplate(text: string, language: ReplyLanguage = "en", options: ReviewOptions = {}): ReviewResult {
  const { diagnostics, template } = validateTemplate(text);
  const verdict = options.verdict ? verdictLines(diagnostics, language) : [];
  if (!template) {
    return { diagnostics, corrected: text, summary: [...verdict, summarize(diagnostics, [], diagnostics, false, language)].join("\n") };
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
    for (const repair of applied) repairs.push(repair);
    remaining = validateTemplateObject(corrected);
  }
  return {
    diagnostics,
    corrected: toRosYaml(corrected),
    summary: [...verdict, summarize(diagnostics, [...new Set(repairs)], remaining, true, language)].join("\n"),
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
  language: ReplyLanguage,
): string {
  const zh = language === "zh";
  const lines: string[] = [
    zh
      ? `## Template review / 模板审查：${count(found, "error")} 个错误，${count(found, "warning")} 个警告`
      : `## Template review: ${count(found, "error")} error(s), ${count(found, "warning")} warning(s)`,
    "",
  ];
  if (found.length === 0) lines.push(zh ? "未发现问题，模板通过离线 ROS 检查。" : "No problems found. The template passes the offline ROS checks.");
  for (const finding of found) lines.push(line(finding));
  if (!parsed) {
    lines.push(
      "",
      zh
        ? "模板无法解析，因此没有生成修正版本。请先修正语法。"
        : "The template could not be parsed, so no corrected version was produced. Fix the syntax first.",
    );
    return lines.join("\n");
  }
  if (repairs.length > 0) {
    lines.push("", zh ? "### 修正后的模板中已做的修复" : "### Repairs applied in the corrected template", "", ...repairs.map((repair) => `- ${repair}`));
  }
  if (found.some((diagnostic) => diagnostic.code === "ROS4201" && diagnostic.path.startsWith("line "))) {
    lines.push("- `ROS4201` kept the last of each duplicated key, as ROS does");
  }
  if (found.some((diagnostic) => diagnostic.code === "ROS2001" && diagnostic.path.startsWith("line "))) {
    lines.push("- `ROS2001` dropped each unknown tag and kept the plain value under it; check that value");
  }
  lines.push("");
  if (remaining.length === 0) {
    lines.push(zh ? "修正后的模板通过离线检查，没有错误和警告。" : "The corrected template passes the offline checks with no errors or warnings.");
  } else {
    lines.push(
      zh
        ? `### 修正后的模板中仍需你处理：${count(remaining, "error")} 个错误，${count(remaining, "warning")} 个警告`
        : `### Left for you in the corrected template: ${count(remaining, "error")} error(s), ${count(remaining, "warning")} warning(s)`,
      "",
      zh ? "以下需要你来决定：" : "These need a decision the reviewer cannot make for you:",
      "",
      ...remaining.map(line),
    );
  }
  lines.push(
    "",
    zh
      ? "修复时添加的参数在只有你知道取值的地方没有默认值；请填写（带 AssociationProperty 的参数在控制台有可选值），创建资源栈前先在 ROS 中运行 ValidateTemplate。"
      : "Parameters added by the repairs have no value yet where only you can know it; fill them in (the console offers valid choices for those with an AssociationProperty), then run ValidateTemplate in ROS before creating the stack.",
  );
  return lines.join("\n");
}
