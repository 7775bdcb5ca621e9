/**
 * The public front: a GET of the agent card or of /health is answered here, before the router.
 * They are the most requested URLs (every client discovers through the card, caches revalidate it,
 * load balancers poll health) and need no owner, body or method layer, so they skip Hono's
 * dispatch and the request scope (measured with bench/ab.mjs: card GET about a quarter less workerd
 * CPU per request). They pass the same gate and get the same log line as every other request
 * (front-gate.ts, request-log.ts). Anything else, including a card path spelled another way (a
 * percent-escape, a HEAD), goes to the router, which serves the same routes with the same code.
 */
import { configOf } from "../config/config";
import { frontGate, unhandledErrorResponse } from "./front-gate";
import { CARD_PATH, cardResponse, HEALTH_PATH, healthResponse } from "./public-routes";
import { closeRequest, openRequest } from "./request-log";

/** The path of a request URL as the client sent it: after the authority, before the query. */
function rawPathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

async function servePublic(request: Request, env: Env, path: string): Promise<Response> {
  const record = openRequest(request);
  let response: Response;
  try {
    const config = configOf(env);
    response = (await frontGate(config, request, path, env)) ?? (path === CARD_PATH ? await cardResponse(config, request) : healthResponse());
  } catch (error) {
    response = unhandledErrorResponse(error);
  }
  return closeRequest(record, request, path, response, env, undefined);
}

/** The answer of the public front, or undefined when the router is to answer. */
export function publicFront(request: Request, env: Env): Promise<Response> | undefined {
  if (request.method !== "GET") return undefined;
  const path = rawPathOf(request.url);
  return path === CARD_PATH || path === HEALTH_PATH ? servePublic(request, env, path) : undefined;
}
