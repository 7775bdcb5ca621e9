/**
 * The server's own request check of a turn (issue 19 item 1): whoever wrote the template — the
 * offline engine or a model — the server runs the check once more on the last template the turn
 * wrote (`write_file` / `save_artifact`), against this turn's request and the conversation's
 * earlier requests, and the turn's final status carries the outcome as
 * `metadata.iac_code.requestCheck` (issue 27 item 8: on the final status message too, so every
 * read of the Task carries it; bounded by request-check-bounds.ts), and the reply opens with its
 * headline (reply-check.ts). Reviews and Terraform conversions hand back the user's own template,
 * and stack explanations, deploy answers and greetings write none: their turns carry no check.
 */
import type { JsonObject } from "../a2a/types";
import {
  checkRequest,
  classifyRequest,
  extractRequestedValues,
  parseTemplate,
  type RequestCheck,
  requestCheckMetadata,
  type RequestKind,
  terraformOfTwin,
} from "../iac";
import { currentTemplate } from "./offline-conversation";
import type { ChatMessage } from "./model";
import { boundedCheck } from "./request-check-bounds";

/** The turn's check: the outcome itself (for the reply's headline) and its bounded metadata. */
export interface TurnCheck {
  check: RequestCheck;
  /** `metadata.iac_code.requestCheck`, within REQUEST_CHECK_MAX_BYTES. */
  metadata: JsonObject;
}

/** Tools whose `content` input is a file the turn hands to the user. */
const WRITING_TOOLS = new Set(["write_file", "save_artifact"]);
/** A template a conversion wraps: the user's Terraform, not a template built from the request. */
const CONVERSION_MARK = "Aliyun::OpenTofu";

/** The template text a tool call writes, if it writes one the check can read. */
export function writtenTemplate(name: string, input: unknown): string | undefined {
  if (!WRITING_TOOLS.has(name) || typeof input !== "object" || input === null) return undefined;
  const content = (input as { content?: unknown }).content;
  if (typeof content !== "string" || content.includes(CONVERSION_MARK)) return undefined;
  return /ROSTemplateFormatVersion|^[ \t]{0,40}Resources[ \t]{0,8}:|"Resources"[ \t]{0,8}:|^[ \t]{0,40}resource[ \t]{1,8}"/m.test(content)
    ? content
    : undefined;
}

/**
 * The context's template before this turn: in a Terraform conversation the reply carries the file's
 * ROS form (offline-conversation.ts), and the file before the turn is what that form renders to.
 */
function templateBefore(earlier: readonly ChatMessage[]): string | undefined {
  const current = currentTemplate(earlier.flatMap((message) => (message.role === "assistant" ? [message.content] : [])));
  if (!current?.terraform) return current?.text;
  const twin = parseTemplate(current.text);
  return twin.ok ? terraformOfTwin(twin.template).text : undefined;
}

/** Requests that never ask for a template of their own: their turns carry no check. */
const UNCHECKED: ReadonlySet<RequestKind> = new Set(["iac_review", "terraform_ros_conversion", "aliyun_ros_operations", "deploy", "greeting"]);

/**
 * `requestCheck` for the turn's final status. A turn that wrote a template is checked on it; one
 * that wrote none (an edit not understood, a request nothing could be built for) is checked on the
 * context's current template, or on none, when its request states values — so they show as not
 * expressed instead of vanishing. Undefined when there is nothing to check.
 */
export function turnRequestCheck(prompt: string, earlier: readonly ChatMessage[], template: string | undefined): TurnCheck | undefined {
  if (UNCHECKED.has(classifyRequest(prompt))) return undefined;
  const earlierRequests = earlier.flatMap((message) => (message.role === "user" ? [message.content] : []));
  const before = templateBefore(earlier);
  if (template === undefined && extractRequestedValues(prompt).length === 0) return undefined;
  const check = checkRequest({ request: prompt, template: template ?? before, earlierRequests, ...(before ? { before } : {}) });
  return check ? { check, metadata: boundedCheck(requestCheckMetadata(check) as unknown as JsonObject) } : undefined;
}
