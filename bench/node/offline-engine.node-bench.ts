/**
 * `npm run bench:offline`: how fast the offline engine reads, in characters per second, on the
 * requests that cost the most per character (a generation request with ten ports, repeated) and
 * on adversarial runs. It runs in Node, not workerd: a Worker's clock does not move while code
 * runs, so a synchronous parse cannot be timed there. The slowest rate here is what
 * `OFFLINE_READ_BUDGET` (src/agent/offline-budget.ts) is sized from. Prints a table; asserts nothing.
 */
import { it } from "vitest";
import { OfflineProvider } from "../../src/agent/offline-provider";
import { OFFLINE_READ_BUDGET, readCost } from "../../src/agent/offline-budget";
import { ProviderError } from "../../src/agent/model";

const MiB = 1024 * 1024;
const fill = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));
const TEN_PORTS = "Create a VPC and a security group that opens ports 22, 80, 443, 3000, 3306, 5000, 5432, 6379, 8080, 8443 to 10.0.0.0/8. ";

const CASES: Record<string, string> = {
  "ten-port generation request, 1 MiB": fill(TEN_PORTS, MiB),
  "ten-port generation request, 2 MiB (the budget's largest)": fill(TEN_PORTS, OFFLINE_READ_BUDGET / 2),
  "Chinese generation request, 1 MiB": fill("创建一个专有网络和两台 ECS，安全组开放端口 22、80、443，来源 10.0.0.0/8。", MiB),
  "stack failure question, 1 MiB": fill("My stack is in CREATE_FAILED: the VSwitchId does not exist. error: InvalidVSwitchId.NotFound ", MiB),
  "digits and spaces, 1 MiB": fill("1 ", MiB),
  "port keyword runs, 1 MiB": fill("port 1, ", MiB),
};

async function turn(text: string): Promise<void> {
  try {
    for await (const _ of new OfflineProvider().stream({
      model: "offline",
      messages: [{ role: "user", content: text }],
      tools: [],
      signal: new AbortController().signal,
    })) {
      // drain
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
  }
}

it("offline engine: characters read per second", async () => {
  const rows = ["| input | characters | budget units | ms (best of 3) | MB/s |", "|---|---:|---:|---:|---:|"];
  for (const [name, text] of Object.entries(CASES)) {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      await turn(text);
      best = Math.min(best, performance.now() - start);
    }
    rows.push(
      `| ${name} | ${text.length.toLocaleString("en-US")} | ${readCost({ prompt: text }).toLocaleString("en-US")} | ${best.toFixed(0)} | ${(text.length / 1e6 / (best / 1000)).toFixed(2)} |`,
    );
  }
  console.log(rows.join("\n"));
}, 600_000);
