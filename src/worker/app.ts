/**
 * The edge entry: a Hono app. Public routes first (`/health`, the agent card), then
 * authentication, then the iac-code routes (files, delivery log), the HTTP+JSON binding under the
 * interface path, and the JSON-RPC endpoint at the interface path (with or without a trailing
 * slash). Every error is a clear JSON answer; stacks, secrets and paths stay in the log.
 */
import { Hono } from "hono";
import { configOf, ConfigError, type Config } from "../config/config";
import { authenticate } from "./auth";
import { cardCacheOf, matchesEtag } from "./card-cache";
import type { FrontRequest } from "./binding-front";
import { handleJsonRpc } from "./jsonrpc";
import { handleRest, matchRestRoute } from "./rest";
import { deliveryLogRoute } from "./delivery-log-route";
import { fileRoutes } from "./file-routes";
import { requirePushKeyring } from "./push-keyring-guard";
import { callerKey, clientAddress, rateLimitResponse } from "./rate-limit";
import { hostAccepted, MISDIRECTED_BODY } from "./host-check";
import { jwksRoute } from "./jwks-route";
import { playgroundRoutes } from "./playground";
import { requestLog } from "./request-log";
import { isWebSocketUpgrade, upgradeToWebSocket } from "./websocket-session";

type AppEnv = { Bindings: Env; Variables: { config: Config; owner: string } };

/** The public base URL: the configured one, else (local development) the request origin. */
function baseUrlOf(config: Config, request: Request): string {
  return config.publicUrl ?? new URL(request.url).origin;
}

/** The path the JSON-RPC interface answers on, trailing slashes ignored. */
function interfacePath(config: Config): string {
  return config.publicUrl ? new URL(config.publicUrl).pathname.replace(/\/+$/, "") : "";
}

export const app = new Hono<AppEnv>();

app.onError((error, c) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    return c.json({ error: "Server misconfigured", detail: error.message }, 500);
  }
  console.error("unhandled error", error instanceof Error ? error.name : typeof error);
  return c.json({ error: "Internal Server Error" }, 500);
});

app.notFound((c) => c.json({ error: "Not Found" }, 404));

app.use("*", requestLog);

app.use("*", async (c, next) => {
  c.set("config", configOf(c.env));
  if (!hostAccepted(c.var.config, c.req.url)) return c.json(MISDIRECTED_BODY, 421);
  requirePushKeyring(c.var.config, c.req.url);
  await next();
});

const PUBLIC_PATHS = new Set(["/health", "/.well-known/agent-card.json", "/.well-known/jwks.json"]);

app.use("*", async (c, next) => {
  if (!c.var.config.rateLimit || !PUBLIC_PATHS.has(c.req.path)) return next();
  return (await rateLimitResponse(c.env.RATE_LIMIT_PUBLIC, `public:${clientAddress(c.req.raw.headers)}`)) ?? next();
});

app.get("/health", (c) => c.json({ status: "healthy" }));
app.route("/", playgroundRoutes);

app.get("/.well-known/agent-card.json", async (c) => {
  const served = await cardCacheOf(c.var.config).get("public", baseUrlOf(c.var.config, c.req.raw));
  const headers = {
    "Cache-Control": "public, max-age=60",
    ETag: served.etag,
    "Last-Modified": served.lastModified,
  };
  if (matchesEtag(c.req.header("If-None-Match"), served.etag)) return c.body(null, 304, headers);
  return c.body(served.body, 200, { ...headers, "Content-Type": "application/json" });
});

app.get("/.well-known/jwks.json", jwksRoute);

app.use("*", async (c, next) => {
  const result = await authenticate(c.req.raw.headers, c.var.config.auth);
  if ("refusal" in result) {
    const { status, error, challenge } = result.refusal;
    return c.json({ error }, status, challenge ? { "WWW-Authenticate": challenge } : {});
  }
  c.set("owner", result.owner);
  if (c.var.config.rateLimit) {
    const limited = await rateLimitResponse(c.env.RATE_LIMIT_API, callerKey(result.owner, c.req.raw.headers));
    if (limited) return limited;
  }
  await next();
});

app.route("/", deliveryLogRoute);
app.route("/", fileRoutes);

/** The HTTP+JSON binding's paths under the interface path, then JSON-RPC at the interface path. */
app.all("*", async (c) => {
  const config = c.var.config;
  const base = interfacePath(config);
  const path = c.req.path;
  const front: FrontRequest = { request: c.req.raw, env: c.env, config, owner: c.var.owner, baseUrl: baseUrlOf(config, c.req.raw) };
  if (path.startsWith(`${base}/`)) {
    const rest = matchRestRoute(c.req.method, path.slice(base.length));
    if (rest) return handleRest({ ...front, ...rest });
  }
  if (path.replace(/\/+$/, "") === base && isWebSocketUpgrade(c.req.raw)) return upgradeToWebSocket(front);
  if (c.req.method !== "POST" || path.replace(/\/+$/, "") !== base) return c.json({ error: "Not Found" }, 404);
  return handleJsonRpc(front);
});
