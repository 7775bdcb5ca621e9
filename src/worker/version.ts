/**
 * `A2A-Version` negotiation (spec §3.6): `Major.Minor`, patch ignored; a missing or empty value
 * means 0.3 (spec §3.6.2), which this 1.0 server answers with VersionNotSupportedError (-32009).
 * Clients may also pass it as the `A2A-Version` query parameter.
 */

export function requestedVersion(headers: Headers, url: URL): string {
  const value = headers.get("A2A-Version") ?? url.searchParams.get("A2A-Version") ?? "";
  return value.trim() === "" ? "0.3" : value.trim();
}

export function isSupportedVersion(version: string): boolean {
  return /^1\.0(\.\d+)?$/.test(version);
}

/** Method names of A2A 0.3, answered with -32009 rather than -32601: the client speaks an old version. */
export const V03_METHODS: ReadonlySet<string> = new Set([
  "message/send",
  "message/stream",
  "tasks/get",
  "tasks/cancel",
  "tasks/resubscribe",
  "tasks/pushNotificationConfig/set",
  "tasks/pushNotificationConfig/get",
  "tasks/pushNotificationConfig/list",
  "tasks/pushNotificationConfig/delete",
  "agent/getAuthenticatedExtendedCard",
]);
