/**
 * The offline provider: a deterministic stand-in for a model that needs no key and no network.
 * It plays the four skills with the local engine (`src/iac`) through the same tools and events a
 * model would use (tool calls, tool results, streamed text), so everything downstream — tool
 * trace, artifacts, workspaces — works the same with or without a model key.
 *
 * It is stateless: what to do next is read from the conversation (offline-conversation.ts): the
 * request, the tool results of this turn, and the context's current template from earlier replies.
 * A follow-up edits that template and writes it back to the file this context wrote; a new
 * template never overwrites a workspace file this context did not write. Replies follow the
 * request's language; greetings, requests outside its scope and deploy requests get an honest
 * answer without a template.
 */
import {
  asksForVerdict,
  checkBlocks,
  checkHeadline,
  checkRequest,
  classifyRequest,
  requestProse,
  detectLanguage,
  editTemplate,
  explainStackOperation,
  generateTemplate,
  packageTerraform,
  parseTemplate,
  type Phrase,
  renderTerraform,
  reviewTemplate,
  summarizeRosTemplate,
  TERRAFORM_MEDIA_TYPE,
  terraformOfTwin,
  toRosYaml,
  validateTemplateObject,
  withRequestCheck,
  type ReplyLanguage,
  unbuiltProducts,
} from "../iac";
import { ProviderError, type ModelEvent, type ModelProvider, type ModelRequest } from "./model";
import { OverBudget, overBudgetText, PRODUCED_READS, readCost, REVIEW_READS, WorkMeter } from "./offline-budget";
import { lastResult } from "./last-result";
import {
  currentTemplate,
  type CurrentTemplate,
  outputOf,
  readConversation,
  TEMPLATE_MARKER,
  TERRAFORM_TWIN_NOTE,
  WORKSPACE_FILE_MARKER,
  writtenFiles,
  type Conversation,
  type ToolOutcome,
} from "./offline-conversation";
import { deployAnswer, greetingAnswer, outOfScopeAnswer, questionAnswer, unbuiltProductsAnswer } from "./offline-answers";
import { findTemplate, namedWorkspaceFile, terraformIn } from "./offline-inputs";

type Step = { say: string; call?: { name: string; input: Record<string, unknown> } };

/**
 * Lets the isolate serve what is waiting (another request, `/health`) between the long synchronous
 * phases of a step (generation or edit, the check, a review): on workerd a Durable Object's turn
 * shares its thread, and a turn of a second or two would otherwise hold every request behind it.
 */
