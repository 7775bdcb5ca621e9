/**
 * Round seven, buckets and disks: requests written by engineers in their own words, none of them
 * from the suites, run through the real generator and request check. Each test names what was wrong
 * (a value not built, a product word read inside a bucket's name, a size given to the wrong disk)
 * and proves the fix, and, where the check is concerned, that a template with the value changed or
 * removed is flagged (a mutation), so the check never vouches for what it did not verify.
 */
import { describe, expect, it } from "vitest";
import { generateTemplate } from "../../../src/iac/index";
import { checkOf, generated, hcl, props, type Template } from "./engineer-request-helpers";

/** The texts the check names as not in the template. */
const missing = (ask: string, template: Template) => (checkOf(ask, template)?.notExpressed ?? []).map((value) => value.text);
/** A copy with one resource's properties changed (a mutation the check must flag). */
function mutated(template: Template, name: string, change: (properties: Record<string, unknown>) => void): Template {
  const copy = structuredClone(template);
  change(copy.Resources[name]?.Properties ?? {});
  return copy;
}

const BUCKET = "ALIYUN::OSS::Bucket";
const ECS = "ALIYUN::ECS::Instance";
type Rule = { Prefix?: string; Expiration?: { Days?: number } };
const rulesOf = (properties: Record<string, unknown>) => ((properties.LifecycleConfiguration as { Rule?: Rule[] } | undefined)?.Rule ?? []) as Rule[];
type Mapping = { Category?: string; Size?: number; PerformanceLevel?: string };
const disksOf = (properties: Record<string, unknown>) => (properties.DiskMappings ?? []) as Mapping[];

