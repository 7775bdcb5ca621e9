/**
 * A local DNS-over-HTTPS resolver speaking the JSON API (Cloudflare's and Google's
 * `application/dns-json`), on 127.0.0.1. Its zone is what the tests put there:
 *
 *   GET /dns-query?name=<n>&type=A|AAAA   {"Status":0,"Answer":[{name,type,TTL,data}]}; Status 3 for an unknown name
 *   PUT /control/records                  body {"<name>":{"A":[…],"AAAA":[…],"CNAME":[…]}, …}: merged into the zone
 *                                         (a CNAME is answered, before the addresses, to A and AAAA queries)
 *   PUT /control/status                   body {"<name>":<rcode>}: answer that DNS status (2 SERVFAIL…) for the name
 *   GET /control/queries                  every name and type asked, in order
 */
import { createServer, type Server } from "node:http";
import { listenOnLoopback, readRequestText } from "./read-request.ts";

export interface DohServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, number> = { A: 1, CNAME: 5, AAAA: 28 };

export async function startDohServer(port = 0): Promise<DohServer> {
  const zone = new Map<string, Record<string, string[]>>();
  const statuses = new Map<string, number>();
  const queries: Array<{ name: string; type: string }> = [];
  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "Content-Type": type });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://doh.local");
    if (req.method === "GET" && url.pathname === "/dns-query") {
      const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
      const type = (url.searchParams.get("type") ?? "A").toUpperCase();
      queries.push({ name, type });
      const status = statuses.get(name);
      if (status !== undefined) return json(200, { Status: status }, "application/dns-json");
      const records = zone.get(name);
      if (!records) return json(200, { Status: 3 }, "application/dns-json");
      const answer = (t: string) => (records[t] ?? []).map((data) => ({ name: `${name}.`, type: TYPES[t] ?? 0, TTL: 60, data }));
      const answers = [...answer("CNAME"), ...answer(type)];
      return json(200, { Status: 0, ...(answers.length ? { Answer: answers } : {}) }, "application/dns-json");
    }
    if (req.method === "PUT" && url.pathname === "/control/records") {
      const body = JSON.parse(await readRequestText(req)) as Record<string, Record<string, string[]>>;
      for (const [name, records] of Object.entries(body)) {
        zone.set(name.toLowerCase(), records);
        statuses.delete(name.toLowerCase());
      }
      return json(200, { names: zone.size });
    }
    if (req.method === "PUT" && url.pathname === "/control/status") {
      const body = JSON.parse(await readRequestText(req)) as Record<string, number>;
      for (const [name, status] of Object.entries(body)) statuses.set(name.toLowerCase(), status);
      return json(200, { ok: true });
    }
    if (req.method === "GET" && url.pathname === "/control/queries") return json(200, { queries });
    json(404, { error: "not found" });
  });
  return listenOnLoopback(server, port);
}