function breath(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The conversation of one step, with the meter its work is charged to (offline-budget.ts). */
type Turn = Conversation & { readonly meter: WorkMeter };

/** The request check of a template, kept for the turn's next steps (last-result.ts says why). */
const checkOnce = lastResult(checkRequest, (input) =>
  [input.request, input.template ?? "", input.before ?? "", ...(input.earlierRequests ?? [])].join("\u0000"),
);
/** An edit of the current template (its YAML is the key, the parsed object the input), kept for the turn's next steps. */
const editOnce = lastResult(
  (input: { base: Record<string, unknown>; text: string; key: string }) => editTemplate(input.base, input.text),
  (input) => `${input.key}\u0000${input.text}`,
);
/** A new template from a request, kept for the turn's next steps. */
const generateOnce = lastResult(generateTemplate, (input) => `${input.language ?? ""}\u0000${input.text}`);

const t = (language: ReplyLanguage, en: string, zh: string) => (language === "zh" ? zh : en);

/** Out of scope even as a follow-up. */
const FOREIGN_REQUEST = /\bhelm\b|dockerfile|cloudformation|\baws\b|\bazure\b|\bgcp\b|poem|weather|joke|诗|天气|笑话/i;

/** Follow-ups that change the current template rather than ask for a new one. */
const EDIT_INTENT =
  /^\s*(?:(?:now|also|and|then|please|ok|okay|great|thanks)[,\s]+)*(?:add|remove|delete|drop|change|make|increase|decrease|reduce|scale|set|replace|open|close|switch|use|move|put|attach|enable|disable|turn|give|spread|upgrade|resize|expand|shrink|name|rename|call|expire|encrypt|allow|restrict|limit)\b|(?<!next )\b(?:to|in|from) (?:it|the template)\b|^\s*(?:再|把|给|将|加|添加|增加|删除|删掉|去掉|改|修改|换|开放|关闭|另外|然后|还要|并且|再加|扩|缩|开启|启用|不要)/i;

interface WritePlan {
  content: string;
  mediaType: string;
  filename: string;
  /** The file being edited (may be overwritten), relative to the workspace. */
  editing?: string;
  summary: string;
  isRos: boolean;
  /** For a Terraform file: its ROS form (twin), which the reply carries as the conversation's template. */
  twin?: string;
  language: ReplyLanguage;
}

/** The marker line of a Terraform file's ROS form: what it is, and that follow-ups edit it and render the file from it. */
function twinMarker(language: ReplyLanguage, path: string): string {
  return t(
    language,
    `${TEMPLATE_MARKER.en} (${TERRAFORM_TWIN_NOTE.en} \`${path}\`; follow-ups edit this one and \`${path}\` is rendered from it):`,
    `${TEMPLATE_MARKER.zh}（\`${path}\`${TERRAFORM_TWIN_NOTE.zh}；后续修改基于此模板，\`${path}\` 由它生成）：`,
  );
}

function relativePaths(listing: Record<string, unknown> | undefined): { cwd: string; files: Set<string> } | undefined {
  if (!listing || typeof listing.path !== "string" || !Array.isArray(listing.files)) return undefined;
  const cwd = listing.path;
  const files = new Set(listing.files.map((file) => String((file as { path?: unknown }).path ?? "").slice(cwd.length + 1)));
  return { cwd, files };
}

/** `template.yaml`, or `template-2.yaml`… when the name holds a file this context did not write. */
function freeName(filename: string, files: ReadonlySet<string>, ours: readonly string[]): string {
  const dot = filename.lastIndexOf(".");
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? filename : `${filename.slice(0, dot)}-${n}${filename.slice(dot)}`;
    if (!files.has(candidate) || ours.includes(candidate)) return candidate;
  }
}

/**
 * The summary names the file the generator proposed (`template.yaml`); when the workspace holds a
 * file of that name this context did not write, the template goes to `template-2.yaml`, and the
 * summary's first mention of the file (its title) names the file actually written.
 */
function namingFile(summary: string, proposed: string, written: string): string {
  return written === proposed ? summary : summary.replace(`\`${proposed}\``, `\`${written}\``);
}

function writeSteps(plan: WritePlan, conversation: Turn): Step {
  const { results } = conversation;
  const { language } = plan;
  if (plan.isRos && !results.some((r) => r.name === "ros_validate_template")) {
    return {
      say: t(language, "Validating the template first.\n", "先校验模板。\n"),
      call: { name: "ros_validate_template", input: { template: plan.content } },
    };
  }
  const listed = results.find((r) => r.name === "list_files");
  if (!listed) return { say: t(language, "Checking the workspace.\n", "检查工作区。\n"), call: { name: "list_files", input: { path: "." } } };
  const workspace = relativePaths(outputOf(listed));
  const ours = writtenFiles(conversation.replies);
  const path = plan.editing ?? (workspace ? freeName(plan.filename, workspace.files, ours) : plan.filename);
  const written = results.find((r) => r.name === "write_file");
  const saved = results.find((r) => r.name === "save_artifact");
  if (workspace && !written)
    return { say: t(language, `Writing \`${path}\`.\n`, `写入 \`${path}\`。\n`), call: { name: "write_file", input: { path, content: plan.content } } };
  if (!workspace && !saved) {
    return {
      say: t(language, "There is no workspace for this conversation, so the template comes back as an artifact.\n", "此会话没有工作区，模板作为产物返回。\n"),
      call: { name: "save_artifact", input: { filename: plan.filename, mediaType: plan.mediaType, content: plan.content } },
    };
  }
  const skipped =
    workspace && path !== plan.filename && !plan.editing
      ? t(
          language,
          ` (\`${plan.filename}\` in your workspace was not written by this conversation, so it was left alone)`,
          `（工作区中的 \`${plan.filename}\` 不是本会话写的，未覆盖）`,
        )
      : "";
  const what = plan.isRos ? { en: "template", zh: "模板" } : { en: "configuration", zh: "配置" };
  const where = workspace
    ? `${WORKSPACE_FILE_MARKER[language]} \`${path}\`${skipped}${t(language, `; the whole ${what.en} is also attached as this turn's artifact.`, `；完整${what.zh}同时作为本轮产物附上。`)}`
    : t(language, `The ${what.en} is attached to this task as an artifact.`, `${what.zh}已作为本任务的产物附上。`);
  const fence = plan.isRos
    ? ["", `${TEMPLATE_MARKER[language]}${t(language, " (follow-ups edit this one):", "（后续修改基于此模板）：")}`, "```yaml", plan.content.trimEnd(), "```"]
    : plan.twin
      ? ["", twinMarker(language, workspace ? path : plan.filename), "```yaml", plan.twin.trimEnd(), "```"]
      : [];
  return { say: [namingFile(plan.summary, plan.filename, path), "", where, ...fence].join("\n") };
}

