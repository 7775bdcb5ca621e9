/**
 * The checks of a push config that need no stored state: its id, its callback URL (the SSRF guard
 * of callback-url.ts, the allowlist, the DNS-over-HTTPS check when configured) and its
 * authentication. The Worker runs them (issue 22 item 4) for CreateTaskPushNotificationConfig and
 * for a SendMessage's inline config before any Durable Object is reached, each with the -32602 the
 * object answered when it ran them; the object keeps the one check on what it stores (the configs
 * per task, push-configs.ts).
 */
import { errors } from "../a2a/errors";
import { isValidId } from "../a2a/ids";
import type { PushConfigInput } from "../a2a/schemas";
import type { Config } from "../config/config";
import { validateCallbackUrl } from "./callback-url";
import { checkCallbackHostByDns } from "./dns-check";
import { type PushSecrets, validatePushAuthentication } from "./push-headers";

export interface PushPolicy {
  allowPrivate: boolean;
  maxConfigsPerTask: number;
  allowedHosts: readonly string[];
  /** When set, the callback's name is resolved here and refused on any private answer. */
  dohUrl: string | undefined;
}

/** The push policy of a configuration, for every place a config is checked or stored. */
export function pushPolicyOf(config: Config): PushPolicy {
  return {
    allowPrivate: config.pushAllowPrivate,
    maxConfigsPerTask: config.pushMaxConfigsPerTask,
    allowedHosts: config.pushAllowedHosts,
    dohUrl: config.pushDohUrl,
  };
}

/** The secrets a config carries, as the delivery sends them. */
export function pushSecretsOf(input: PushConfigInput): PushSecrets {
  return {
    ...(input.token ? { token: input.token } : {}),
    ...(input.authentication ? { authentication: input.authentication } : {}),
  };
}

/**
 * Throws the -32602 of the first rule `input` breaks, in the order the object applied them. A
 * config without an id takes its task's, which the route already checked.
 */
export async function checkPushConfig(input: PushConfigInput, policy: PushPolicy): Promise<void> {
  if (input.id && !isValidId(input.id)) throw errors.invalidParams("Invalid A2A id", [{ field: "id", description: "1-128 characters of A-Z a-z 0-9 _ . : -" }]);
  const url = validateCallbackUrl(input.url, { allowPrivate: policy.allowPrivate, allowedHosts: policy.allowedHosts });
  if (!url.ok) throw errors.invalidParams(url.message, [{ field: "url", description: url.message }]);
  if (policy.dohUrl && !policy.allowPrivate) {
    const dns = await checkCallbackHostByDns(url.url.hostname, policy.dohUrl);
    if (!dns.ok) throw errors.invalidParams(dns.message, [{ field: "url", description: dns.message }]);
  }
  const auth = validatePushAuthentication(pushSecretsOf(input));
  if (!auth.ok) throw errors.invalidParams(auth.message, [{ field: "authentication", description: auth.message }]);
}
