/**
 * The errors themselves: codes, the JSON-RPC shape, which part failed, and that no message carries
 * a file's contents or any path.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { A2AError, jsonRpcError } from "../../../src/a2a/errors";
import { PART_MESSAGES, PartError, promptFromParts, type PartPolicy } from "../../../src/agent/parts";
import type { Part } from "../../../src/a2a/types";
import { b64, freshWorkspace, partError, policyFor, utf8 } from "./helpers";

const SECRET = "TOP-SECRET-CONTENT";
let policy: PartPolicy;

beforeAll(async () => {
  const workspace = await freshWorkspace("errors");
  policy = policyFor(workspace);
  await workspace.write("/workspace/proj/notes.bin", new Uint8Array([...utf8(SECRET), 0xff]), "application/octet-stream");
  await workspace.write("/workspace/proj/big.txt", new Uint8Array(1024 * 1024 + 1).fill(0x53), "text/plain");
  await workspace.write("/workspace/other/secret.txt", utf8(SECRET), "text/plain");
  await workspace.write("/etc/passwd", utf8(SECRET), "text/plain");
});

describe("error codes and shape", () => {
  it("unsupported media type is ContentTypeNotSupported (-32005) with ErrorInfo", async () => {
    const error = await partError([{ text: "x", mediaType: "image/png" }], policy);
    expect(error).toBeInstanceOf(A2AError);
    expect(error.code).toBe(-32005);
    expect(jsonRpcError(error.toShape())).toEqual({
      code: -32005,
      message: "A2A part has unsupported media type.",
      data: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "CONTENT_TYPE_NOT_SUPPORTED", domain: "a2a-protocol.org" }],
    });
  });

  it("every other failure is invalid params (-32602) naming the part", async () => {
    const error = await partError([{ text: "fine" }, { text: "also fine" }, { url: "https://example.com/a.txt" }], policy);
    expect(error.partIndex).toBe(2);
    expect(jsonRpcError(error.toShape())).toEqual({
      code: -32602,
      message: "A2A file URL parts must use local file:// URLs.",
      data: [
        { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "INVALID_PARAMS", domain: "a2a-protocol.org" },
        {
          "@type": "type.googleapis.com/google.rpc.BadRequest",
          fieldViolations: [{ field: "message.parts[2]", description: "A2A file URL parts must use local file:// URLs." }],
        },
      ],
    });
  });

  it("the first bad part wins, and nothing is returned", async () => {
    const error = await partError([{ text: "ok" }, { data: { a: 1 }, mediaType: "text/plain" }, { text: "x", mediaType: "image/png" }], policy);
    expect(error.partIndex).toBe(1);
    expect(error.message).toBe(PART_MESSAGES.dataNotJson);
  });

  it("refuses a message whose parts add up to more than 8 MiB of prompt", async () => {
    const chunk = "x".repeat(1_000_000);
    const error = await partError(
      Array.from({ length: 9 }, () => ({ text: chunk })),
      policy,
    );
    expect(error.message).toBe(PART_MESSAGES.messageTooLarge);
    expect(error.partIndex).toBe(8);
  });

  it("is an Error named PartError", async () => {
    const error = await partError([{ raw: "!!" }], policy);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(PartError);
    expect(error.name).toBe("PartError");
  });
});

describe("the contract's messages, word for word", () => {
  const table: readonly [string, string][] = [
    [PART_MESSAGES.unsupportedMediaType, "A2A part has unsupported media type."],
    [PART_MESSAGES.unsupportedPart, "A2A server supports text, JSON data, raw text, or workspace file URL parts only."],
    [PART_MESSAGES.dataNotJson, "A2A data parts must use application/json media type."],
    [PART_MESSAGES.dataTooLarge, "A2A data part content is too large."],
    [PART_MESSAGES.rawNotUtf8, "A2A raw parts must contain valid UTF-8."],
    [PART_MESSAGES.fileNotLocal, "A2A file URL parts must use local file:// URLs."],
    [PART_MESSAGES.fileOutside, "A2A file URL part is outside the allowed workspace."],
    [PART_MESSAGES.fileMissing, "A2A file URL part must reference an existing file."],
  ];
  for (const [actual, expected] of table) it(expected, () => expect(actual).toBe(expected));
});

describe("no leaks", () => {
  const table: readonly [name: string, parts: Part[]][] = [
    ["traversal to /etc/passwd", [{ url: "file:///workspace/a/../../etc/passwd" }]],
    ["encoded traversal", [{ url: "file:///workspace/proj/%2e%2e/%2e%2e/etc/passwd" }]],
    ["outside the cwd", [{ url: "file:///workspace/other/secret.txt" }]],
    ["a missing file", [{ url: "file:///workspace/proj/TOP-SECRET-CONTENT.txt" }]],
    ["a remote URL", [{ url: "https://TOP-SECRET-CONTENT.example.com/etc/passwd" }]],
    ["a file that is not UTF-8", [{ url: "file:///workspace/proj/notes.bin" }]],
    ["a file that is too large", [{ url: "file:///workspace/proj/big.txt" }]],
    ["raw text that is not UTF-8", [{ raw: b64(new Uint8Array([...utf8(SECRET), 0xff])) }]],
    ["a data part of the wrong type", [{ data: { password: SECRET }, mediaType: "text/plain" }]],
    ["a filename in a bad part", [{ raw: "!!", mediaType: "image/png", filename: "/etc/passwd" }]],
  ];
  for (const [name, parts] of table) {
    it(name, async () => {
      const error = await partError(parts, policy);
      const wire = JSON.stringify(jsonRpcError(error.toShape()));
      expect(Object.values(PART_MESSAGES)).toContain(error.message);
      for (const leak of [SECRET, "SSSS", "/etc", "passwd", "/workspace", "secret.txt", "notes.bin", "big.txt"]) {
        expect(wire).not.toContain(leak);
        expect(error.stack ?? "").not.toContain(leak);
      }
    });
  }
});

describe("no partial work", () => {
  it("a good file before a bad part does not come back", async () => {
    await expect(
      promptFromParts([{ url: "file:///workspace/other/secret.txt" }, { url: "file:///etc/passwd" }], { ...policy, cwd: undefined }),
    ).rejects.toMatchObject({ message: PART_MESSAGES.fileOutside, partIndex: 1 });
  });
});
