/** credentialsFromMetadata: metadata.iac_code.alibaba_cloud_* (contract §6). */
import { describe, expect, it } from "vitest";
import { DEFAULT_ALIBABA_CLOUD_REGION_ID, credentialsFromMetadata, parseCredentialsFromMetadata } from "../../../src/agent/aliyun/credentials";

const iac = (fields: Record<string, unknown>) => ({ iac_code: fields });

describe("credentialsFromMetadata", () => {
  it("reads, trims and defaults the region to cn-hangzhou", () => {
    expect(credentialsFromMetadata(iac({ alibaba_cloud_access_key_id: "  LTAIabc ", alibaba_cloud_access_key_secret: "\tsecretXYZ\n" }))).toEqual({
      accessKeyId: "LTAIabc",
      accessKeySecret: "secretXYZ",
      regionId: DEFAULT_ALIBABA_CLOUD_REGION_ID,
    });
    expect(DEFAULT_ALIBABA_CLOUD_REGION_ID).toBe("cn-hangzhou");
  });

  it("takes the region and the STS token", () => {
    expect(
      credentialsFromMetadata(
        iac({
          alibaba_cloud_access_key_id: "STS.id",
          alibaba_cloud_access_key_secret: "s",
          alibaba_cloud_region_id: " ap-southeast-1 ",
          alibaba_cloud_security_token: " tok+/= ",
        }),
      ),
    ).toEqual({ accessKeyId: "STS.id", accessKeySecret: "s", regionId: "ap-southeast-1", securityToken: "tok+/=" });
  });

  it("ignores blank and non-string values", () => {
    expect(
      credentialsFromMetadata(
        iac({ alibaba_cloud_access_key_id: "id", alibaba_cloud_access_key_secret: "s", alibaba_cloud_region_id: "  ", alibaba_cloud_security_token: "" }),
      ),
    ).toEqual({ accessKeyId: "id", accessKeySecret: "s", regionId: "cn-hangzhou" });
    expect(credentialsFromMetadata(iac({ alibaba_cloud_access_key_id: "id", alibaba_cloud_access_key_secret: "   " }))).toBeUndefined();
    expect(credentialsFromMetadata(iac({ alibaba_cloud_access_key_id: 42, alibaba_cloud_access_key_secret: "s" }))).toBeUndefined();
    expect(credentialsFromMetadata(iac({ alibaba_cloud_access_key_secret: "s" }))).toBeUndefined();
    expect(credentialsFromMetadata(undefined)).toBeUndefined();
    expect(credentialsFromMetadata({})).toBeUndefined();
    expect(credentialsFromMetadata({ iac_code: "nope" })).toBeUndefined();
  });

  it("accepts the iac_code section passed directly", () => {
    expect(credentialsFromMetadata({ alibaba_cloud_access_key_id: "id", alibaba_cloud_access_key_secret: "s" })).toEqual({
      accessKeyId: "id",
      accessKeySecret: "s",
      regionId: "cn-hangzhou",
    });
  });

  it("validates the region id shape", () => {
    for (const region of ["CN-HANGZHOU", "hangzhou", "cn_hangzhou", "c-1", "cn-hangzhou/../x", "cn-hangzhou.evil.com"]) {
      const result = parseCredentialsFromMetadata(
        iac({ alibaba_cloud_access_key_id: "id", alibaba_cloud_access_key_secret: "s", alibaba_cloud_region_id: region }),
      );
      expect(result.ok, region).toBe(false);
      if (!result.ok) expect(result.reason).toBe("invalid_region");
    }
    for (const region of ["cn-hangzhou", "us-west-1", "cn-shanghai-finance-1", "eu-central-1"]) {
      expect(
        credentialsFromMetadata(iac({ alibaba_cloud_access_key_id: "id", alibaba_cloud_access_key_secret: "s", alibaba_cloud_region_id: region }))?.regionId,
      ).toBe(region);
    }
  });

  it("refuses malformed keys (header injection) without echoing them", () => {
    const secret = "bad\r\nX-Injected: 1";
    const result = parseCredentialsFromMetadata(iac({ alibaba_cloud_access_key_id: "id", alibaba_cloud_access_key_secret: secret }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe("invalid_credentials");
      expect(result.message).not.toContain("X-Injected");
    }
    const missing = parseCredentialsFromMetadata(undefined);
    expect(missing).toEqual({
      ok: false,
      reason: "missing",
      message: "Alibaba Cloud credentials are required: set metadata.iac_code.alibaba_cloud_access_key_id and alibaba_cloud_access_key_secret.",
    });
  });
});
