/**
 * Round ten: values engineers wrote in forms nobody had sent before, each dropped by the generator
 * and named (or left unconfirmed) by the request check: "30d" for days, a bare Redis version, an
 * ESSD performance level on the system disk, disks by their one-word names ("sys 40G, data 1T"), and
 * the zone of a vSwitch an edit adds. Each test runs the real generator, editor and request check:
 * the template carries the value (ROS, and Terraform where the engine writes it), the check accounts
 * for it, and a template with the value removed or changed is flagged (a mutation). A paraphrase per
 * defect (another unit form, Chinese) shows the fix reads the form, not the one phrase.
 */
import { describe, expect, it } from "vitest";
import { checkRequest } from "../../../src/iac/index";
import { checkOf, edited, generated, hcl, props, type Template, missedTexts, unplacedTexts } from "./engineer-request-helpers";

const SERVER = "ALIYUN::ECS::Instance";
const CACHE = "ALIYUN::REDIS::Instance";
const BUCKET = "ALIYUN::OSS::Bucket";
const VSWITCH = "ALIYUN::ECS::VSwitch";

type LifecycleRule = { Prefix?: string; Expiration?: { Days?: number }; Transition?: { Days: number; StorageClass: string }[] };
const lifecycleOf = (template: Template) => (props(template, BUCKET)[0]?.LifecycleConfiguration as { Rule: LifecycleRule[] } | undefined)?.Rule ?? [];

describe("round ten: days written as '30d'", () => {
  const ask = "OSS bucket for backups, versioning on, move to IA after 30d and archive after 90d, delete after 365d";

  it("'move to IA after 30d and archive after 90d, delete after 365d' builds the same lifecycle rule as '30 days' (it built none)", () => {
    const template = generated(ask);
    expect(lifecycleOf(template)).toEqual([
      expect.objectContaining({
        Prefix: "",
        Expiration: { Days: 365 },
        Transition: [
          { Days: 30, StorageClass: "IA" },
          { Days: 90, StorageClass: "Archive" },
        ],
      }),
    ]);
    expect(lifecycleOf(template)).toEqual(lifecycleOf(generated(ask.replaceAll(/(\d+)d\b/g, "$1 days"))));
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    expect(checkOf(ask, template)?.unplaced).toEqual([]);
    // Terraform writes the rule's transitions and expiry, and the check finds them there.
    const terraform = hcl(template);
    expect(terraform).toMatch(/expiration \{\s+days = 365\s+\}/);
    expect(terraform).toMatch(/days\s+= 30\s+storage_class = "IA"/);
    expect(terraform).toMatch(/days\s+= 90\s+storage_class = "Archive"/);
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    // Mutation: without the Archive transition, "90d" is named.
    const noArchive = structuredClone(template);
    const rule = lifecycleOf(noArchive)[0] as LifecycleRule;
    rule.Transition = rule.Transition?.filter((transition) => transition.Days !== 90);
    expect(missedTexts(ask, noArchive)).toEqual(["90d"]);
  });

  it("'30 d' and '30天' read the same days", () => {
    for (const words of [
      "OSS bucket, move to IA after 30 d and archive after 90 d, delete after 365 d",
      "OSS 存储桶，开启版本控制，30天后转低频，90天后归档，365天后删除",
      "OSS bucket, move to IA after 30天, archive after 90天, delete after 365天",
    ]) {
      const template = generated(words);
      expect(lifecycleOf(template)[0], words).toEqual(
        expect.objectContaining({ Expiration: { Days: 365 }, Transition: [expect.objectContaining({ Days: 30 }), expect.objectContaining({ Days: 90 })] }),
      );
      expect(checkOf(words, template)?.notExpressed, words).toEqual([]);
      expect(checkOf(words, template)?.unplaced, words).toEqual([]);
    }
  });

  it("a number glued to 'd' inside a word or a path is no day count", () => {
    const template = generated("OSS bucket named logs-3d-archive, private, hangzhou");
    expect(props(template, BUCKET)[0]?.LifecycleConfiguration).toBeUndefined();
  });
});

