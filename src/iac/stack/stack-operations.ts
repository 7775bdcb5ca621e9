import { findRegion } from "../read/regions";
import { isRecord } from "../template/template-parser";
import type { ReplyLanguage } from "../read/request-language";
import { STACK_OPERATIONS_ZH } from "./data/stack-operations-zh";

/**
 * Explains ROS stack states and failure events, and lays out the ROS API / `aliyun ros` CLI steps
 * that follow from them. It works only from what it is given (GetStack output, ListStackEvents output
 * as JSON, or pasted text); it calls nothing.
 */

interface StateGuide {
  meaning: string;
  steps: Step[];
}

interface Step {
  action: string;
  api: string;
  command: (context: StackContext) => string;
}

interface StackContext {
  region: string;
  stackId: string;
  stackName?: string;
  failedResources: string[];
}

interface StackEvent {
  resource: string;
  type: string;
  status: string;
  reason: string;
}

const STATUS_PATTERN = /\b((?:IMPORT_)?(?:CREATE|UPDATE|DELETE|CHECK|ROLLBACK|CREATE_ROLLBACK|IMPORT_CREATE|IMPORT_UPDATE)_(?:IN_PROGRESS|COMPLETE|FAILED))\b/g;

const cli =
  (api: string, args: string) =>
  (context: StackContext): string =>
    `aliyun ros ${api} --RegionId ${context.region} ${args.replace("{stack}", `--StackId ${context.stackId}`)}`.trim();

const GET_STACK: Step = {
  action: "Check the stack status and its StatusReason",
  api: "GetStack",
  command: cli("GetStack", "{stack}"),
};
const FAILED_EVENTS: Step = {
  action: "List the failure events to find the first resource that failed and why",
  api: "ListStackEvents",
  command: (context) =>
    `aliyun ros ListStackEvents --RegionId ${context.region} --StackId ${context.stackId} --Status.1 CREATE_FAILED --Status.2 UPDATE_FAILED --Status.3 DELETE_FAILED`,
};
const RESOURCES: Step = {
  action: "See the state of every resource in the stack",
  api: "ListStackResources",
  command: cli("ListStackResources", "{stack}"),
};
const VALIDATE: Step = {
  action: "Validate the corrected template (and preview it with your parameters) before retrying",
  api: "ValidateTemplate / PreviewStack",
  command: (context) => `aliyun ros ValidateTemplate --RegionId ${context.region} --TemplateBody "$(cat template.yaml)"`,
};
const CONTINUE_CREATE: Step = {
  action:
    "After fixing the cause (quota, permission, parameter value), resume creation from the failed resources; this works when the stack was created with DisableRollback=true",
  api: "ContinueCreateStack",
  command: (context) =>
    `aliyun ros ContinueCreateStack --RegionId ${context.region} --StackId ${context.stackId}${context.failedResources
      .map((resource, index) => ` --RecreatingResources.${index + 1} ${resource}`)
      .join("")}`,
};
const UPDATE: Step = {
  action: "Apply the corrected template or parameter values to the stack",
  api: "UpdateStack",
  command: (context) => `aliyun ros UpdateStack --RegionId ${context.region} --StackId ${context.stackId} --TemplateBody "$(cat template.yaml)"`,
};
const CANCEL_UPDATE: Step = {
  action: "If the update is stuck, cancel it safely (ROS rolls back what it changed)",
  api: "CancelUpdateStack",
  command: cli("CancelUpdateStack", "{stack} --CancelType Safe"),
};
const DELETE: Step = {
  action: "Delete the rolled-back stack; it holds no resources and cannot be resumed",
  api: "DeleteStack",
  command: cli("DeleteStack", "{stack}"),
};
/** For a stack that can still be resumed: deleting is the alternative, not the consequence. */
const DELETE_INSTEAD: Step = {
  action: "Or, to start over instead of resuming, delete the stack (the resources it created are deleted with it)",
  api: "DeleteStack",
  command: cli("DeleteStack", "{stack}"),
};
const DELETE_RETAINING: Step = {
  action: "Retry the deletion, keeping (retaining) the resources that cannot be deleted, then clean those up by hand",
  api: "DeleteStack",
  command: (context) =>
    `aliyun ros DeleteStack --RegionId ${context.region} --StackId ${context.stackId}${
      context.failedResources.length > 0
        ? context.failedResources.map((resource, index) => ` --RetainResources.${index + 1} ${resource}`).join("")
        : " --RetainAllResources true"
    }`,
};
const RECREATE: Step = {
  action: "Create the stack again; keep DisableRollback=true so a failure can be resumed with ContinueCreateStack",
  api: "CreateStack",
  command: (context) =>
    `aliyun ros CreateStack --RegionId ${context.region} --StackName ${context.stackName ?? "<stack-name>"} --TemplateBody "$(cat template.yaml)" --DisableRollback true --TimeoutInMinutes 60`,
};
const OUTPUTS: Step = {
  action: "Read the stack outputs (addresses, IDs)",
  api: "GetStack",
  command: cli("GetStack", "{stack}"),
};

