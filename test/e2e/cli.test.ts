/**
 * Issue 21 item 3, a CLI that explains itself: the real `bin/a2a-client.mjs`, run as a process,
 * against nothing (a refused port), a plain local HTTP server (https against http, a request
 * counter proving arguments are checked before any request), `wrangler dev` with the IaC agent
 * (one line per tool, --verbose, --json, download, EPIPE) and `wrangler dev` with the conformance
 * agent and a bearer token (a refused token, Ctrl-C during a stream and the line that resumes it).
 * Issue 28 item 4, a CLI that never hides a failure: a task that ends failed or rejected, canceled or
 * waiting for authorization exits 3, 4 or 5 and says so on stderr, an error answer exits 1; --version;
 * a bad --status lists the states; an unknown flag is named with the nearest valid one; A2A_URL.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startWranglerDev, type DevServer } from "./wrangler-dev.ts";

const BIN = join(import.meta.dirname, "..", "..", "bin", "a2a-client.mjs");
const TOKEN = "e2e-cli-token-0123456789";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real binary; never throws on a non-zero exit. `env` replaces the A2A_* variables. */
function cli(args: string[], { cwd, env = {} }: { cwd?: string; env?: Record<string, string> } = {}): Promise<Ran> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("A2A_")));
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: { ...clean, ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "iac-a2a-cli-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("issue 21 item 3: errors say what happened and what to do, before any request when they can", () => {
  let plain: Server;
  let plainUrl: string;
  let requests = 0;
  beforeAll(async () => {
    plain = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html>not an A2A server</html>");
    });
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    const address = plain.address();
    plainUrl = `127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => plain.close(() => r())));

  it("a refused port, a URL without a scheme, a bad URL, an unknown host, https against http, a web page", async () => {
    const port = await freePort();
    const refused = await cli(["list", "--url", `127.0.0.1:${port}`]);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe(`a2a-client: cannot connect to http://127.0.0.1:${port} — is the server running? (npm run dev, or --url for another server)\n`);

    const bad = await cli(["list", "--url", "http://exa mple"]);
    expect(bad.stderr).toBe('a2a-client: --url "http://exa mple" is not a URL; give the server\'s address, e.g. --url http://127.0.0.1:8787\n');
    expect((await cli(["list", "--url", "ftp://127.0.0.1/"])).stderr).toContain("is not an http:// or https:// URL");

    const dns = await cli(["list", "--url", "http://no-such-host.invalid:8787"]);
    expect(dns.stderr).toBe('a2a-client: cannot resolve the host "no-such-host.invalid" of http://no-such-host.invalid:8787 — check --url (or $A2A_URL)\n');

    const tls = await cli(["card", "--url", `https://${plainUrl}`]);
    expect(tls.stderr).toBe(`a2a-client: https://${plainUrl} does not speak TLS — use http:// (npm run dev serves http://127.0.0.1:8787)\n`);

    const page = await cli(["card", "--url", plainUrl]);
    expect(page.stderr).toBe(
      `a2a-client: http://${plainUrl}/.well-known/agent-card.json answered HTTP 200 with text/html, not JSON — is --url an A2A server?\n`,
    );
    for (const run of [refused, bad, dns, tls, page]) expect(run.stderr).not.toMatch(/^\s+at |TypeError|fetch failed/m);
  });

  it("checks arguments before any request: a missing id, an unknown command, a bad number, a missing file", async () => {
    const before = requests;
    const cases: Array<[string[], string]> = [
      [["get"], "a2a-client: get needs 1 argument: a2a-client get <taskId>\n"],
      [["subscribe"], "a2a-client: subscribe needs 1 argument: a2a-client subscribe <taskId>\n"],
      [["cancel", "a", "b"], "a2a-client: cancel takes only 1 argument: a2a-client cancel <taskId>\n"],
      [["send"], 'a2a-client: send needs a text: a2a-client send "Create a VPC"\n'],
      [
        ["lsit"],
        'a2a-client: unknown command "lsit" — did you mean list? The commands are card, send, get, list, cancel, subscribe, upload, download (a2a-client --help)\n',
      ],
      [["list", "--page-size", "ten"], 'a2a-client: --page-size must be a whole number, not "ten"\n'],
      [
        ["list", "--status", "done!"],
        'a2a-client: --status "done!" is not a task state; the states are submitted, working, input-required, auth-required, completed, failed, canceled, rejected\n',
      ],
      [["upload", "main.tf", "workspace/main.tf"], "a2a-client: the workspace path must be absolute, e.g. /workspace/demo/main.tf\n"],
    ];
    for (const [args, stderr] of cases) {
      const run = await cli([...args, "--url", plainUrl]);
      expect(run, args.join(" ")).toMatchObject({ code: 2, stdout: "", stderr });
    }
    const missing = await cli(["upload", join(scratch, "nope.tf"), "/workspace/demo/main.tf", "--url", plainUrl]);
    expect(missing).toMatchObject({ code: 1, stderr: `a2a-client: cannot read ${join(scratch, "nope.tf")}: no such file\n` });
    expect(requests).toBe(before);
  });

  it("issue 28 item 4: an unknown flag with the nearest valid one, enum values listed, --version, A2A_URL and the exit codes in --help", async () => {
    const before = requests;
    const cases: Array<[string[], string]> = [
      [["send", "--stram", "hi"], "a2a-client: unknown option --stram — did you mean --stream? (a2a-client --help lists every option)\n"],
      [["get", "--histroy", "3", "t"], "a2a-client: unknown option --histroy — did you mean --history? (a2a-client --help lists every option)\n"],
      [["list", "--frobnicate"], "a2a-client: unknown option --frobnicate (a2a-client --help lists every option)\n"],
      [["list", "-x"], "a2a-client: unknown option -x (a2a-client --help lists every option)\n"],
      [["list", "--page-size"], "a2a-client: --page-size needs a value, e.g. --page-size 20\n"],
      [["list", "--context", "--json"], "a2a-client: --context needs a value, e.g. --context <contextId>\n"],
      [["send", "--stream=yes", "hi"], 'a2a-client: --stream takes no value (got "yes")\n'],
      [
        ["list", "--status", "done"],
        'a2a-client: --status "done" is not a task state; the states are submitted, working, input-required, auth-required, completed, failed, canceled, rejected\n',
      ],
      [
        ["list", "--status", "complete"],
        'a2a-client: --status "complete" is not a task state — did you mean completed? The states are submitted, working, input-required, auth-required, completed, failed, canceled, rejected\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      const run = await cli([...args, "--url", plainUrl]);
      expect(run, args.join(" ")).toMatchObject({ code: 2, stdout: "", stderr });
      expect(run.stderr).not.toMatch(/ERR_PARSE_ARGS|To specify a positional argument/);
    }
    expect(requests).toBe(before);

    const version = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")).version as string;
    expect(await cli(["--version"])).toEqual({ code: 0, stdout: `a2a-client ${version} (A2A 1.0)\n`, stderr: "" });

    const help = (await cli(["--help"])).stdout;
    expect(help).toMatch(/^ {2}A2A_URL {12}the server's base URL when --url is not given/m);
    expect(help).toMatch(/^ {2}--status STATE {5}list: one of submitted, working, input-required, auth-required, completed, failed, canceled, rejected$/m);
    for (const code of [0, 1, 2, 3, 4, 5, 130]) expect(help, `exit ${code}`).toMatch(new RegExp(`^ {2}${code} +\\S`, "m"));
    // docs/cli.md documents the same table.
    const docs = readFileSync(join(import.meta.dirname, "..", "..", "docs", "cli.md"), "utf8");
    for (const code of [0, 1, 2, 3, 4, 5, 130]) expect(docs, `docs/cli.md, exit ${code}`).toMatch(new RegExp(`^\\| ${code} \\|`, "m"));

    // A2A_URL is where the client goes when --url is not given.
    const viaEnv = await cli(["card"], { env: { A2A_URL: plainUrl } });
    expect(viaEnv.stderr).toContain(`http://${plainUrl}/.well-known/agent-card.json answered HTTP 200 with text/html`);
    expect(requests).toBe(before + 1);
  });

  it("help shows an example for every command", async () => {
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["card", "send", "get", "list", "cancel", "subscribe", "upload", "download"]) {
      expect(help.stdout, command).toMatch(new RegExp(`^ {39}a2a-client ${command}( |$)`, "m"));
    }
    expect((await cli([])).code).toBe(2);
  });
});

