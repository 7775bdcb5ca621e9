/**
 * The durable floor: a Worker whose only work is one Durable Object RPC that inserts one SQLite
 * row (or, with `X-Bench-Op: read`, reads one row by its key: the GetTask floor), then a constant
 * JSON answer. The object is chosen by the `X-Bench-Key` header (the bench
 * sends the same context keys it uses for SendMessage), so requests spread over as many objects
 * as the real Worker's ContextAgents. Nothing that persists can be faster than this.
 *
 * A request that accepts `text/event-stream` (the stream floor) gets the floor's constant
 * four-event body as a stream that the object returns from the RPC after inserting its row: the
 * least a server can do that persists a turn before its first event and writes the stream from
 * the object that owns the conversation.
 */
import { DurableObject } from "cloudflare:workers";
import { SSE_BODY } from "./floor-sse.mjs";

const SSE_BYTES = new TextEncoder().encode(SSE_BODY);

export class Row extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)");
  }

  insert(at) {
    this.ctx.storage.sql.exec("INSERT INTO rows (at) VALUES (?)", at);
    return 1;
  }

  stream(at) {
    this.ctx.storage.sql.exec("INSERT INTO rows (at) VALUES (?)", at);
    const { readable, writable } = new IdentityTransformStream();
    const writer = writable.getWriter();
    writer
      .write(SSE_BYTES)
      .then(() => writer.close())
      .catch(() => {});
    return readable;
  }

  read() {
    return this.ctx.storage.sql.exec("SELECT id FROM rows ORDER BY id LIMIT 1").toArray().length;
  }
}

export default {
  async fetch(request, env) {
    if (request.body) await request.arrayBuffer(); // keeps the client's connection reusable
    const key = request.headers.get("X-Bench-Key") ?? "default";
    const stub = env.ROW.get(env.ROW.idFromName(key));
    if ((request.headers.get("Accept") ?? "").includes("text/event-stream")) {
      return new Response(await stub.stream(Date.now()), { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
    }
    const n = request.headers.get("X-Bench-Op") === "read" ? await stub.read() : await stub.insert(Date.now());
    return new Response(`{"jsonrpc":"2.0","id":1,"result":{"rows":${n}}}`, { headers: { "Content-Type": "application/json" } });
  },
};
