/**
 * The request check in the reply and in the turn's metadata. In the reply: a headline that says
 * plainly whether every value of the request is in the template (never "done" while one is not),
 * the values not found under "Not expressed in the template", and billable resources nobody asked
 * for. In the metadata: `metadata.iac_code.requestCheck`, the same outcome as JSON.
 */
import { ENGINE_NOT_BUILT_HEADING, type ReplyLanguage } from "../read/request-language";
import type { BroaderScope, CheckedValue, RequestCheck, UnplacedToken } from "./result";
import type { ValueKind } from "./requested-value";

const LABELS: Record<ValueKind, [string, string]> = {
  cidr: ["CIDR block", "网段"],
  port: ["port", "端口"],
  "port-range": ["port range", "端口范围"],
  "port-mapping": ["port mapping", "端口映射"],
  "port-redirect": ["listener redirect", "监听跳转"],
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
  "resource-name": ["name", "名称"],
  "bucket-setting": ["bucket setting", "Bucket 设置"],
  days: ["days", "天数"],
  "file-name": ["file name", "文件名"],
  "url-path": ["path", "路径"],
  "path-prefix": ["path prefix", "路径前缀"],
  product: ["product", "产品"],
  protocol: ["protocol", "协议"],
  image: ["image", "镜像"],
  "disk-category": ["disk category", "云盘类型"],
  "disk-level": ["disk performance level", "云盘性能级别"],
  "per-server": ["one per server", "每台一个"],
  "zone-spread": ["servers in different zones", "分布在不同可用区"],
  "public-servers": ["servers with a public IP", "有公网 IP 的服务器"],
  setting: ["setting", "设置"],
  number: ["number", "数值"],
};

export const NOT_EXPRESSED_HEADING = { en: "Not expressed in the template", zh: "未能在模板中表达" };
export const BROADER_HEADING = { en: "Broader than you asked", zh: "比你要求的范围更大" };
export const UNPLACED_HEADING = { en: "Not confirmed", zh: "未能确认" };

const TARGETS: Record<string, [string, string]> = {
  source: ["source range", "来源网段"],
  network: ["VPC or vSwitch range", "VPC 或交换机网段"],
  "system-disk": ["system disk", "系统盘"],
  "data-disk": ["data disk", "数据盘"],
  storage: ["storage", "存储空间"],
  "storage-bound": ["storage autoscaling upper bound", "存储自动扩容上限"],
  memory: ["memory or capacity", "内存或容量"],
};

function missLine(value: CheckedValue, language: ReplyLanguage): string {
  const [kindEn, kindZh] = LABELS[value.kind];
  const target = value.target ? TARGETS[value.target] : undefined;
  const en = target ? `${kindEn}, ${target[0]}` : kindEn;
  const zh = target ? `${kindZh}，${target[1]}` : kindZh;
  if (value.reason === "misplaced") {
    return language === "zh"
      ? `- \`${value.text}\`（${zh}）：不在请求指定的位置（${value.where}）`
      : `- \`${value.text}\` (${en}): not where the request puts it (${value.where})`;
  }
  if (value.reason === "still-present") {
    return language === "zh"
      ? `- \`${value.text}\`（${zh}）：要求去掉，但模板中仍有（${value.where}）`
      : `- \`${value.text}\` (${en}): asked to remove, still in ${value.where}`;
  }
  return language === "zh" ? `- \`${value.text}\`（${zh}）：模板中没有找到` : `- \`${value.text}\` (${en}): not found in the template`;
}

function broaderLine(scope: BroaderScope, language: ReplyLanguage): string {
  return language === "zh"
    ? `- \`${scope.text}\`：你要求 ${scope.asked}，模板中是 ${scope.found}（${scope.where}）`
    : `- \`${scope.text}\`: you asked for ${scope.asked}; the template has ${scope.found} (${scope.where})`;
}

function unplacedLine(token: UnplacedToken, language: ReplyLanguage): string {
  return language === "zh"
    ? `- \`${token.text}\`（“${token.words}”）：核对无法确认它在模板中的位置`
    : `- \`${token.text}\` (in “${token.words}”): the check could not place it in the template`;
}

/** How many values the request gave: found, not expressed, and not confirmed. */
const totalOf = (check: RequestCheck) => check.applied.length + check.notExpressed.length + check.unplaced.length;

/**
 * The headline: first in the reply, so it is read before any claim of the summary. It says every
 * value is in the template only when every value-shaped word was placed (issue 27 item 1); else it
 * names first what is broader than asked, then what is missing, then what could not be confirmed.
 */