/**
 * The reply with the request check (issue 19 item 1): every explicit value of the request looked
 * up in the template this turn wrote, by the check, not by the generator; its misses are listed
 * under "Not expressed in the template" and its headline comes first.
 */
async function checkedSummary(summary: string, conversation: Turn, content: string, language: ReplyLanguage, before?: string): Promise<string> {
  conversation.meter.charge(content.length * PRODUCED_READS);
  await breath();
  const check = checkOnce({ request: conversation.prompt, template: content, earlierRequests: conversation.requests, ...(before ? { before } : {}) });
  return check ? withRequestCheck(summary, check, language) : summary;
}

/**
 * A turn that leaves the template as it was (an edit not understood, a request the engine cannot
 * build) still answers for the request's values: those not in the current template (all of them
 * when there is none) are listed under "Not expressed in the template", never passed over.
 */
async function withoutTemplateChange(answer: string, conversation: Turn, current: string | undefined, language: ReplyLanguage): Promise<string> {
  await breath();
  // The template is the one before the turn, unchanged: checked against itself as the base, as the turn's final check is (turn-request-check.ts).
  const check = checkOnce({ request: conversation.prompt, template: current, earlierRequests: conversation.requests, ...(current ? { before: current } : {}) });
  if (!check || check.notExpressed.length === 0) return answer;
  return [checkHeadline(check, language), "", answer, ...checkBlocks({ ...check, unrequested: [] }, language)].join("\n");
}

function editBase(conversation: Turn, language: ReplyLanguage): { base?: Record<string, unknown>; path?: string; step?: Step } {
  const current = currentTemplate(conversation.replies);
  const named = namedWorkspaceFile(conversation.prompt);
  const path = named ?? current?.path;
  const read = conversation.results.find((r) => r.name === "read_file");
  if (path && !read) return { step: { say: t(language, `Reading \`${path}\`.\n`, `读取 \`${path}\`。\n`), call: { name: "read_file", input: { path } } } };
  const fileText = outputOf(read)?.content;
  if (named && read && typeof fileText !== "string") {
    // The user named a file that is not there (or not readable): say so rather than edit another one.
    return {
      step: {
        say: t(
          language,
          `There is no readable \`${named}\` in the workspace, so nothing was changed.`,
          `工作区中没有可读取的 \`${named}\`，因此未做任何修改。`,
        ),
      },
    };
  }
  const text = typeof fileText === "string" ? fileText : current?.text;
  const parsed = text === undefined ? undefined : parseTemplate(text);
  if (!parsed?.ok) return {};
  // A file the user named may be written back; so may the one this context wrote.
  return { base: parsed.template, ...(path && typeof fileText === "string" ? { path } : {}) };
}

function editHint(language: ReplyLanguage): string {
  return t(
    language,
    'I could not tell what to change in the current template, so it is unchanged. Say what to add, remove or change, e.g. "add a Redis instance", "make it 3 ECS instances", "change port 80 to 8080", "system disk 100 GB".',
    "我没看出要对当前模板做什么修改，模板未改动。请说明要添加、删除或修改什么，例如“加一个 Redis”“改成 3 台 ECS”“把 80 端口改成 8080”“系统盘改成 100G”。",
  );
}

