/**
 * `npm run bench:offline`: what a turn of the offline engine costs in CPU, against the units its
 * work meter charges (src/agent/offline-budget.ts), on the inputs that cost the most: requests of
 * distinct values (ports, port ranges, CIDRs, mappings, counts, bucket names, resource ids; English
 * and Chinese list styles) at 16 KiB, 64 KiB and 1 MiB, a generation request repeated to 1 MiB, and
 * reviews of large templates. Whole turns run: the provider's steps and the tools they call
 * (validation, workspace writes, the artifact), on a workspace kept in memory.
 *
 * A short warm-up turn runs first, so the first case does not pay for compiling the engine.
 * The slowest rate (units per CPU second, over turns of a million units or more, where a turn's
 * fixed cost of building and validating a template no longer dominates) is what `OFFLINE_READ_BUDGET` is sized from: the table
 * ends with the CPU the budget allows at that rate. It runs in Node, not workerd: a Worker's clock
 * does not move while code runs. Prints tables; asserts nothing.
 */
import { it } from "vitest";
import { IacAgent } from "../../src/agent/iac-agent";
import { OfflineProvider } from "../../src/agent/offline-provider";
import { OFFLINE_READ_BUDGET } from "../../src/agent/offline-budget";
import type { WorkspaceStore } from "../../src/agent/workspace";
import { DISTINCT_FAMILIES, distinctRequest } from "../../test/support/distinct-values";

const KiB = 1024;
/** Turns this large set the rate: a small turn's CPU is mostly the fixed cost of any template. */
const LARGE_TURN_UNITS = 1_000_000;
const MiB = 1024 * KiB;
const fill = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));
const TEN_PORTS = "Create a VPC and a security group that opens ports 22, 80, 443, 3000, 3306, 5000, 5432, 6379, 8080, 8443 to 10.0.0.0/8. ";

/** A template of `size` characters: VPCs, each with its own block, for the reviewer. */
function largeTemplate(size: number): string {
  const lines = ["Review this template:", "```yaml", "ROSTemplateFormatVersion: '2015-09-01'", "Resources:"];
  let length = 0;
  for (let index = 0; length < size; index++) {
    const block = `  Vpc${index}:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: 10.${index % 256}.0.0/16\n      VpcName: vpc-${index}\n`;
    lines.push(block);
    length += block.length;
  }
  lines.push("```");
  return lines.join("\n");
}

const CASES: [string, string][] = [
  ...Object.entries(DISTINCT_FAMILIES).flatMap(([name, family]) =>
    [16 * KiB, 64 * KiB, MiB].map((size): [string, string] => [`${name}, ${size / KiB} KiB`, distinctRequest(family, size)]),
  ),
  ["ten-port generation request, 1 MiB", fill(TEN_PORTS, MiB)],
  ["Chinese generation request (创建服务器…), 1 MiB", fill("创建服务器", MiB)],
  ["review of a 16 KiB template", largeTemplate(16 * KiB)],
  ["review of a 64 KiB template", largeTemplate(64 * KiB)],
  ["review of a 100 KiB template", largeTemplate(100 * KiB)],
  ["review of a 200 KiB template", largeTemplate(200 * KiB)],
];

/** The workspace of one turn, in memory: what R2 holds in the Durable Object. */
class MemoryWorkspace implements WorkspaceStore {
  private readonly files = new Map<string, Uint8Array>();
  async read(path: string, maxBytes: number) {
    const bytes = this.files.get(path);
    if (!bytes) return undefined;
    return bytes.length > maxBytes ? { tooLarge: true as const, size: bytes.length } : { bytes, size: bytes.length };
  }
  async write(path: string, bytes: Uint8Array) {
    this.files.set(path, bytes);
  }
  async list(dir: string, limit: number) {
    return [...this.files.keys()]
      .filter((path) => path.startsWith(dir))
      .slice(0, limit)
      .map((path) => ({ path, size: this.files.get(path)?.length ?? 0, uploaded: "" }));
  }
}

/** One whole turn: its CPU milliseconds, the most units a step charged, and how it ended. */
async function turn(text: string): Promise<{ cpuMs: number; units: number; end: string }> {
  let units = 0;
  const provider = new OfflineProvider((spent) => {
    units = Math.max(units, spent);
  });
  const agent = new IacAgent(() => ({ provider, model: "offline" }));
  const started = process.cpuUsage();
  const run = agent.start({
    taskId: "bench",
    contextId: "bench",
    message: { messageId: "bench", role: "ROLE_USER", parts: [{ text }] },
    prompt: text,
    history: [],
    cwd: "/workspace/bench",
    signal: new AbortController().signal,
    workspace: new MemoryWorkspace(),
  });
  let end = "";
  if (run.kind === "task") {
    for await (const event of run.events) {
      if (event.type === "end") end = event.state;
      if (event.type === "error") end = event.message.startsWith("This request is too large") ? "over budget" : `error: ${event.message.slice(0, 40)}`;
    }
  }
  const used = process.cpuUsage(started);
  return { cpuMs: (used.user + used.system) / 1000, units, end };
}

it("offline engine: CPU per turn against the units its meter charges", async () => {
  const rows = ["| input | characters | units charged | CPU ms | units per CPU s | end |", "|---|---:|---:|---:|---:|---|"];
  await turn("Create a VPC with two ECS behind an SLB, open 80 and 443");
  let slowest = Number.POSITIVE_INFINITY;
  let worstCpu = 0;
  for (const [name, text] of CASES) {
    // One run each: a turn's steps keep their generation and check (last-result.ts), so a second
    // run of the same request would measure the kept results, not the work.
    const best = await turn(text);
    const rate = best.units / (best.cpuMs / 1000);
    if (best.end !== "over budget" && best.units >= LARGE_TURN_UNITS) slowest = Math.min(slowest, rate);
    worstCpu = Math.max(worstCpu, best.cpuMs);
    rows.push(
      `| ${name} | ${text.length.toLocaleString("en-US")} | ${best.units.toLocaleString("en-US")} | ${best.cpuMs.toFixed(0)} | ${Math.round(rate).toLocaleString("en-US")} | ${best.end} |`,
    );
  }
  rows.push(
    "",
    `Slowest rate: ${Math.round(slowest).toLocaleString("en-US")} units per CPU second; the budget (${OFFLINE_READ_BUDGET.toLocaleString("en-US")} units) allows at most ${((OFFLINE_READ_BUDGET / slowest) * 1000).toFixed(0)} ms of CPU at that rate. Worst turn measured: ${worstCpu.toFixed(0)} ms of CPU.`,
  );
  console.log(rows.join("\n"));
}, 1_800_000);
