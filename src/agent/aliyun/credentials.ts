/**
 * Per-task Alibaba Cloud credentials from a message's metadata (contract §6):
 * `metadata.iac_code.alibaba_cloud_access_key_id` + `alibaba_cloud_access_key_secret`
 * (+ `alibaba_cloud_region_id`, default `cn-hangzhou`; `alibaba_cloud_security_token` → STS mode).
 *
 * Values are trimmed; blanks and non-strings count as absent. Nothing here logs, and no result or
 * reason carries a credential value.
 */
import type { RosClientOptions } from "./ros-client";

export const DEFAULT_ALIBABA_CLOUD_REGION_ID = "cn-hangzhou";
export const REGION_ID_PATTERN = /^[a-z]{2,}-[a-z0-9-]+$/;

export const METADATA_KEYS = Object.freeze({
  accessKeyId: "alibaba_cloud_access_key_id",
  accessKeySecret: "alibaba_cloud_access_key_secret",
  regionId: "alibaba_cloud_region_id",
  securityToken: "alibaba_cloud_security_token",
});

/** Printable ASCII without spaces: what AccessKey ids, secrets and STS tokens consist of. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
const MAX_KEY_LENGTH = 256;
const MAX_TOKEN_LENGTH = 16 * 1024;
const MAX_REGION_LENGTH = 64;

export type AlibabaCloudCredentials = Pick<RosClientOptions, "accessKeyId" | "accessKeySecret" | "securityToken" | "regionId">;

export type CredentialsParseResult =
  | { ok: true; credentials: AlibabaCloudCredentials }
  | { ok: false; reason: "missing" | "invalid_credentials" | "invalid_region"; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * The `iac_code` object of a message's metadata. A metadata object without `iac_code` that itself
 * holds the credential keys is accepted too (callers that pass `metadata.iac_code` directly).
 */
function iacCodeSection(metadata: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!isRecord(metadata)) return undefined;
  const section = metadata["iac_code"];
  if (isRecord(section)) return section;
  if (METADATA_KEYS.accessKeyId in metadata || METADATA_KEYS.accessKeySecret in metadata) return metadata;
  return undefined;
}

/** Parses the credentials and says why when there are none usable. */
export function parseCredentialsFromMetadata(metadata: Record<string, unknown> | undefined): CredentialsParseResult {
  const section = iacCodeSection(metadata);
  const accessKeyId = section ? text(section, METADATA_KEYS.accessKeyId) : undefined;
  const accessKeySecret = section ? text(section, METADATA_KEYS.accessKeySecret) : undefined;
  if (section === undefined || accessKeyId === undefined || accessKeySecret === undefined) {
    return {
      ok: false,
      reason: "missing",
      message: `Alibaba Cloud credentials are required: set metadata.iac_code.${METADATA_KEYS.accessKeyId} and ${METADATA_KEYS.accessKeySecret}.`,
    };
  }
  const securityToken = text(section, METADATA_KEYS.securityToken);
  if (
    accessKeyId.length > MAX_KEY_LENGTH ||
    accessKeySecret.length > MAX_KEY_LENGTH ||
    !KEY_PATTERN.test(accessKeyId) ||
    !KEY_PATTERN.test(accessKeySecret) ||
    (securityToken !== undefined && (securityToken.length > MAX_TOKEN_LENGTH || !KEY_PATTERN.test(securityToken)))
  ) {
    return {
      ok: false,
      reason: "invalid_credentials",
      message: "The Alibaba Cloud credentials in metadata.iac_code are malformed (expected printable characters without spaces).",
    };
  }
  const regionId = text(section, METADATA_KEYS.regionId) ?? DEFAULT_ALIBABA_CLOUD_REGION_ID;
  if (regionId.length > MAX_REGION_LENGTH || !REGION_ID_PATTERN.test(regionId)) {
    return {
      ok: false,
      reason: "invalid_region",
      message: `metadata.iac_code.${METADATA_KEYS.regionId} is not a region id such as cn-hangzhou.`,
    };
  }
  return {
    ok: true,
    credentials: { accessKeyId, accessKeySecret, regionId, ...(securityToken !== undefined ? { securityToken } : {}) },
  };
}

/** The ROS client options from a message's metadata, or undefined when absent or unusable. */
export function credentialsFromMetadata(metadata: Record<string, unknown> | undefined): RosClientOptions | undefined {
  const result = parseCredentialsFromMetadata(metadata);
  return result.ok ? { ...result.credentials } : undefined;
}
