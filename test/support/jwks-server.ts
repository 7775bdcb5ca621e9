/**
 * A local JSON Web Key Set host (Node http on 127.0.0.1), standing in for an identity provider's
 * `jwks_uri`. Tests in workerd generate their key pairs and publish the public halves here:
 *
 *   GET  /jwks.json        the current key set (counts every fetch)
 *   PUT  /control/keys     body {"keys":[…]}: replaces the set (a rotation)
 *   PUT  /control/down     body {"down":true|false}: while down, the JWKS answers 503 (an outage)
 *   GET  /control/fetches  {"fetches":n}: how often /jwks.json was asked for
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
    json(404, { error: "not found" });
  });
  return listenOnLoopback(server, port);
}
