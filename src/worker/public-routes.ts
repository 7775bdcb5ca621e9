/**
 * The public GET routes' answers: the agent card (ETag, Cache-Control, Last-Modified, 304) and
 * health. Plain functions of the configuration and the request, so the router and the public
 * front serve them with the same code.
 */
import type { Config } from "../config/config";
import { cardCacheOf, matchesEtag } from "./card-cache";

export const CARD_PATH = "/.well-known/agent-card.json";
export const HEALTH_PATH = "/health";

/** The public base URL: the configured one, else (local development) the request origin. */
export function baseUrlOf(config: Config, request: Request): string {
  return config.publicUrl ?? new URL(request.url).origin;
}

export async function cardResponse(config: Config, request: Request): Promise<Response> {
  const served = await cardCacheOf(config).get("public", baseUrlOf(config, request));
  if (matchesEtag(request.headers.get("If-None-Match") ?? undefined, served.etag))
    return new Response(null, { status: 304, headers: served.notModifiedHeaders });
  return new Response(served.bytes, { status: 200, headers: served.okHeaders });
}

export function healthResponse(): Response {
  return Response.json({ status: "healthy" });
}
