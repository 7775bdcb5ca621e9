/**
 * url parts against a real R2 workspace (the `FILES` binding through `R2Workspace`): which URLs
 * name a workspace file, the cwd and root checks, existence, size limits, and the manifest of a
 * binary file.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { R2Workspace } from "../../../src/storage/workspaces";
import { MAX_FILE_BINARY_BYTES, MAX_FILE_TEXT_BYTES, PART_MESSAGES, promptFromParts, type PartPolicy } from "../../../src/agent/parts";
import type { Part } from "../../../src/a2a/types";
import { freshWorkspace, manifest, partError, policyFor, SHA256_ABC, utf8 } from "./helpers";

const MAIN_TF = 'resource "alicloud_vpc" "main" {}\n';
const ROS = "ROSTemplateFormatVersion: '2015-09-01'\n";

let workspace: R2Workspace;
let policy: PartPolicy;

beforeAll(async () => {
  workspace = await freshWorkspace("file-url");
  policy = policyFor(workspace);
  const files: [string, Uint8Array, string][] = [
    ["/workspace/proj/main.tf", utf8(MAIN_TF), "text/plain"],
    ["/workspace/proj/sub/template.yaml", utf8(ROS), "text/yaml"],
    ["/workspace/proj/my notes.md", utf8("# notes"), "text/markdown"],
    ["/workspace/proj/地域.txt", utf8("cn-hangzhou"), "text/plain"],
    ["/workspace/proj/empty.txt", new Uint8Array(), "text/plain"],
    ["/workspace/proj/diagram.png", utf8("abc"), "image/png"],
    ["/workspace/proj/my diagram.png", utf8("abc"), "image/png"],
    ["/workspace/proj/voice.wav", utf8("abc"), "audio/wav"],
    ["/workspace/proj/binary.dat", new Uint8Array([0xff, 0xfe, 0x00]), "application/octet-stream"],
    ["/workspace/proj/exact.txt", new Uint8Array(MAX_FILE_TEXT_BYTES).fill(0x61), "text/plain"],
    ["/workspace/proj/large.txt", new Uint8Array(MAX_FILE_TEXT_BYTES + 1).fill(0x61), "text/plain"],
    ["/workspace/proj/large.bin", new Uint8Array(MAX_FILE_BINARY_BYTES + 1), "application/octet-stream"],
    ["/workspace/other/secret.txt", utf8("TOP-SECRET-other"), "text/plain"],
    ["/workspace/proj-evil/x.txt", utf8("TOP-SECRET-sibling"), "text/plain"],
    ["/tmp/scratch.txt", utf8("scratch"), "text/plain"],
    ["/etc/passwd", utf8("root:x:0:0:TOP-SECRET"), "text/plain"],
  ];
  for (const [path, bytes, type] of files) await workspace.write(path, bytes, type);
});

type Accepted = readonly [name: string, parts: Part[], prompt: string, overrides?: Partial<PartPolicy>];

function accepts(title: string, table: readonly Accepted[]): void {
  describe(title, () => {
    for (const [name, parts, prompt, overrides] of table) {
      it(name, async () => {
        expect((await promptFromParts(parts, { ...policy, ...overrides })).prompt).toBe(prompt);
      });
    }
  });
}

type Refused = readonly [name: string, parts: Part[], message: string, overrides?: Partial<PartPolicy>];

function refuses(title: string, table: readonly Refused[], code: -32602 | -32005 = -32602): void {
  describe(title, () => {
    for (const [name, parts, message, overrides] of table) {
      it(name, async () => {
        const error = await partError(parts, { ...policy, ...overrides });
        expect(error.message).toBe(message);
        expect(error.code).toBe(code);
      });
    }
  });
}

const url = (href: string, mediaType?: string): Part => (mediaType === undefined ? { url: href } : { url: href, mediaType });

accepts("text files", [
  ["a file in the cwd (no mediaType means text/plain)", [url("file:///workspace/proj/main.tf")], MAIN_TF],
  ["a file in a subdirectory, text/yaml", [url("file:///workspace/proj/sub/template.yaml", "text/yaml")], ROS],
  ["file:/path (no authority)", [url("file:/workspace/proj/main.tf")], MAIN_TF],
  ["the scheme is case-insensitive", [url("FILE:///workspace/proj/main.tf")], MAIN_TF],
  ["dot segments that stay inside are resolved", [url("file:///workspace/proj/./sub/../main.tf")], MAIN_TF],
  ["query and fragment are ignored", [url("file:///workspace/proj/main.tf?x=1#top")], MAIN_TF],
  ["a percent-encoded space", [url("file:///workspace/proj/my%20notes.md", "text/markdown")], "# notes"],
  ["percent-encoded UTF-8", [url("file:///workspace/proj/%E5%9C%B0%E5%9F%9F.txt")], "cn-hangzhou"],
  ["an empty file adds nothing", [{ text: "a" }, url("file:///workspace/proj/empty.txt"), { text: "b" }], "a\nb"],
  ["exactly 1 MiB", [url("file:///workspace/proj/exact.txt")], "a".repeat(MAX_FILE_TEXT_BYTES)],
  ["with no cwd, any file in an allowed root", [url("file:///workspace/other/secret.txt")], "TOP-SECRET-other", { cwd: undefined }],
  ["with no cwd, the other root", [url("file:///tmp/scratch.txt")], "scratch", { cwd: undefined }],
  ["a cwd equal to a root", [url("file:///workspace/other/secret.txt")], "TOP-SECRET-other", { cwd: "/workspace" }],
  ["an extra text type", [url("file:///workspace/proj/main.tf", "text/x-hcl")], MAIN_TF, { textMimeTypes: ["text/x-hcl"] }],
  ["a root of / allows everything", [url("file:///etc/passwd")], "root:x:0:0:TOP-SECRET", { cwd: undefined, allowedRoots: ["/"] }],
]);

refuses("non-local URLs", [
  ["https", [url("https://example.com/template.yaml", "text/plain")], PART_MESSAGES.fileNotLocal],
  ["http to a private address", [url("http://127.0.0.1/template.yaml", "text/plain")], PART_MESSAGES.fileNotLocal],
  ["ftp", [url("ftp://example.com/a.txt")], PART_MESSAGES.fileNotLocal],
  ["data: URL", [url("data:text/plain,hello")], PART_MESSAGES.fileNotLocal],
  ["a bare path is not a URL", [url("/workspace/proj/main.tf")], PART_MESSAGES.fileNotLocal],
  ["a relative reference", [url("main.tf")], PART_MESSAGES.fileNotLocal],
  ["file://localhost/", [url("file://localhost/workspace/proj/main.tf")], PART_MESSAGES.fileNotLocal],
  ["file://host/", [url("file://fileserver/workspace/proj/main.tf")], PART_MESSAGES.fileNotLocal],
  ["file://user@/ has an authority", [url("file://user@/workspace/proj/main.tf")], PART_MESSAGES.fileNotLocal],
  ["a malformed percent escape", [url("file:///workspace/proj/%zz.tf")], PART_MESSAGES.fileNotLocal],
  ["percent escapes that are not UTF-8", [url("file:///workspace/proj/%ff.tf")], PART_MESSAGES.fileNotLocal],
  ["an https image", [url("https://example.com/a.png", "image/png")], PART_MESSAGES.fileNotLocal],
]);

refuses("outside the allowed workspace", [
  ["path traversal", [url("file:///workspace/a/../../etc/passwd")], PART_MESSAGES.fileOutside],
  ["percent-encoded traversal", [url("file:///workspace/proj/%2e%2e/%2e%2e/etc/passwd")], PART_MESSAGES.fileOutside],
  ["upper-case percent-encoded traversal", [url("file:///workspace/proj/%2E%2E/other/secret.txt")], PART_MESSAGES.fileOutside],
  ["an encoded slash does not hide traversal", [url("file:///workspace/proj/..%2f..%2fetc/passwd")], PART_MESSAGES.fileOutside],
  ["climbing above /", [url("file:///../../etc/passwd")], PART_MESSAGES.fileOutside],
  ["outside the cwd but inside a root", [url("file:///workspace/other/secret.txt")], PART_MESSAGES.fileOutside],
  ["a sibling whose name starts like the cwd", [url("file:///workspace/proj-evil/x.txt")], PART_MESSAGES.fileOutside],
  ["the other root while a cwd is set", [url("file:///tmp/scratch.txt")], PART_MESSAGES.fileOutside],
  ["with no cwd, outside every root", [url("file:///etc/passwd")], PART_MESSAGES.fileOutside, { cwd: undefined }],
  ["a cwd outside every root", [url("file:///srv/app/main.tf")], PART_MESSAGES.fileOutside, { cwd: "/srv/app" }],
  ["no allowed roots at all", [url("file:///workspace/proj/main.tf")], PART_MESSAGES.fileOutside, { allowedRoots: [] }],
  ["an encoded NUL", [url("file:///workspace/proj/main.tf%00.txt")], PART_MESSAGES.fileOutside],
  ["an encoded backslash", [url("file:///workspace/proj/..%5c..%5cetc/passwd")], PART_MESSAGES.fileOutside],
  ["file:// with no path", [url("file://")], PART_MESSAGES.fileOutside],
  ["a binary file outside the cwd", [url("file:///workspace/other/secret.txt", "image/png")], PART_MESSAGES.fileOutside],
]);

refuses("missing files", [
  ["no such file", [url("file:///workspace/proj/missing.txt")], PART_MESSAGES.fileMissing],
  ["a directory", [url("file:///workspace/proj/sub")], PART_MESSAGES.fileMissing],
  ["the cwd itself", [url("file:///workspace/proj")], PART_MESSAGES.fileMissing],
  ["a missing image", [url("file:///workspace/proj/missing.png", "image/png")], PART_MESSAGES.fileMissing],
]);

refuses("file content", [
  ["1 MiB + 1 byte of text", [url("file:///workspace/proj/large.txt")], PART_MESSAGES.fileTooLarge],
  ["text that is not UTF-8", [url("file:///workspace/proj/binary.dat")], PART_MESSAGES.fileNotUtf8],
  ["25 MiB + 1 byte of binary", [url("file:///workspace/proj/large.bin", "application/octet-stream")], PART_MESSAGES.binaryFileTooLarge],
]);

refuses(
  "unsupported media types",
  [
    ["a PDF URL", [url("file:///workspace/proj/main.tf", "application/pdf")], PART_MESSAGES.unsupportedMediaType],
    ["the type is checked before the scheme", [url("https://example.com/a.pdf", "application/pdf")], PART_MESSAGES.unsupportedMediaType],
  ],
  -32005,
);

accepts("binary files become manifests", [
  [
    "an image",
    [url("file:///workspace/proj/diagram.png", "image/png")],
    manifest({ filename: "diagram.png", mediaType: "image/png", byteSize: 3, sha256: SHA256_ABC, source: "file:///workspace/proj/diagram.png" }),
  ],
  [
    "audio",
    [url("file:///workspace/proj/voice.wav", "audio/wav")],
    manifest({ filename: "voice.wav", mediaType: "audio/wav", byteSize: 3, sha256: SHA256_ABC, source: "file:///workspace/proj/voice.wav" }),
  ],
  [
    "the source is the canonical URL of the normalized path",
    [url("FILE:/workspace/proj/sub/../my%20diagram.png?v=2", "image/png")],
    manifest({ filename: "my diagram.png", mediaType: "image/png", byteSize: 3, sha256: SHA256_ABC, source: "file:///workspace/proj/my%20diagram.png" }),
  ],
]);

describe("file parts in detail", () => {
  it("text under a multimodal type: manifest only, with the file's sha256", async () => {
    const { prompt, attachments } = await promptFromParts([url("file:///workspace/proj/main.tf", "application/octet-stream")], policy);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(MAIN_TF)));
    const sha256 = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(attachments).toEqual([
      { filename: "main.tf", mediaType: "application/octet-stream", byteSize: utf8(MAIN_TF).byteLength, sha256, source: "file:///workspace/proj/main.tf" },
    ]);
    expect(prompt).not.toContain("alicloud_vpc");
  });

  it("another owner's workspace does not see the files", async () => {
    const stranger = await freshWorkspace("file-url-stranger");
    const error = await partError([url("file:///workspace/proj/main.tf")], { ...policy, workspace: stranger });
    expect(error.message).toBe(PART_MESSAGES.fileMissing);
  });

  it("the object really is stored in R2 under the owner", async () => {
    const listed = await env.FILES.list({ prefix: "workspaces/" });
    expect(listed.objects.length).toBeGreaterThan(0);
    expect(await workspace.read("/workspace/proj/main.tf", 100)).toMatchObject({ size: utf8(MAIN_TF).byteLength });
  });
});