const STATES: Record<string, StateGuide> = {
  CREATE_IN_PROGRESS: {
    meaning: "ROS is creating the stack's resources. Nothing needs doing yet; creation ends in CREATE_COMPLETE or CREATE_FAILED.",
    steps: [GET_STACK, RESOURCES],
  },
  CREATE_COMPLETE: {
    meaning: "Every resource was created. The stack is ready.",
    steps: [OUTPUTS, RESOURCES],
  },
  CREATE_FAILED: {
    meaning:
      "At least one resource could not be created and the stack was created without rollback (DisableRollback=true), so the resources that succeeded still exist and creation can be resumed.",
    steps: [FAILED_EVENTS, VALIDATE, CONTINUE_CREATE, DELETE_INSTEAD],
  },
  ROLLBACK_IN_PROGRESS: {
    meaning: "Creation failed and ROS is deleting the resources it had created (rollback).",
    steps: [GET_STACK, FAILED_EVENTS],
  },
  ROLLBACK_COMPLETE: {
    meaning:
      "Creation failed and every created resource was rolled back (deleted). The stack holds no resources and cannot be resumed; fix the cause, delete it and create it again.",
    steps: [FAILED_EVENTS, VALIDATE, DELETE, RECREATE],
  },
  ROLLBACK_FAILED: {
    meaning: "Creation failed and the rollback could not delete some resources; they may still exist and cost money.",
    steps: [FAILED_EVENTS, RESOURCES, DELETE_RETAINING],
  },
  UPDATE_IN_PROGRESS: {
    meaning: "ROS is applying a template or parameter change to the stack.",
    steps: [GET_STACK, CANCEL_UPDATE],
  },
  UPDATE_COMPLETE: {
    meaning: "The last update was applied to every affected resource.",
    steps: [OUTPUTS, RESOURCES],
  },
  UPDATE_FAILED: {
    meaning: "The update could not be applied to at least one resource. Resources already updated keep their new state; the stack can be updated again.",
    steps: [FAILED_EVENTS, VALIDATE, UPDATE],
  },
  DELETE_IN_PROGRESS: {
    meaning: "ROS is deleting the stack's resources.",
    steps: [GET_STACK, RESOURCES],
  },
  DELETE_COMPLETE: {
    meaning: "The stack and its resources (except retained ones) were deleted.",
    steps: [],
  },
  DELETE_FAILED: {
    meaning:
      "Some resources could not be deleted, usually because something outside the stack still depends on them (an instance in a vSwitch, an ENI in a security group) or they are protected.",
    steps: [FAILED_EVENTS, RESOURCES, DELETE_RETAINING],
  },
  CHECK_IN_PROGRESS: { meaning: "ROS is checking that the stack's resources still exist.", steps: [GET_STACK] },
  CHECK_COMPLETE: { meaning: "The check found every resource of the stack.", steps: [RESOURCES] },
  CHECK_FAILED: {
    meaning: "The check found resources that were changed or deleted outside ROS (drift).",
    steps: [RESOURCES, UPDATE],
  },
};
for (const phase of ["IN_PROGRESS", "COMPLETE", "FAILED"]) {
  const guide = STATES[`ROLLBACK_${phase}`];
  if (guide) STATES[`CREATE_ROLLBACK_${phase}`] = guide;
}