describe("issue 21 item 3: a streamed turn on the IaC agent reads well; --json is raw; download says what it wrote", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWranglerDev();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("one line per tool (✓ with its target and time, ✗ with the reason), the reply once, the end with how to reply", async () => {
    const request = "Create a VPC with two vSwitches in cn-hangzhou";
    const raw = await cli(["send", "--stream", "--json", "--url", server.base, request]);
    const finalText: string = JSON.parse(raw.stdout.trim().split("\n").at(-1) ?? "{}").statusUpdate.status.message.parts[0].text;
    const run = await cli(["send", "--stream", "--url", server.base, request]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.split("\n");
    expect(lines).toContainEqual(expect.stringMatching(/^✓ ros_validate_template \d+ ms$/));
    // No cwd: the workspace tool fails, and says why in its one line.
    expect(lines).toContainEqual(expect.stringMatching(/^✗ list_files \S+ \d+ ms — \S.*workspace/i));
    expect(lines).toContainEqual(expect.stringMatching(/^✓ save_artifact template\.yaml \d+ ms$/));
    expect(run.stdout).not.toMatch(/\[tool |input_delta|started/);
    // The streamed reply is not printed again at the end.
    const firstLine = finalText.split("\n")[0] ?? "";
    expect(firstLine.length).toBeGreaterThan(10);
    expect(run.stdout.split(firstLine)).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.stringMatching(/^TASK_STATE_INPUT_REQUIRED — done; reply with: a2a-client send --context [\w-]+ "…" \(or --task \S+\)$/),
    );

    const verbose = await cli(["send", "--stream", "--verbose", "--cwd", "/workspace/cli", "--url", server.base, "Create an OSS bucket"]);
    expect(verbose.stdout).toMatch(/^ {2}… write_file started$/m);
    expect(verbose.stdout).toMatch(/^ {2}… write_file template\.yaml input_complete$/m);
    expect(verbose.stdout).toMatch(/^ {2}… write_file input_delta \(\d+ bytes of input\)$/m);
    expect(verbose.stdout).toMatch(/^✓ write_file template\.yaml \d+ ms$/m);
  });

  it("issue 28 item 4: a task that ends failed exits 3 and says why; an error answer exits 1; canceled exits 4; A2A_URL is read", async () => {
    const env = { A2A_URL: server.base };
    for (const stream of [[], ["--stream"]]) {
      const failed = await cli(["send", ...stream, "--cwd", "/etc", "Create a VPC"], { env });
      expect(failed.code, `send ${stream.join(" ")} --cwd /etc`).toBe(3);
      expect(failed.stderr).toMatch(/^a2a-client: task \S+ ended failed: Invalid A2A workspace metadata\.\n$/);
      expect(failed.stdout).toContain("TASK_STATE_FAILED");
    }
    const failedId = /task (\S+) ended failed/.exec((await cli(["send", "--cwd", "/etc", "Create a VPC"], { env })).stderr)?.[1] ?? "";
    expect(await cli(["get", failedId], { env })).toMatchObject({
      code: 3,
      stderr: `a2a-client: task ${failedId} ended failed: Invalid A2A workspace metadata.\n`,
    });
    // A finished task has no stream to follow: the server's error answer exits 1.
    const late = await cli(["subscribe", failedId], { env });
    expect(late.code).toBe(1);
    expect(late.stderr).toContain("(-32004)");
    expect((await cli(["list", "--status", "failed"], { env })).stdout).toContain(failedId);

    const unknown = await cli(["get", "no-such-task"], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^a2a-client: .*\(-32001\)/);

    const ok = await cli(["send", "--cwd", "/workspace/cli-exit", "Create a VPC"], { env });
    expect(ok).toMatchObject({ code: 0, stderr: "" });
    expect(ok.stdout).toContain("TASK_STATE_INPUT_REQUIRED");
    const okId = /^task (\S+)$/m.exec(ok.stdout)?.[1] ?? "";
    expect(await cli(["cancel", okId], { env })).toMatchObject({ code: 0 });
    expect(await cli(["get", okId], { env })).toMatchObject({ code: 4, stderr: `a2a-client: task ${okId} ended canceled: Task canceled.\n` });
  });

  it("--json prints the raw events, one per line; download writes the artifact and says so; a closed pipe ends quietly", async () => {
    const run = await cli(["send", "--stream", "--json", "--cwd", "/workspace/cli-json", "--url", server.base, "Create a VPC"]);
    const events = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, { artifact?: { parts: Array<{ url: string; metadata: { sha256: string } }> } }>);
    expect(Object.keys(events[0]!)).toEqual(["task"]);
    expect(events.at(-1)).toMatchObject({ statusUpdate: { status: { state: "TASK_STATE_INPUT_REQUIRED" } } });
    const part = events.find((e) => e.artifactUpdate)!.artifactUpdate!.artifact!.parts[0]!;

    const saved = await cli(["download", part.url, "--url", server.base], { cwd: scratch });
    expect(saved.stdout).toMatch(/^wrote template\.yaml \(\d+ bytes\)\n$/);
    expect(
      createHash("sha256")
        .update(readFileSync(join(scratch, "template.yaml")))
        .digest("hex"),
    ).toBe(part.metadata.sha256);
    const workspace = await cli(["download", "/workspace/cli-json/template.yaml", join(scratch, "ws.yaml"), "--url", server.base]);
    expect(workspace.stdout).toBe(`wrote ${join(scratch, "ws.yaml")} (${readFileSync(join(scratch, "ws.yaml")).byteLength} bytes)\n`);
    const absent = await cli(["download", "/workspace/cli-json/nothing.yaml", "--url", server.base], { cwd: scratch });
    expect(absent).toMatchObject({ code: 1, stderr: "a2a-client: no such file: /workspace/cli-json/nothing.yaml (HTTP 404)\n" });

    writeFileSync(join(scratch, "main.tf"), 'resource "alicloud_vpc" "v" {}\n');
    const uploaded = await cli(["upload", join(scratch, "main.tf"), "/workspace/cli-json/main.tf", "--url", server.base]);
    expect(uploaded.stdout).toMatch(/^uploaded .*main\.tf to \/workspace\/cli-json\/main\.tf \(31 bytes, sha256 [0-9a-f]{16}…\)\n$/);

    // `| head -1`: the client's stdout closes early; it exits 0 with nothing on stderr.
    const piped = await new Promise<string>((resolve) => {
      execFile(
        "bash",
        ["-c", `node "${BIN}" --url ${server.base} send --stream "Create a VPC" 2>"${scratch}/err" | head -1; echo "exit=\${PIPESTATUS[0]}"`],
        (_e, out) => resolve(out),
      );
    });
    expect(piped).toMatch(/^task \S+ TASK_STATE_SUBMITTED\nexit=0\n$/);
    expect(readFileSync(join(scratch, "err"), "utf8")).toBe("");
  });
});

