/**
 * The A2A service parameters every binding checks before dispatch (spec §3.2.6): the version
 * (`A2A-Version`, -32009) and the extensions a request activates (`A2A-Extensions`, -32008 when a
 * required one is missing). Returns the response headers that echo the activated extensions.
 */
import { errors } from "../a2a/errors";
import type { Config } from "../config/config";
import { activatedExtensions, missingRequiredExtensions } from "./extensions";
import { isSupportedVersion, requestedVersion } from "./version";

export function extensionHeaders(headers: Headers, config: Config): Record<string, string> {
  const activated = activatedExtensions(headers.get("A2A-Extensions"), config.requiredExtensions);
  return activated.length ? { "A2A-Extensions": activated.join(", ") } : {};
}

/** Throws the A2A error of an unsupported version or a missing required extension. */
export function checkServiceParameters(headers: Headers, url: URL, config: Config): void {
  const version = requestedVersion(headers, url);
  if (!isSupportedVersion(version)) throw errors.versionNotSupported(version);
  const missing = missingRequiredExtensions(headers.get("A2A-Extensions"), config.requiredExtensions);
  if (missing.length) throw errors.extensionRequired(missing);
}
