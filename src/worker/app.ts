/**
 * The router: a Hono app (behind the public front, public-front.ts, which answers the plain GETs
 * of the card and of /health first). Public routes first (`/health`, the agent card), then
 * authentication, then the iac-code routes (files, delivery log), the HTTP+JSON binding under the
 * interface path, and the JSON-RPC endpoint at the interface path (with or without a trailing
 * slash). Every error is a clear JSON answer; stacks, secrets and paths stay in the log.
 */
import { Hono } from "hono";
import { configOf, type Config } from "../config/config";
import { authenticateLimited } from "./auth-failures";
import { frontGate, unhandledErrorResponse } from "./front-gate";
import { baseUrlOf, CARD_PATH, cardResponse, HEALTH_PATH, healthResponse } from "./public-routes";
import type { FrontRequest } from "./binding-front";
import { handleJsonRpc } from "./jsonrpc";
import { handleRest, matchRestRoute } from "./rest";
import { deliveryLogRoute } from "./delivery-log-route";
import { fileRoutes } from "./file-routes";
import { quotaRoute } from "./quota-route";
import { callerKey, rateLimitResponse } from "./rate-limit";
import { jwksRoute } from "./jwks-route";
import { playgroundRoutes } from "./playground";
import { requestLog } from "./request-log";
import { isWebSocketUpgrade, upgradeToWebSocket } from "./websocket-session";
import { trimEnd } from "../a2a/trim-end";

type AppEnv = { Bindings: Env; Variables: { config: Config; owner: string; expiresAtMs: number | undefined } };

/** The path the JSON-RPC interface answers on, trailing slashes ignored. */
function interfacePath(config: Config): string {
  return config.publicUrl ? trimEnd(new URL(config.publicUrl).pathname, "/") : "";
}

export const app = new Hono<AppEnv>();

app.onError((error) => unhandledErrorResponse(error));

app.notFound((c) => c.json({ error: "Not Found" }, 404));

app.use("*", requestLog);

app.use("*", async (c, next) => {
  c.set("config", configOf(c.env));
  return (await frontGate(c.var.config, c.req.raw, c.req.path, c.env)) ?? next();
});

app.get(HEALTH_PATH, () => healthResponse());
app.route("/", playgroundRoutes);
app.get(CARD_PATH, (c) => cardResponse(c.var.config, c.req.raw));
app.get("/.well-known/jwks.json", jwksRoute);

app.use("*", async (c, next) => {
  const result = await authenticateLimited(c.req.raw, c.var.config, c.env);
  if ("limited" in result) return result.limited;
  if ("refusal" in result) {
    const { status, error, challenge } = result.refusal;
    return c.json({ error }, status, challenge ? { "WWW-Authenticate": challenge } : {});
  }
  c.set("owner", result.owner);
  c.set("expiresAtMs", result.expiresAtMs);
  if (c.var.config.rateLimit) {
    const limited = await rateLimitResponse(c.env.RATE_LIMIT_API, callerKey(result.owner, c.req.raw, c.var.config));
    if (limited) return limited;
  }
  await next();
});

app.route("/", deliveryLogRoute);
app.route("/", fileRoutes);
app.route("/", quotaRoute);

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
  if (trimEnd(path, "/") === base && isWebSocketUpgrade(c.req.raw)) return upgradeToWebSocket(front, c.var.expiresAtMs);
  if (c.req.method !== "POST" || trimEnd(path, "/") !== base) return c.json({ error: "Not Found" }, 404);
  return handleJsonRpc(front);
});