async function editSteps(conversation: Turn, language: ReplyLanguage): Promise<Step | undefined> {
  const current = currentTemplate(conversation.replies);
  if (current?.terraform && namedWorkspaceFile(conversation.prompt) === undefined) return await terraformEditSteps(current, conversation, language);
  const { base, path, step } = editBase(conversation, language);
  if (step) return step;
  if (!base) return undefined;
  const before = toRosYaml(base);
  const edit = editOnce({ base, text: conversation.prompt, key: before });
  if (!edit.understood) return { say: await withoutTemplateChange(editHint(language), conversation, before, language) };
  const diagnostics = validateTemplateObject(edit.template);
  const summary = summarizeRosTemplate(
    edit.template,
    {
      title: { en: "Updated the current template; everything you did not ask to change is kept.", zh: "已修改当前模板；未要求修改的部分保持不变。" },
      changes: edit.changes,
      applied: edit.applied,
      required: [],
      unsupported: edit.unsupported,
      notes: [],
      diagnostics,
    },
    language,
  );
  const filename = path ?? currentTemplate(conversation.replies)?.path ?? "template.yaml";
  const content = toRosYaml(edit.template);
  return writeSteps(
    {
      content,
      mediaType: "application/yaml",
      filename,
      editing: path ?? currentTemplate(conversation.replies)?.path,
      summary: await checkedSummary(summary, conversation, content, language, before),
      isRos: true,
      language,
    },
    conversation,
  );
}

/** The Terraform file's resources an edit added and removed, by their `type.name`. */
function fileChanges(path: string, before: readonly string[], after: readonly string[]): Phrase[] {
  const added = after.filter((name) => !before.includes(name)).map((name) => `\`${name}\``);
  const removed = before.filter((name) => !after.includes(name)).map((name) => `\`${name}\``);
  return [
    ...(added.length > 0 ? [{ en: `\`${path}\`: added ${added.join(", ")}`, zh: `\`${path}\`：新增 ${added.join("、")}` }] : []),
    ...(removed.length > 0 ? [{ en: `\`${path}\`: removed ${removed.join(", ")}`, zh: `\`${path}\`：删除 ${removed.join("、")}` }] : []),
  ];
}

/**
 * A follow-up in a Terraform conversation (issue 19 item 4): the ROS form of the file (its twin, the
 * reply's current template) is edited by the same editor as a ROS template, the file is rendered
 * from the edited twin and written back, and the reply carries the new twin. A file that no longer
 * holds what this context wrote (edited by hand) is not overwritten.
 */
async function terraformEditSteps(current: CurrentTemplate, conversation: Turn, language: ReplyLanguage): Promise<Step | undefined> {
  const parsed = parseTemplate(current.text);
  if (!parsed.ok) return undefined;
  const path = current.path;
  const read = conversation.results.find((r) => r.name === "read_file");
  if (path && !read) return { say: t(language, `Reading \`${path}\`.\n`, `读取 \`${path}\`。\n`), call: { name: "read_file", input: { path } } };
  const filename = path ?? "main.tf";
  const before = terraformOfTwin(parsed.template);
  const fileText = outputOf(read)?.content;
  if (typeof fileText === "string" && fileText !== before.text) {
    const changed = t(
      language,
      `\`${filename}\` no longer holds the configuration this conversation wrote (it was changed in the workspace), so it was not overwritten. The offline engine edits only the Terraform it wrote; ask for a new configuration, or edit your file yourself.`,
      `\`${filename}\` 已不是本会话写入的配置（在工作区中被修改过），因此未覆盖。离线引擎只修改它自己写的 Terraform；请要求生成新配置，或自行修改你的文件。`,
    );
    return { say: await withoutTemplateChange(changed, conversation, fileText, language) };
  }
  const edit = editOnce({ base: parsed.template, text: conversation.prompt, key: current.text });
  if (!edit.understood) return { say: await withoutTemplateChange(editHint(language), conversation, before.text, language) };
  const after = terraformOfTwin(edit.template).resources;
  const rendered = renderTerraform(edit.template, {
    text: conversation.prompt,
    language,
    title: {
      en: `Updated the Terraform configuration (\`${filename}\`) by editing its ROS form; everything you did not ask to change is kept.`,
      zh: `已通过修改其 ROS 形式更新 Terraform 配置（\`${filename}\`）；未要求修改的部分保持不变。`,
    },
    changes: [...edit.changes, ...edit.applied, ...fileChanges(filename, before.resources, after)],
    unsupported: edit.unsupported,
    notes: [],
  });
  return writeSteps(
    {
      content: rendered.content,
      mediaType: TERRAFORM_MEDIA_TYPE,
      filename,
      ...(path ? { editing: path } : {}),
      summary: await checkedSummary(rendered.summary, conversation, rendered.content, language, before.text),
      isRos: false,
      twin: toRosYaml(edit.template),
      language,
    },
    conversation,
  );
}

