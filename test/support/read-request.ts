/** The fake servers' shared helpers: read a Node HTTP request body as UTF-8 text, listen on loopback. */
import type { IncomingMessage, Server } from "node:http";

export function readRequestText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/** Starts a fake server on 127.0.0.1 (an ephemeral port when 0) and returns its base URL and a stop. */
export async function listenOnLoopback(server: Server, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
