/**
 * Admission: everything that can refuse a message, run before anything of it is written (the
 * one write on the way, a fresh object's binding to its owner and contextId, is the runner's).
 * In the order a message meets them:
 *
 * 1. The caller (`caller`): a context bound to another owner or contextId, or a task routed to an
 *    object its caller does not own, is not found.
 * 2. The task it continues (`task`): it exists, is of this context, is not terminal, and has the
 *    generation the client expects (the A2A 1.1 draft's optimistic concurrency); then the context
 *    is not busy (`Task is already working.`).
 * 3. Its content (`prepare`): the workspace bound to the context, the part rules that read a
 *    workspace file (a bad part is -32602/-32005, before any task exists: decisions.md), the
 *    stored form of the message (large parts planned for R2; a message that still does not fit is
 *    refused) and the configs per task of an inline push config. What passes is a PreparedTurn:
 *    what the opening commit writes.
 *
 * What needs no stored state (the role, the parts' own rules, metadata bounds, a push config's
 * URL and authentication) the Worker checked before the call (worker/send-checks.ts: issue 22
 * item 4), so a malformed message never reaches this object.
 */
import type { JsonObject, Message } from "../../a2a/types";
import { isTerminal } from "../../a2a/states";
import { errors } from "../../a2a/errors";
import { newTaskId } from "../../a2a/ids";
import { resolveWorkspacePath } from "../../a2a/workspace-path";
import { EMPTY_INPUT } from "../../agent/prompt";
import { PART_MESSAGES, promptFromParts, type PartPolicy } from "../../agent/parts";
import { redactMetadata } from "../../agent/metadata-redaction";
import { R2Workspace } from "../../storage/workspaces";
import { planStoredMessage, type StoredMessagePlan } from "../../storage/stored-parts";
import { MESSAGE_INLINE_MAX_BYTES } from "../../storage/limits";
import type { ContextState } from "./context-state";
import { pushPolicyOf, type SealedConfig } from "./push-configs";
import type { SendCall } from "./send-call";
import type { StoredRequest } from "./task-records";
import { BUSY_TEXT } from "./turn-texts";
import type { TurnSlot } from "./turn-slot";

/** A message once everything that can refuse it has run: nothing is written yet. */
export interface PreparedTurn {
  taskId: string;
  isNewTask: boolean;
  contextId: string;
  /** The message as the agent sees it (with its task and context ids). */
  userMessage: Message;
  files: R2Workspace;
  cwd: string | undefined;
  prompt: string;
  ownerKey: string;
  /** Set for bad input (a refused workspace, an empty prompt): the turn ends FAILED with this text. */
  failWith: string | undefined;
  taskMetadata: JsonObject | undefined;
  /** The message as stored (large parts planned for R2, metadata redacted). */
  stored: StoredMessagePlan;
  sealedPush: SealedConfig | undefined;
  /** The workspace directory this turn binds the context to (its first to name one). */
  bindCwd: string | undefined;
  /** How the message's request is stored to be known again (repeat-requests.ts). */
  request: StoredRequest;
}

const tooLarge = (field: string, message: string) => errors.invalidParams(message, [{ field, description: message }]);

export class Admission {
  private files: Promise<R2Workspace> | undefined;

  constructor(
    private readonly state: ContextState,
    private readonly slot: TurnSlot,
    private readonly contextObjectId: string,
  ) {}

  /** The caller may send here; "unbound" when the call routed by contextId reached a fresh object, which the runner binds. */
  caller(call: SendCall): "bound" | "unbound" {
    const { records } = this.state;
    const boundOwner = records.getSetting("owner");
    if (call.contextId === undefined) {
      if (boundOwner !== call.owner) throw errors.taskNotFound(`Task ${call.request.message.taskId ?? ""} not found`);
      return "bound";
    }
    if (boundOwner === undefined) return "unbound";
    // A mismatch means a forged or foreign route.
    if (boundOwner !== call.owner || records.getSetting("contextId") !== call.contextId) throw errors.taskNotFound("Task not found");
    return "bound";
  }

