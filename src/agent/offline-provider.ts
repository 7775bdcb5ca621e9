/**
 * The offline provider: a deterministic stand-in for a model that needs no key and no network.
 * It plays the four skills with the local engine (`src/iac`) through the same tools and events a
 * model would use (tool calls, tool results, streamed text), so everything downstream — tool
 * trace, artifacts, workspaces — works the same with or without a model key.
 *
 * It is stateless: what to do next is read from the conversation of the current turn (the tool
 * results after the last user message).
 */
import { classifyRequest, explainStackOperation, generateTemplate, packageTerraform, reviewTemplate } from "../iac";
import type { ChatMessage, ModelEvent, ModelProvider, ModelRequest } from "./model";

interface ToolOutcome {
  name: string;
  ok: boolean;
  content: string;
}

type Step = { say: string; call?: { name: string; input: Record<string, unknown> } };

function currentTurn(messages: readonly ChatMessage[]): { prompt: string; results: ToolOutcome[] } {
  let userIndex = -1;
  messages.forEach((m, i) => {
    if (m.role === "user") userIndex = i;
  });
  const user = messages[userIndex];
  const prompt = user && user.role === "user" ? user.content : "";
  const results: ToolOutcome[] = [];
  for (const m of messages.slice(userIndex + 1)) {
    if (m.role === "tool") results.push({ name: m.name, ok: !m.content.startsWith('{"error"'), content: m.content });
  }
  return { prompt, results };
}

const FENCE = /```([A-Za-z0-9_.+-]*)[^\n]*\n([\s\S]*?)```/g;

function fences(text: string): Array<{ lang: string; body: string }> {
  return [...text.matchAll(FENCE)].map((m) => ({ lang: (m[1] ?? "").toLowerCase(), body: m[2] ?? "" }));
}

/** The template a review request carries: a fenced block, or everything from the template's first key on. */
export function templateIn(text: string): string | undefined {
  const fenced = fences(text).find((f) => /ROSTemplateFormatVersion|Resources/.test(f.body));
  if (fenced) return fenced.body;
  const start = text.search(/^\s*(?:ROSTemplateFormatVersion|Resources|Description|Parameters)\s*:|^\s*\{/m);
  return start >= 0 ? text.slice(start) : undefined;
}

/** Terraform files a conversion request carries inline: fenced HCL blocks, or the raw text. */
export function terraformIn(text: string): Record<string, string> | undefined {
  const blocks = fences(text).filter((f) => f.lang === "hcl" || f.lang === "terraform" || f.lang === "tf" || /\bresource\s+"/.test(f.body));
  if (blocks.length > 0) return Object.fromEntries(blocks.map((b, i) => [i === 0 ? "main.tf" : `file${i + 1}.tf`, b.body]));
  const start = text.search(/^\s*(?:terraform|provider|resource|module|variable)\s+(?:"[^"]+"\s*)*\{/m);
  return start >= 0 ? { "main.tf": text.slice(start) } : undefined;
}

function generationSteps(prompt: string, results: ToolOutcome[]): Step {
  const generated = generateTemplate({ text: prompt });
  const isRos = generated.format === "ros-yaml";
  const validated = results.find((r) => r.name === "ros_validate_template");
  const written = results.find((r) => r.name === "write_file");
  const saved = results.find((r) => r.name === "save_artifact");
  if (isRos && !validated) {
    return {
      say: `I'll build a ROS template with ${generated.resources.length} resources and validate it first.\n`,
      call: { name: "ros_validate_template", input: { template: generated.content } },
    };
  }
  if (!written) return { say: `Writing \`${generated.filename}\` to the workspace.\n`, call: { name: "write_file", input: { path: generated.filename, content: generated.content } } };
  if (!written.ok && !saved) {
    return { say: "There is no workspace for this conversation, so the template comes back as an artifact.\n", call: { name: "save_artifact", input: { filename: generated.filename, mediaType: generated.mediaType, content: generated.content } } };
  }
  const where = written.ok ? `It is saved as \`${generated.filename}\` in your workspace and attached as an artifact.` : "It is attached to this task as an artifact.";
  return { say: `${generated.summary}\n\n${where}` };
}

function reviewSteps(prompt: string, results: ToolOutcome[]): Step {
  const template = templateIn(prompt);
  if (template === undefined) {
    return { say: "Please include the ROS template to review (YAML or JSON), inline or as a file part." };
  }
  if (!results.some((r) => r.name === "ros_validate_template")) {
    return { say: "Validating the template.\n", call: { name: "ros_validate_template", input: { template } } };
  }
  const review = reviewTemplate(template);
  if (!results.some((r) => r.name === "save_artifact")) {
    return {
      say: `Found ${review.diagnostics.length} finding(s); attaching the corrected template.\n`,
      call: { name: "save_artifact", input: { filename: "template.reviewed.yaml", mediaType: "application/yaml", content: review.corrected } },
    };
  }
  return { say: review.summary };
}

function conversionSteps(prompt: string, results: ToolOutcome[]): Step {
  const inline = terraformIn(prompt);
  const done = results.find((r) => r.name === "save_artifact" || r.name === "terraform_to_ros");
  if (!done) {
    if (!inline) return { say: "Packaging the Terraform files of the workspace.\n", call: { name: "terraform_to_ros", input: { path: "." } } };
    const packaged = packageTerraform(inline);
    if (!packaged.ok) return { say: packaged.error };
    return {
      say: "Packaging the Terraform configuration into a ROS template (Transform Aliyun::OpenTofu-v1.8).\n",
      call: { name: "save_artifact", input: { filename: "terraform-ros.yaml", mediaType: "application/yaml", content: packaged.template } },
    };
  }
  if (!done.ok) return { say: `The conversion did not succeed: ${JSON.parse(done.content).error as string}` };
  return {
    say:
      "The ROS template wraps your Terraform files in its `Workspace` section and runs them through ROS's OpenTofu transform (`Aliyun::OpenTofu-v1.8`). " +
      "Create a stack from it with ROS (`aliyun ros CreateStack --TemplateBody ...`) and ROS plans and applies the Terraform for you; variables become stack parameters.",
  };
}

function plan(prompt: string, results: ToolOutcome[]): Step {
  switch (classifyRequest(prompt)) {
    case "iac_generation":
      return generationSteps(prompt, results);
    case "iac_review":
      return reviewSteps(prompt, results);
    case "terraform_ros_conversion":
      return conversionSteps(prompt, results);
    case "aliyun_ros_operations":
      return { say: explainStackOperation(prompt) };
  }
}

/** Splits text into line-sized chunks, so it streams like a model's output. */
function chunks(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export class OfflineProvider implements ModelProvider {
  readonly name = "offline";

  async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
    const { prompt, results } = currentTurn(request.messages);
    const step = plan(prompt, results);
    for (const piece of chunks(step.say)) {
      if (request.signal.aborted) return;
      yield { type: "text", text: piece };
    }
    if (step.call && request.tools.some((t) => t.name === step.call?.name)) {
      const id = `offline-${results.length + 1}`;
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
