import { describe, it, expect } from "vitest";
import { SANITIZED_ERROR_MAX_LENGTH, sanitizeErrorText } from "../../../src/a2a/sanitize-error";

type Example = readonly [name: string, input: string, expected: string];

function examples(title: string, table: readonly Example[]): void {
  describe(title, () => {
    for (const [name, input, expected] of table) {
      it(name, () => {
        expect(sanitizeErrorText(input)).toBe(expected);
      });
    }
  });
}

examples("sanitizeErrorText: secret assignments", [
  ["password=…", "login failed: password=hunter2 for bob", "login failed: password=[REDACTED] for bob"],
  ["token: …", "token: abc123", "token: [REDACTED]"],
  ["api_key=…", "bad request api_key=sk_test_abc", "bad request api_key=[REDACTED]"],
  ["apiKey in camel case", "apiKey=abc", "apiKey=[REDACTED]"],
  ["ACCESS_KEY_SECRET in capitals", "ACCESS_KEY_SECRET=Zx9Q", "ACCESS_KEY_SECRET=[REDACTED]"],
  ["access_key_secret with a quoted value", "access_key_secret: 'Zx9 Q'", "access_key_secret: '[REDACTED]'"],
  ["client_secret with a double-quoted value", 'client_secret="a b c"', 'client_secret="[REDACTED]"'],
  ["a prefixed name", "ALIBABA_CLOUD_ACCESS_KEY_SECRET=xyz", "ALIBABA_CLOUD_ACCESS_KEY_SECRET=[REDACTED]"],
  ["private_key", "private_key=-----BEGIN", "private_key=[REDACTED]"],
  ["several on one line", "user=bob password=p1 token=t2 region=cn", "user=bob password=[REDACTED] token=[REDACTED] region=cn"],
  ["JSON keys", '{"password": "p4ss", "user": "bob"}', '{"password": "[REDACTED]", "user": "bob"}'],
  ["a JSON number value", '{"pin_secret":1234,"n":1}', '{"pin_secret":[REDACTED],"n":1}'],
  ["a Python repr", "{'api_key': 'abc', 'region': 'cn'}", "{'api_key': '[REDACTED]', 'region': 'cn'}"],
  ["errs towards redacting (the word tokens)", "max_tokens=100", "max_tokens=[REDACTED]"],
]);

examples("sanitizeErrorText: headers and bearer tokens", [
  ["Authorization header", "Authorization: Bearer abc.def\nnext line", "Authorization: [REDACTED]\nnext line"],
  ["Proxy-Authorization header", "proxy-authorization: Basic dXNlcjpwYXNz", "proxy-authorization: [REDACTED]"],
  ["Cookie header", "Cookie: session=abc; theme=dark", "Cookie: [REDACTED]"],
  ["Set-Cookie header", "Set-Cookie: id=1; HttpOnly", "Set-Cookie: [REDACTED]"],
  ["Authorization as a JSON key", '{"Authorization": "Bearer abc"}', '{"Authorization": "[REDACTED]"}'],
  ["a bearer token in prose", "request failed with Bearer eyJhbGciOi.x-y_z= (401)", "request failed with Bearer [REDACTED] (401)"],
]);

examples("sanitizeErrorText: signed URLs", [
  [
    "AWS SigV4",
    "GET https://b.s3.amazonaws.com/o?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260101&X-Amz-Expires=60&X-Amz-Signature=ab12cd failed",
    "GET https://b.s3.amazonaws.com/o?X-Amz-Credential=[REDACTED]&X-Amz-Expires=60&X-Amz-Signature=[REDACTED] failed",
  ],
  [
    "Alibaba Cloud OSS",
    "https://b.oss-cn-hangzhou.aliyuncs.com/k?OSSAccessKeyId=LTAI5tAbCdEfGhIjKlMn&Expires=1&Signature=abc%2Bdef",
    "https://b.oss-cn-hangzhou.aliyuncs.com/k?OSSAccessKeyId=[REDACTED]&Expires=1&Signature=[REDACTED]",
  ],
  ["an STS security token", "https://x.example/o?security-token=CAIS123&a=1", "https://x.example/o?security-token=[REDACTED]&a=1"],
  ["Azure SAS", "https://a.blob.core.windows.net/c/b?sv=2024&sig=AbC%3D&se=2026", "https://a.blob.core.windows.net/c/b?sv=2024&sig=[REDACTED]&se=2026"],
  ["an access_token parameter", "https://api.example/cb?access_token=xyz#frag", "https://api.example/cb?access_token=[REDACTED]#frag"],
]);

examples("sanitizeErrorText: keys", [
  ["AKIA access key id", "key AKIAIOSFODNN7EXAMPLE leaked", "key [REDACTED] leaked"],
  ["ASIA temporary key id", "ASIAIOSFODNN7EXAMPLE", "[REDACTED]"],
  ["LTAI access key id", "id LTAI5tAbCdEfGhIjKlMn rejected", "id [REDACTED] rejected"],
  ["sk- key", "OpenAI: invalid key sk-live-abcdef1234567890", "OpenAI: invalid key [REDACTED]"],
  ["sk-proj- key", "sk-proj-Abc_123-xyz789", "[REDACTED]"],
  ["a JWT", "got eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part-1 back", "got [REDACTED] back"],
  ["a GitHub token", "ghp_0123456789abcdefghijABCDEFGHIJ", "[REDACTED]"],
]);

