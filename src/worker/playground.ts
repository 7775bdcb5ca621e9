/**
 * The playground (a browser page that drives this server through its own JSON-RPC API): `GET /`
 * for a request that accepts `text/html`, and its files under `/playground/`. The files are
 * embedded in the bundle (scripts/embed-playground.mjs writes playground-files.generated.ts from
 * src/playground/), so they ship with the Worker and need no network, and API requests pay no
 * static-asset router hop in front of the Worker. Every answer carries a strict Content-Security-Policy:
 * the page loads nothing but its own files and talks to nothing but this origin. JSON-RPC `POST /`
 * and a `GET /` from an API client (no `text/html` in Accept) are untouched.
 */
import { Hono } from "hono";
import { matchesEtag } from "./card-cache";
import { PLAYGROUND_FILES } from "./playground-files.generated";

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

/** One embedded file with the security headers; 304 when the client already holds these bytes. */
function serveFile(request: Request, name: string): Response {
  const file = PLAYGROUND_FILES[name];
  if (!file) return Response.json({ error: "Not Found" }, { status: 404 });
  const headers = { ...SECURITY_HEADERS, ETag: file.etag };
  if (matchesEtag(request.headers.get("If-None-Match") ?? undefined, file.etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : file.body, { status: 200, headers: { ...headers, "Content-Type": file.type } });
}

export const playgroundRoutes = new Hono();

playgroundRoutes.get("/", async (c, next) => {
  if (!wantsHtml(c.req.header("Accept"))) return next();
  return serveFile(c.req.raw, "index.html");
});

/** Only plain file names (`app.js`, `style.css`): no folders, no dot files. */
playgroundRoutes.get("/playground/:file{[a-z][a-z0-9-]*\\.(js|css)}", (c) => serveFile(c.req.raw, c.req.param("file")));
