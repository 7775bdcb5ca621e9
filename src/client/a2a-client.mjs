// a2a-client: the command-line client of the iac-code A2A server (Node 20+; jose only for --verify).
// It discovers the JSON-RPC endpoint from the agent card (optionally verifying its signature), speaks
// A2A 1.0 (A2A-Version: 1.0), streams SSE, resumes with Last-Event-ID, and moves files to and from the
// workspace and artifact routes. Credentials: --token (Bearer), --basic user:password, --api-key.
// Arguments are checked before any request (cli-args.mjs); connection problems and refusals are
// explained (explain.mjs); what the server sends is printed for a person (cli-output.mjs) or raw with
// --json; the exit status says how the task ended (exit-codes.mjs), so a failure is never hidden.
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { basename } from "node:path";
import { verifyCardSignature } from "./card-verify.mjs";
import { A2AClientError, explainFetchError, fetchExplained, normalizeBaseUrl, unauthorizedText } from "./explain.mjs";
import { StreamPrinter, describe, resumeHint, stateWord, summarizeTask } from "./cli-output.mjs";
import { checkArguments, parseCommandLine, TASK_STATES } from "./cli-args.mjs";
import { EXIT, EXIT_TABLE, exitForState, stateProblem } from "./exit-codes.mjs";

export { A2AClientError, StreamPrinter };

const DEFAULT_URL = "http://127.0.0.1:8787";

/** The package's version, for --version (the client ships in this package, bin/a2a-client.mjs). */
const VERSION = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

const USAGE = `Usage: a2a-client <command> [options]

Commands (each with an example):
  card                               print the agent card (--verify: check its signature, exit 1 if it fails)
                                       a2a-client card
  send <text...>                     send a message and wait for the turn (--stream to watch it run;
                                     --verify: refuse a card whose signature does not verify)
                                       a2a-client send --cwd /workspace/demo "Create a VPC with two vSwitches"
                                       a2a-client send --stream --context <contextId> "Add an SLB"
  get <taskId>                       print a task (--history N: its newest N messages)
                                       a2a-client get 3f2a…c01
  list                               list tasks (--context ID, --status STATE, --page-size N, --page-token T)
                                       a2a-client list --status input-required --page-size 5
  cancel <taskId>                    cancel a running or input-required task
                                       a2a-client cancel 3f2a…c01
  subscribe <taskId>                 follow a task's events (--last-event-id N: resume after event N)
                                       a2a-client subscribe 3f2a…c01 --last-event-id 3
  upload <localFile> <workspacePath> upload a file into the workspace
                                       a2a-client upload ./main.tf /workspace/demo/main.tf
  download <url|workspacePath> [out] download an artifact URL or a workspace file (out: a file, "-" for
                                     stdout; default: the file's own name)
                                       a2a-client download /workspace/demo/template.yaml

Options:
  --url URL          server base URL (default $A2A_URL, else ${DEFAULT_URL}; http:// when no scheme)
  --token T          Bearer token (default $A2A_TOKEN)
  --basic USER:PASS  Basic credentials (default $A2A_BASIC)
  --api-key KEY      API key (default $A2A_API_KEY), sent in --api-key-header (default X-API-Key)
  --verify           verify the card's signature against the JWKS its jku names (same origin only)
  --jwks FILE|URL    verify against this pinned JWKS instead of the jku
  --context ID       contextId for send (follow-ups continue the conversation)
  --task ID          continue an input-required task
  --cwd PATH         workspace path for send (metadata.iac_code.cwd, e.g. /workspace/demo)
  --stream           stream the turn (SendStreamingMessage); Ctrl-C stops watching, the task goes on
  --verbose          with --stream: every tool phase and input delta, not just one line per tool
  --no-wait          return at once (configuration.returnImmediately)
  --json             print raw JSON (one event per line when streaming) instead of a summary
  --status STATE     list: one of ${TASK_STATES.join(", ")}
  --version          print a2a-client's version
  -h, --help         this text

Environment:
  A2A_URL            the server's base URL when --url is not given (export A2A_URL=http://127.0.0.1:8787)
  A2A_TOKEN, A2A_BASIC, A2A_API_KEY   credentials when --token, --basic, --api-key are not given

Exit codes:
${EXIT_TABLE.map(([code, when]) => `  ${String(code).padEnd(4)} ${when}`).join("\n")}
`;