describe("issue 21 item 3: a refused token, and Ctrl-C during a stream (conformance agent, bearer auth)", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_HTTP_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("says which credentials the server refused, and where they came from", async () => {
    expect((await cli(["list", "--url", server.base, "--token", "wrong"])).stderr).toBe(
      "a2a-client: the server refused the token given with --token (HTTP 401) — check it, or the server's configured credentials\n",
    );
    expect((await cli(["list", "--url", server.base], { env: { A2A_TOKEN: "wrong" } })).stderr).toContain("the server refused the token given with $A2A_TOKEN");
    expect((await cli(["list", "--url", server.base])).stderr).toBe(
      "a2a-client: Unauthorized: pass --token, --basic or --api-key (the server needs credentials)\n",
    );
    expect((await cli(["list", "--url", server.base, "--token", TOKEN])).code).toBe(0);
  });

  it("issue 28 item 4: a rejected task exits 3, one waiting for authorization 5 (the kit's scenarios, sent as the kit sends them)", async () => {
    const open = async (messageId: string) => {
      const answer = await fetch(`${server.base}/`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "A2A-Version": "1.0", Authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { messageId, role: "ROLE_USER", parts: [{ text: "go" }] } } }),
      }).then((r) => r.json() as Promise<{ result: { task: { id: string; status: { state: string } } } }>);
      return answer.result.task;
    };
    const rejected = await open("tck-reject-task-0a1b2c3d");
    expect(rejected.status.state).toBe("TASK_STATE_REJECTED");
    const args = ["--url", server.base, "--token", TOKEN];
    expect(await cli(["get", rejected.id, ...args])).toMatchObject({ code: 3, stderr: `a2a-client: task ${rejected.id} ended rejected: rejected\n` });

    const auth = await open("tck-auth-required-0a1b2c3d");
    expect(auth.status.state).toBe("TASK_STATE_AUTH_REQUIRED");
    const waiting = await cli(["get", auth.id, ...args]);
    expect(waiting.code).toBe(5);
    expect(waiting.stderr).toMatch(new RegExp(`^a2a-client: task ${auth.id} needs authorization: .+ — reply with: a2a-client send --task ${auth.id} "…"\n$`));
    // The reply the line names completes it, and exits 0.
    expect((await cli(["send", "--task", auth.id, ...args, "credential-for-the-kit"])).code).toBe(0);
  });

  it("Ctrl-C stops watching, says the task goes on, and prints the subscribe line that resumes it", async () => {
    // The kit's resubscribe scenario runs for ~4 s: long enough to interrupt.
    const sent = await fetch(`${server.base}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0", Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "SendMessage",
        params: {
          message: { messageId: "test-resubscribe-message-id-cli", role: "ROLE_USER", parts: [{ text: "wait" }] },
          configuration: { returnImmediately: true },
        },
      }),
    }).then((r) => r.json() as Promise<{ result: { task: { id: string } } }>);
    const taskId = sent.result.task.id;
    const child = spawn(process.execPath, [BIN, "subscribe", taskId, "--url", server.base, "--token", TOKEN], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    await expect.poll(() => stdout, { timeout: 10_000 }).toMatch(/^\d+ task /);
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    const seq = Number(/^(\d+) task /.exec(stdout)?.[1]);
    expect(stderr).toBe(
      `\nstopped following task ${taskId}; the task goes on in the server. Follow it again with:\n  a2a-client subscribe ${taskId} --last-event-id ${seq} --url ${server.base}\n`,
    );

    // The printed line (plus the token) follows the task to its end.
    const resume = stderr.trim().split("\n").at(-1)!.trim().split(" ").slice(1);
    const resumed = await cli([...resume, "--token", TOKEN]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/TASK_STATE_COMPLETED/);
    expect(resumed.stdout).not.toMatch(new RegExp(`^${seq} `, "m"));
  });
});
