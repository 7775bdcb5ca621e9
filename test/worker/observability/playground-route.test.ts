/**
 * The playground route (issue 12 §1): `GET /` for a browser serves the page from the files
 * embedded in the Worker bundle under a strict Content-Security-Policy, public even when auth is on; API clients
 * and every API route are unchanged; only the page's own files are served under /playground/.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import worker from "../../../src/worker/index";
import { BASE, V1, worker as self } from "../helpers/rpc";

const HTML = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

async function withEnv(overrides: Record<string, string>, request: Request): Promise<Response> {
  return await worker.fetch(request, { ...env, ...overrides } as Env, createExecutionContext());
}

describe("GET / for a browser", () => {
  it("serves the page with a CSP that allows only this origin, no inline code", async () => {
    const res = await self().fetch(`${BASE}/`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const page = await res.text();
    expect(page).toContain('<script type="module" src="/playground/app.js"></script>');
    // Nothing from another origin: every src and href is a local path or data:.
    for (const [, url] of page.matchAll(/(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^(\/playground\/|data:)/);
  });

  it("is public when a scheme is configured: the page asks for credentials itself", async () => {
    const res = await withEnv({ IACCODE_A2A_HTTP_TOKEN: "playground-token-0001" }, new Request(`${BASE}/`, { headers: HTML }));
    expect(res.status).toBe(200);
    const api = await withEnv({ IACCODE_A2A_HTTP_TOKEN: "playground-token-0001" }, new Request(`${BASE}/`, { method: "POST", headers: V1, body: "{}" }));
    expect(api.status).toBe(401);
  });

  it("serves the page's modules and stylesheet, and nothing else under /playground/", async () => {
    for (const file of ["app.js", "api.js", "card.js", "chat.js", "tasks.js", "artifacts.js", "dom.js", "style.css"]) {
      const res = await self().fetch(`${BASE}/playground/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      await res.body?.cancel();
    }
    expect((await self().fetch(`${BASE}/playground/index.html`)).status).toBe(404);
    expect((await self().fetch(`${BASE}/playground/app.JS`)).status).toBe(404);
    expect((await self().fetch(`${BASE}/playground/..%2Fwrangler.toml`)).status).toBe(404);
    expect((await self().fetch(`${BASE}/playground/missing.js`)).status).toBe(404);
  });
});

describe("the page's files are cacheable and revalidate by ETag", () => {
  it("answers a matching If-None-Match with 304 and no body, a stale one with the file, with the right media types", async () => {
    const types: Record<string, RegExp> = { "app.js": /^text\/javascript; charset=utf-8$/, "style.css": /^text\/css; charset=utf-8$/ };
    for (const [file, type] of Object.entries(types)) {
      const res = await self().fetch(`${BASE}/playground/${file}`);
      expect(res.headers.get("Content-Type")).toMatch(type);
      const etag = res.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const body = await res.text();
      expect(body.length).toBeGreaterThan(100);
      const fresh = await self().fetch(`${BASE}/playground/${file}`, { headers: { "If-None-Match": etag } });
      expect(fresh.status).toBe(304);
      expect(await fresh.text()).toBe("");
      expect(fresh.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      const stale = await self().fetch(`${BASE}/playground/${file}`, { headers: { "If-None-Match": '"not-this-one"' } });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(body);
    }
    const page = await self().fetch(`${BASE}/`, { headers: HTML });
    const etag = page.headers.get("ETag") ?? "";
    await page.body?.cancel();
    expect((await self().fetch(`${BASE}/`, { headers: { ...HTML, "If-None-Match": etag } })).status).toBe(304);
  });
});

describe("API clients see no change", () => {
  it("GET / without text/html is still Not Found JSON, and POST / is JSON-RPC", async () => {
    const get = await self().fetch(`${BASE}/`, { headers: { Accept: "application/json" } });
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ error: "Not Found" });
    const rpc = await self().fetch(`${BASE}/`, {
      method: "POST",
      headers: { ...V1, ...HTML },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "x" } }),
    });
    expect(((await rpc.json()) as { error: { code: number } }).error.code).toBe(-32001);
  });
});
