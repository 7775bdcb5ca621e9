// a2a-client: the command-line client of the iac-code A2A server (Node 20+; jose only for --verify).
// It discovers the JSON-RPC endpoint from the agent card (optionally verifying its signature), speaks
// A2A 1.0 (A2A-Version: 1.0), streams SSE, resumes with Last-Event-ID, and moves files to and from the
// workspace and artifact routes. Credentials: --token (Bearer), --basic user:password, --api-key.
import { parseArgs } from "node:util";
import { readFile, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { verifyCardSignature } from "./card-verify.mjs";

const USAGE = `Usage: a2a-client <command> [options]

Commands:
  card                               print the agent card (--verify: check its signature, exit 1 if it fails)
  send <text...>                     send a message and wait for the turn (--stream to stream it;
                                     --verify: refuse a card whose signature does not verify)
  get <taskId>                       print a task (--history N)
  list                               list tasks (--context ID, --status STATE, --page-size N, --page-token T)
  cancel <taskId>                    cancel a task
  subscribe <taskId>                 stream a task's events (--last-event-id N to resume)
  upload <localFile> <workspacePath> upload a file into the workspace (e.g. /workspace/proj/main.tf)
  download <url|workspacePath> [out] download an artifact URL or a workspace file

Options:
  --url URL          server base URL (default $A2A_URL or http://127.0.0.1:8787)
  --token T          Bearer token (default $A2A_TOKEN)
  --basic USER:PASS  Basic credentials (default $A2A_BASIC)
  --api-key KEY      API key (default $A2A_API_KEY), sent in --api-key-header (default X-API-Key)
  --verify           verify the card's signature against the JWKS its jku names (same origin only)
  --jwks FILE|URL    verify against this pinned JWKS instead of the jku
  --context ID       contextId for send (follow-ups continue the conversation)
  --task ID          continue an input-required task
  --cwd PATH         workspace path for send (metadata.iac_code.cwd)
  --stream           stream the turn (SendStreamingMessage)
  --no-wait          return at once (configuration.returnImmediately)
  --json             print raw JSON instead of a summary
`;

export class A2AClientError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** The base URL without trailing slashes (a loop: `/\/+$/` is quadratic on a long run of them). */
function trimTrailingSlashes(url) {
  let end = url.length;
  while (end > 0 && url[end - 1] === "/") end -= 1;
  return url.slice(0, end);
}

export class A2AClient {
  constructor({ url, token, basic, apiKey, apiKeyHeader = "X-API-Key", verify = false, jwks, fetchImpl = fetch }) {
    this.base = trimTrailingSlashes(url);
    this.token = token;
    this.basic = basic;
    this.apiKey = apiKey ? { header: apiKeyHeader, value: apiKey } : undefined;
    this.verify = verify || jwks !== undefined;
    this.jwks = jwks;
    this.fetch = fetchImpl;
    this.nextId = 1;
    this.endpoint = undefined;
  }

  headers(extra = {}) {
    const authorization = this.token ? `Bearer ${this.token}` : this.basic ? `Basic ${Buffer.from(this.basic).toString("base64")}` : undefined;
    return { ...(authorization ? { Authorization: authorization } : {}), ...(this.apiKey ? { [this.apiKey.header]: this.apiKey.value } : {}), ...extra };
  }

  async card() {
    const res = await this.fetch(`${this.base}/.well-known/agent-card.json`, { headers: this.headers() });
    if (!res.ok) throw new A2AClientError(`Agent card: HTTP ${res.status}`);
    return res.json();
  }

  /** The card, its signature checked when --verify or --jwks asks; `verified` says by which key. */
  async verifiedCard() {
    const card = await this.card();
    if (!this.verify) return { card };
    try {
      const verified = await verifyCardSignature(card, { cardUrl: `${this.base}/.well-known/agent-card.json`, jwks: this.jwks, fetchImpl: this.fetch });
      return { card, verified };
    } catch (error) {
      throw new A2AClientError(`Agent card refused: ${error.message}`);
    }
  }

  async rpcUrl() {
    if (!this.endpoint) {
      const { card } = await this.verifiedCard();
      const iface = (card.supportedInterfaces ?? []).find((i) => i.protocolBinding === "JSONRPC" && i.protocolVersion === "1.0");
      if (!iface) throw new A2AClientError("The agent card has no JSON-RPC 1.0 interface");
      this.endpoint = iface.url;
    }
    return this.endpoint;
  }

  async post(method, params, extraHeaders = {}) {
    const id = this.nextId++;
    const res = await this.fetch(await this.rpcUrl(), {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json", "A2A-Version": "1.0", ...extraHeaders }),
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
    });
    if (res.status === 401) throw new A2AClientError("Unauthorized: pass --token, --basic or --api-key");
    if (res.status === 429) throw new A2AClientError(`Rate limited: retry after ${res.headers.get("Retry-After") ?? "a while"} s`);
    return { id, res };
  }

  async call(method, params) {
    const { res } = await this.post(method, params);
    const body = await res.json();
    if (body.error) throw new A2AClientError(`${body.error.message} (${body.error.code})`, body.error.code);
    return body.result;
  }

  /** Yields `{ id, event }` for each SSE event of a streaming method. */
  async *stream(method, params, lastEventId) {
    const { id, res } = await this.post(method, params, {
      Accept: "text/event-stream",
      ...(lastEventId !== undefined ? { "Last-Event-ID": String(lastEventId) } : {}),
    });
    const type = res.headers.get("Content-Type") ?? "";
    if (!type.startsWith("text/event-stream")) {
      const body = await res.json();
      throw new A2AClientError(`${body.error?.message ?? "unexpected answer"} (${body.error?.code ?? res.status})`, body.error?.code);
    }
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let seq;
        const data = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) seq = Number(line.slice(4));
          else if (line.startsWith("data: ")) data.push(line.slice(6));
        }
        if (data.length === 0) continue;
        const frame = JSON.parse(data.join("\n"));
        if (frame.id !== id) throw new A2AClientError("Stream frame with a foreign request id");
        if (frame.error) throw new A2AClientError(`${frame.error.message} (${frame.error.code})`, frame.error.code);
        yield { seq, event: frame.result };
      }
    }
  }

  message(text, { context, task, cwd }) {
    return {
      messageId: randomUUID(),
      role: "ROLE_USER",
      parts: [{ text }],
      ...(context ? { contextId: context } : {}),
      ...(task ? { taskId: task } : {}),
      ...(cwd ? { metadata: { iac_code: { cwd } } } : {}),
    };
  }

  async upload(localFile, workspacePath) {
    const body = await readFile(localFile);
    const res = await this.fetch(`${this.base}/iac-code/workspace${workspacePath}`, { method: "PUT", headers: this.headers(), body });
    const answer = await res.json();
    if (!res.ok) throw new A2AClientError(answer.error ?? `HTTP ${res.status}`);
    return answer;
  }

  async download(target) {
    const url = /^https?:\/\//.test(target) ? target : `${this.base}/iac-code/workspace${target}`;
    const res = await this.fetch(url, { headers: this.headers() });
    if (!res.ok) throw new A2AClientError(`Download: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
}

function describe(event) {
  if (event.task) return `task ${event.task.id} ${event.task.status.state}`;
  if (event.message) return `message: ${event.message.parts.map((p) => p.text ?? "").join("")}`;
  if (event.artifactUpdate) {
    const part = event.artifactUpdate.artifact.parts[0] ?? {};
    return `artifact ${event.artifactUpdate.artifact.name ?? event.artifactUpdate.artifact.artifactId}${part.url ? ` ${part.url}` : ""}`;
  }
  if (event.statusUpdate) {
    const { status, metadata } = event.statusUpdate;
    const text = status.message?.parts.map((p) => p.text ?? "").join("");
    const tool = metadata?.iac_code?.tool;
    if (tool) return `  [tool ${tool.name ?? tool.toolUseId} ${tool.status}]`;
    return text ? `${status.state === "TASK_STATE_WORKING" ? "" : `${status.state}: `}${text}` : status.state;
  }
  return JSON.stringify(event);
}

/**
 * Prints a streamed turn as a person reads it: assistant text deltas run on as one text (no line
 * break per delta), tool lines start on their own line and always name the tool (the name is sent
 * once, when the call starts; later phases carry only the toolUseId), and the final status shows
 * only its state when its text was already streamed (the final answer is the last step's text).
 */
export class StreamPrinter {
  constructor(out) {
    this.out = out;
    this.toolNames = new Map();
    this.streamed = "";
    this.atLineStart = true;
  }

  write(text) {
    if (text === "") return;
    this.out.write(text);
    this.atLineStart = text.endsWith("\n");
  }

  line(text) {
    if (!this.atLineStart) this.write("\n");
    this.write(`${text}\n`);
  }

  print(event) {
    const update = event.statusUpdate;
    if (!update) {
      this.line(describe(event));
      return;
    }
    const { status, metadata } = update;
    const tool = metadata?.iac_code?.tool;
    if (tool) {
      if (tool.name) this.toolNames.set(tool.toolUseId, tool.name);
      this.line(`  [tool ${tool.name ?? this.toolNames.get(tool.toolUseId) ?? tool.toolUseId} ${tool.status}]`);
      return;
    }
    const text = status.message?.parts.map((p) => p.text ?? "").join("") ?? "";
    if (status.state === "TASK_STATE_WORKING") {
      this.streamed += text;
      this.write(text);
      return;
    }
    const shown = text !== "" && this.streamed.includes(text.trim());
    this.line(text === "" || shown ? status.state : `${status.state}: ${text}`);
  }

  end() {
    if (!this.atLineStart) this.write("\n");
  }
}

function summarizeTask(task) {
  const lines = [`task ${task.id}`, `context ${task.contextId}`, `state ${task.status.state}`];
  const reply = task.status.message?.parts.map((p) => p.text ?? "").join("");
  if (reply) lines.push("", reply);
  for (const artifact of task.artifacts ?? []) for (const part of artifact.parts) if (part.url) lines.push(`artifact ${artifact.name}: ${part.url}`);
  return lines.join("\n");
}

export async function main(argv, out = process.stdout) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      token: { type: "string" },
      basic: { type: "string" },
      "api-key": { type: "string" },
      "api-key-header": { type: "string" },
      verify: { type: "boolean" },
      jwks: { type: "string" },
      context: { type: "string" },
      task: { type: "string" },
      cwd: { type: "string" },
      stream: { type: "boolean" },
      "no-wait": { type: "boolean" },
      json: { type: "boolean" },
      history: { type: "string" },
      status: { type: "string" },
      "page-size": { type: "string" },
      "page-token": { type: "string" },
      "last-event-id": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    out.write(USAGE);
    return command ? 0 : 2;
  }
  const client = new A2AClient({
    url: values.url ?? process.env.A2A_URL ?? "http://127.0.0.1:8787",
    token: values.token ?? process.env.A2A_TOKEN,
    basic: values.basic ?? process.env.A2A_BASIC,
    apiKey: values["api-key"] ?? process.env.A2A_API_KEY,
    apiKeyHeader: values["api-key-header"],
    verify: values.verify,
    jwks: values.jwks,
  });
  const print = (value, summary) => out.write(`${values.json || !summary ? JSON.stringify(value, null, 2) : summary(value)}\n`);
  switch (command) {
    case "card": {
      const { card, verified } = await client.verifiedCard();
      print(card);
      if (verified)
        process.stderr.write(`signature verified: kid ${verified.kid} (${verified.alg}) against ${verified.jwks}; forms: ${verified.forms.join(", ")}\n`);
      return 0;
    }
    case "send": {
      const text = rest.join(" ");
      if (!text) throw new A2AClientError("send needs a text");
      const message = client.message(text, values);
      if (values.stream) {
        const printer = new StreamPrinter(out);
        for await (const { event } of client.stream("SendStreamingMessage", { message })) {
          if (values.json) out.write(`${JSON.stringify(event)}\n`);
          else printer.print(event);
        }
        printer.end();
        return 0;
      }
      const result = await client.call("SendMessage", { message, configuration: values["no-wait"] ? { returnImmediately: true } : {} });
      print(result, (r) => (r.task ? summarizeTask(r.task) : describe(r)));
      return 0;
    }
    case "get":
      print(await client.call("GetTask", { id: rest[0], ...(values.history ? { historyLength: Number(values.history) } : {}) }), summarizeTask);
      return 0;
    case "list": {
      const result = await client.call("ListTasks", {
        ...(values.context ? { contextId: values.context } : {}),
        ...(values.status ? { status: values.status } : {}),
        ...(values["page-size"] ? { pageSize: Number(values["page-size"]) } : {}),
        ...(values["page-token"] ? { pageToken: values["page-token"] } : {}),
      });
      print(result, (r) =>
        [
          ...r.tasks.map((t) => `${t.status.timestamp}  ${t.status.state.padEnd(26)} ${t.id}`),
          `${r.tasks.length} of ${r.totalSize}${r.nextPageToken ? `, next page: --page-token ${r.nextPageToken}` : ""}`,
        ].join("\n"),
      );
      return 0;
    }
    case "cancel":
      print(await client.call("CancelTask", { id: rest[0] }), summarizeTask);
      return 0;
    case "subscribe": {
      const last = values["last-event-id"] !== undefined ? Number(values["last-event-id"]) : undefined;
      for await (const { seq, event } of client.stream("SubscribeToTask", { id: rest[0] }, last))
        out.write(`${seq ?? "-"} ${values.json ? JSON.stringify(event) : describe(event)}\n`);
      return 0;
    }
    case "upload":
      print(await client.upload(rest[0], rest[1]));
      return 0;
    case "download": {
      const bytes = await client.download(rest[0]);
      if (rest[1]) await writeFile(rest[1], bytes);
      else out.write(Buffer.from(bytes));
      return 0;
    }
    default:
      out.write(USAGE);
      return 2;
  }
}
