/** Reads a Node HTTP request body as UTF-8 text: the fake servers' shared helper. */
import type { IncomingMessage } from "node:http";

export function readRequestText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}
