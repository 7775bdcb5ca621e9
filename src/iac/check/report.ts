/**
 * The request check in the reply and in the turn's metadata. In the reply: a headline that says
 * plainly whether every value of the request is in the template (never "done" while one is not),
 * the values not found under "Not expressed in the template", and billable resources nobody asked
 * for. In the metadata: `metadata.iac_code.requestCheck`, the same outcome as JSON.
 */
import type { ReplyLanguage } from "../read/request-language";
import type { CheckedValue, RequestCheck } from "./check";
import type { ValueKind } from "./requested-value";

const LABELS: Record<ValueKind, [string, string]> = {
  cidr: ["CIDR block", "网段"],
  port: ["port", "端口"],
  "port-range": ["port range", "端口范围"],
  "port-mapping": ["port mapping", "端口映射"],
  size: ["size", "容量"],
  bandwidth: ["bandwidth", "带宽"],
  "compute-spec": ["vCPU / memory", "CPU / 内存规格"],
  count: ["count", "数量"],
  engine: ["engine", "引擎"],
  "engine-version": ["engine version", "引擎版本"],
  "instance-type": ["instance type", "实例规格"],
  region: ["region", "地域"],
  zone: ["zone", "可用区"],
  "resource-id": ["existing resource id", "已有资源 ID"],
  "bucket-name": ["bucket name", "Bucket 名称"],
  "bucket-setting": ["bucket setting", "Bucket 设置"],
  days: ["days", "天数"],
};

export const NOT_EXPRESSED_HEADING = { en: "Not expressed in the template", zh: "未能在模板中表达" };

const TARGETS: Record<string, [string, string]> = {
  source: ["source range", "来源网段"],
  network: ["VPC or vSwitch range", "VPC 或交换机网段"],
  "system-disk": ["system disk", "系统盘"],
  "data-disk": ["data disk", "数据盘"],
  storage: ["storage", "存储空间"],
  memory: ["memory or capacity", "内存或容量"],
};

function missLine(value: CheckedValue, language: ReplyLanguage): string {
  const [kindEn, kindZh] = LABELS[value.kind];
  const target = value.target ? TARGETS[value.target] : undefined;
  const en = target ? `${kindEn}, ${target[0]}` : kindEn;
  const zh = target ? `${kindZh}，${target[1]}` : kindZh;
  if (value.reason === "still-present") {
    return language === "zh"
      ? `- \`${value.text}\`（${zh}）：要求去掉，但模板中仍有（${value.where}）`
      : `- \`${value.text}\` (${en}): asked to remove, still in ${value.where}`;
  }
  return language === "zh" ? `- \`${value.text}\`（${zh}）：模板中没有找到` : `- \`${value.text}\` (${en}): not found in the template`;
}

/** The headline: first in the reply, so it is read before any claim of the summary. */
export function checkHeadline(check: RequestCheck, language: ReplyLanguage): string {
  const total = check.applied.length + check.notExpressed.length;
  const zh = language === "zh";
  if (check.notExpressed.length > 0) {
    return zh
      ? `**请求核对：你给出的 ${total} 个值中有 ${check.notExpressed.length} 个不在模板中**（见下方“${NOT_EXPRESSED_HEADING.zh}”）；模板没有完全满足你的请求。`
      : `**Request check: ${check.notExpressed.length} of the ${total} values you gave are not in the template** (see "${NOT_EXPRESSED_HEADING.en}" below); the template does not fully meet your request.`;
  }
  if (total === 0) return zh ? "**请求核对：** 请求中没有需要核对的具体值。" : "**Request check:** the request states no explicit value to check.";
  return zh ? `**请求核对：** 你给出的 ${total} 个值都已在模板中。` : `**Request check:** all ${total} values you gave are in the template.`;
}

/** The reply's block of values the check did not find, and of unrequested billable resources. */
export function checkBlocks(check: RequestCheck, language: ReplyLanguage): string[] {
  const zh = language === "zh";
  const lines: string[] = [];
  if (check.notExpressed.length > 0) {
    lines.push("", zh ? `**${NOT_EXPRESSED_HEADING.zh}（请求核对）：**` : `**${NOT_EXPRESSED_HEADING.en} (request check):**`);
    lines.push(...check.notExpressed.map((value) => missLine(value, language)));
  }
  if (check.unrequested.length > 0) {
    lines.push("", zh ? "**你没有要求、但会计费的资源：**" : "**Billable resources you did not ask for:**");
    lines.push(...check.unrequested.map((resource) => `- \`${resource.resource}: ${resource.type}\``));
  }
  return lines;
}

/** The reply with the check: its headline first, its blocks after the summary's own lists. */
export function withRequestCheck(summary: string, check: RequestCheck, language: ReplyLanguage): string {
  const blocks = checkBlocks(check, language);
  const parameters = language === "zh" ? "**创建资源栈时需要填写的参数：**" : "**Parameters to fill in when creating the stack:**";
  const at = summary.indexOf(parameters);
  const body =
    blocks.length === 0
      ? summary
      : at < 0
        ? [summary, ...blocks].join("\n")
        : `${summary.slice(0, at).trimEnd()}\n${blocks.join("\n")}\n\n${summary.slice(at)}`;
  return `${checkHeadline(check, language)}\n\n${body}`;
}

/** `metadata.iac_code.requestCheck`: the outcome as JSON. */
export function requestCheckMetadata(check: RequestCheck): { applied: object[]; notExpressed: object[]; unrequested: object[] } {
  const value = (item: CheckedValue) => ({
    kind: item.kind,
    text: item.text,
    ...(item.target ? { target: item.target } : {}),
    ...(item.where ? { where: item.where } : {}),
    ...(item.reason ? { reason: item.reason } : {}),
  });
  return {
    applied: check.applied.map(value),
    notExpressed: check.notExpressed.map(value),
    unrequested: check.unrequested.map((resource) => ({ resource: resource.resource, type: resource.type })),
  };
}
