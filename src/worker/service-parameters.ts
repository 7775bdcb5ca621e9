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

/**
 * Throws -32008 when a required extension is not activated. A2A 0.3 clients name them in
 * `X-A2A-Extensions`, which counts when `A2A-Extensions` is absent.
 */
export function checkRequiredExtensions(headers: Headers, config: Config): void {
  const header = headers.get("A2A-Extensions") ?? headers.get("X-A2A-Extensions");
  const missing = missingRequiredExtensions(header, config.requiredExtensions);
  if (missing.length) throw errors.extensionRequired(missing);
}

/** Throws the A2A error of an unsupported version or a missing required extension. */
export function checkServiceParameters(headers: Headers, url: URL, config: Config): void {
  const version = requestedVersion(headers, url);
  if (!isSupportedVersion(version)) throw errors.versionNotSupported(version);
  checkRequiredExtensions(headers, config);
}
