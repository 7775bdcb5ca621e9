/**
 * Every check of a SendMessage request that needs no stored state, run in the Worker beside the
 * method's schema (its `validate` in methods.ts) so that a malformed message is refused before any
 * Durable Object is reached (issue 22 item 4): the list caps, the contextId, push being on for an
 * inline config, the role, the parts (up to what a workspace file would tell), the size of the
 * request's metadata, and the inline push config's own rules (push-config-checks.ts). Each error is the one the object answered when these checks ran there; the
 * object keeps the checks on what it stores (owner, task, terminal state, busy, bound workspace,
 * the stored form of the message, push configs per task).
 */
import { errors } from "../a2a/errors";
import { isValidId } from "../a2a/ids";
import type { SendMessageRequest } from "../a2a/schemas";
import { resolveWorkspacePath } from "../a2a/workspace-path";
import { checkParts } from "../agent/parts";
import { redactMetadata } from "../agent/metadata-redaction";
import type { Config } from "../config/config";
import { METADATA_MAX_BYTES, utf8Bytes } from "../storage/limits";
import { checkPushConfig, pushPolicyOf } from "../push/push-config-checks";
import { checkMessageCaps } from "./message-caps";

export const METADATA_TOO_LARGE = "A2A request metadata is too large.";

/** Throws the A2A error of the first stateless rule `params` breaks, in the order they applied before. */
export async function checkSendMessage(config: Config, params: SendMessageRequest): Promise<void> {
  const { message } = params;
  checkMessageCaps(params);
  if (message.contextId !== undefined && !isValidId(message.contextId)) {
    throw errors.invalidParams("Invalid A2A id", [{ field: "message.contextId", description: "1-128 characters of A-Z a-z 0-9 _ . : -" }]);
  }
  if (params.configuration?.taskPushNotificationConfig && !config.pushNotifications) throw errors.pushNotSupported();
  if (message.role !== "ROLE_USER") throw errors.invalidParams("message.role must be ROLE_USER");
  // A workspace the message may not use is no refusal: the turn ends FAILED with its text, and its
  // parts are not read (turn-runner.ts). A cwd the message names is the turn's (a different bound
  // one is refused by the object); without one, a file must lie in an allowed root at least.
  const workspace = resolveWorkspacePath(message.metadata, config.allowedCwds);
  if ("cwd" in workspace) {
    const { allowedCwds: allowedRoots, textMimeTypes, multimodalMimeTypes } = config;
    await checkParts(message.parts, { cwd: workspace.cwd, allowedRoots, textMimeTypes, multimodalMimeTypes });
  }
  // Measured as stored: with its secrets redacted (metadata-redaction.ts).
  const taskMetadata = redactMetadata(params.metadata);
  if (taskMetadata && utf8Bytes(JSON.stringify(taskMetadata)) > METADATA_MAX_BYTES) {
    throw errors.invalidParams(METADATA_TOO_LARGE, [{ field: "metadata", description: METADATA_TOO_LARGE }]);
  }
  const inlinePush = params.configuration?.taskPushNotificationConfig;
  if (inlinePush) await checkPushConfig(inlinePush, pushPolicyOf(config));
}