/** A request that starts a new template even when the context has one. */
const NEW_TEMPLATE =
  /^\s*(?:(?:please|now|ok|okay)[,\s]+)?(?:create|generate|build|write|design|provision|set up|i need|i want|give me|new template|start over|from scratch)\b|^\s*(?:请)?(?:新建|创建|生成|搭建|编写|重新生成|我需要|我想要|给我)/i;

/** Asks for something new in words an edit also starts with ("make me …", "give me …", "给我一套 …"). */
const FRESH_ASK = /^\s*(?:make me|give me|set up|spin up|给我(?:一套|一个|写|来|做|建|搭|部署|创建|生成))/i;

/** With a current template, a follow-up edits it unless it asks for a new one; without, only edit phrasing counts. */
function wantsEdit(prompt: string, hasCurrent: boolean): boolean {
  return hasCurrent ? !NEW_TEMPLATE.test(prompt) || EDIT_INTENT.test(prompt) : EDIT_INTENT.test(prompt);
}

/** "A PolarDB MySQL cluster": a cloud product no kind builds is named as such; anything else is out of scope. */
function nothingToBuildAnswer(prompt: string, language: ReplyLanguage): string {
  const unbuilt = unbuiltProducts(prompt);
  return unbuilt.length > 0 ? unbuiltProductsAnswer(language, unbuilt) : outOfScopeAnswer(language);
}

async function generationSteps(conversation: Turn, language: ReplyLanguage): Promise<Step> {
  const hasCurrent = currentTemplate(conversation.replies) !== undefined || namedWorkspaceFile(conversation.prompt) !== undefined;
  const edit = wantsEdit(conversation.prompt, hasCurrent);
  if (edit && hasCurrent) {
    const edited = await editSteps(conversation, language);
    if (edited) return edited;
  }
  await breath();
  const generated = generateOnce({ text: conversation.prompt, language });
  if (!generated.recognized)
    return { say: await withoutTemplateChange(nothingToBuildAnswer(conversation.prompt, language), conversation, undefined, language) };
  // "Give me …", "Set up …", "给我一套 …" ask for a new template in words an edit shares: no earlier one is missed.
  const afresh =
    edit && !hasCurrent && !NEW_TEMPLATE.test(conversation.prompt) && !FRESH_ASK.test(conversation.prompt)
      ? t(
          language,
          "There is no earlier template in this conversation (a context forgets its conversation after its idle timeout), so this is a new template.\n\n",
          "本会话中没有之前的模板（上下文空闲超时后会忘记对话），因此生成了一个新模板。\n\n",
        )
      : "";
  return writeSteps(
    {
      content: generated.content,
      mediaType: generated.mediaType,
      filename: generated.filename,
      summary: await checkedSummary(`${afresh}${generated.summary}`, conversation, generated.content, language),
      isRos: generated.format === "ros-yaml",
      ...(generated.format === "terraform" && generated.template ? { twin: toRosYaml(generated.template) } : {}),
      language,
    },
    conversation,
  );
}

