/**
 * The IaC agent on the offline engine (the default with no model key): the four skills end to end
 * through the real Worker, Durable Object, R2 workspace and artifact store (issue: the IaC agent).
 */
import { describe, expect, it } from "vitest";
import { BASE, V1, kinds, readSse, send, stream, userMessage, worker, type TaskLike } from "../helpers/rpc";
import { validateTemplate } from "../../../src/iac";
import { PLANTED_CODES, PLANTED_TEMPLATE } from "../iac/fixtures";

interface ArtifactPart {
  url: string;
  filename: string;
  mediaType: string;
  metadata: { mediaType: string; byteSize: number; sha256: string };
}

async function sha256(bytes: ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function download(part: ArtifactPart): Promise<{ text: string; sha: string; res: Response }> {
  const res = await worker().fetch(part.url);
  const bytes = await res.arrayBuffer();
  return { text: new TextDecoder().decode(bytes), sha: await sha256(bytes), res };
}

const replyOf = (task: TaskLike | undefined) => task?.status.message?.parts[0]?.text ?? "";
const cwd = (path: string) => ({ metadata: { iac_code: { cwd: path } } });

describe("iac_generation", () => {
  it("creates a VPC with two vSwitches: a downloadable ROS template that validates clean, in the workspace too", async () => {
    const { task } = await send(userMessage("Create a VPC with two vSwitches in cn-hangzhou", cwd("/workspace/gen")));
    expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const artifact = task?.artifacts?.[0];
    expect(artifact?.parts).toHaveLength(1);
    // Issue 20 item 4: the turn's reply is its last artifact, text only (the template is not repeated in it).
    expect(task?.artifacts?.map((a) => a.name)).toEqual([artifact?.name, "response"]);
    expect(task?.artifacts?.at(-1)?.parts).toEqual([{ text: replyOf(task) }]);
    const part = artifact?.parts[0] as unknown as ArtifactPart;
    expect(part.url).toMatch(new RegExp(`^${BASE}/iac-code/artifacts/${task?.id}/[0-9a-f-]{36}/template\\.yaml$`));
    expect(part.mediaType).toBe("application/yaml");
    const { text, sha, res } = await download(part);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/yaml");
    expect(sha).toBe(part.metadata.sha256);
    expect(text.length).toBe(part.metadata.byteSize);
    expect(text).toContain("ROSTemplateFormatVersion: '2015-09-01'");
    expect(text.match(/Type: ALIYUN::ECS::VSwitch/g)).toHaveLength(2);
    expect(validateTemplate(text).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const stored = await worker().fetch(`${BASE}/iac-code/workspace/workspace/gen/template.yaml`);
    expect(await stored.text()).toBe(text);
    expect(replyOf(task)).toContain("template.yaml");
  });

  it("streams the tool trace in metadata.iac_code.tool, then the artifact, and never repeats the file body in tool results", async () => {
    const events = await readSse(
      await stream("SendStreamingMessage", { message: userMessage("Create a VPC with an ECS instance and an SLB", cwd("/workspace/trace")) }),
    );
    const tools = events
      .map((e) => (e.data.result?.statusUpdate as { metadata?: { iac_code?: { tool?: Record<string, unknown> } } } | undefined)?.metadata?.iac_code?.tool)
      .filter((t): t is Record<string, unknown> => t !== undefined);
    // Every trace event names its tool (issue 11 item 8), input deltas included.
    expect(tools.every((t) => typeof t.name === "string")).toBe(true);
    expect(tools.map((t) => `${String(t.name)}:${t.status}`).filter((s) => !s.endsWith(":input_delta"))).toEqual([
      "ros_validate_template:started",
      "ros_validate_template:input_complete",
      "ros_validate_template:completed",
      "list_files:started",
      "list_files:input_complete",
      "list_files:completed",
      "write_file:started",
      "write_file:input_complete",
      "write_file:completed",
    ]);
    const deltas = tools.filter((t) => t.status === "input_delta");
    expect(deltas.every((t) => typeof t.partialJsonLength === "number")).toBe(true);
    const writeResult = tools.find((t) => t.name === "write_file" && t.status === "completed")?.result as Record<string, unknown>;
    expect(writeResult).toEqual({ path: "/workspace/trace/template.yaml", byteSize: expect.any(Number) });
    const validated = tools.find((t) => t.name === "ros_validate_template" && t.status === "completed")?.result as Record<string, unknown>;
    expect(validated.valid).toBe(true);
    expect(kinds(events)).toContain("artifactUpdate");
    expect(kinds(events).at(-1)).toBe("statusUpdate:TASK_STATE_INPUT_REQUIRED");
    // The offline engine uses no model: its turn reports 0 tokens, never an estimate (contract §7).
    const final = events.at(-1)?.data.result?.statusUpdate as { metadata?: { iac_code?: { usage?: unknown } } };
    expect(final.metadata?.iac_code?.usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    for (const tool of tools) expect(JSON.stringify(tool).length).toBeLessThan(4000 * 2);
  });

  it("without a workspace, hands the template back as an artifact; Terraform when asked", async () => {
    const { task } = await send(userMessage("Generate Terraform for a VPC with an RDS MySQL database"));
    const part = task?.artifacts?.[0]?.parts[0] as unknown as ArtifactPart;
    expect(part.filename).toBe("main.tf");
    expect(part.mediaType).toBe("text/x-hcl");
    const { text, sha } = await download(part);
    expect(sha).toBe(part.metadata.sha256);
    expect(text).toContain('resource "alicloud_vpc"');
    expect(text).toContain('resource "alicloud_db_instance"');
  });

  it("answers in Chinese requests too", async () => {
    const { task } = await send(userMessage("在杭州创建一个VPC和两个交换机"));
    const part = task?.artifacts?.[0]?.parts[0] as unknown as ArtifactPart;
    const { text } = await download(part);
    expect(validateTemplate(text).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

/** The review of the planted template: every code in the reply, and a corrected template that validates clean. */
async function expectPlantedReview(task: TaskLike | undefined): Promise<void> {
  const reply = replyOf(task);
  expect(reply).not.toContain("Please include the ROS template");
  for (const code of PLANTED_CODES) expect(reply, code).toContain(code);
  const part = task?.artifacts?.[0]?.parts[0] as unknown as ArtifactPart;
  expect(part.filename).toBe("template.reviewed.yaml");
  const { text } = await download(part);
  expect(validateTemplate(text).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
}

describe("iac_review", () => {
  it("finds every planted error with its code and fix, and attaches a corrected template that validates clean", async () => {
    const { task } = await send(userMessage(`Review this ROS template:\n\n\`\`\`yaml\n${PLANTED_TEMPLATE}\`\`\``));
    await expectPlantedReview(task);
  });
});

describe("issue 30 item 6: a named workspace template is reviewed whatever its size, within the storage bounds", () => {
  it("a 200 KB template named in the request is read whole and reviewed (it used to reach the review cut at 20,000 characters)", async () => {
    // The planted template, then comment lines: ten times the old cut, all of it YAML.
    const padding = Array.from({ length: 2000 }, (_, i) => `# note ${i}: ${"x".repeat(90)}\n`).join("");
    const body = `${PLANTED_TEMPLATE}${padding}`;
    expect(body.length).toBeGreaterThan(200_000);
    const put = await worker().fetch(`${BASE}/iac-code/workspace/workspace/big/template.yaml`, {
      method: "PUT",
      headers: { "Content-Type": "application/yaml" },
      body,
    });
    expect(put.status).toBe(201);
    const { task } = await send(userMessage("Review `template.yaml`", cwd("/workspace/big")));
    await expectPlantedReview(task);
  });
});

describe("terraform_ros_conversion", () => {
  it("packages inline Terraform into a ROS template with the OpenTofu transform", async () => {
    const hcl = 'resource "alicloud_vpc" "main" {\n  vpc_name   = "demo"\n  cidr_block = "10.0.0.0/8"\n}\n';
    const { task } = await send(userMessage(`Convert this Terraform to ROS:\n\n\`\`\`hcl\n${hcl}\`\`\``));
    const part = task?.artifacts?.[0]?.parts[0] as unknown as ArtifactPart;
    const { text } = await download(part);
    expect(text).toContain("Transform: Aliyun::OpenTofu-v1.8");
    expect(text).toContain("main.tf");
    expect(text).toContain('resource "alicloud_vpc" "main"');
  });

  it("packages the Terraform files uploaded to the workspace, skipping state and .terraform", async () => {
    const put = (path: string, body: string) =>
      worker().fetch(`${BASE}/iac-code/workspace${path}`, { method: "PUT", headers: { "Content-Type": "text/plain" }, body });
    const main = await put("/workspace/tf/main.tf", 'resource "alicloud_vpc" "v" {\n  cidr_block = "192.168.0.0/16"\n}\n');
    expect(main.status).toBe(201);
    expect(((await main.json()) as { mediaType: string }).mediaType).toBe("text/x-hcl");
    expect((await put("/workspace/tf/variables.tf", 'variable "name" {\n  default = "x"\n}\n')).status).toBe(201);
    expect((await put("/workspace/tf/terraform.tfstate", "{}")).status).toBe(201);
    expect((await put("/workspace/tf/.terraform/providers/x", "binary")).status).toBe(201);
    const { task } = await send(userMessage("Convert the Terraform module in my workspace to a ROS template", cwd("/workspace/tf")));
    const part = task?.artifacts?.[0]?.parts[0] as unknown as ArtifactPart;
    const { text } = await download(part);
    expect(text).toContain("main.tf");
    expect(text).toContain("variables.tf");
    expect(text).not.toContain("tfstate");
    expect(text).not.toContain(".terraform");
  });
});

describe("aliyun_ros_operations", () => {
  it("explains a failed stack and lays out the next steps", async () => {
    const { task } = await send(
      userMessage(
        "My stack is CREATE_FAILED. ListStackEvents shows ResourceStatusReason: 'The specified VSwitchId does not exist' for VSwitch. What should I do?",
      ),
    );
    const reply = replyOf(task);
    expect(reply).toMatch(/CREATE_FAILED/);
    expect(reply).toMatch(/ListStackEvents|GetStack/);
    // No file: the turn's only artifact is its reply (issue 20 item 4).
    expect(task?.artifacts?.map((a) => a.name)).toEqual(["response"]);
  });
});

describe("artifact and workspace routes", () => {
  it("an artifact URL with another id or name finds nothing", async () => {
    const { task } = await send(userMessage("Create a VPC"));
    const part = task?.artifacts?.[0]?.parts[0] as unknown as ArtifactPart;
    const wrongName = await worker().fetch(part.url.replace(/template\.yaml$/, "other.yaml"));
    expect(wrongName.status).toBe(404);
    await wrongName.arrayBuffer();
    const wrongId = await worker().fetch(part.url.replace(/[0-9a-f-]{36}/, crypto.randomUUID()));
    expect(wrongId.status).toBe(404);
    await wrongId.arrayBuffer();
  });

  it("uploads, lists and downloads workspace files; refuses paths outside the allowed roots", async () => {
    const up = await worker().fetch(`${BASE}/iac-code/workspace/tmp/proj/a.yaml`, { method: "PUT", body: "a: 1\n" });
    expect(await up.json()).toMatchObject({ path: "/tmp/proj/a.yaml", byteSize: 5, mediaType: "application/yaml" });
    const list = (await (await worker().fetch(`${BASE}/iac-code/workspace-files?dir=/tmp/proj`)).json()) as { files: Array<{ path: string; size: number }> };
    expect(list.files.map((f) => [f.path, f.size])).toEqual([["/tmp/proj/a.yaml", 5]]);
    expect(await (await worker().fetch(`${BASE}/iac-code/workspace/tmp/proj/a.yaml`)).text()).toBe("a: 1\n");
    for (const path of ["/etc/passwd", "/workspace/../etc/passwd", "/tmp/%2e%2e/etc/x", "relative"]) {
      const res = await worker().fetch(`${BASE}/iac-code/workspace${path.startsWith("/") ? "" : "/"}${path}`, { method: "PUT", body: "x" });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: "Workspace path must be absolute and inside IACCODE_A2A_ALLOWED_CWDS" });
    }
    const missing = await worker().fetch(`${BASE}/iac-code/workspace/tmp/proj/none.yaml`);
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it("a task's JSON-RPC flow still works with the version header after file routes", async () => {
    const res = await worker().fetch(`${BASE}/`, {
      method: "POST",
      headers: V1,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: { pageSize: 1 } }),
    });
    expect(((await res.json()) as { result: { tasks: unknown[] } }).result.tasks).toHaveLength(1);
  });
});