export class A2AClient {
  constructor({ url, token, basic, apiKey, apiKeyHeader = "X-API-Key", verify = false, jwks, credentials, fetchImpl = fetch }) {
    this.base = normalizeBaseUrl(url);
    this.token = token;
    this.basic = basic;
    this.apiKey = apiKey ? { header: apiKeyHeader, value: apiKey } : undefined;
    /** Which credentials were given and where they came from, for the 401 sentence. */
    this.credentials = credentials;
    this.verify = verify || jwks !== undefined;
    this.jwks = jwks;
    this.fetchImpl = fetchImpl;
    this.nextId = 1;
    this.endpoint = undefined;
  }

  headers(extra = {}) {
    const authorization = this.token ? `Bearer ${this.token}` : this.basic ? `Basic ${Buffer.from(this.basic).toString("base64")}` : undefined;
    return { ...(authorization ? { Authorization: authorization } : {}), ...(this.apiKey ? { [this.apiKey.header]: this.apiKey.value } : {}), ...extra };
  }

  /** fetch with connection problems explained, and a 401 or 429 said in words. */
  async fetch(url, init = {}) {
    const res = await fetchExplained(this.fetchImpl, url, init);
    if (res.status === 401) throw new A2AClientError(unauthorizedText(this.credentials));
    if (res.status === 429) throw new A2AClientError(`rate limited: retry after ${res.headers.get("Retry-After") ?? "a while"} s`);
    return res;
  }

  async card() {
    const url = `${this.base}/.well-known/agent-card.json`;
    const res = await this.fetch(url, { headers: this.headers() });
    if (!res.ok) throw new A2AClientError(`no agent card at ${url} (HTTP ${res.status}) — is --url the A2A server's base URL?`);
    return readJson(res, url);
  }

