/**
 * The reply that goes with a ROS template the engine wrote or edited, in the user's language: what
 * is in it, the user's values as applied, what was added only because something else needs it (and
 * why), what could not be expressed, the parameters to fill in, and the offline check result, said
 * to pass only when it does.
 */
import { hasErrors, type Diagnostic } from "../template/diagnostic";
import { ENGINE_NOT_BUILT_HEADING, type Phrase, type ReplyLanguage } from "../read/request-language";
import { resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";

export interface SummaryInput {
  title: Phrase;
  changes?: Phrase[];
  applied: Phrase[];
  required: Phrase[];
  unsupported: Phrase[];
  notes: string[];
  diagnostics: Diagnostic[];
}

const list = (items: readonly string[]) => items.map((item) => `- ${item}`);

export function offlineCheckLine(diagnostics: readonly Diagnostic[], language: ReplyLanguage): string {
  const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === "warning").length;
  if (!hasErrors(diagnostics)) {
    return language === "zh"
      ? `离线校验：通过（0 个错误，${warnings} 个警告）。`
      : `Offline validation: passes the offline checks (0 errors, ${warnings} warnings).`;
  }
  const lines = diagnostics.map((diagnostic) => `- \`${diagnostic.code}\` ${diagnostic.message}`);
  return [language === "zh" ? "离线校验发现问题：" : "Offline validation found problems:", ...lines].join("\n");
}

function parameterLines(template: Record<string, unknown>, language: ReplyLanguage): string[] {
  const parameters = Object.entries(section(template, "Parameters"));
  // "A bucket named static-cdn-origin": every value is written, so the heading says so rather than standing empty.
  if (parameters.length === 0) return [language === "zh" ? "- 无：模板可直接创建" : "- none: the template deploys as it is"];
  return parameters.map(([name, definition]) => {
    const record = isRecord(definition) ? definition : {};
    const selector =
      typeof record.AssociationProperty === "string"
        ? language === "zh"
          ? `（控制台选择器 ${record.AssociationProperty}）`
          : ` (console selector ${record.AssociationProperty})`
        : "";
    const fallback = record.Default !== undefined ? (language === "zh" ? `（默认 ${String(record.Default)}）` : ` (default ${String(record.Default)})`) : "";
    return `- \`${name}\`: ${String(record.Label ?? name)}${selector}${fallback}`;
  });
}

function addressPlan(template: Record<string, unknown>, language: ReplyLanguage): string[] {
  const resources = Object.values(section(template, "Resources"));
  const vpc = resources.find((resource) => resourceType(resource) === "ALIYUN::ECS::VPC");
  const vswitches = resources
    .filter((resource) => resourceType(resource) === "ALIYUN::ECS::VSwitch")
    .map((resource) => resourceProperties(resource).CidrBlock)
    .filter((cidr): cidr is string => typeof cidr === "string");
  const vpcCidr = vpc ? resourceProperties(vpc).CidrBlock : undefined;
  if (typeof vpcCidr !== "string") return [];
  return [
    "",
    language === "zh"
      ? `**地址规划：** VPC ${vpcCidr}；交换机 ${vswitches.join("、")}。`
      : `**Address plan:** VPC ${vpcCidr}; vSwitches ${vswitches.join(", ")}.`,
  ];
}

export function summarizeRosTemplate(template: Record<string, unknown>, input: SummaryInput, language: ReplyLanguage): string {
  const zh = language === "zh";
  const resources = Object.entries(section(template, "Resources")).map(([name, resource]) => `\`${name}: ${resourceType(resource) ?? ""}\``);
  const pick = (items: readonly Phrase[]) => items.map((item) => item[language]);
  const block = (heading: Phrase, items: readonly string[]) => (items.length > 0 ? ["", `**${heading[language]}**`, ...list(items)] : []);
  const lines = [
    input.title[language],
    ...block({ en: "Changes:", zh: "本次修改：" }, pick(input.changes ?? [])),
    "",
    `${zh ? "**资源" : "**Resources"} (${resources.length}):** ${resources.join(", ")}`,
    ...addressPlan(template, language),
    ...block({ en: "Your values, as applied:", zh: "已采用你给出的值：" }, pick(input.applied)),
    ...block({ en: "Added because something you asked for needs it:", zh: "因依赖而添加：" }, pick(input.required)),
    ...block(ENGINE_NOT_BUILT_HEADING, pick(input.unsupported)),
    "",
    zh ? "**创建资源栈时需要填写的参数：**" : "**Parameters to fill in when creating the stack:**",
    ...parameterLines(template, language),
    ...block({ en: "Adjustments:", zh: "调整：" }, input.notes),
    "",
    offlineCheckLine(input.diagnostics, language),
  ];
  return lines.join("\n");
}