/** Common failure reasons: the pattern of the ResourceStatusReason, what it means, what to do. */
const REASONS: readonly [RegExp, string][] = [
  [
    /NoStock|sold ?out|NotOnSale|ResourceNotAvailable|ValueNotSupported|InvalidInstanceType|\.NotSupported|Zone\.NotOpen|not available in|库存不足/i,
    "The requested instance type or resource is not on sale in that zone right now. Pick another zone or instance type (the AssociationProperty selectors in the console list only what is on sale) and retry.",
  ],
  [
    /Quota|LimitExceed|exceed(?:s|ed)? the (?:maximum|limit)|配额/i,
    "An account quota was reached. Raise it in Quota Center, or create fewer resources of that kind.",
  ],
  [
    /Forbidden|NoPermission|not authorized|AccessDenied|Unauthorized|无权限/i,
    "The RAM user or role that ROS acts as lacks permission for this action. Grant it the product's permissions, or create the stack with a ROS service role (RamRoleName) that has them.",
  ],
  [
    /InsufficientBalance|Arrearage|balance is insufficient|欠费|余额不足/i,
    "The account balance is insufficient for a pay-as-you-go resource. Top up the account and retry.",
  ],
  [
    /DependencyViolation|dependent|in use|being used|依赖/i,
    "The resource is still used by something outside the stack (instances or ENIs in a vSwitch or security group, an EIP still bound). Remove or detach those, then retry.",
  ],
  [/Overlap|InvalidCidrBlock|CidrBlock/i, "A CIDR block overlaps another one or is outside the VPC. Give each vSwitch a distinct subnet of the VPC CIDR."],
  [
    /AlreadyExist|already exists|Duplicate|EntityAlreadyExists/i,
    "A resource with that name already exists (OSS bucket and RAM names are unique). Choose another name or import the existing resource.",
  ],
  [
    /NotFound|does not exist|not exist|Invalid(?:Vpc|VSwitch|SecurityGroup|Instance)Id/i,
    "A referenced resource does not exist: it was deleted outside ROS, or belongs to another region or account. Correct the ID parameter.",
  ],
  [
    /Timed? ?out|Timeout|WaitCondition/i,
    "An operation or WaitCondition timed out. Check the instance's user data or RunCommand output, and raise Timeout if the work is slow.",
  ],
  [
    /IncorrectStatus|IncorrectInstanceStatus|status does not support|not support(?:(?!not support)[^\n])*status/i,
    "The resource was in a state that does not allow this operation (still starting or stopping). Wait for it to settle and retry.",
  ],
  [/Throttling|ServiceUnavailable|InternalError|SystemBusy/i, "A transient service error. Retry the operation (ContinueCreateStack or UpdateStack)."],
  [
    /InvalidParameter|MissingParameter|Invalid[A-Z]\w*|is not valid|invalid/i,
    "A property or parameter value is not valid for the API. Correct it in the template or parameters, run ValidateTemplate, and retry.",
  ],
  [/cancel/i, "The resource operation was cancelled because another resource failed first; fix that first failure."],
];

function explainReason(reason: string): string | undefined {
  return REASONS.find(([pattern]) => pattern.test(reason))?.[1];
}

function stringField(record: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string") return value;
  }
  return "";
}

/** The JSON document in the text (GetStack or ListStackEvents output), possibly surrounded by prose. */
function embeddedJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    // Not pure JSON; look for a document inside the text.
  }
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  const close = text[start] === "{" ? "}" : "]";
  for (let end = text.lastIndexOf(close); end > start; end = text.lastIndexOf(close, end - 1)) {
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      // Try a shorter candidate.
    }
  }
  return undefined;
}

function eventsFromJson(value: unknown): StackEvent[] {
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.Events) ? value.Events : [];
  return list.filter(isRecord).map((event) => ({
    resource: stringField(event, "LogicalResourceId", "ResourceName"),
    type: stringField(event, "ResourceType"),
    status: stringField(event, "Status", "ResourceStatus"),
    reason: stringField(event, "StatusReason", "ResourceStatusReason"),
  }));
}

/** Words of a question that are never a resource's logical id, though they may stand where one would. */
const NOT_LOGICAL_IDS =
  /^(?:the|my|our|a|an|is|in|at|of|on|it|its|this|that|stack|status|state|resource|resources|event|events|error|failed|why|what|how|now|still|because|with|and|but|reason|message|code)$/i;

