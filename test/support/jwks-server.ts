/**
 * A local JSON Web Key Set host (Node http on 127.0.0.1), standing in for an identity provider's
 * `jwks_uri`. Tests in workerd generate their key pairs and publish the public halves here:
 *
 *   GET  /jwks.json        the current key set (counts every fetch)
 *   PUT  /control/keys     body {"keys":[…]}: replaces the set (a rotation)
 *   PUT  /control/down     body {"down":true|false}: while down, the JWKS answers 503 (an outage)
 *   GET  /control/fetches  {"fetches":n}: how often /jwks.json was asked for
 *   GET  /padded-jwks.json?bytes=N   the current key set followed by filler keys, N bytes in all,
 *                          streamed in 64 KiB chunks without Content-Length (chunked), as a
 *                          hostile or broken identity provider might serve it
 *   GET  /control/padded   {"sent":bytes,"completed":bool}: how much of the last padded set went
 *                          out before the reader stopped (issue 30 item 6: the JWKS size cap)
 */
import { createServer, type Server } from "node:http";
import { listenOnLoopback, readRequestText } from "./read-request.ts";

export interface JwksServer {
  url: string;
  close(): Promise<void>;
}

export async function startJwksServer(port = 0): Promise<JwksServer> {
  let keys: unknown[] = [];
  let down = false;
  let fetches = 0;
  let padded = { sent: 0, completed: false };
  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/jwks.json") {
      fetches++;
      if (down) return json(503, { error: "unavailable" });
      return json(200, { keys });
    }
    if (req.method === "PUT" && req.url === "/control/keys") {
      keys = (JSON.parse(await readRequestText(req)) as { keys: unknown[] }).keys;
      return json(200, { keys: keys.length });
    }
    if (req.method === "PUT" && req.url === "/control/down") {
      down = (JSON.parse(await readRequestText(req)) as { down: boolean }).down;
      return json(200, { down });
    }
    if (req.method === "GET" && req.url === "/control/fetches") return json(200, { fetches });
    if (req.method === "GET" && req.url?.startsWith("/padded-jwks.json"))
      return servePadded(res, keys, Number(new URL(req.url, "http://x").searchParams.get("bytes")), (p) => (padded = p));
    if (req.method === "GET" && req.url === "/control/padded") return json(200, padded);
    json(404, { error: "not found" });
  });
  return listenOnLoopback(server, port);
}

const CHUNK = 64 * 1024;

/**
 * `{"keys":[<keys>,{"kty":"oct","kid":"pad-0","k":"AAAA…"},…]}` of about `total` bytes, written as
 * the reader takes it; `report` hears how much went out and whether it all did.
 */
function servePadded(res: import("node:http").ServerResponse, keys: unknown[], total: number, report: (p: { sent: number; completed: boolean }) => void): void {
  const head = `{"keys":[${keys.map((k) => JSON.stringify(k)).join(",")}`;
  const filler = (i: number) => `,{"kty":"oct","kid":"pad-${i}","k":"${"A".repeat(1000)}"}`;
  let sent = 0;
  let i = 0;
  report({ sent, completed: false });
  res.writeHead(200, { "Content-Type": "application/json" });
  const pump = () => {
    while (sent < total) {
      let chunk = sent === 0 ? head : "";
      while (chunk.length < CHUNK && sent + chunk.length < total) chunk += filler(i++);
      sent += chunk.length;
      report({ sent, completed: false });
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end("]}", () => report({ sent: sent + 2, completed: true }));
  };
  res.on("close", () => report({ sent, completed: res.writableFinished }));
  pump();
}