async function reviewSteps(conversation: Turn, language: ReplyLanguage): Promise<Step> {
  const { prompt, results } = conversation;
  const named = namedWorkspaceFile(prompt);
  let template = findTemplate(prompt);
  if (template === undefined && named) {
    const read = results.find((r) => r.name === "read_file");
    if (!read) return { say: t(language, `Reading \`${named}\`.\n`, `读取 \`${named}\`。\n`), call: { name: "read_file", input: { path: named } } };
    const content = outputOf(read)?.content;
    if (typeof content === "string") template = content;
  }
  const current = template === undefined ? currentTemplate(conversation.replies) : undefined;
  template ??= current?.text;
  if (template === undefined) {
    return {
      say: t(
        language,
        "Please include the ROS template to review (YAML or JSON), inline, as a file part, or as a workspace file name.",
        "请提供要审查的 ROS 模板（YAML 或 JSON）：直接粘贴、作为文件附上，或给出工作区文件名。",
      ),
    };
  }
  // A review reads a template many times over (parse, validator, repairs in rounds, the corrected YAML): paid for before the first.
  conversation.meter.charge(template.length * REVIEW_READS);
  if (!results.some((r) => r.name === "ros_validate_template")) {
    return { say: t(language, "Validating the template.\n", "校验模板。\n"), call: { name: "ros_validate_template", input: { template } } };
  }
  await breath();
  const review = reviewTemplate(template, language, { verdict: asksForVerdict(requestProse(prompt)) });
  if (!results.some((r) => r.name === "save_artifact")) {
    return {
      say: t(
        language,
        `Found ${review.diagnostics.length} finding(s); attaching the corrected template.\n`,
        `发现 ${review.diagnostics.length} 个问题；附上修正后的模板。\n`,
      ),
      call: { name: "save_artifact", input: { filename: "template.reviewed.yaml", mediaType: "application/yaml", content: review.corrected } },
    };
  }
  // A Terraform conversation's template is the ROS form of its file: the review says so first.
  const twinOf = current?.terraform
    ? t(
        language,
        `Reviewed the ROS form of \`${current.path ?? "main.tf"}\` (the Terraform configuration is rendered from it).\n\n`,
        `审查的是 \`${current.path ?? "main.tf"}\` 的 ROS 形式（Terraform 配置由它生成）。\n\n`,
      )
    : "";
  return { say: `${twinOf}${review.summary}` };
}

function conversionSteps(conversation: Turn, language: ReplyLanguage): Step {
  const { prompt, results } = conversation;
  const inline = terraformIn(prompt);
  const done = results.find((r) => r.name === "save_artifact" || r.name === "terraform_to_ros");
  if (!done) {
    if (!inline)
      return {
        say: t(language, "Packaging the Terraform files of the workspace.\n", "打包工作区中的 Terraform 文件。\n"),
        call: { name: "terraform_to_ros", input: { path: "." } },
      };
    const packaged = packageTerraform(inline);
    if (!packaged.ok) return { say: packaged.error };
    return {
      say: t(
        language,
        "Packaging the Terraform configuration into a ROS template (Transform Aliyun::OpenTofu-v1.8).\n",
        "将 Terraform 配置打包为 ROS 模板（Transform Aliyun::OpenTofu-v1.8）。\n",
      ),
      call: { name: "save_artifact", input: { filename: "terraform-ros.yaml", mediaType: "application/yaml", content: packaged.template } },
    };
  }
  if (!done.ok) return { say: `${t(language, "The conversion did not succeed: ", "转换未成功：")}${errorOf(done)}` };
  return {
    say: t(
      language,
      "The ROS template wraps your Terraform files in its `Workspace` section and runs them through ROS's OpenTofu transform (`Aliyun::OpenTofu-v1.8`). Create a stack from it with ROS (`aliyun ros CreateStack --TemplateBody ...`) and ROS plans and applies the Terraform for you; variables become stack parameters.",
      "生成的 ROS 模板把你的 Terraform 文件放进 `Workspace` 段，并通过 ROS 的 OpenTofu 转换（`Aliyun::OpenTofu-v1.8`）执行。用 ROS 创建资源栈（`aliyun ros CreateStack --TemplateBody ...`）后，ROS 会替你执行 Terraform 的 plan 和 apply；变量会成为资源栈参数。",
    ),
  };
}

