/**
 * Issue 11 items 1, 3, 4 and 7 through the real Worker, Durable Objects, R2 workspace and artifact
 * store: multi-turn editing conversations (each follow-up edits the context's current template,
 * keeps what was not asked to change, updates the workspace file in place, and returns the whole
 * template as the turn's artifact while earlier artifacts stay downloadable), files this context
 * did not write left alone, a fresh start said as such, and answers without a template for
 * greetings, out-of-scope and deploy requests — in the request's language.
 */
import { describe, expect, it } from "vitest";
import { BASE, fileArtifacts, send, userMessage, worker, type TaskLike } from "../helpers/rpc";
import { parseTemplate, validateTemplate } from "../../../src/iac";

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Template = { Resources: Record<string, Resource>; Parameters?: Record<string, Record<string, unknown>> };

interface Turn {
  task: TaskLike;
  reply: string;
  filename?: string;
  text?: string;
  template: Template;
  ofType: (type: string) => Resource[];
}

const HAN = /[\u4e00-\u9fff]/;
const replyOf = (task: TaskLike | undefined) => task?.status.message?.parts[0]?.text ?? "";

async function download(url: string): Promise<string> {
  const res = await worker().fetch(url);
  expect(res.status).toBe(200);
  return res.text();
}

async function workspaceFile(path: string): Promise<{ status: number; text: string }> {
  const res = await worker().fetch(`${BASE}/iac-code/workspace${path}`);
  return { status: res.status, text: await res.text() };
}

async function upload(path: string, text: string): Promise<void> {
  const res = await worker().fetch(`${BASE}/iac-code/workspace${path}`, { method: "PUT", body: text });
  expect(res.status).toBeLessThan(300);
}

