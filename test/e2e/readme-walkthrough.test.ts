/**
 * Issue 21 item 2, the documentation is tested; issue 28 item 5 moved the walk-through out of the
 * README and into docs/, and this test follows it. The commands run in order, as printed, with bash,
 * against a fresh `wrangler dev` with the default configuration: the README's "First request", then
 * every fenced `bash` block of docs/protocol.md, docs/push.md and docs/cli.md (WALK_THROUGH). The only
 * change is the server's address on the line that exports `A2A_URL`, since the test picks a free port;
 * nothing else sets it, so `npx a2a-client` works only because the walk-through exports it.
 *
 * A command fails the test when it exits non-zero, when its output holds an error answer (a JSON-RPC
 * or HTTP+JSON `error` object, or a route's `{"error": …}`) or a stack trace — unless the page
 * announces it on the command's line or the comment line above it (`-32003`, `exits 1`). Key answers
 * must mention what was asked (the stack-failure example names the vSwitch).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

const ROOT = join(import.meta.dirname, "..", "..");

interface Command {
  text: string;
  /** The command's line and the comment line just above it: where an error answer is announced. */
  note: string;
}

/** Some 40 commands, a dozen of them agent turns and `npx` starts: far above the e2e default on a loaded machine. */
const WALK_THROUGH_TIMEOUT_MS = 240_000;

/** Where the walk-through lives, in the order it runs: a file, and the heading of its section (all of it when none). */
const WALK_THROUGH: ReadonlyArray<{ file: string; section?: string }> = [
  { file: "README.md", section: "## First request" },
  { file: "docs/protocol.md" },
  { file: "docs/push.md" },
  { file: "docs/cli.md" },
];

/** The part of a page that holds walk-through commands: its section from the heading to the next `## `, or the page. */
function sectionOf(text: string, heading: string | undefined, file: string): string {
  if (heading === undefined) return text;
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no "${heading}" section: the walk-through test follows the commands, move it too`);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The walk-through's commands: bash blocks of every WALK_THROUGH section, comment lines dropped, `\` continuations joined. */
function walkThroughCommands(): Command[] {
  const commands: Command[] = [];
  for (const { file, section } of WALK_THROUGH) commands.push(...bashCommands(sectionOf(readFileSync(join(ROOT, file), "utf8"), section, file)));
  return commands;
}

/** The commands of a text's fenced bash blocks. */
function bashCommands(section: string): Command[] {
  const commands: Command[] = [];
  for (const block of section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)) {
    let comment = "";
    let pending = "";
    for (const line of (block[1] ?? "").split("\n")) {
      if (pending === "" && /^\s*(#|$)/.test(line)) {
        comment = line.trim();
        continue;
      }
      pending += line;
      if (pending.endsWith("\\")) {
        pending = `${pending.slice(0, -1)} `;
        continue;
      }
      commands.push({ text: pending, note: `${comment}\n${pending}` });
      pending = "";
      comment = "";
    }
  }
  return commands;
}

interface Outcome {
  command: Command;
  code: number;
  output: string;
}

/** The test's environment minus `A2A_URL`: the walk-through must export it itself. */
function withoutA2aUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { A2A_URL: _ignored, ...rest } = env;
  return rest;
}

/** Runs the commands in one bash, in order; each one's output and exit status are cut out by markers. */
function runInBash(commands: Command[], base: string): Promise<Outcome[]> {
  const script = [
    "exec 2>&1",
    ...commands.flatMap((command, i) => [
      `printf '\\n@@begin ${i}@@\\n'`,
      command.text.replace(/^export A2A_URL=http:\/\/127\.0\.0\.1:8787\b/, `export A2A_URL=${base}`),
      `printf '\\n@@end ${i} %d@@\\n' $?`,
    ]),
  ].join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd: ROOT, env: withoutA2aUrl(process.env), stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.once("error", reject);
    child.once("exit", () => {
      resolve(
        commands.map((command, i) => {
          const match = new RegExp(`@@begin ${i}@@\\n([\\s\\S]*?)\\n@@end ${i} (\\d+)@@`).exec(out);
          return { command, code: match ? Number(match[2]) : -1, output: match?.[1] ?? "(never ran)" };
        }),
      );
    });
  });
}

/** What is wrong with one command's outcome, per the rules in the header; empty when nothing is. */
function problems({ command, code, output }: Outcome): string[] {
  const found: string[] = [];
  if (code !== 0 && !command.note.includes(`exits ${code}`)) found.push(`exit ${code} not announced`);
  for (const match of output.matchAll(/"error"\s*:\s*\{[^{}]*?"code"\s*:\s*(-?\d+)/g)) {
    if (!command.note.includes(match[1] ?? "")) found.push(`error ${match[1]} not announced`);
  }
  if (/"error"\s*:\s*"/.test(output) && !/error/i.test(command.note)) found.push("an error answer not announced");
  if (/^\s+at .+:\d+:\d+\)?$/m.test(output)) found.push("a stack trace");
  return found;
}

describe("issue 21 item 2, issue 28 item 5: the documented walk-through runs as printed on a fresh server", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startWranglerDev();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    "every command of the README's first request and of the docs' walk-through runs, in order, with no unannounced error",
    async () => {
      const commands = walkThroughCommands();
      expect(commands.length).toBeGreaterThan(25);
      expect(commands[0]?.text).toMatch(/^export A2A_URL=http:\/\/127\.0\.0\.1:8787 /);
      const outcomes = await runInBash(commands, server.base);
      // The whole run, for a person to read (test/e2e/output/ is ignored by git).
      mkdirSync(join(import.meta.dirname, "output"), { recursive: true });
      writeFileSync(
        join(import.meta.dirname, "output", "readme-walkthrough.log"),
        outcomes.map((o) => `$ ${o.command.text}\n${o.output}\n[exit ${o.code}]\n`).join("\n"),
      );
      const report = outcomes.flatMap((o) => problems(o).map((p) => `${p}: ${o.command.text}\n${o.output.slice(0, 1500)}`));
      expect(report).toEqual([]);

      // The answers are about what was asked.
      const outputOf = (fragment: string) => outcomes.find((o) => o.command.text.includes(fragment))?.output ?? "";
      expect(outputOf('echo "$ANSWER" | field .result.task.status')).toMatch(/vSwitch[\s\S]*cn-hangzhou|cn-hangzhou[\s\S]*vSwitch/);
      expect(outputOf("the VSwitchId does not exist")).toMatch(/VSwitch1[\s\S]*(does not exist|NotFound)/);
      expect(outputOf('"text":"Add an SLB"')).toMatch(/ALIYUN::SLB::LoadBalancer/);
      expect(outputOf('"Add a Redis cache"')).toMatch(/ALIYUN::REDIS::Instance/);
      expect(outputOf("CancelTask")).toContain("TASK_STATE_CANCELED");
      expect(outputOf("/workspace/quickstart")).toMatch(/vSwitch/);
      expect(outputOf("npx a2a-client download")).toMatch(/^wrote \S+template\.yaml \(\d+ bytes\)$/m);
    },
    WALK_THROUGH_TIMEOUT_MS,
  );
});
