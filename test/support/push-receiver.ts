/**
 * A real local webhook receiver for push tests (Node http on 127.0.0.1). The path says how it
 * answers, per notification key:
 *   /hook/ok/<key>            200
 *   /hook/flaky/<key>/<n>     503 for the first n requests, then 200
 *   /hook/gone/<key>          410 (permanent)
 *   /hook/redirect/<key>      302 to /hook/ok/<key> (must not be followed)
 *   /hook/down/<key>          500 always (retries run out)
 *   /hook/slow/<key>/<ms>     200 after <ms> milliseconds (logged on arrival)
 * GET /log/<key> returns every request received for <key>: path, headers, body, answered status.
 */
import { createServer, type Server } from "node:http";
import { readRequestText } from "./read-request.ts";

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  at: number;
}

export interface PushReceiver {
  url: string;
  requests: (key: string) => ReceivedRequest[];
  close: () => Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const log = new Map<string, ReceivedRequest[]>();
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? "/";
    const parts = path.split("/").filter(Boolean);
    if (req.method === "GET" && parts[0] === "log" && parts[1]) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(log.get(parts[1]) ?? []));
      return;
    }
    const body = await readRequestText(req);
    const [, mode, key = "none", n] = parts;
    const seen = log.get(key) ?? [];
    let status = 404;
    if (mode === "ok") status = 200;
    else if (mode === "flaky") status = seen.length < Number(n ?? "1") ? 503 : 200;
    else if (mode === "gone") status = 410;
    else if (mode === "redirect") status = 302;
    else if (mode === "down") status = 500;
    else if (mode === "slow") status = 200;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
    seen.push({ path, method: req.method ?? "", headers, body, status, at: Date.now() });
    log.set(key, seen);
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, Number(n ?? "0")));
    res.writeHead(status, status === 302 ? { Location: `/hook/ok/${key}` } : {});
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: (key) => log.get(key) ?? [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