describe("round ten: a Redis version written apart from 'Redis'", () => {
  it("'Redis 4GB, 6.0, only accessible from 10.0.1.0/24' is EngineVersion 6.0 (it kept 7.0 and the check could not confirm 6.0)", () => {
    const ask = "Redis 4GB, 6.0, only accessible from 10.0.1.0/24";
    const template = generated(ask);
    expect(props(template, CACHE)[0]).toEqual(expect.objectContaining({ EngineVersion: "6.0", SecurityIps: "10.0.1.0/24" }));
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "engine-version", text: "6.0", where: "RedisInstance.EngineVersion" }));
    const terraform = hcl(template);
    expect(terraform).toMatch(/engine_version\s+= "6\.0"/);
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    // Mutation: the cache left at 7.0 is named, not merely unconfirmed.
    const seven = structuredClone(template);
    (props(seven, CACHE)[0] as Record<string, unknown>).EngineVersion = "7.0";
    expect(missedTexts(ask, seven)).toEqual(["6.0"]);
  });

  it("'redis 5', 'Redis 版本 6.0' and a Chinese bare version read the same; beside an RDS a bare decimal is left alone", () => {
    expect(props(generated("redis 5, 2GB, hangzhou"), CACHE)[0]?.EngineVersion).toBe("5.0");
    expect(props(generated("Redis 版本 6.0，4G，杭州"), CACHE)[0]?.EngineVersion).toBe("6.0");
    const zh = "缓存用 Redis，4G，6.0，只允许 10.0.1.0/24 访问";
    const template = generated(zh);
    expect(props(template, CACHE)[0]?.EngineVersion).toBe("6.0");
    expect(checkOf(zh, template)?.notExpressed).toEqual([]);
    expect(checkOf(zh, template)?.unplaced).toEqual([]);
    // A count or a size after "Redis" is no version.
    expect(props(generated("Redis 2 nodes, hangzhou"), CACHE)[0]?.EngineVersion).toBe("7.0");
    expect(props(generated("redis 4 GB, hangzhou"), CACHE)[0]?.EngineVersion).toBe("7.0");
    // With an RDS asked too, "6.0" may be either engine's: not guessed, and the check still cannot confirm it.
    const both = "RDS MySQL 8.0 and a Redis 4GB, 6.0, hangzhou";
    const mixed = generated(both);
    expect(props(mixed, CACHE)[0]?.EngineVersion).toBe("7.0");
    expect(unplacedTexts(both, mixed)).toEqual(["6.0"]);
  });
});

