/**
 * The V3 signer (src/agent/aliyun/signature-v3.ts) against the PUBLISHED example of Alibaba Cloud's
 * "Request syntax and signature method V3", section "Signature examples" → "Fixed parameter values":
 * https://www.alibabacloud.com/help/en/sdk/product-overview/v3-request-structure-and-signature
 * (zh: https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature).
 * Inputs: AccessKeyId YourAccessKeyId, AccessKeySecret YourAccessKeySecret, POST /,
 * host ecs.cn-shanghai.aliyuncs.com, x-acs-action RunInstances, x-acs-version 2014-05-26,
 * x-acs-date 2023-10-26T10:22:32Z, x-acs-signature-nonce 3156853299f313e23d1673dc12e1703d,
 * ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd, RegionId=cn-shanghai, empty body.
 * Published: hashed canonical request 7ea06492…e259, signature 06563a9e…83c0.
 */
import { describe, expect, it } from "vitest";
import {
  ACS3_ALGORITHM,
  buildCanonicalRequest,
  canonicalQueryString,
  canonicalUri,
  canonicalizeHeaders,
  formatAcsDate,
  percentEncode,
  randomNonce,
  sha256Hex,
  signAcs3,
} from "../../../src/agent/aliyun/signature-v3";

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const PUBLISHED_CANONICAL_REQUEST = [
  "POST",
  "/",
  "ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai",
  "host:ecs.cn-shanghai.aliyuncs.com",
  "x-acs-action:RunInstances",
  `x-acs-content-sha256:${EMPTY_SHA256}`,
  "x-acs-date:2023-10-26T10:22:32Z",
  "x-acs-signature-nonce:3156853299f313e23d1673dc12e1703d",
  "x-acs-version:2014-05-26",
  "",
  "host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version",
  EMPTY_SHA256,
].join("\n");

describe("ACS3-HMAC-SHA256: the published example", () => {
  it("reproduces the canonical request, string to sign, signature and Authorization header", async () => {
    const signed = await signAcs3({
      method: "POST",
      host: "ecs.cn-shanghai.aliyuncs.com",
      path: "/",
      // Given in the opposite order on purpose: the canonical query sorts by name.
      query: { RegionId: "cn-shanghai", ImageId: "win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd" },
      action: "RunInstances",
      version: "2014-05-26",
      credentials: { accessKeyId: "YourAccessKeyId", accessKeySecret: "YourAccessKeySecret" },
      date: "2023-10-26T10:22:32Z",
      nonce: "3156853299f313e23d1673dc12e1703d",
    });
    expect(signed.canonicalRequest).toBe(PUBLISHED_CANONICAL_REQUEST);
    expect(signed.stringToSign).toBe("ACS3-HMAC-SHA256\n7ea06492da5221eba5297e897ce16e55f964061054b7695beedaac1145b1e259");
    expect(signed.signature).toBe("06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0");
    expect(signed.authorization).toBe(
      "ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0",
    );
    expect(signed.headers["authorization"]).toBe(signed.authorization);
    expect(signed.headers["x-acs-content-sha256"]).toBe(EMPTY_SHA256);
    expect(signed.queryString).toBe("ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai");
  });

  it("hashes the published canonical request to the published value", async () => {
    expect(await sha256Hex(PUBLISHED_CANONICAL_REQUEST)).toBe("7ea06492da5221eba5297e897ce16e55f964061054b7695beedaac1145b1e259");
    expect(await sha256Hex("")).toBe(EMPTY_SHA256);
  });
});

describe("ACS3-HMAC-SHA256: building blocks", () => {
  it("percent-encodes per RFC 3986 (space %20, * %2A, ~ kept, UTF-8 bytes)", () => {
    expect(percentEncode("AZaz09-_.~")).toBe("AZaz09-_.~");
    expect(percentEncode("a b*c+d/e=f&g:h")).toBe("a%20b%2Ac%2Bd%2Fe%3Df%26g%3Ah");
    expect(percentEncode("!'()")).toBe("%21%27%28%29");
    expect(percentEncode("华东")).toBe("%E5%8D%8E%E4%B8%9C");
  });

  it("sorts the canonical query by name and keeps empty values", () => {
    expect(canonicalQueryString({ b: "2", a: "x y", "Parameters.1.ParameterKey": "K", empty: "" })).toBe("Parameters.1.ParameterKey=K&a=x%20y&b=2&empty=");
    expect(canonicalQueryString(undefined)).toBe("");
    expect(
      canonicalQueryString([
        ["k", "2"],
        ["k", "1"],
      ]),
    ).toBe("k=1&k=2");
  });

  it("canonicalizes the URI per segment, RPC uses /", () => {
    expect(canonicalUri("/")).toBe("/");
    expect(canonicalUri("")).toBe("/");
    expect(canonicalUri("/api/v1/a b")).toBe("/api/v1/a%20b");
  });

  it("signs host, content-type and x-acs-* headers only: lowercased, sorted, trimmed", () => {
    const result = canonicalizeHeaders({
      "X-Acs-Version": " 2019-09-10 ",
      Host: "ros.aliyuncs.com",
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      "x-acs-action": "GetStack",
    });
    expect(result.signedHeaders).toBe("content-type;host;x-acs-action;x-acs-version");
    expect(result.canonicalHeaders).toBe(
      "content-type:application/x-www-form-urlencoded\nhost:ros.aliyuncs.com\nx-acs-action:GetStack\nx-acs-version:2019-09-10\n",
    );
    const { canonicalRequest } = buildCanonicalRequest({
      method: "post",
      canonicalUri: "/",
      canonicalQueryString: "",
      headers: { host: "h" },
      hashedPayload: EMPTY_SHA256,
    });
    expect(canonicalRequest).toBe(`POST\n/\n\nhost:h\n\nhost\n${EMPTY_SHA256}`);
  });

  it("adds and signs x-acs-security-token and content-type, hashing the body", async () => {
    const signed = await signAcs3({
      method: "POST",
      host: "ros.aliyuncs.com",
      query: { RegionId: "cn-hangzhou" },
      body: "TemplateBody=x",
      contentType: "application/x-www-form-urlencoded",
      action: "ValidateTemplate",
      version: "2019-09-10",
      credentials: { accessKeyId: "id", accessKeySecret: "secret", securityToken: "token" },
      date: new Date("2026-02-03T04:05:06.789Z"),
      nonce: "n",
    });
    expect(signed.signedHeaders).toBe(
      "content-type;host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-security-token;x-acs-signature-nonce;x-acs-version",
    );
    expect(signed.headers["x-acs-security-token"]).toBe("token");
    expect(signed.headers["x-acs-date"]).toBe("2026-02-03T04:05:06Z");
    expect(signed.headers["x-acs-content-sha256"]).toBe(await sha256Hex("TemplateBody=x"));
    expect(signed.authorization.startsWith(`${ACS3_ALGORITHM} Credential=id,SignedHeaders=`)).toBe(true);
    expect(JSON.stringify(signed)).not.toContain("secret");
  });

  it("formats dates without milliseconds and makes 32-hex nonces", () => {
    expect(formatAcsDate(new Date(Date.UTC(2023, 9, 26, 10, 22, 32, 999)))).toBe("2023-10-26T10:22:32Z");
    const a = randomNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomNonce()).not.toBe(a);
  });
});
