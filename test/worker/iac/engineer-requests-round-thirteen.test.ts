/**
 * Issue 27 items 1, 2 and 6, round thirteen: requests written by engineers in their own words, none
 * from the suites, through the real generator, editor, Terraform twin and check; each fix with a
 * mutation the check must flag.
 */
import { describe, expect, it } from "vitest";
import { checkRequest } from "../../../src/iac/index";
import { checkOf, edited, flaggedTexts, generated, hcl, missedTexts, ofType, props, type Template } from "./engineer-request-helpers";

const SERVER = "ALIYUN::ECS::Instance";
const BUCKET = "ALIYUN::OSS::Bucket";

/** Each server's instance type, its parameter's default where it refers to one. */
function serverTypes(template: Template): string[] {
  return props(template, SERVER).map((server) => {
    const type = server.InstanceType as string | { Ref: string };
    return typeof type === "string" ? type : String(template.Parameters?.[type.Ref]?.Default);
  });
}

/** A copy whose server `name` has the literal type `type` (a mutation the check must flag). */
function withServerType(template: Template, name: string, type: string): Template {
  const copy = structuredClone(template);
  Object.assign(copy.Resources[name]?.Properties ?? {}, { InstanceType: type });
  return copy;
}

describe("round thirteen: servers of two roles, each role its own size", () => {
  it("'3 master nodes 4c8g and 5 worker nodes 8c32g': three 4 vCPU / 8 GiB masters and five 8 vCPU / 32 GiB workers (every server had the first size; the check named the second)", () => {
    const ask = "ROS template: 3 master nodes 4c8g and 5 worker nodes 8c32g in a VPC, region cn-hangzhou.";
    const template = generated(ask);
    expect(serverTypes(template)).toEqual([...Array(3).fill("ecs.c7.xlarge"), ...Array(5).fill("ecs.g7.2xlarge")]);
    expect(props(template, SERVER).map((server) => server.InstanceName)).toEqual([
      "master-1",
      "master-2",
      "master-3",
      "worker-1",
      "worker-2",
      "worker-3",
      "worker-4",
      "worker-5",
    ]);
    expect(template.Parameters?.WorkerInstanceType?.Default).toBe("ecs.g7.2xlarge");
    expect(flaggedTexts(ask, template)).toEqual([]);
    // A worker of the masters' size, and a master of the workers': each flagged.
    expect(missedTexts(ask, withServerType(template, "EcsInstance8", "ecs.c7.xlarge"))).toEqual(["8c32g"]);
    expect(missedTexts(ask, withServerType(template, "EcsInstance1", "ecs.g7.2xlarge"))).toEqual(["4c8g"]);
  });

  it("the Terraform twin gives each server its role's type and name, and the check reads it the same way", () => {
    const ask = "Terraform: 3 master nodes 4c8g and 5 worker nodes 8c32g in a VPC.";
    const template = generated(ask);
    const text = hcl(template);
    const types = [...text.matchAll(/instance_type\s+=\s+"([^"]+)"/g)].map((match) => match[1]);
    expect(types).toEqual([...Array(3).fill("ecs.c7.xlarge"), ...Array(5).fill("ecs.g7.2xlarge")]);
    expect(text).toContain('instance_name              = "worker-5"');
    expect(checkRequest({ request: ask, template: text })?.notExpressed).toEqual([]);
    const swapped = text.replace(/("worker-5"\n\s+instance_type\s+=\s+)"ecs.g7.2xlarge"/, '$1"ecs.c7.xlarge"');
    expect(swapped).not.toBe(text);
    expect(checkRequest({ request: ask, template: swapped })?.notExpressed.map((value) => value.text)).toEqual(["8c32g"]);
  });

  it("'3 台 master 4核8G，5 台 worker 8核32G': eight servers (the three masters were dropped: 台 counts machines), each role its size", () => {
    const ask = "帮我写个 ROS 模板：3 台 master 4核8G，5 台 worker 8核32G，放在一个 VPC 里。";
    const template = generated(ask);
    expect(serverTypes(template)).toEqual([...Array(3).fill("ecs.c7.xlarge"), ...Array(5).fill("ecs.g7.2xlarge")]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    expect(flaggedTexts(ask, withServerType(template, "EcsInstance4", "ecs.c7.xlarge"))).toEqual(["8核32G"]);
  });

  it("'2 web servers (2c4g) and 3 app servers (4c16g) behind an SLB': sizes in brackets, each role its type; the load balancer keeps all five", () => {
    const ask = "Create 2 web servers (2c4g) and 3 app servers (4c16g) behind an internet SLB on port 80.";
    const template = generated(ask);
    expect(serverTypes(template)).toEqual(["ecs.c7.large", "ecs.c7.large", "ecs.g7.xlarge", "ecs.g7.xlarge", "ecs.g7.xlarge"]);
    expect(template.Parameters?.AppInstanceType?.Default).toBe("ecs.g7.xlarge");
    const backends = props(template, "ALIYUN::SLB::BackendServerAttachment")[0]?.BackendServers as unknown[];
    expect(backends).toHaveLength(5);
    expect(flaggedTexts(ask, template)).toEqual([]);
    expect(missedTexts(ask, withServerType(template, "EcsInstance2", "ecs.g7.xlarge"))).toEqual(["2c4g"]);
  });

  it("'make the workers 16c64g' resizes the workers alone (the edit set the masters' type and said it resized the workers); the check holds it on the workers", () => {
    const first = "3 master nodes 4c8g and 5 worker nodes 8c32g in a VPC";
    const ask = "make the workers 16c64g";
    const template = edited(generated(first), ask);
    expect(serverTypes(template)).toEqual([...Array(3).fill("ecs.c7.xlarge"), ...Array(5).fill("ecs.g7.4xlarge")]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    // The masters resized instead: flagged.
    const wrong = structuredClone(template);
    Object.assign(wrong.Parameters?.EcsInstanceType ?? {}, { Default: "ecs.g7.4xlarge" });
    Object.assign(wrong.Parameters?.WorkerInstanceType ?? {}, { Default: "ecs.g7.2xlarge" });
    expect(missedTexts(ask, wrong)).toEqual(["16c64g"]);
  });

  it("'make all servers 16c64g' resizes every role (only the first role's parameter changed)", () => {
    const template = edited(generated("3 master nodes 4c8g and 5 worker nodes 8c32g in a VPC"), "make all servers 16c64g");
    expect(new Set(serverTypes(template))).toEqual(new Set(["ecs.g7.4xlarge"]));
    expect(missedTexts("make all servers 16c64g", template)).toEqual([]);
  });

  it("'2 web (2c4g), 3 api (4c8g)': roles counted without a server noun, each its size (the three api servers were dropped)", () => {
    const ask = "2 web (2c4g), 3 api (4c8g) behind an internet SLB on 80";
    const template = generated(ask);
    expect(serverTypes(template)).toEqual(["ecs.c7.large", "ecs.c7.large", "ecs.c7.xlarge", "ecs.c7.xlarge", "ecs.c7.xlarge"]);
    expect(props(template, SERVER).map((server) => server.InstanceName)).toEqual(["web-1", "web-2", "api-1", "api-2", "api-3"]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    expect(missedTexts(ask, withServerType(template, "EcsInstance5", "ecs.c7.large"))).toEqual(["4c8g"]);
  });

  it("'a bastion host with EIP (1c2g is fine)': a 1-vCPU size is the shared s6 type of that memory (it was named as not built), and the check reads it", () => {
    const ask = "Need a bastion host with EIP (1c2g is fine), and 3 private app servers 4c8g, all in one vswitch 10.1.1.0/24 of a new VPC 10.1.0.0/16";
    const template = generated(ask);
    expect(serverTypes(template)).toEqual(["ecs.s6-c1m2.small", "ecs.c7.xlarge", "ecs.c7.xlarge", "ecs.c7.xlarge"]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    const bigger = structuredClone(template);
    Object.assign(bigger.Parameters?.BastionInstanceType ?? {}, { Default: "ecs.s6-c1m4.small" });
    expect(missedTexts(ask, bigger)).toEqual(["1c2g"]);
    const one = generated("一台 1核1G 的 ECS 做跳板机");
    expect(serverTypes(one)).toEqual(["ecs.s6-c1m1.small"]);
  });

  it("one size for both roles stays one type (no parameter per role)", () => {
    const ask = "3 master nodes 4c8g and 5 worker nodes 4c8g in a VPC";
    const template = generated(ask);
    expect(new Set(serverTypes(template))).toEqual(new Set(["ecs.c7.xlarge"]));
    expect(template.Parameters?.WorkerInstanceType).toBeUndefined();
  });
});

describe("round thirteen: a load balancer in front of one role", () => {
  const ask = "3 masters 4c8g, 6 workers 16c64g, SLB in front of the masters on 6443";

  it("'1 master (4c8g) + 3 workers (8c16g)': four servers, the master its own size (the master was dropped: a counted master is a server)", () => {
    const request = "k8s-ish setup: 1 master (4c8g) + 3 workers (8c16g), all in cn-shanghai, SSH only from 10.10.0.0/16";
    const template = generated(request);
    expect(serverTypes(template)).toEqual(["ecs.c7.xlarge", "ecs.c7.2xlarge", "ecs.c7.2xlarge", "ecs.c7.2xlarge"]);
    expect(props(template, SERVER).map((server) => server.InstanceName)).toEqual(["master-1", "worker-1", "worker-2", "worker-3"]);
    expect(missedTexts(request, template)).toEqual(["k8s"]);
    // "1 master and 2 read replicas" is a database's, no server.
    expect(ofType(generated("RDS MySQL with 1 master and 2 read replicas, 4c8g"), SERVER)).toEqual([]);
  });

  it("'SLB in front of the masters': the three masters are its backends, not the workers (all nine were); a worker added is a broader scope, a master left out is flagged", () => {
    const template = generated(ask);
    const backends = () => props(template, "ALIYUN::SLB::BackendServerAttachment")[0]?.BackendServers as Array<{ ServerId: { Ref: string } }>;
    expect(backends().map((backend) => backend.ServerId.Ref)).toEqual(["EcsInstance1", "EcsInstance2", "EcsInstance3"]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    expect(checkOf(ask, template)?.broader).toEqual([]);
    const withWorker = structuredClone(template);
    const attachment = ofType(withWorker, "ALIYUN::SLB::BackendServerAttachment")[0]?.Properties as { BackendServers: unknown[] };
    attachment.BackendServers.push({ ServerId: { Ref: "EcsInstance4" }, Weight: 100 });
    expect(checkOf(ask, withWorker)?.broader).toEqual([expect.objectContaining({ kind: "backends", found: "also EcsInstance4" })]);
    const withoutMaster = structuredClone(template);
    const own = ofType(withoutMaster, "ALIYUN::SLB::BackendServerAttachment")[0]?.Properties as { BackendServers: unknown[] };
    own.BackendServers.pop();
    expect(missedTexts(ask, withoutMaster)).toEqual(["master"]);
  });

  it("the Terraform twin puts the masters alone behind it (it put every server), and the check reads the HCL the same way", () => {
    const request = `Terraform: ${ask}`;
    const text = hcl(generated(request));
    expect([...text.matchAll(/server_id = alicloud_instance\.(\w+)\.id/g)].map((match) => match[1])).toEqual(["ecs_1", "ecs_2", "ecs_3"]);
    expect(checkRequest({ request, template: text })?.broader).toEqual([]);
    const widened = text.replace(
      "server_id = alicloud_instance.ecs_3.id",
      "server_id = alicloud_instance.ecs_3.id\n    weight    = 100\n  }\n  backend_servers {\n    server_id = alicloud_instance.ecs_9.id",
    );
    expect(checkRequest({ request, template: widened })?.broader.map((scope) => scope.kind)).toEqual(["backends"]);
  });

  it("'the workers sit behind an internal SLB': the workers alone; 'web and app servers behind an SLB' keeps both roles", () => {
    const ask = "3 masters 4c8g and 6 workers 16c64g; the workers sit behind an internal SLB on 8080";
    const template = generated(ask);
    const refs = (props(template, "ALIYUN::SLB::BackendServerAttachment")[0]?.BackendServers as Array<{ ServerId: { Ref: string } }>).map(
      (backend) => backend.ServerId.Ref,
    );
    expect(refs).toEqual(["EcsInstance4", "EcsInstance5", "EcsInstance6", "EcsInstance7", "EcsInstance8", "EcsInstance9"]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    const both = generated("Create 2 web servers (2c4g) and 3 app servers (4c16g) behind an internet SLB on port 80.");
    expect(props(both, "ALIYUN::SLB::BackendServerAttachment")[0]?.BackendServers).toHaveLength(5);
  });

  it("'3 台 master 4核8G，5 台 worker 8核32G，SLB 后端挂 master': the same in Chinese", () => {
    const request = "3 台 master 4核8G，5 台 worker 8核32G，SLB 后端挂 master，监听 6443";
    const template = generated(request);
    const backends = props(template, "ALIYUN::SLB::BackendServerAttachment")[0]?.BackendServers as unknown[];
    expect(backends).toHaveLength(3);
    expect(flaggedTexts(request, template)).toEqual([]);
  });
});

describe("round thirteen: buckets, each with its own name and days", () => {
  it("'Static site bucket my-site-prod: index.html / 404.html, …, plus a log bucket my-site-logs (private, delete after 180 days)': two buckets, the website on the first, the expiry on the second (one bucket had both; the check said so only as a broader scope)", () => {
    const ask = "Static site bucket my-site-prod: index.html / 404.html, public-read, plus a log bucket my-site-logs (private, delete after 180 days)";
    const template = generated(ask);
    const [site, logs] = props(template, BUCKET);
    expect([site?.BucketName, site?.AccessControl, site?.WebsiteConfiguration, site?.LifecycleConfiguration]).toEqual([
      "my-site-prod",
      "public-read",
      { IndexDocument: "index.html", ErrorDocument: "404.html" },
      undefined,
    ]);
    expect([logs?.BucketName, logs?.AccessControl, logs?.WebsiteConfiguration]).toEqual(["my-site-logs", "private", undefined]);
    expect(JSON.stringify(logs?.LifecycleConfiguration)).toContain('"Days":180');
    const check = checkOf(ask, template);
    expect([check?.notExpressed, check?.broader, check?.unrequested]).toEqual([[], [], []]);
    // The website moved to the log bucket: its documents are flagged.
    const moved = structuredClone(template);
    const [first, second] = ofType(moved, BUCKET);
    Object.assign(second?.Properties ?? {}, { WebsiteConfiguration: first?.Properties?.WebsiteConfiguration });
    delete first?.Properties?.WebsiteConfiguration;
    expect(missedTexts(ask, moved)).toEqual(["index.html", "404.html"]);
  });

  it("'buckets: acme-logs (expire after 30 days) and acme-assets (expire after 90 days)': each bucket its name and days (both were named from a prefix and expired after 30 days, and the check named neither name)", () => {
    const ask = "two OSS buckets: acme-logs (expire after 30 days) and acme-assets (expire after 90 days)";
    const template = generated(ask);
    const buckets = props(template, BUCKET);
    expect(buckets.map((bucket) => bucket.BucketName)).toEqual(["acme-logs", "acme-assets"]);
    expect(buckets.map((bucket) => JSON.stringify(bucket.LifecycleConfiguration))).toEqual([
      expect.stringContaining('"Days":30'),
      expect.stringContaining('"Days":90'),
    ]);
    const check = checkOf(ask, template);
    expect(check?.applied.map((value) => value.text)).toEqual(expect.arrayContaining(["acme-logs", "acme-assets", "30 days", "90 days"]));
    expect(flaggedTexts(ask, template)).toEqual([]);
    // The names dropped: both named.
    const unnamed = structuredClone(template);
    for (const bucket of ofType(unnamed, BUCKET)) delete bucket.Properties?.BucketName;
    expect(missedTexts(ask, unnamed)).toEqual(["acme-logs", "acme-assets"]);
  });

  it("the two buckets' days swapped are flagged, each named with the bucket it is on (the check found each number on some rule)", () => {
    const ask =
      "two OSS buckets: one private named acme-logs with objects expiring after 30 days, one public-read named acme-assets with objects expiring after 90 days";
    const template = generated(ask);
    expect(props(template, BUCKET).map((bucket) => JSON.stringify(bucket.LifecycleConfiguration))).toEqual([
      expect.stringContaining('"Days":30'),
      expect.stringContaining('"Days":90'),
    ]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    const swapped = structuredClone(template);
    const [logs, assets] = ofType(swapped, BUCKET);
    const logsLifecycle = logs?.Properties?.LifecycleConfiguration;
    Object.assign(logs?.Properties ?? {}, { LifecycleConfiguration: assets?.Properties?.LifecycleConfiguration });
    Object.assign(assets?.Properties ?? {}, { LifecycleConfiguration: logsLifecycle });
    const check = checkOf(ask, swapped);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["30 days", "90 days"]);
    expect(check?.notExpressed.map((value) => value.where)).toEqual([
      expect.stringContaining("not bucket OssBucket1"),
      expect.stringContaining("not bucket OssBucket2"),
    ]);
  });

  it("Terraform: the listed buckets' days and names, and the swap flagged in HCL", () => {
    const ask = "Terraform: two OSS buckets: acme-logs (private, expire after 30 days) and acme-assets (public-read, expire after 90 days)";
    const text = hcl(generated(ask));
    expect(checkRequest({ request: ask, template: text })?.notExpressed).toEqual([]);
    const swapped = text.replace("days = 30", "days = @@").replace("days = 90", "days = 30").replace("days = @@", "days = 90");
    expect(swapped).not.toBe(text);
    expect(checkRequest({ request: ask, template: swapped })?.notExpressed.map((value) => value.text)).toEqual(["30 days", "90 days"]);
  });

  it("'objects expiring after 30 days' is an expiry (the gerund was not read, the check named the days)", () => {
    const ask = "a private OSS bucket named acme-logs with objects expiring after 30 days";
    const template = generated(ask);
    expect(JSON.stringify(props(template, BUCKET)[0]?.LifecycleConfiguration)).toContain('"Days":30');
    expect(flaggedTexts(ask, template)).toEqual([]);
  });

  it("'一个私有的 backup，一个公共读的 static': the check reads both Chinese per-bucket names (applied, never read), and flags one renamed", () => {
    const ask = "OSS 存储桶两个：一个私有的 backup，一个公共读的 static";
    const template = generated(ask);
    expect(props(template, BUCKET).map((bucket) => [bucket.BucketName, bucket.AccessControl])).toEqual([
      ["backup", "private"],
      ["static", "public-read"],
    ]);
    expect(checkOf(ask, template)?.applied.map((value) => value.text)).toEqual(expect.arrayContaining(["backup", "static"]));
    const renamed = structuredClone(template);
    Object.assign(ofType(renamed, BUCKET)[1]?.Properties ?? {}, { BucketName: "assets" });
    expect(missedTexts(ask, renamed)).toEqual(["static"]);
  });
});

describe("round thirteen: listeners and certificates", () => {
  const base = "internet SLB on port 80 forwarding to 2 ECS on 80";

  it("a certificate id with underscores ('1231579085529123_15d7c1f2a34', Alibaba Cloud's form) is taken whole: the parameter's default, placed by the check (it was cut at the underscore and its digits unplaced)", () => {
    const ask = "internet SLB, HTTPS listener on 443 with cert 1231579085529123_15d7c1f2a34, 2 ECS backends on 8080";
    const template = generated(ask);
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("1231579085529123_15d7c1f2a34");
    expect(flaggedTexts(ask, template)).toEqual([]);
    const other = structuredClone(template);
    Object.assign(other.Parameters?.SlbServerCertificateId ?? {}, { Default: "1231579085529123" });
    expect(missedTexts(ask, other)).toEqual(["1231579085529123_15d7c1f2a34"]);
  });

  it("'an SLB on 443 with cert …' serves the certificate on an HTTPS listener (a TCP listener took none, and the check named the certificate)", () => {
    const ask = "an internet SLB on 443 with cert 123456789_abc1 in front of 2 ECS";
    const template = generated(ask);
    const [listener] = props(template, "ALIYUN::SLB::Listener");
    expect([listener?.ListenerPort, listener?.Protocol, listener?.ServerCertificateId]).toEqual([443, "https", { Ref: "SlbServerCertificateId" }]);
    expect(flaggedTexts(ask, template)).toEqual([]);
    // Said TCP, it stays TCP (and the certificate is named as not in the template).
    const tcp = generated("an internet SLB on 443 (TCP) with cert 123456789_abc1 in front of 2 ECS");
    expect(props(tcp, "ALIYUN::SLB::Listener")[0]?.Protocol).toBe("tcp");
  });

  it("'make the listener https' on an 80 listener: the check reads the protocol as the listener's (it read HTTPS as 443 and flagged it); back to HTTP is flagged", () => {
    const ask = "make the listener https with certificate 1231579085529123_15d7c1f2a34";
    const template = edited(generated(base), ask);
    const [listener] = props(template, "ALIYUN::SLB::Listener");
    expect([listener?.ListenerPort, listener?.Protocol]).toEqual([80, "https"]);
    expect(template.Parameters?.SlbServerCertificateId?.Default).toBe("1231579085529123_15d7c1f2a34");
    expect(flaggedTexts(ask, template)).toEqual([]);
    const plain = structuredClone(template);
    for (const one of ofType(plain, "ALIYUN::SLB::Listener")) Object.assign(one.Properties ?? {}, { Protocol: "http" });
    expect(missedTexts(ask, plain)).toEqual(["https"]);
  });

  it("'把 80 监听改成 HTTPS，证书 …': the same in Chinese", () => {
    const ask = "把 80 监听改成 HTTPS，证书 1231579085529123_15d7c1f2a34";
    const template = edited(generated(base), ask);
    expect(props(template, "ALIYUN::SLB::Listener").map((listener) => [listener.ListenerPort, listener.Protocol])).toEqual([[80, "https"]]);
    expect(flaggedTexts(ask, template)).toEqual([]);
  });
});