describe("round seven: buckets and disks", () => {
  const bucketAsk = "A bucket in us-east-1 named static-cdn-origin with public read ACL and a 7-day expiry on uploads/";

  it("'A bucket in us-east-1 named static-cdn-origin …': the name after 'named' is the bucket's (it was the OssBucketNamePrefix default)", () => {
    const template = generated(bucketAsk);
    const [bucket] = props(template, BUCKET);
    expect(bucket?.BucketName).toBe("static-cdn-origin");
    expect(template.Parameters?.OssBucketNamePrefix).toBeUndefined();
    expect(checkOf(bucketAsk, template)?.applied).toContainEqual({ kind: "bucket-name", text: "static-cdn-origin", where: "OssBucket.BucketName" });
    // Mutation: another name is flagged.
    expect(
      missing(
        bucketAsk,
        mutated(template, "OssBucket", (properties) => (properties.BucketName = "static-origin")),
      ),
    ).toContain("static-cdn-origin");
    // "an ECS named web-01 and an OSS bucket": the name after "named" is the server's, not the bucket's.
    expect(props(generated("an ECS named web-01 and an OSS bucket in Hangzhou"), BUCKET)[0]?.BucketName).not.toBe("web-01");
  });

  it("'a 7-day expiry on uploads/' and its other phrasings: one lifecycle rule, Expiration 7 days on Prefix uploads/ (it built none)", () => {
    for (const ask of [
      bucketAsk,
      "OSS bucket in Hangzhou, expire uploads/ after 7 days",
      "OSS bucket in Hangzhou with a 7 day expiration for the uploads/ prefix",
      "杭州建一个 OSS 存储桶，uploads/ 下的对象 7 天后过期",
    ]) {
      const template = generated(ask);
      const [bucket] = props(template, BUCKET);
      expect(rulesOf(bucket ?? {}), ask).toEqual([expect.objectContaining({ Prefix: "uploads/", Expiration: { Days: 7 } })]);
      const check = checkOf(ask, template);
      expect(check?.notExpressed, ask).toEqual([]);
      expect(check?.unrequested, ask).toEqual([]);
      // Mutations: the whole bucket expired instead of uploads/, and 30 days instead of 7, are each flagged.
      const wholeBucket = mutated(template, "OssBucket", (properties) => ((rulesOf(properties)[0] as Rule).Prefix = ""));
      expect(missing(ask, wholeBucket), ask).toContain("uploads/");
      const longer = mutated(template, "OssBucket", (properties) => ((rulesOf(properties)[0] as Rule).Expiration = { Days: 30 }));
      expect(
        checkOf(ask, longer)?.notExpressed.map((value) => value.kind),
        ask,
      ).toContain("days");
    }
    // A CIDR is no path prefix: "VPC 10.0.0.0/16 … expire objects after 30 days" keeps the whole-bucket rule.
    const [plain] = props(generated("VPC 10.0.0.0/16 with an OSS bucket in Hangzhou, expire objects after 30 days"), BUCKET);
    expect(rulesOf(plain ?? {})).toEqual([expect.objectContaining({ Prefix: "", Expiration: { Days: 30 } })]);
  });

  it("'static-cdn-origin' asks for no CDN: a product word inside a name is no request for it; 'put a CDN in front' still is", () => {
    const result = generateTemplate({ text: bucketAsk });
    expect(result.summary).not.toContain("CDN");
    // Every value is written: the parameters heading says there are none instead of standing empty.
    expect(result.summary).toContain("**Parameters to fill in when creating the stack:**\n- none: the template deploys as it is");
    expect(checkOf(bucketAsk, result.template as Template)?.notExpressed).toEqual([]);
    const named = "an OSS bucket named cdn-assets-2024 in Hangzhou";
    expect(generateTemplate({ text: named }).summary).not.toContain("CDN");
    expect(checkOf(named, generated(named))?.notExpressed).toEqual([]);
    for (const ask of ["put a CDN in front of an OSS bucket named static-cdn-origin in Hangzhou", "a CDN-backed OSS bucket in Hangzhou"]) {
      const asked = generateTemplate({ text: ask });
      expect(asked.summary, ask).toContain("a CDN domain");
      expect(
        checkOf(ask, asked.template as Template)?.notExpressed.map((value) => value.text.toLowerCase()),
        ask,
      ).toContain("cdn");
    }
  });

  const diskAsk = "帮忙建两台 ECS，规格 ecs.g7.large，系统盘 ESSD 80G，数据盘 ESSD PL1 200G，放在上海 L 区，安全组只放行 443";

  it("'数据盘 ESSD PL1 200G': the data disk is 200 GiB (it was the default 100) and ESSD PL1, on both servers, and the check places both", () => {
    const template = generated(diskAsk);
    const servers = props(template, ECS);
    expect(servers).toHaveLength(2);
    for (const server of servers) {
      expect(server.SystemDiskSize).toBe(80);
      expect(disksOf(server)).toEqual([expect.objectContaining({ Category: "cloud_essd", Size: 200, PerformanceLevel: "PL1" })]);
    }
    expect(hcl(template)).toMatch(/data_disks \{\n\s+category\s+= "cloud_essd"\n\s+size\s+= 200\n\s+performance_level = "PL1"\n\s*\}/);
    const check = checkOf(diskAsk, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual({ kind: "size", text: "200G", target: "data-disk", where: "EcsInstance1.DiskMappings[0].Size" });
    expect(check?.applied).toContainEqual({ kind: "disk-level", text: "PL1", where: "EcsInstance1.DiskMappings[0].PerformanceLevel" });
    // Mutations: another level, no level, another size, each flagged; a level on one server only is misplaced.
    const level = (value: string | undefined) => (properties: Record<string, unknown>) => {
      const disk = disksOf(properties)[0] as Mapping;
      if (value === undefined) delete disk.PerformanceLevel;
      else disk.PerformanceLevel = value;
    };
    expect(missing(diskAsk, mutated(mutated(template, "EcsInstance1", level("PL2")), "EcsInstance2", level("PL2")))).toContain("PL1");
    expect(missing(diskAsk, mutated(mutated(template, "EcsInstance1", level(undefined)), "EcsInstance2", level(undefined)))).toContain("PL1");
    expect(missing(diskAsk, mutated(template, "EcsInstance2", level("PL2")))).toContain("PL1");
    const smaller = (properties: Record<string, unknown>) => ((disksOf(properties)[0] as Mapping).Size = 100);
    expect(missing(diskAsk, mutated(mutated(template, "EcsInstance1", smaller), "EcsInstance2", smaller))).toContain("200G");
  });

  it("'500GB ESSD PL2 data disk and a 40G system disk': the size before 'ESSD PL2' is the data disk's; a level on no ESSD is named as not built", () => {
    const ask = "ECS in Hangzhou with a 500GB ESSD PL2 data disk and a 40G system disk";
    const [server] = props(generated(ask), ECS);
    expect(disksOf(server ?? {})).toEqual([expect.objectContaining({ Size: 500, PerformanceLevel: "PL2" })]);
    const ssd = "ECS in Hangzhou with a 500G SSD PL2 data disk";
    const result = generateTemplate({ text: ssd });
    expect(disksOf(props(result.template as Template, ECS)[0] ?? {})[0]?.PerformanceLevel).toBeUndefined();
    expect(result.summary).toContain("performance level PL2 on a cloud_ssd data disk");
    expect(checkOf(ssd, result.template as Template)?.notExpressed.map((value) => value.text)).toContain("PL2");
  });

  it("'40G sys disk', 'OS disk', 'root disk', 'boot disk', 'sysdisk', 'system disk': the system disk (the check expected a 40G data disk)", () => {
    const original = "ECS in Hangzhou, 2c4g, 40G sys disk";
    const check = checkOf(original, generated(original));
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual({ kind: "size", text: "40G", target: "system-disk", where: "EcsInstance.SystemDiskSize" });
    for (const ask of [
      "ECS in Hangzhou, 2c4g, 60G sys disk",
      "ECS in Hangzhou, 2c4g, sysdisk 60G",
      "ECS in Hangzhou, 2c4g, 60G OS disk",
      "ECS in Hangzhou, 2c4g, root disk 60G",
      "ECS in Hangzhou, 2c4g, 60GB boot disk",
      "ECS in Hangzhou, 2c4g, system disk 60G",
    ]) {
      const template = generated(ask);
      const [server] = props(template, ECS);
      expect(server?.SystemDiskSize, ask).toBe(60);
      expect(server?.DiskMappings, ask).toBeUndefined();
      expect(checkOf(ask, template)?.notExpressed, ask).toEqual([]);
      // Mutation: the default 40 GiB system disk is flagged.
      expect(
        missing(
          ask,
          mutated(template, "EcsInstance", (properties) => (properties.SystemDiskSize = 40)),
        ),
        ask,
      ).toEqual([expect.stringMatching(/^60G/)]);
    }
  });
});
