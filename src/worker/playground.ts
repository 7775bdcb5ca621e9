/**
 * The playground (a browser page that drives this server through its own JSON-RPC API): `GET /`
 * for a request that accepts `text/html`, and its files under `/playground/`. The files are
 * Workers static assets (`[assets]` in wrangler.toml, read through the ASSETS binding), so they
 * ship with the Worker and need no network. Every answer carries a strict Content-Security-Policy:
 * the page loads nothing but its own files and talks to nothing but this origin. JSON-RPC `POST /`
 * and a `GET /` from an API client (no `text/html` in Accept) are untouched.
 */
import { Hono } from "hono";

/** Only this origin's scripts, styles and requests; no inline code, no frames, no plugins. */
export const PLAYGROUND_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": PLAYGROUND_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  // Short: a deploy shows the new page within a minute.
  "Cache-Control": "public, max-age=60",
};

/** A browser navigation asks for HTML; API clients send `application/json`, `*\/*` or nothing. */
export function wantsHtml(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((type) => type.trim().toLowerCase().startsWith("text/html"));
}

async function serveAsset(env: Env, request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = path;
  const asset = await env.ASSETS.fetch(new Request(url, { method: "GET", headers: { Accept: request.headers.get("Accept") ?? "*/*" } }));
  if (!asset.ok) return Response.json({ error: "Not Found" }, { status: 404 });
  const headers = new Headers(asset.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(request.method === "HEAD" ? null : asset.body, { status: 200, headers });
}

export const playgroundRoutes = new Hono<{ Bindings: Env }>();

playgroundRoutes.get("/", async (c, next) => {
  if (!wantsHtml(c.req.header("Accept"))) return next();
  return serveAsset(c.env, c.req.raw, "/");
});

/** Only plain file names (`app.js`, `style.css`): no folders, no dot files. */
playgroundRoutes.get("/playground/:file{[a-z][a-z0-9-]*\\.(js|css)}", (c) => serveAsset(c.env, c.req.raw, `/${c.req.param("file")}`));