  /** The card, its signature checked when --verify or --jwks asks; `verified` says by which key. */
  async verifiedCard() {
    const card = await this.card();
    if (!this.verify) return { card };
    try {
      const verified = await verifyCardSignature(card, { cardUrl: `${this.base}/.well-known/agent-card.json`, jwks: this.jwks, fetchImpl: this.fetchImpl });
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
    return { id, res };
  }

  async call(method, params) {
    const { res } = await this.post(method, params);
    const body = await readJson(res, this.endpoint);
    if (body.error) throw rpcError(body.error);
    return body.result;
  }

  /** Yields `{ seq, event }` for each SSE event of a streaming method. */
  async *stream(method, params, lastEventId) {
    const { id, res } = await this.post(method, params, {
      Accept: "text/event-stream",
      ...(lastEventId !== undefined ? { "Last-Event-ID": String(lastEventId) } : {}),
    });
    const type = res.headers.get("Content-Type") ?? "";
    if (!type.startsWith("text/event-stream")) {
      const body = await readJson(res, this.endpoint);
      throw body.error ? rpcError(body.error) : new A2AClientError(`unexpected answer (HTTP ${res.status})`);
    }
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = parseFrame(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (!frame) continue;
        if (frame.body.id !== id) throw new A2AClientError("Stream frame with a foreign request id");
        if (frame.body.error) throw rpcError(frame.body.error);
        yield { seq: frame.seq, event: frame.body.result };
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
    let body;
    try {
      body = await readFile(localFile);
    } catch (error) {
      throw new A2AClientError(
        `cannot read ${localFile}: ${error.code === "ENOENT" ? "no such file" : error.code === "EISDIR" ? "it is a folder" : error.message}`,
      );
    }
    const url = `${this.base}/iac-code/workspace${workspacePath}`;
    const res = await this.fetch(url, { method: "PUT", headers: this.headers(), body });
    const answer = await readJson(res, url);
    if (!res.ok) throw new A2AClientError(`upload refused: ${answer.error ?? `HTTP ${res.status}`}`);
    return answer;
  }

  async download(target) {
    const url = /^https?:\/\//.test(target) ? target : `${this.base}/iac-code/workspace${target}`;
    const res = await this.fetch(url, { headers: this.headers() });
    if (res.status === 404) throw new A2AClientError(`no such file: ${target} (HTTP 404)`);
    if (!res.ok) throw new A2AClientError(`download of ${target}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
}

function parseFrame(block) {
  let seq;
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("id: ")) seq = Number(line.slice(4));
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  return data.length === 0 ? undefined : { seq, body: JSON.parse(data.join("\n")) };
}

/** The body as JSON, or an error that says the answer was not JSON (a web page, another server). */
async function readJson(res, url) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new A2AClientError(
      `${url} answered HTTP ${res.status} with ${res.headers.get("Content-Type") ?? "no content type"}, not JSON — is --url an A2A server?`,
    );
  }
}

const RPC_HINTS = { "-32001": " — a2a-client list shows your tasks", "-32003": " — the server has push notifications off (IACCODE_A2A_PUSH_NOTIFICATIONS)" };

function rpcError(error) {
  return new A2AClientError(`${error.message} (${error.code})${RPC_HINTS[String(error.code)] ?? ""}`, error.code);
}

function clientOf(values) {
  const token = values.token ?? process.env.A2A_TOKEN;
  const basic = values.basic ?? process.env.A2A_BASIC;
  const apiKey = values["api-key"] ?? process.env.A2A_API_KEY;
  const from = (flag, env) => (values[flag] !== undefined ? `--${flag}` : `$${env}`);
  const credentials = token
    ? { what: "token", from: from("token", "A2A_TOKEN") }
    : basic
      ? { what: "credentials", from: from("basic", "A2A_BASIC") }
      : apiKey
        ? { what: "API key", from: from("api-key", "A2A_API_KEY") }
        : undefined;
  return new A2AClient({
    url: values.url ?? process.env.A2A_URL ?? DEFAULT_URL,
    token,
    basic,
    apiKey,
    credentials,
    apiKeyHeader: values["api-key-header"],
    verify: values.verify,
    jwks: values.jwks,
  });
}

/**
 * Prints a stream's events until it ends. Ctrl-C stops watching only: the turn runs on in the server,
 * and the hint names the command (with Last-Event-ID) that follows it again.
 */
async function follow(events, out, values, printEvent) {
  const state = { taskId: undefined, seq: undefined, urlArg: values.url ? ` --url ${values.url}` : "" };
  const onInterrupt = () => {
    process.stderr.write(resumeHint(state));
    process.exit(130);
  };
  process.once("SIGINT", onInterrupt);
  try {
    for await (const { seq, event } of events) {
      state.taskId ??= event.task?.id ?? event.statusUpdate?.taskId ?? event.artifactUpdate?.taskId;
      if (seq !== undefined) state.seq = seq;
      const status = event.task?.status ?? event.statusUpdate?.status;
      if (status) [state.last, state.reason] = [status.state, messageText(status.message)];
      if (values.json) out.write(`${JSON.stringify(event)}\n`);
      else printEvent(seq, event);
    }
  } finally {
    process.off("SIGINT", onInterrupt);
  }
  return { taskId: state.taskId, state: state.last, reason: state.reason };
}

function messageText(message) {
  return (message?.parts ?? []).map((p) => p.text ?? "").join("");
}

/** The exit status for how a task was last seen; a state that is not success is said on stderr too. */
function ended(seen) {
  const problem = stateProblem(seen);
  if (problem) process.stderr.write(`a2a-client: ${problem}\n`);
  return exitForState(seen.state);
}

function taskSeen(task) {
  return task ? { taskId: task.id, state: task.status?.state, reason: messageText(task.status?.message) } : {};
}

async function download(client, rest, out) {
  const [target, to] = rest;
  const bytes = await client.download(target);
  if (to === "-") {
    out.write(Buffer.from(bytes));
    return;
  }
  const file = to ?? decodeURIComponent(basename(new URL(target, "http://x").pathname));
  await writeFile(file, bytes);
  out.write(`wrote ${file} (${bytes.byteLength} bytes)\n`);
}

export async function main(argv, out = process.stdout) {
  const { values, positionals } = parseCommandLine(argv);
  const [command, ...rest] = positionals;
  if (values.version) {
    out.write(`a2a-client ${VERSION} (A2A 1.0)\n`);
    return EXIT.ok;
  }
  if (!command || values.help || command === "help") {
    out.write(USAGE);
    return command || values.help ? EXIT.ok : EXIT.usage;
  }
  const checked = checkArguments(command, rest, values);
  const client = clientOf(values);
  try {
    return await run(command, rest, { values, checked, client, out });
  } catch (error) {
    // A fetch outside the client's own (the JWKS of --verify, a stream cut mid-way): said in words too.
    const explained = explainFetchError(error, client.base);
    if (explained) throw new A2AClientError(explained);
    throw error;
  }
}

async function run(command, rest, { values, checked, client, out }) {
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
      const message = client.message(rest.join(" "), values);
      if (values.stream) {
        const printer = new StreamPrinter(out, { verbose: values.verbose });
        const seen = await follow(client.stream("SendStreamingMessage", { message }), out, values, (_seq, event) => printer.print(event));
        printer.end();
        return ended(seen);
      }
      const result = await client.call("SendMessage", { message, configuration: values["no-wait"] ? { returnImmediately: true } : {} });
      print(result, (r) => (r.task ? summarizeTask(r.task) : describe(r)));
      return ended(taskSeen(result.task));
    }
    case "get": {
      const task = await client.call("GetTask", { id: rest[0], ...(checked.history !== undefined ? { historyLength: checked.history } : {}) });
      print(task, summarizeTask);
      return ended(taskSeen(task));
    }
    case "list":
      return list(client, values, checked, print);
    case "cancel":
      print(await client.call("CancelTask", { id: rest[0] }), summarizeTask);
      return EXIT.ok;
    case "subscribe":
      return ended(
        await follow(client.stream("SubscribeToTask", { id: rest[0] }, checked.lastEventId), out, values, (seq, event) =>
          out.write(`${seq ?? "-"} ${describe(event)}\n`),
        ),
      );
    case "upload": {
      const answer = await client.upload(rest[0], rest[1]);
      print(answer, (a) => `uploaded ${rest[0]} to ${a.path} (${a.byteSize} bytes, sha256 ${String(a.sha256).slice(0, 16)}…)`);
      return 0;
    }
    default:
      await download(client, rest, out);
      return 0;
  }
}

async function list(client, values, checked, print) {
  const result = await client.call("ListTasks", {
    ...(values.context ? { contextId: values.context } : {}),
    ...(checked.status ? { status: checked.status } : {}),
    ...(checked.pageSize !== undefined ? { pageSize: checked.pageSize } : {}),
    ...(values["page-token"] ? { pageToken: values["page-token"] } : {}),
  });
  print(result, (r) =>
    [
      ...r.tasks.map((t) => `${t.status.timestamp}  ${stateWord(t.status.state).padEnd(15)} ${t.id}`),
      `${r.tasks.length} of ${r.totalSize}${r.nextPageToken ? `, next page: --page-token ${r.nextPageToken}` : ""}`,
    ].join("\n"),
  );
  return 0;
}
