/**
 * End to end on `wrangler dev` with the default configuration (the IaC agent on the offline
 * engine), driven by the project's own `a2a-client` command and plain HTTP: a generated template
 * is downloadable with a matching sha256 and reviews clean; a template with planted errors gets
 * every one of them found.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";
import { PLANTED_CODES, PLANTED_TEMPLATE as PLANTED } from "../worker/iac/fixtures.ts";

const run = promisify(execFile);
let server: DevServer;
let scratch: string;

async function client(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["bin/a2a-client.mjs", "--url", server.base, ...args], { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "iac-a2a-client-"));
  server = await startWranglerDev();
});

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the IaC agent on wrangler dev, through a2a-client", () => {
  it("'Create a VPC with two vSwitches in cn-hangzhou' yields a downloadable ROS template whose sha256 matches and which reviews clean", async () => {
    const task = JSON.parse(await client("send", "--json", "--cwd", "/workspace/e2e", "Create a VPC with two vSwitches in cn-hangzhou")).task;
    expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const part = task.artifacts[0].parts[0];
    expect(part.url.startsWith(`${server.base}/iac-code/artifacts/`)).toBe(true);
    const out = join(scratch, "template.yaml");
    await client("download", part.url, out);
    const bytes = readFileSync(out);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(part.metadata.sha256);
    expect(bytes.byteLength).toBe(part.metadata.byteSize);
    const text = bytes.toString("utf8");
    expect(text.match(/Type: ALIYUN::ECS::VSwitch/g)).toHaveLength(2);

    const review = JSON.parse(await client("send", "--json", `Review this ROS template:\n\`\`\`yaml\n${text}\`\`\``)).task;
    const summary: string = review.status.message.parts[0].text;
    expect(summary).toMatch(/no (errors|findings|problems)|0 error/i);
    expect(summary).not.toMatch(/ROS\d{4}.*error/i);
  });

  it("a review of a template with planted errors finds every one", async () => {
    const file = join(scratch, "planted.yaml");
    writeFileSync(file, PLANTED);
    await client("upload", file, "/workspace/review/planted.yaml");
    const stream = await client("send", "--stream", "--cwd", "/workspace/review", `Review this ROS template:\n\`\`\`yaml\n${PLANTED}\`\`\``);
    for (const code of PLANTED_CODES) expect(stream, code).toContain(code);
    expect(stream).toMatch(/artifact template\.reviewed\.yaml http/);
    // Issue 11 item 8: deltas run on (no blank line per delta), the answer is not printed twice,
    // every tool line names its tool (issue 21 item 3: one line per call, when it ends).
    expect(stream).toMatch(/^TASK_STATE_INPUT_REQUIRED — done; reply with: a2a-client send --context /m);
    expect(stream.match(/## Template review/g)).toHaveLength(1);
    expect(stream).not.toMatch(/\n\n\n/);
    const toolLines = stream.split("\n").filter((line) => /^[✓✗] /.test(line));
    expect(toolLines.length).toBeGreaterThan(0);
    for (const line of toolLines) expect(line).toMatch(/^✓ (ros_validate_template|save_artifact|write_file|read_file|list_files)( \S+)? \d+ ms$/);
  });

  it("lists, gets and subscribes to tasks from the command line", async () => {
    const listed = await client("list", "--page-size", "5");
    expect(listed).toMatch(/ input-required /);
    const id = listed.split("\n")[0]?.trim().split(/\s+/).at(-1) ?? "";
    expect(await client("get", id)).toContain(`task ${id}`);
    // The turn has ended: a resume from event 1 gets the current Task (no id: one Task first,
    // issue 20 item 3), then exactly what followed event 1, then the stream closes.
    const replayed = await client("subscribe", id, "--last-event-id", "1");
    expect(replayed.split("\n")[0]).toMatch(/^- task /);
    expect(replayed.split("\n")[1]).toMatch(/^2 /);
    expect(replayed).toMatch(/TASK_STATE_INPUT_REQUIRED/);
    // The turn's reply is its last artifact, right before the final status (issue 20 item 4).
    expect(replayed).toMatch(/\d+ artifact response\n\d+ .*TASK_STATE_INPUT_REQUIRED/);
  });
});