/** One conversation: every turn in the same context and workspace. */
function conversation(cwd?: string) {
  let contextId: string | undefined;
  const artifacts: string[] = [];
  return {
    artifacts,
    async say(text: string): Promise<Turn> {
      const { task } = await send(userMessage(text, { ...(contextId ? { contextId } : {}), ...(cwd ? { metadata: { iac_code: { cwd } } } : {}) }));
      if (!task) throw new Error("no task");
      contextId = task.contextId;
      expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      const reply = replyOf(task);
      // The reply is in the request's language.
      expect(HAN.test(reply.slice(0, 60)), reply.slice(0, 120)).toBe(HAN.test(text));
      const part = fileArtifacts(task).at(-1)?.parts[0] as { url?: string; filename?: string } | undefined;
      if (!part?.url) return { task, reply, template: { Resources: {} }, ofType: () => [] };
      artifacts.push(part.url);
      const body = await download(part.url);
      expect(validateTemplate(body).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const parsed = parseTemplate(body);
      const template = (parsed.ok ? parsed.template : { Resources: {} }) as Template;
      const ofType = (type: string) => Object.values(template.Resources).filter((resource) => resource.Type === type);
      return { task, reply, text: body, template, ofType, ...(part.filename ? { filename: part.filename } : {}) };
    },
    /** Every artifact of every turn is still downloadable. */
    async allDownloadable(): Promise<void> {
      for (const url of artifacts) expect((await worker().fetch(url)).status).toBe(200);
    },
  };
}

const props = (resource: Resource | undefined) => resource?.Properties ?? {};

// A conversation is several turns through the Durable Object: more than the default 5 s on a busy machine.
describe("a conversation: follow-ups edit the context's current template", { timeout: 60_000 }, () => {
  it("EN: VPC + ECS → add a database → three instances → remove the database; the workspace file is updated in place", async () => {
    const chat = conversation("/workspace/conv1");
    const first = await chat.say("Create a VPC with an ECS instance in Hangzhou");
    expect(first.ofType("ALIYUN::ECS::Instance")).toHaveLength(1);
    const second = await chat.say("Add a MySQL database");
    expect(second.reply).toContain("Updated the current template");
    expect(second.ofType("ALIYUN::RDS::DBInstance")).toHaveLength(1);
    expect(second.ofType("ALIYUN::ECS::Instance")).toHaveLength(1);
    expect(second.ofType("ALIYUN::ECS::VPC")).toHaveLength(1);
    expect(props(second.ofType("ALIYUN::RDS::DBInstance")[0]).VpcId).toEqual({ Ref: "Vpc" });
    const third = await chat.say("Make it 3 ECS instances");
    expect(third.ofType("ALIYUN::ECS::Instance")).toHaveLength(3);
    expect(third.ofType("ALIYUN::RDS::DBInstance")).toHaveLength(1);
    const fourth = await chat.say("Remove the database");
    expect(fourth.ofType("ALIYUN::RDS::DBInstance")).toHaveLength(0);
    expect(fourth.ofType("ALIYUN::ECS::Instance")).toHaveLength(3);
    expect(Object.keys(fourth.template.Parameters ?? {})).not.toContain("RdsPassword");
    expect(new Set([first.filename, second.filename, third.filename, fourth.filename])).toEqual(new Set(["template.yaml"]));
    expect((await workspaceFile("/workspace/conv1/template.yaml")).text).toBe(fourth.text);
    await chat.allDownloadable();
  });

  it("ZH: 两台 ECS + 负载均衡 → 再加一台 → 80 改 8080 → 系统盘 100G", async () => {
    const chat = conversation("/workspace/conv2");
    const first = await chat.say("两台ECS服务器和一个负载均衡，在北京");
    expect(first.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
    const second = await chat.say("再加一台服务器");
    expect(second.reply).toContain("已修改当前模板");
    expect(second.ofType("ALIYUN::ECS::Instance")).toHaveLength(3);
    const backends = props(second.ofType("ALIYUN::SLB::BackendServerAttachment")[0]).BackendServers as unknown[];
    expect(backends).toHaveLength(3);
    const third = await chat.say("把80端口改成8080");
    expect(props(third.ofType("ALIYUN::SLB::Listener")[0]).ListenerPort).toBe(8080);
    const rules = props(third.ofType("ALIYUN::ECS::SecurityGroup")[0]).SecurityGroupIngress as Array<Record<string, unknown>>;
    expect(rules.map((rule) => rule.PortRange)).toContain("8080/8080");
    expect(rules.map((rule) => rule.PortRange)).not.toContain("80/80");
    const fourth = await chat.say("系统盘改成100G");
    for (const instance of fourth.ofType("ALIYUN::ECS::Instance")) expect(props(instance).SystemDiskSize).toBe(100);
    expect(props(fourth.ofType("ALIYUN::SLB::Listener")[0]).ListenerPort).toBe(8080);
    await chat.allDownloadable();
  });

  it("EN: a bucket → name and versioning → lifecycle; no network and no servers appear", async () => {
    const chat = conversation("/workspace/conv3");
    await chat.say("An OSS bucket for our logs");
    const second = await chat.say("Name it acme-logs-2026 and turn on versioning");
    expect(props(second.ofType("ALIYUN::OSS::Bucket")[0])).toMatchObject({ BucketName: "acme-logs-2026", VersioningConfiguration: { Status: "Enabled" } });
    const third = await chat.say("Also expire objects after 90 days");
    expect(props(third.ofType("ALIYUN::OSS::Bucket")[0])).toMatchObject({
      BucketName: "acme-logs-2026",
      LifecycleConfiguration: { Rule: [{ Expiration: { Days: 90 } }] },
    });
    expect(third.ofType("ALIYUN::ECS::VPC")).toHaveLength(0);
    expect(third.ofType("ALIYUN::ECS::Instance")).toHaveLength(0);
  });

  it("EN: a database → add Redis → two zones; never an ECS instance", async () => {
    const chat = conversation("/workspace/conv4");
    const first = await chat.say("A MySQL 8.0 database in Shanghai");
    expect(first.ofType("ALIYUN::ECS::Instance")).toHaveLength(0);
    const second = await chat.say("Add a Redis cache");
    expect(second.ofType("ALIYUN::REDIS::Instance")).toHaveLength(1);
    expect(props(second.ofType("ALIYUN::RDS::DBInstance")[0]).EngineVersion).toBe("8.0");
    const third = await chat.say("Spread it across two zones for high availability");
    expect(third.ofType("ALIYUN::ECS::VSwitch")).toHaveLength(2);
    // The output listing the vSwitch ids follows the new layout.
    const listed = JSON.stringify((third.template as unknown as { Outputs: Record<string, unknown> }).Outputs.VSwitchIds);
    for (const name of Object.entries(third.template.Resources)
      .filter(([, r]) => r.Type === "ALIYUN::ECS::VSwitch")
      .map(([n]) => n))
      expect(listed).toContain(name);
    expect(third.ofType("ALIYUN::ECS::Instance")).toHaveLength(0);
    expect(third.ofType("ALIYUN::VPC::EIP")).toHaveLength(0);
  });

  it("ZH: VPC + 两台 ECS → 加 NAT 网关 → 去掉 NAT 网关 → 实例规格 ecs.g7.large", async () => {
    const chat = conversation("/workspace/conv5");
    await chat.say("创建一个 VPC 和两台 ECS");
    const second = await chat.say("加一个 NAT 网关");
    expect(second.ofType("ALIYUN::VPC::NatGateway")).toHaveLength(1);
    expect(second.ofType("ALIYUN::VPC::EIP")).toHaveLength(1);
    expect(second.ofType("ALIYUN::VPC::SnatEntry").length).toBeGreaterThan(0);
    const third = await chat.say("去掉 NAT 网关");
    expect(third.ofType("ALIYUN::VPC::NatGateway")).toHaveLength(0);
    expect(third.ofType("ALIYUN::VPC::SnatEntry")).toHaveLength(0);
    expect(third.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
    const fourth = await chat.say("实例规格用 ecs.g7.large");
    expect(fourth.template.Parameters?.EcsInstanceType?.Default).toBe("ecs.g7.large");
    expect(fourth.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
  });

  it("never overwrites a workspace file this context did not write: the new template goes next to it", async () => {
    const mine = "# the user's own file\nResources: {}\n";
    await upload("/workspace/conv6/template.yaml", mine);
    const chat = conversation("/workspace/conv6");
    const first = await chat.say("Create a VPC with two vSwitches");
    expect(first.filename).toBe("template-2.yaml");
    expect(first.reply).toContain("was not written by this conversation");
    const second = await chat.say("Add an ECS instance");
    expect(second.filename).toBe("template-2.yaml");
    expect(second.ofType("ALIYUN::ECS::Instance")).toHaveLength(1);
    const third = await chat.say("Open port 443 to the internet");
    const rules = props(third.ofType("ALIYUN::ECS::SecurityGroup")[0]).SecurityGroupIngress as Array<Record<string, unknown>>;
    expect(rules.some((rule) => rule.PortRange === "443/443")).toBe(true);
    expect((await workspaceFile("/workspace/conv6/template.yaml")).text).toBe(mine);
    expect((await workspaceFile("/workspace/conv6/template-2.yaml")).text).toBe(third.text);
  });

  it("edits a workspace file the user names, keeping its own logical names", async () => {
    const own = [
      "ROSTemplateFormatVersion: '2015-09-01'",
      "Parameters:",
      "  Zone:",
      "    Type: String",
      "    Label: Zone",
      "    AssociationProperty: ALIYUN::ECS::ZoneId",
      "Resources:",
      "  MyVpc:",
      "    Type: ALIYUN::ECS::VPC",
      "    Properties:",
      "      CidrBlock: 10.0.0.0/16",
      "  MySubnet:",
      "    Type: ALIYUN::ECS::VSwitch",
      "    Properties:",
      "      VpcId: {Ref: MyVpc}",
      "      ZoneId: {Ref: Zone}",
      "      CidrBlock: 10.0.1.0/24",
      "",
    ].join("\n");
    await upload("/workspace/conv7/network.yaml", own);
    const chat = conversation("/workspace/conv7");
    const first = await chat.say("In network.yaml, add an ECS instance");
    expect(first.filename).toBe("network.yaml");
    const instance = first.ofType("ALIYUN::ECS::Instance")[0];
    expect(props(instance)).toMatchObject({ VpcId: { Ref: "MyVpc" }, VSwitchId: { Ref: "MySubnet" } });
    expect(first.ofType("ALIYUN::ECS::VPC")).toHaveLength(1);
    const second = await chat.say("Make it 2 instances");
    expect(second.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
    const third = await chat.say("Change the system disk to 60 GB");
    for (const each of third.ofType("ALIYUN::ECS::Instance")) expect(props(each).SystemDiskSize).toBe(60);
    expect(Object.keys(third.template.Resources)).toEqual(expect.arrayContaining(["MyVpc", "MySubnet"]));
    expect((await workspaceFile("/workspace/conv7/network.yaml")).text).toBe(third.text);
  });

  it("generate → review it → deploy it: the review passes, the deploy answer gives the aliyun ros steps and no template", async () => {
    const chat = conversation("/workspace/conv8");
    await chat.say("Create a VPC with an ECS instance and an SLB in cn-shanghai");
    const review = await chat.say("Review the template");
    expect(review.reply).toMatch(/No problems found|passes the offline/);
    const deploy = await chat.say("Deploy it for me");
    expect(fileArtifacts(deploy.task)).toHaveLength(0);
    expect(deploy.reply).toContain("does not call the cloud");
    expect(deploy.reply).toContain('aliyun ros CreateStack --RegionId cn-shanghai --StackName my-stack --TemplateBody "$(cat template.yaml)"');
    expect(deploy.reply).toContain("--Parameters.1.ParameterKey");
    expect(deploy.reply).toContain("EcsInstanceType");
  });

  it("ZH: 存储桶 → 公共读 → 加密 → 再加一个存储桶", async () => {
    const chat = conversation("/workspace/conv9");
    await chat.say("创建一个 OSS 存储桶");
    const second = await chat.say("改成公共读");
    expect(props(second.ofType("ALIYUN::OSS::Bucket")[0]).AccessControl).toBe("public-read");
    const third = await chat.say("开启服务端加密");
    expect(props(third.ofType("ALIYUN::OSS::Bucket")[0])).toMatchObject({
      AccessControl: "public-read",
      ServerSideEncryptionConfiguration: { SSEAlgorithm: "AES256" },
    });
    const fourth = await chat.say("再加一个存储桶");
    expect(fourth.ofType("ALIYUN::OSS::Bucket")).toHaveLength(2);
    expect(props(fourth.ofType("ALIYUN::OSS::Bucket")[0]).AccessControl).toBe("public-read");
  });

  it("EN, no workspace: web servers behind an SLB → open 443 → close 80 → one more server", async () => {
    const chat = conversation();
    await chat.say("Two web servers behind an SLB");
    const second = await chat.say("Open port 443 too");
    const ports = (turn: Turn) =>
      (props(turn.ofType("ALIYUN::ECS::SecurityGroup")[0]).SecurityGroupIngress as Array<Record<string, unknown>>).map((rule) => rule.PortRange);
    expect(ports(second)).toEqual(expect.arrayContaining(["80/80", "443/443"]));
    const third = await chat.say("Close port 80");
    expect(ports(third)).not.toContain("80/80");
    expect(ports(third)).toContain("443/443");
    const fourth = await chat.say("Add one more server");
    expect(fourth.ofType("ALIYUN::ECS::Instance")).toHaveLength(3);
    expect(props(fourth.ofType("ALIYUN::SLB::BackendServerAttachment")[0]).BackendServers as unknown[]).toHaveLength(3);
    expect(ports(fourth)).not.toContain("80/80");
    await chat.allDownloadable();
  });
});

describe("a named workspace file that is not there", () => {
  it("is reported, and nothing is written", async () => {
    const chat = conversation("/workspace/missing");
    const turn = await chat.say("In infra.yaml, add an ECS instance");
    expect(turn.reply).toContain("There is no readable `infra.yaml` in the workspace");
    expect(fileArtifacts(turn.task)).toHaveLength(0);
    expect((await workspaceFile("/workspace/missing/infra.yaml")).status).toBe(404);
  });
});

describe("issue 19 item 4: a conversation in everyday words, through the Worker", { timeout: 60_000 }, () => {
  it("ZH: 把443改成8443 → EIP 带宽调到 50M → SSH 只允许一个网段 → 删掉 NAT 网关 (its EIP, association and SNAT entries go, and the reply says so)", async () => {
    const chat = conversation("/workspace/issue19-edits");
    const first = await chat.say("一个 VPC，两台 ECS 服务器挂在负载均衡后面，开放 443 端口，一个 NAT 网关");
    expect(first.ofType("ALIYUN::VPC::NatGateway")).toHaveLength(1);
    const second = await chat.say("把443改成8443");
    expect(second.ofType("ALIYUN::SLB::Listener").map((listener) => props(listener).ListenerPort)).toEqual([8443]);
    const third = await chat.say("把 EIP 带宽调到 50M");
    expect(third.ofType("ALIYUN::VPC::EIP").map((eip) => props(eip).Bandwidth)).toEqual([50]);
    const fourth = await chat.say("SSH 只允许 203.0.113.0/24 访问");
    const sshRules = fourth
      .ofType("ALIYUN::ECS::SecurityGroup")
      .flatMap((group) => (props(group).SecurityGroupIngress as Record<string, unknown>[]).filter((rule) => rule.PortRange === "22/22"));
    expect(sshRules).toEqual([expect.objectContaining({ SourceCidrIp: "203.0.113.0/24" })]);
    const fifth = await chat.say("删掉 NAT 网关");
    for (const type of ["ALIYUN::VPC::NatGateway", "ALIYUN::VPC::EIP", "ALIYUN::VPC::EIPAssociation", "ALIYUN::VPC::SnatEntry"])
      expect(fifth.ofType(type), type).toHaveLength(0);
    expect(fifth.reply).toContain("删除 `Eip`（EIP）：只有被删除的NAT 网关使用它");
    expect(fifth.reply).toContain("删除 `NatEipAssociation`、`SnatEntry`：它们连接的是被删除的资源");
    expect(fifth.ofType("ALIYUN::ECS::Instance")).toHaveLength(2);
    expect(fifth.ofType("ALIYUN::SLB::Listener").map((listener) => props(listener).ListenerPort)).toEqual([8443]);
  });
});

describe("a fresh start is said as such", () => {
  it("an edit in a context without an earlier template says it starts a new one", async () => {
    const chat = conversation("/workspace/fresh");
    const turn = await chat.say("Add a Redis cache");
    expect(turn.reply).toContain("There is no earlier template in this conversation");
    expect(turn.ofType("ALIYUN::REDIS::Instance")).toHaveLength(1);
  });

  it("a new request in words an edit shares ('Give me …', 'Set up …', '给我一套 …', '… next to it') says no such thing", async () => {
    for (const [index, ask] of [
      "Give me a single ECS with 16 vCPU and 64 GiB, Windows Server 2022, RDP from my office 203.0.113.0/28",
      "Set up a Redis 5.0 master-replica 1GB and a security group allowing 6379 from 192.168.1.0/24",
      "给我一套：上海，SLB（公网）监听 443 转发到后端 8080，后端两台 4核8G ECS",
      "A single Redis 7.0 (8 GB) reachable only from 10.0.0.0/8, in Shenzhen, and a MySQL 5.7 RDS (50GB) next to it",
    ].entries()) {
      const turn = await conversation(`/workspace/fresh-${index}`).say(ask);
      expect(turn.reply, ask).not.toContain("There is no earlier template");
      expect(turn.reply, ask).not.toContain("没有之前的模板");
    }
  });
});

describe("honest scope: no template for greetings, other tools or deploy requests", () => {
  const cases: [string, RegExp][] = [
    ["hello", /offline engine/],
    ["你好，你能做什么？", /离线引擎/],
    ["Write a Helm chart for nginx", /cannot help with that/],
    ["帮我写一首诗", /帮不了/],
    ["What is ROS?", /does not answer general questions/],
    ["Deploy it now", /does not call the cloud/],
    ["帮我部署到阿里云", /不会调用云端 API/],
    // Round nine: a cloud product no kind builds is named as such, not called out of scope (it once built an RDS instead).
    ["A PolarDB MySQL cluster with 2 nodes, polar.mysql.x4.large, hangzhou", /^[\s\S]*The offline engine does not build PolarDB: it builds VPC/],
    ["Deploy a MongoDB replica set, 3 nodes, hangzhou", /does not build ApsaraDB for MongoDB/],
    ["给我一个 PolarDB 集群，杭州", /离线引擎不生成 PolarDB/],
  ];
  for (const [ask, says] of cases) {
    it(ask, async () => {
      const { task } = await send(userMessage(ask, { metadata: { iac_code: { cwd: "/workspace/scope" } } }));
      expect(fileArtifacts(task)).toHaveLength(0);
      const reply = replyOf(task);
      expect(reply).toMatch(says);
      expect(reply).not.toContain("ROSTemplateFormatVersion");
      expect(HAN.test(reply)).toBe(HAN.test(ask));
    });
  }
});

describe("issue 19, offline-engine bugs (i19d)", { timeout: 60_000 }, () => {
  it("(a) a generation written to `template-2.yaml` names `template-2.yaml` in its reply, never `template.yaml` as its own", async () => {
    const mine = "# the user's own file\nResources: {}\n";
    await upload("/workspace/bug-a/template.yaml", mine);
    const chat = conversation("/workspace/bug-a");
    const turn = await chat.say("Create a VPC with an ECS instance in Hangzhou");
    expect(turn.filename).toBe("template-2.yaml");
    expect(turn.reply).toContain("Generated a ROS template (`template-2.yaml`)");
    // `template.yaml` is named only as the user's file that was left alone.
    expect(turn.reply.split("`template.yaml`")).toHaveLength(2);
    expect(turn.reply).toContain("`template.yaml` in your workspace was not written by this conversation");
    await upload("/workspace/bug-a-zh/template.yaml", mine);
    const zh = conversation("/workspace/bug-a-zh");
    const second = await zh.say("创建一个 VPC 和一台 ECS");
    expect(second.reply).toContain("已生成 ROS 模板（`template-2.yaml`）");
    expect((await workspaceFile("/workspace/bug-a/template.yaml")).text).toBe(mine);
  });

  it("(b) 'Add an SLB in front' after 'Add an SLB' keeps the one SLB and says so; 'another SLB' still adds a second", async () => {
    const chat = conversation("/workspace/bug-b");
    await chat.say("Two ECS servers in Hangzhou");
    const first = await chat.say("Add an SLB");
    expect(first.ofType("ALIYUN::SLB::LoadBalancer")).toHaveLength(1);
    const second = await chat.say("Add an SLB in front");
    expect(second.ofType("ALIYUN::SLB::LoadBalancer")).toHaveLength(1);
    expect(second.ofType("ALIYUN::SLB::Listener")).toHaveLength(1);
    expect(second.text).toBe(first.text);
    expect(second.reply).toContain("kept `Slb`");
    expect(second.reply).toContain("already has one");
    const third = await chat.say("Add another SLB");
    expect(third.ofType("ALIYUN::SLB::LoadBalancer")).toHaveLength(2);
    const zh = conversation("/workspace/bug-b-zh");
    await zh.say("两台ECS，加一个负载均衡");
    const again = await zh.say("前面加一个负载均衡");
    expect(again.ofType("ALIYUN::SLB::LoadBalancer")).toHaveLength(1);
    expect(again.reply).toContain("模板中已有，未重复添加");
  });

  it("(c) 'Review this ROS template…' without a template asks for it, in the request's language, and writes nothing", async () => {
    for (const [ask, says] of [
      ["Review this ROS template for security issues", /^Please include the ROS template to review/],
      ["帮我审查这个ROS模板，看看有没有安全问题", /^请提供要审查的 ROS 模板/],
    ] as const) {
      const { task } = await send(userMessage(ask, { metadata: { iac_code: { cwd: "/workspace/bug-c" } } }));
      expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      expect(fileArtifacts(task)).toHaveLength(0);
      const reply = replyOf(task);
      expect(reply).toMatch(says);
      expect(reply).not.toMatch(/cannot help with that|帮不了/);
    }
  });
});