describe("round ten: the system disk's ESSD performance level", () => {
  it("'Terraform pls: one ECS, 4c8g, ubuntu 22.04, 40G system disk ESSD PL1' builds PL1 on the system disk (it was dropped)", () => {
    const ask = "Terraform pls: one ECS, 4c8g, ubuntu 22.04, 40G system disk ESSD PL1, in hangzhou";
    const template = generated(ask);
    expect(props(template, SERVER)[0]).toEqual(
      expect.objectContaining({ SystemDiskSize: 40, SystemDiskPerformanceLevel: "PL1", SystemDiskCategory: { Ref: "EcsSystemDiskCategory" } }),
    );
    // The category selector stays, offering ESSD alone: a level is an ESSD's.
    expect(template.Parameters?.EcsSystemDiskCategory).toEqual(expect.objectContaining({ Default: "cloud_essd", AllowedValues: ["cloud_essd"] }));
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const terraform = hcl(template);
    expect(terraform).toContain('system_disk_performance_level = "PL1"');
    expect(terraform).toContain('system_disk_category          = "cloud_essd"');
    const check = checkOf(ask, terraform);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "disk-level", text: "PL1", where: "ecs_1.system_disk_performance_level" }));
    // Mutation: the level on a data disk instead of the system disk is named.
    const moved = structuredClone(template);
    const server = props(moved, SERVER)[0] as Record<string, unknown>;
    delete server.SystemDiskPerformanceLevel;
    server.DiskMappings = [{ Category: "cloud_essd", Size: 100, PerformanceLevel: "PL1" }];
    expect(missedTexts(ask, moved)).toEqual(["PL1"]);
  });

  it("'data disk 500G ESSD PL2' puts PL2 on the data disk, beside PL1 on the system disk, in ROS and Terraform; in Chinese too", () => {
    for (const ask of ["one ECS, 40G system disk ESSD PL1, data disk 500G ESSD PL2, hangzhou", "一台 ECS，系统盘 40G ESSD PL1，数据盘 500G ESSD PL2，杭州"]) {
      const template = generated(ask);
      const server = props(template, SERVER)[0];
      expect(server?.SystemDiskPerformanceLevel, ask).toBe("PL1");
      expect(server?.DiskMappings, ask).toEqual([expect.objectContaining({ Category: "cloud_essd", Size: 500, PerformanceLevel: "PL2" })]);
      expect(checkOf(ask, template)?.notExpressed, ask).toEqual([]);
      const terraform = hcl(template);
      expect(terraform).toContain('system_disk_performance_level = "PL1"');
      expect(terraform).toMatch(/data_disks \{\s+category\s+= "cloud_essd"\s+size\s+= 500\s+performance_level = "PL2"/);
      expect(checkOf(ask, terraform)?.notExpressed, ask).toEqual([]);
      // Mutation: the two levels swapped are both named.
      const swapped = structuredClone(template);
      const mutated = props(swapped, SERVER)[0] as Record<string, unknown>;
      mutated.SystemDiskPerformanceLevel = "PL2";
      (mutated.DiskMappings as Record<string, unknown>[])[0] = { Category: "cloud_essd", Size: 500, PerformanceLevel: "PL1" };
      expect(missedTexts(ask, swapped).sort(), ask).toEqual(["PL1", "PL2"]);
    }
  });

  it("a level asked of a system disk that is no ESSD is named as not built", () => {
    const template = generated("one ECS, 40G system disk cloud_ssd PL1, hangzhou");
    expect(props(template, SERVER)[0]?.SystemDiskPerformanceLevel).toBeUndefined();
    expect(template.Parameters?.EcsSystemDiskCategory?.Default).toBe("cloud_ssd");
  });
});