export function checkHeadline(check: RequestCheck, language: ReplyLanguage, body = ""): string {
  // The engine's own list of what it did not build, in the body this line heads: never "all values" above it.
  const notBuilt = body.includes(`**${ENGINE_NOT_BUILT_HEADING.en}**`) || body.includes(`**${ENGINE_NOT_BUILT_HEADING.zh}**`);
  const total = totalOf(check);
  const zh = language === "zh";
  const broader = check.broader.length;
  const unplaced = check.unplaced.length;
  const missing = check.notExpressed.length;
  const broaderEn = broader > 0 ? `${broader} ${broader === 1 ? "scope is" : "scopes are"} broader than you asked (see "${BROADER_HEADING.en}" below)` : "";
  const broaderZh = broader > 0 ? `有 ${broader} 处范围比你要求的更大（见下方“${BROADER_HEADING.zh}”）` : "";
  const unplacedEn = unplaced > 0 ? `${unplaced} could not be confirmed (see "${UNPLACED_HEADING.en}" below)` : "";
  const unplacedZh = unplaced > 0 ? `${unplaced} 个无法确认（见下方“${UNPLACED_HEADING.zh}”）` : "";
  if (missing > 0) {
    const rest = [broaderEn, unplacedEn].filter((part) => part !== "").join("; ");
    const restZh = [broaderZh, unplacedZh].filter((part) => part !== "").join("；");
    return zh
      ? `**请求核对：你给出的 ${total} 个值中有 ${missing} 个不在模板中**（见下方“${NOT_EXPRESSED_HEADING.zh}”）${restZh ? `；${restZh}` : ""}；模板没有完全满足你的请求。`
      : `**Request check: ${missing} of the ${total} values you gave are not in the template** (see "${NOT_EXPRESSED_HEADING.en}" below)${rest ? `; ${rest}` : ""}; the template does not fully meet your request.`;
  }
  if (broader > 0) {
    return zh
      ? `**请求核对：${broaderZh}**${unplacedZh ? `；${unplacedZh}` : ""}；模板没有完全满足你的请求。`
      : `**Request check: ${broaderEn}**${unplacedEn ? `; ${unplacedEn}` : ""}; the template does not fully meet your request.`;
  }
  if (unplaced > 0) {
    const named = check.unplaced
      .slice(0, 3)
      .map((token) => `\`${token.text}\``)
      .join(zh ? "、" : ", ");
    return zh
      ? `**请求核对：你给出的 ${total} 个值中有 ${unplaced} 个无法在模板中确认**（${named}，见下方“${UNPLACED_HEADING.zh}”）；其余 ${total - unplaced} 个已在模板中。`
      : `**Request check: ${unplaced} of the ${total} values you gave could not be confirmed in the template** (${named}; see "${UNPLACED_HEADING.en}" below); the other ${total - unplaced} are in it.`;
  }
  // Every value placed is not the whole check: billable resources nobody asked for are said on the first line too.
  const extra = check.unrequested.length;
  const extraEn = extra > 0 ? `; ${extra} billable ${extra === 1 ? "resource" : "resources"} you did not ask for (see "${UNREQUESTED_HEADING.en}" below)` : "";
  const extraZh = extra > 0 ? `；有 ${extra} 个你没有要求、但会计费的资源（见下方“${UNREQUESTED_HEADING.zh}”）` : "";
  // "ECS x3 with a shared NAS": the engine names NAS as not built, so the first line never says everything is there,
  // even when the check read no word of it (its vocabulary is narrower than the engine's list).
  if (notBuilt)
    return zh
      ? `**请求核对：** 核对读到的 ${total} 个值都已在模板中，但你要求的内容并未全部生成（见下方“${NOT_EXPRESSED_HEADING.zh}”）${extraZh}。`
      : `**Request check:** the ${total} values the check read are in the template, but not everything you asked for is built (see "${NOT_EXPRESSED_HEADING.en}" below)${extraEn}.`;
  if (total === 0)
    return zh ? `**请求核对：** 请求中没有需要核对的具体值${extraZh}。` : `**Request check:** the request states no explicit value to check${extraEn}.`;
  return zh
    ? `**请求核对：** 你给出的 ${total} 个值都已在模板中${extraZh}。`
    : `**Request check:** all ${total} values you gave are in the template${extraEn}.`;
}

const UNREQUESTED_HEADING = { en: "Billable resources you did not ask for", zh: "你没有要求、但会计费的资源" };

/** The reply's blocks: broader scopes first, then values not found, values not confirmed, and unrequested billable resources. */
export function checkBlocks(check: RequestCheck, language: ReplyLanguage): string[] {
  const zh = language === "zh";
  const lines: string[] = [];
  if (check.broader.length > 0) {
    lines.push("", zh ? `**${BROADER_HEADING.zh}（请求核对）：**` : `**${BROADER_HEADING.en} (request check):**`);
    lines.push(...check.broader.map((scope) => broaderLine(scope, language)));
  }
  if (check.notExpressed.length > 0) {
    lines.push("", zh ? `**${NOT_EXPRESSED_HEADING.zh}（请求核对）：**` : `**${NOT_EXPRESSED_HEADING.en} (request check):**`);
    lines.push(...check.notExpressed.map((value) => missLine(value, language)));
  }
  if (check.unplaced.length > 0) {
    lines.push("", zh ? `**${UNPLACED_HEADING.zh}（请求核对）：**` : `**${UNPLACED_HEADING.en} (request check):**`);
    lines.push(...check.unplaced.map((token) => unplacedLine(token, language)));
  }
  if (check.unrequested.length > 0) {
    lines.push("", zh ? `**${UNREQUESTED_HEADING.zh}：**` : `**${UNREQUESTED_HEADING.en}:**`);
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
  return `${checkHeadline(check, language, body)}\n\n${body}`;
}

/** `metadata.iac_code.requestCheck`: the outcome as JSON, broader scopes first. */
export function requestCheckMetadata(check: RequestCheck): {
  broader: object[];
  applied: object[];
  notExpressed: object[];
  unplaced: object[];
  unrequested: object[];
} {
  const value = (item: CheckedValue) => ({
    kind: item.kind,
    text: item.text,
    ...(item.target ? { target: item.target } : {}),
    ...(item.where ? { where: item.where } : {}),
    ...(item.reason ? { reason: item.reason } : {}),
  });
  return {
    broader: check.broader.map((scope) => ({ ...scope })),
    applied: check.applied.map(value),
    notExpressed: check.notExpressed.map(value),
    unplaced: check.unplaced.map((token) => ({ kind: token.kind, text: token.text, words: token.words })),
    unrequested: check.unrequested.map((resource) => ({ resource: resource.resource, type: resource.type })),
  };
}