examples("sanitizeErrorText: paths", [
  ["macOS home", "cannot read /Users/alice/project/main.tf", "cannot read [PATH]"],
  ["Linux home", "open /home/bob/.aws/credentials: denied", "open [PATH]: denied"],
  ["root's home", "/root/.bashrc missing", "[PATH] missing"],
  ["tilde", "see ~/.ssh/id_rsa", "see [PATH]"],
  ["$HOME", "$HOME/.iac-code/config.yml not found", "[PATH] not found"],
  ["/tmp", "open /tmp/iac-code-1a2b/plan.json: no such file", "open [PATH]: no such file"],
  ["/tmp alone", "cd /tmp", "cd [PATH]"],
  ["macOS temp", "/private/var/folders/xy/T/tmp123 gone", "[PATH] gone"],
  ["/var/folders", "(/var/folders/xy/T/a.txt)", "([PATH])"],
  ["/workspace", "error in /workspace/app/main.tf line 3", "error in [PATH] line 3"],
  ["a Windows path", "C:\\Users\\alice\\main.tf not found", "[PATH] not found"],
  ["a Windows path with slashes", "d:/work/x.tf", "[PATH]"],
  ["a JSON-escaped Windows path", '{"file":"C:\\\\Users\\\\alice\\\\a.tf"}', '{"file":"[PATH]"}'],
  ["a UNC path", "\\\\fileserver\\share\\x.tf is offline", "[PATH] is offline"],
  ["a file URL", "artifact at file:///Users/alice/out.json", "artifact at [PATH]"],
  ["a percent-encoded path", "key=%2Ftmp%2Fsecret.txt", "key=[PATH]"],
  ["the original's example", "RuntimeError: boom sk-live-secretvalue at /Users/alice/x.py", "RuntimeError: boom [REDACTED] at [PATH]"],
]);

examples("sanitizeErrorText: left alone", [
  ["plain text", "Task 123 failed: timeout after 30 s", "Task 123 failed: timeout after 30 s"],
  ["a URL path that looks like a local root", "https://example.com/tmp/file", "https://example.com/tmp/file"],
  ["a URL with a port", "http://localhost:8080/workspace/x", "http://localhost:8080/workspace/x"],
  ["a ratio", "ratio 3:4", "ratio 3:4"],
  ["a system path outside the listed roots", "see /etc/hosts", "see /etc/hosts"],
  ["a word containing sk-", "risk-free task-12345678", "risk-free task-12345678"],
  ["the author field", "author=alice", "author=alice"],
  ["an empty string", "", ""],
]);

describe("sanitizeErrorText: length", () => {
  it("cuts to 1000 characters by default", () => {
    expect(SANITIZED_ERROR_MAX_LENGTH).toBe(1000);
    expect(sanitizeErrorText("a".repeat(2000))).toHaveLength(1000);
  });

  it("cuts to a given maximum", () => {
    expect(sanitizeErrorText("abcdefghijklmnop", 10)).toBe("abcdefghij");
    expect(sanitizeErrorText("abc", 0)).toBe("");
  });

  it("redacts before it cuts, so no fragment of a secret survives", () => {
    const out = sanitizeErrorText(`${"x".repeat(990)} password=secretsecret`);
    expect(out).toHaveLength(1000);
    expect(out).not.toContain("secret");
  });

  it("does not end on half a surrogate pair", () => {
    expect(sanitizeErrorText("😀".repeat(10), 5)).toBe("😀😀");
  });

  it("is idempotent", () => {
    const input = 'Authorization: Bearer x\n{"token": "t"} password=p https://b/o?Signature=s Bearer abc /tmp/a C:\\x sk-abcdefghijkl';
    const once = sanitizeErrorText(input);
    expect(sanitizeErrorText(once)).toBe(once);
    expect(once).not.toMatch(/Bearer x|"t"|=p\b|=s\b|abc|\/tmp|C:|sk-/);
  });
});

examples("sanitizeErrorText: secret names by word (the shared list)", [
  ["an Alibaba Cloud access key id", "alibaba_cloud_access_key_id=LTAIxyz rejected", "alibaba_cloud_access_key_id=[REDACTED] rejected"],
  ["camelCase accessKeyId", '{"accessKeyId":"AK1","regionId":"cn"}', '{"accessKeyId":"[REDACTED]","regionId":"cn"}'],
  ["X-API-Key", "X-API-Key: k-123", "X-API-Key: [REDACTED]"],
  ["a plural", "passwords=a,b", "passwords=[REDACTED],b"],
  ["not a word that merely contains one", "keyword=terraform tokenizer=bpe author=alice", "keyword=terraform tokenizer=bpe author=alice"],
]);

describe("sanitizeErrorText: hostile input (issue 10 item 4)", () => {
  it("bounds the input first: what lies past 16,000 characters is never scanned", () => {
    const text = `${"word ".repeat(4000)}password=leak`;
    const out = sanitizeErrorText(text, 100_000);
    expect(out.length).toBeLessThanOrEqual(16_000);
    expect(out).not.toContain("leak");
  });

  it.each([
    ["token. 4,000 times", "token.".repeat(4000)],
    ["token= 4,000 times", "token=".repeat(4000)],
    ["an unterminated quote after a secret name, then many names", `password="${"a=b ".repeat(5000)}`],
    ["one long name run", `${"a".repeat(50_000)}=x`],
    ["eyJ runs", "eyJ".repeat(10_000)],
    ["percent runs", "%41".repeat(20_000)],
    ["backslashes", "\\\\".repeat(20_000)],
  ])("handles %s and keeps no secret value", (_name, text) => {
    const out = sanitizeErrorText(text);
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(sanitizeErrorText(out)).toBe(out);
  });

  it("redacts every assignment of a long run of them", () => {
    const out = sanitizeErrorText("token=abc ".repeat(90), 100_000);
    expect(out).not.toContain("abc");
    expect(out.match(/\[REDACTED\]/g)).toHaveLength(90);
  });
});
