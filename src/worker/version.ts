/**
 * `A2A-Version` negotiation (spec §3.6): `Major.Minor`, patch ignored; a missing or empty value
 * means 0.3 (spec §3.6.2). 1.0 methods answer any version but 1.0 with VersionNotSupportedError
 * (-32009); the 0.3 method names are served by the 0.3 layer (`jsonrpc-v0_3.ts`). Clients may also
 * pass the version as the `A2A-Version` query parameter.
 */

export function requestedVersion(headers: Headers, url: URL): string {
  const value = headers.get("A2A-Version") ?? url.searchParams.get("A2A-Version") ?? "";
  return value.trim() === "" ? "0.3" : value.trim();
}

export function isSupportedVersion(version: string): boolean {
  return /^1\.0(\.\d+)?$/.test(version);
}