function errorOf(result: ToolOutcome): string {
  try {
    return String((JSON.parse(result.content) as { error?: unknown }).error ?? "");
  } catch {
    return "";
  }
}

/** "Review it", "检查一下这个模板": a review of the context's current template. */
const REVIEW_FOLLOWUP = /^\s*(?:(?:please|now|ok|okay|can you)[,\s]+)?(?:review|check|validate|audit|lint)\b|^\s*(?:请|帮我)?(?:审查|检查|校验|评审)/i;

async function plan(conversation: Turn): Promise<Step> {
  // The request's language is its own words', not the template's it carries (fenced or not).
  const language = detectLanguage(requestProse(conversation.prompt));
  const kind = classifyRequest(conversation.prompt);
  if (REVIEW_FOLLOWUP.test(conversation.prompt) && kind !== "iac_review" && currentTemplate(conversation.replies))
    return await reviewSteps(conversation, language);
  switch (kind) {
    case "iac_generation":
      return await generationSteps(conversation, language);
    case "iac_review":
      return await reviewSteps(conversation, language);
    case "terraform_ros_conversion":
      return conversionSteps(conversation, language);
    case "aliyun_ros_operations":
      return { say: explainStackOperation(conversation.prompt, language) };
    case "greeting":
      return { say: greetingAnswer(language) };
    case "question":
      return { say: questionAnswer(language) };
    case "deploy": {
      // A Terraform conversation's file is not a ROS template: the answer does not hand it to ROS as one.
      const current = currentTemplate(conversation.replies);
      return { say: deployAnswer(conversation.prompt, current?.terraform ? undefined : current, language) };
    }
    case "out_of_scope":
      return currentTemplate(conversation.replies) && wantsEdit(conversation.prompt, true) && !FOREIGN_REQUEST.test(conversation.prompt)
        ? await generationSteps(conversation, language)
        : {
            say: await withoutTemplateChange(
              nothingToBuildAnswer(conversation.prompt, language),
              conversation,
              currentTemplate(conversation.replies)?.text,
              language,
            ),
          };
  }
}

/** Splits text into line-sized chunks, so it streams like a model's output. */
function chunks(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Enough of an over-budget request to tell its language without reading all of it. */
const LANGUAGE_SAMPLE = 4096;

export class OfflineProvider implements ModelProvider {
  readonly name = "offline";
  /**
   * Whole tool results (issue 30 item 6): a named workspace template over ~20 KB used to reach the
   * review cut at 20,000 characters, and the reply asked for the file it had been given. A read is
   * at most read_file's 1 MiB; as JSON, escapes can make each byte up to 6 characters.
   */
  readonly maxToolResultChars = 6 * 1_048_576 + 1024;

  /** `observeWork` hears the units each step charged (the bench sets the budget's rate from them). */
  constructor(private readonly observeWork?: (units: number) => void) {}

  async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
    const conversation: Turn = { ...readConversation(request.messages), meter: new WorkMeter() };
    // The reading is charged before any rule reads the request, what the turn produces before the
    // steps that read it (offline-budget.ts says why).
    let step: Step;
    try {
      conversation.meter.charge(readCost({ prompt: conversation.prompt, template: currentTemplate(conversation.replies)?.text }));
      step = await plan(conversation);
      this.observeWork?.(conversation.meter.spent);
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      const language = detectLanguage(conversation.prompt.slice(0, LANGUAGE_SAMPLE));
      throw new ProviderError("refused", overBudgetText(conversation.prompt, error.spent, error.budget, language));
    }
    for (const piece of chunks(step.say)) {
      if (request.signal.aborted) return;
      yield { type: "text", text: piece };
    }
    if (step.call && request.tools.some((tool) => tool.name === step.call?.name)) {
      const id = `offline-${conversation.results.length + 1}`;
      const args = JSON.stringify(step.call.input);
      yield { type: "tool_call_start", id, name: step.call.name };
      yield { type: "tool_call_delta", id, argumentsDelta: args };
      yield { type: "tool_call_end", id, name: step.call.name, arguments: args };
      yield { type: "done", stopReason: "tool_calls" };
      return;
    }
    yield { type: "done", stopReason: "end" };
  }
}