/** A ROS logical id: letters and digits, starting with a letter (`EcsInstance`, `Vpc`, `web_db` is not one). */
function logicalId(candidate: string): string {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(candidate) && !NOT_LOGICAL_IDS.test(candidate) ? candidate : "";
}

/** "resource EcsInstance failed", "资源 EcsInstance 创建失败", "LogicalResourceId: EcsInstance". */
const NAMED_RESOURCE = /(?:LogicalResourceId|logical id|resource|资源)["'\s:=：]*`?([A-Za-z][A-Za-z0-9]*)`?/gi;

/** An API error code: `InvalidInstanceType.NotSupported`, `OperationDenied.NoStock`, `QuotaExceeded.Eip`. */
const ERROR_CODE = /\b([A-Z][A-Za-z]+(?:\.[A-Z][A-Za-z0-9]+)+|[A-Z][a-z]+[A-Z][A-Za-z]*(?:Exceeded|NotFound|Denied|Invalid|Forbidden|Error))\b/;

/** Events pasted as text (console rows, ListStackEvents tables or a sentence): resource, status, reason. */
function eventsFromText(text: string): StackEvent[] {
  const events: StackEvent[] = [];
  for (const line of text.split("\n")) {
    const status = line.match(/\b[A-Z_]+_(?:FAILED|COMPLETE|IN_PROGRESS)\b/)?.[0];
    if (!status) continue;
    const [before = "", after = ""] = line.split(status);
    const type = line.match(/ALIYUN::\w+::\w+/)?.[0] ?? "";
    // The console's row has the event's time before its reason ("2026-12-01 10:22:31\tResource CREATE failed: …").
    const reason = after
      .replace(/^[\s|:,.-]+/, "")
      .replace(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?[\s|]*/, "")
      .trim();
    // "Stack x is DELETE_FAILED" states the stack's status; an event line names a type or a reason.
    if (type === "" && reason === "") continue;
    // A named resource anywhere on the line; else, in a table row, the cell before the type or status.
    const named = [...line.matchAll(NAMED_RESOURCE)].map((match) => logicalId(match[1] ?? "")).find((id) => id !== "");
    const cellBefore = logicalId(
      before
        .replace(type, "")
        .replace(/[|:,\t]/g, " ")
        .trim()
        .split(/\s+/)
        .pop() ?? "",
    );
    const tableRow = /[|\t]/.test(line) || type !== "";
    // A row's own cell wins over a word the reason happens to hold ("Resource CREATE failed: …" names no resource).
    const resource = (tableRow && cellBefore !== "" ? cellBefore : named) ?? (tableRow ? cellBefore : "");
    // In a sentence, the reason is its error code (or what follows "failed:" / "报错"), not the whole sentence.
    const prose = tableRow ? reason : (ERROR_CODE.exec(line)?.[1] ?? reasonAfterKeyword(line));
    events.push({ resource, type, status, reason: prose || reason });
  }
  return events;
}

/** The status a question states in words: "creation failed", "回滚完成", "stuck updating"… */
const STATUS_WORDS: readonly [RegExp, string][] = [
  [/rollback failed|failed to roll ?back|回滚失败/i, "ROLLBACK_FAILED"],
  [/rolled back|rollback complete|回滚完成|已回滚/i, "ROLLBACK_COMPLETE"],
  [/(?:creation|create) failed|failed to create|创建失败/i, "CREATE_FAILED"],
  [/update failed|failed to update|更新失败/i, "UPDATE_FAILED"],
  [/delet(?:e|ion) failed|failed to delete|(?:can't|cannot|won't) (?:be )?delete|删除失败|删不掉/i, "DELETE_FAILED"],
  [/stuck (?:in )?updat|still updating|一直(?:在)?更新|卡在更新/i, "UPDATE_IN_PROGRESS"],
  [/stuck (?:in )?creat|still creating|一直(?:在)?创建|卡在创建/i, "CREATE_IN_PROGRESS"],
];

export function statusInWords(text: string): string | undefined {
  return STATUS_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

/** A question in words: "资源 RdsInstance 创建失败，报错 QuotaExceeded" is one failure event. */
function eventFromWords(text: string): StackEvent[] {
  const status = statusInWords(text);
  const resource = [...text.matchAll(NAMED_RESOURCE)].map((match) => logicalId(match[1] ?? "")).find((id) => id !== "");
  if (!status?.endsWith("_FAILED") || !resource) return [];
  return [{ resource, type: text.match(/ALIYUN::\w+::\w+/)?.[0] ?? "", status, reason: ERROR_CODE.exec(text)?.[1] ?? "" }];
}

/** What follows the first "failed:" / "error" / "报错" of a sentence (one linear scan, not `(.+)$` tried at each keyword). */
function reasonAfterKeyword(line: string): string {
  const keyword = /(?:failed|error|报错|错误)[:：\s]+/i.exec(line);
  return keyword ? line.slice(keyword.index + keyword[0].length).trim() : "";
}

/**
 * A status written in the same clause after the word "stack" ("the stack is in ROLLBACK_COMPLETE"):
 * the first status word whose preceding 60 characters hold "stack" and no full stop or line end.
 * Found by scanning status words once, not by a lazy gap before a run of capitals (quadratic).
 */
function statusNearStackWord(text: string): string | undefined {
  for (const match of text.matchAll(/\b([A-Z][A-Z_]*_(?:IN_PROGRESS|COMPLETE|FAILED))\b/gi)) {
    const status = match[1] ?? "";
    const before = text.slice(Math.max(0, match.index - 65), match.index);
    const clause = before.slice(Math.max(before.lastIndexOf("."), before.lastIndexOf("\n")) + 1);
    const stackAt = clause.toLowerCase().lastIndexOf("stack");
    if (stackAt >= 0 && clause.length - stackAt - 5 <= 60 && STATES[status]) return status;
  }
  return undefined;
}

function stackStatus(json: unknown, text: string): string | undefined {
  if (isRecord(json)) {
    const status = stringField(json, "Status", "StackStatus");
    if (status) return status;
  }
  const near = statusNearStackWord(text);
  if (near) return near;
  for (const match of text.matchAll(STATUS_PATTERN)) if (match[1] && STATES[match[1]]) return match[1];
  return statusInWords(text);
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** Where a stack id is written, most specific first; built once, at load, where the ReDoS test sees them. */
const STACK_ID_LABELLED = new RegExp(`StackId["'\\s:=]+(${UUID})`, "i");
const STACK_ID_AFTER_WORD = new RegExp(`stack\\s+(${UUID})`, "i");
const STACK_ID_BARE = new RegExp(`(?<!RequestId["'\\s:=]{1,8})\\b${UUID}\\b`, "i");

function context(json: unknown, text: string, failedResources: string[]): StackContext {
  const top = isRecord(json) ? json : {};
  // ListStackEvents carries the stack's identity on each event, not at the top (which has RequestId).
  const firstEvent = Array.isArray(top.Events) ? top.Events.find(isRecord) : Array.isArray(json) ? json.find(isRecord) : undefined;
  const record = { ...(firstEvent ?? {}), ...top };
  const stackId =
    stringField(record, "StackId") || STACK_ID_LABELLED.exec(text)?.[1] || STACK_ID_AFTER_WORD.exec(text)?.[1] || STACK_ID_BARE.exec(text)?.[0] || "<stack-id>";
  const stackName = stringField(record, "StackName") || /StackName["'\s:=]+([\w-]+)/.exec(text)?.[1];
  const region = stringField(record, "RegionId") || /RegionId["'\s:=]+([a-z]+-[a-z0-9-]+)/.exec(text)?.[1] || findRegion(text) || "<region-id>";
  return { region, stackId, ...(stackName ? { stackName } : {}), failedResources };
}

function cell(value: string): string {
  return value.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim() || "-";
}

const OVERVIEW: readonly [string, string, string][] = [
  ["CREATE_IN_PROGRESS", "resources are being created", "wait; GetStack"],
  ["CREATE_COMPLETE", "all resources created", "read Outputs with GetStack"],
  ["CREATE_FAILED", "creation failed, rollback disabled", "ListStackEvents, fix, ContinueCreateStack"],
  ["ROLLBACK_COMPLETE", "creation failed and was rolled back", "fix, DeleteStack, CreateStack again"],
  ["ROLLBACK_FAILED", "rollback could not delete some resources", "DeleteStack with RetainResources, clean up"],
  ["UPDATE_FAILED", "an update could not be applied", "ListStackEvents, fix, UpdateStack"],
  ["DELETE_FAILED", "some resources could not be deleted", "remove dependents, DeleteStack (RetainResources)"],
];

function stateOverview(tr: Translate): string[] {
  return [
    `## ${tr("ROS stack states")}`,
    "",
    `| ${tr("State")} | ${tr("Meaning")} | ${tr("Usual next step")} |`,
    "|---|---|---|",
    ...OVERVIEW.map(([state, meaning, next]) => `| ${state} | ${tr(meaning)} | ${tr(next)} |`),
    "",
    `${tr("Find the cause of any failure in the `StatusReason` of the first `*_FAILED` event:")} \`aliyun ros ListStackEvents --RegionId <region-id> --StackId <stack-id> --Status.1 CREATE_FAILED\`.`,
  ];
}

type Translate = (english: string) => string;

/** The explanation in the request's language; API names and commands are the same in both. */
export function explainStackOperation(text: string, language: ReplyLanguage = "en"): string {
  const tr: Translate = language === "zh" ? (english) => STACK_OPERATIONS_ZH[english] ?? english : (english) => english;
  const body = explain(text, tr);
  return language === "zh" ? `以下是根据你提供的资源栈信息整理的分析与下一步：\n\n${body}` : body;
}

function explain(text: string, tr: Translate): string {
  const json = embeddedJson(text);
  const jsonEvents = eventsFromJson(json);
  const textEvents = jsonEvents.length > 0 ? [] : eventsFromText(text);
  const events = jsonEvents.length > 0 ? jsonEvents : textEvents.length > 0 ? textEvents : eventFromWords(text);
  const failures = events.filter((event) => event.status.endsWith("_FAILED") && event.resource !== "");
  // ListStackEvents also reports the stack itself (type ALIYUN::ROS::Stack); it cannot be "recreated".
  const failedResources = [...new Set(failures.filter((event) => event.type !== "ALIYUN::ROS::Stack").map((event) => event.resource))];
  const status = stackStatus(json, text) ?? failures[0]?.status;
  const guide = status ? STATES[status] : undefined;
  if (!guide && failures.length === 0) return stateOverview(tr).join("\n");

  const stackContext = context(json, text, failedResources);
  const title = stackContext.stackName ?? (stackContext.stackId === "<stack-id>" ? tr("Stack") : stackContext.stackId);
  const lines: string[] = [`## ${title}: ${status ?? tr("failure events")}`, ""];
  if (guide) lines.push(`**${tr("What it means:")}** ${tr(guide.meaning)}`, "");
  if (isRecord(json) && stringField(json, "StatusReason")) {
    lines.push(`**${tr("Stack status reason:")}** ${stringField(json, "StatusReason")}`, "");
  }
  if (failures.length > 0) {
    lines.push(`### ${tr("Failed resources")}`, "", `| ${["Resource", "Type", "Status", "Reason"].map(tr).join(" | ")} |`, "|---|---|---|---|");
    for (const event of failures) {
      lines.push(`| ${cell(event.resource)} | ${cell(event.type)} | ${cell(event.status)} | ${cell(event.reason)} |`);
    }
    lines.push("");
    const causes = [...new Set(failures.map((event) => explainReason(event.reason)).filter((cause) => cause !== undefined))];
    if (causes.length > 0) {
      lines.push(`### ${tr("Likely cause")}`, "", ...causes.map((cause) => `- ${tr(cause)}`), "");
    }
    const first = failures[failures.length - 1];
    if (first && failures.length > 1) {
      lines.push(
        tr(
          "Events are listed newest first, so the original failure is probably **{resource}**; resources after it often fail only because the operation was cancelled.",
        ).replace("{resource}", first.resource),
        "",
      );
    }
  }
  const steps = guide?.steps ?? [FAILED_EVENTS, VALIDATE];
  if (steps.length > 0) {
    lines.push(`### ${tr("Next steps")}`, "");
    steps.forEach((step, index) => {
      lines.push(`${index + 1}. ${tr(step.action)} (\`${step.api}\`):`, "", "   ```bash", `   ${step.command(stackContext)}`, "   ```", "");
    });
  }
  if (stackContext.region === "<region-id>" || stackContext.stackId === "<stack-id>") {
    lines.push(tr("Replace `<region-id>` and `<stack-id>` with the stack's region and ID (shown by `aliyun ros ListStacks --RegionId <region-id>`)."));
  }
  return lines.join("\n").trimEnd();
}
