/**
 * Every served file carries a CSP and `Content-Disposition`, and none is active content of this
 * origin (issue 30 item 6): a workspace file uploaded as `text/javascript` used to come back as
 * `text/javascript` with no CSP, so a page of this origin could run it with `<script src>` (the
 * playground's own CSP allows scripts of 'self'). Uploaded through the real upload route into R2 and
 * read back through the real download route.
 */
import { describe, expect, it } from "vitest";
import { FILE_CSP } from "../../src/storage/object-response";
import { BASE, worker } from "./helpers/rpc";

async function roundTrip(name: string, contentType: string, body: string): Promise<Response> {
  const url = `${BASE}/iac-code/workspace/workspace/served/${name}`;
  const put = await worker().fetch(url, { method: "PUT", headers: { "Content-Type": contentType, "Content-Length": String(body.length) }, body });
  expect(put.status).toBe(201);
  // The stored type is the declared one's essence (the upload route drops parameters).
  expect(((await put.json()) as { mediaType: string }).mediaType).toBe(contentType.split(";")[0]);
  return worker().fetch(url);
}

describe("served files (issue 30 item 6)", () => {
  it.each([
    ["evil.js", "text/javascript", "fetch('/x')"],
    ["evil.mjs", "application/javascript; charset=utf-8", "export default 1"],
    ["page.html", "text/html", "<script>alert(1)</script>"],
    ["image.svg", "image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"],
    ["style.css", "text/css", "body{}"],
  ])("%s uploaded as %s comes back inert: octet-stream, attachment, a sandboxing CSP, nosniff", async (name, type, body) => {
    const res = await roundTrip(name, type, body);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}"`);
    expect(res.headers.get("Content-Security-Policy")).toBe(FILE_CSP);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    expect(await res.text()).toBe(body);
  });

  it("a passive file keeps its type, with the same CSP and disposition", async () => {
    const res = await roundTrip("main.yaml", "application/yaml", "Resources: {}\n");
    expect(res.headers.get("Content-Type")).toBe("application/yaml");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="main.yaml"');
    expect(res.headers.get("Content-Security-Policy")).toBe(FILE_CSP);
  });
});