describe("round ten: disks by their one-word names", () => {
  it("'Need ECS w/ 2 disks: sys 40G, data 1T cloud_essd' is a 40G system disk and one 1T ESSD data disk (only the category was applied, to the system disk)", () => {
    const ask = "Need ECS w/ 2 disks: sys 40G, data 1T cloud_essd";
    const template = generated(ask);
    const server = props(template, SERVER)[0];
    expect(server?.SystemDiskSize).toBe(40);
    expect(server?.DiskMappings).toEqual([expect.objectContaining({ Category: "cloud_essd", Size: 1024 })]);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    expect(check?.applied).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: "40G", target: "system-disk", where: "EcsInstance.SystemDiskSize" }),
        expect.objectContaining({ text: "1T", target: "data-disk" }),
        expect.objectContaining({ kind: "count", text: "2 disks" }),
      ]),
    );
    const terraform = hcl(template);
    expect(terraform).toMatch(/data_disks \{\s+category = "cloud_essd"\s+size\s+= 1024\s+\}/);
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    // Mutations: two data disks (the count read as data disks) and no data disk are both named.
    const twoData = structuredClone(template);
    (props(twoData, SERVER)[0] as Record<string, unknown>).DiskMappings = [
      { Category: "cloud_essd", Size: 1024 },
      { Category: "cloud_essd", Size: 1024 },
    ];
    expect(missedTexts(ask, twoData)).toEqual(["2 disks"]);
    const noData = structuredClone(template);
    delete (props(noData, SERVER)[0] as Record<string, unknown>).DiskMappings;
    expect(missedTexts(ask, noData)).toEqual(expect.arrayContaining(["1T", "2 disks", "cloud_essd"]));
  });

  it("'system 50G, data 2T cloud_ssd' in Terraform: the category goes to the data disk, the system disk keeps its own", () => {
    const ask = "Terraform: ECS with 2 disks - system 50G, data 2T cloud_ssd, hangzhou";
    const template = generated(ask);
    const server = props(template, SERVER)[0];
    expect(server?.SystemDiskSize).toBe(50);
    expect(server?.DiskMappings).toEqual([expect.objectContaining({ Category: "cloud_ssd", Size: 2048 })]);
    expect(template.Parameters?.EcsSystemDiskCategory?.Default).toBe("cloud_essd");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const terraform = hcl(template);
    expect(terraform).toMatch(/system_disk_size\s+= 50/);
    expect(checkOf(ask, terraform)?.notExpressed).toEqual([]);
    // Mutation: the data disk's category on the system disk instead is named.
    const swapped = structuredClone(template);
    (props(swapped, SERVER)[0] as { DiskMappings: Record<string, unknown>[] }).DiskMappings[0] = { Category: "cloud_essd", Size: 2048 };
    (swapped.Parameters?.EcsSystemDiskCategory as Record<string, unknown>).Default = "cloud_ssd";
    expect(missedTexts(ask, swapped)).toEqual(["cloud_ssd"]);
  });

  it("'data 500GB' outside a request about disks is no data disk", () => {
    expect(props(generated("one ECS and an OSS bucket for data 500GB, hangzhou"), SERVER)[0]?.DiskMappings).toBeUndefined();
  });
});

describe("round ten: the zone of a vSwitch an edit adds", () => {
  const base = "VPC 10.0.0.0/16 with one vswitch 10.0.1.0/24 in cn-hangzhou-h";
  const checkEdit = (ask: string, after: Template, before: Template) =>
    checkRequest({ request: ask, template: JSON.stringify(after), before: JSON.stringify(before) });

  it("'add a second vswitch in zone i, 10.0.2.0/24' puts VSwitch2 in cn-hangzhou-i (it was in no zone) and keeps VSwitch in h", () => {
    const before = generated(base);
    const ask = "add a second vswitch in zone i, 10.0.2.0/24";
    const after = edited(before, ask);
    const added = after.Resources.VSwitch2;
    expect(added?.Properties).toEqual(expect.objectContaining({ CidrBlock: "10.0.2.0/24", ZoneId: { Ref: "ZoneId2" } }));
    expect(after.Parameters?.ZoneId2?.Default).toBe("cn-hangzhou-i");
    expect(after.Parameters?.ZoneId?.Default).toBe("cn-hangzhou-h");
    const check = checkEdit(ask, after, before);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.applied).toContainEqual(expect.objectContaining({ kind: "zone", text: "i", where: "VSwitch2.ZoneId (parameter ZoneId2)" }));
    // Mutation: the new vSwitch with no zone chosen is named.
    const unzoned = structuredClone(after);
    delete (unzoned.Parameters?.ZoneId2 as Record<string, unknown>).Default;
    expect(checkEdit(ask, unzoned, before)?.notExpressed.map((value) => value.text)).toEqual(["i"]);
  });

  it("'再加一个交换机，I 区' and a zone written as its id go to the new vSwitch, never to the first one", () => {
    for (const ask of ["再加一个交换机，I 区，10.0.2.0/24", "add another vswitch in cn-hangzhou-i with 10.0.2.0/24"]) {
      const before = generated(base);
      const after = edited(before, ask);
      expect(after.Parameters?.ZoneId2?.Default, ask).toBe("cn-hangzhou-i");
      expect(after.Parameters?.ZoneId?.Default, ask).toBe("cn-hangzhou-h");
      expect(props(after, VSWITCH), ask).toHaveLength(2);
      expect(checkEdit(ask, after, before)?.notExpressed, ask).toEqual([]);
    }
  });
});