  /** The stored task a follow-up continues may take it, and no turn runs or starts. */
  task(call: SendCall): void {
    const { message } = call.request;
    const { records } = this.state;
    const taskId = message.taskId;
    if (taskId !== undefined) {
      const state = records.stateOf(taskId);
      if (!state) throw errors.taskNotFound(`Task ${taskId} not found`, taskId);
      if (message.contextId !== undefined && message.contextId !== this.state.contextId()) {
        throw errors.invalidParams("Task belongs to a different context", [{ field: "message.contextId", description: "does not match the task's contextId" }]);
      }
      if (isTerminal(state)) throw errors.unsupported(`Task ${taskId} is in a terminal state and cannot accept messages`);
      // The A2A 1.1 draft's optimistic concurrency, for a client that activated the generation extension.
      const expected = call.request.configuration?.ifGenerationMatch;
      const current = call.framing.generation && expected !== undefined ? records.generationOf(taskId) : undefined;
      if (current !== undefined && expected !== undefined && current !== expected) throw errors.generationMismatch(taskId, current, expected);
    }
    if (this.slot.busy()) throw errors.unsupported(BUSY_TEXT);
  }

  /** The message's content checked and planned; nothing written (the R2 blobs are only planned). */
  async prepare(call: SendCall, request: StoredRequest): Promise<PreparedTurn> {
    const { message } = call.request;
    const { records } = this.state;

    const workspace = resolveWorkspacePath(message.metadata, this.state.config.allowedCwds);
    const boundCwd = records.getSetting("cwd");
    if ("cwd" in workspace && workspace.cwd !== undefined && boundCwd !== undefined && boundCwd !== workspace.cwd) {
      throw errors.invalidParams("A2A context is bound to a different workspace.", [
        { field: "message.metadata.iac_code.cwd", description: "differs from the workspace of this context" },
      ]);
    }

    const existingTaskId = message.taskId;
    const taskId = existingTaskId ?? newTaskId(this.contextObjectId);
    const contextId = this.state.contextId();
    const userMessage: Message = { ...message, taskId, contextId };
    const files = await this.workspace(call.owner);
    const cwd = "cwd" in workspace ? (workspace.cwd ?? boundCwd) : undefined;
    // A bad part is refused (-32602/-32005) here, before any task exists (decisions.md).
    const prompt = "error" in workspace ? "" : (await promptFromParts(message.parts, this.partPolicy(cwd, files))).prompt;

    const taskMetadata = redactMetadata(call.request.metadata);
    const storedUser: Message = message.metadata ? { ...userMessage, metadata: redactMetadata(message.metadata) } : userMessage;
    const ownerKey = await this.state.ownerKey();
    const stored = await planStoredMessage(storedUser, { ownerKey, taskId, baseUrl: call.baseUrl });
    if (stored.bytes > MESSAGE_INLINE_MAX_BYTES) throw tooLarge("message", PART_MESSAGES.messageTooLarge);
    const inlinePush = call.request.configuration?.taskPushNotificationConfig;
    const sealedPush = inlinePush ? await this.state.push.prepare(taskId, inlinePush, pushPolicyOf(this.state.config)) : undefined;
    const bindCwd = "cwd" in workspace && workspace.cwd !== undefined && boundCwd === undefined ? workspace.cwd : undefined;
    const failWith = "error" in workspace ? workspace.error : prompt.trim() === "" ? EMPTY_INPUT : undefined;
    return {
      taskId,
      isNewTask: existingTaskId === undefined,
      contextId,
      userMessage,
      files,
      cwd,
      prompt,
      ownerKey,
      failWith,
      taskMetadata,
      stored,
      sealedPush,
      bindCwd,
      request,
    };
  }

  private workspace(owner: string): Promise<R2Workspace> {
    this.files ??= R2Workspace.forOwner(this.state.env.FILES, owner);
    return this.files;
  }

  private partPolicy(cwd: string | undefined, workspace: R2Workspace): PartPolicy {
    const { config } = this.state;
    return { cwd, allowedRoots: config.allowedCwds, textMimeTypes: config.textMimeTypes, multimodalMimeTypes: config.multimodalMimeTypes, workspace };
  }
}
