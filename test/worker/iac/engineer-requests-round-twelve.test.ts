/**
 * Issue 27 items 1, 2 and 6, round twelve: requests
 * written by engineers in their own words, none from the suites, through the real generator and
 * check; each fix with a mutation the check must flag.
 */
import { describe, expect, it } from "vitest";
import { generateTemplate } from "../../../src/iac/index";
import { checkOf, edited, generated, type Template } from "./engineer-request-helpers";

describe("round twelve: zones by letter", () => {
  it("'in different zones (h and i)' without a region: no zone id is guessed, the reply says so and the check names both letters (they were dropped in silence)", () => {
    const ask = "Two ECS in different zones (h and i), each 4c8g with 100G data disk, plus an SLB on 80";
    const result = generateTemplate({ text: ask });
    expect(result.summary).toContain("zones h, i by letter: no region is named");
    const check = checkOf(ask, result.template as unknown as Template);
    expect(check?.notExpressed.map((value) => value.text)).toEqual(["h", "i"]);
  });

  it("'in different zones (h and i) in hangzhou': the bracketed letters are the region's zones, one per vSwitch", () => {
    const ask = "Two ECS in different zones (h and i) in hangzhou, each 4c8g";
    const template = generated(ask);
    expect([template.Parameters?.ZoneId1?.Default, template.Parameters?.ZoneId2?.Default]).toEqual(["cn-hangzhou-h", "cn-hangzhou-i"]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const one = structuredClone(template);
    Object.assign(one.Parameters?.ZoneId2 ?? {}, { Default: "cn-hangzhou-h" });
    expect(checkOf(ask, one)?.notExpressed.map((value) => value.text)).not.toEqual([]);
  });
});

describe("round twelve: counts and disks said the short way", () => {
  it("'ECS x4 across zones h and i in hangzhou, each with a 100G disk': four servers each with a 100 GiB data disk (the disk was dropped, the check counted four zones)", () => {
    const ask = "ECS x4 across zones h and i in hangzhou, each with a 100G disk";
    const template = generated(ask);
    const servers = Object.values(template.Resources).filter((resource) => resource.Type === "ALIYUN::ECS::Instance");
    expect(servers).toHaveLength(4);
    for (const server of servers) expect(server.Properties?.DiskMappings).toEqual([expect.objectContaining({ Size: 100 })]);
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    const smaller = structuredClone(template);
    for (const server of Object.values(smaller.Resources))
      if (server.Type === "ALIYUN::ECS::Instance") server.Properties = { ...server.Properties, DiskMappings: [{ Category: "cloud_essd", Size: 50 }] };
    expect(checkOf(ask, smaller)?.notExpressed.map((value) => value.text)).toContain("100G");
  });
});

describe("round twelve: a bastion and its servers counted after their size", () => {
  it("'堡垒机 2核4G 一台，应用服务器 4核8G 三台' is one bastion and three app servers, each role its own type (three servers and no bastion were built)", () => {
    const ask = "堡垒机 2核4G 一台，应用服务器 4核8G 三台，应用服务器只允许堡垒机 SSH";
    const template = generated(ask);
    expect(Object.values(template.Resources).filter((resource) => resource.Type === "ALIYUN::ECS::Instance")).toHaveLength(4);
    expect(template.Parameters?.BastionInstanceType?.Default).toBe("ecs.c7.large");
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.c7.xlarge");
    const check = checkOf(ask, template);
    expect(check?.notExpressed).toEqual([]);
    expect(check?.unplaced).toEqual([]);
    const swapped = structuredClone(template);
    Object.assign(swapped.Parameters?.BastionInstanceType ?? {}, { Default: "ecs.c7.xlarge" });
    Object.assign(swapped.Parameters?.EcsInstanceType ?? {}, { Default: "ecs.c7.large" });
    expect(checkOf(ask, swapped)?.notExpressed.length).toBeGreaterThan(0);
  });
});

describe("round twelve: an edit of a bucket's settings is checked", () => {
  it("'enable versioning and KMS encryption' on a bucket: the check reads both settings (it said the request stated no value)", () => {
    const first = generated("OSS bucket assets-prod private");
    const ask = "enable versioning and KMS encryption";
    const next = edited(first, ask);
    const check = checkOf(ask, next);
    expect(check?.applied.map((value) => value.text).sort()).toEqual(["KMS encryption", "versioning"]);
    // Mutation: versioning left off is flagged.
    expect(checkOf(ask, first)?.notExpressed.map((value) => value.text)).toContain("versioning");
  });
});

describe("round twelve: an EIP each with its bandwidth between", () => {
  it("'2 ecs t6 2c4g …, eip 5M each' (Terraform) is an EIP for each server at 5 Mbps (one EIP was built for both)", () => {
    const ask = "terraform: 2 ecs t6 2c4g with 40G system disk, eip 5M each, in cn-shenzhen zone d and e";
    const template = generated(ask);
    const eips = Object.values(template.Resources).filter((resource) => resource.Type === "ALIYUN::VPC::EIP");
    expect(eips).toHaveLength(2);
    expect(eips.map((eip) => eip.Properties?.Bandwidth)).toEqual([5, 5]);
    expect(template.Parameters?.EcsInstanceType?.Default).toBe("ecs.t6-c1m2.large");
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const one = structuredClone(template);
    for (const [name, resource] of Object.entries(one.Resources))
      if (/^Eip.*2$/.test(name) || (resource.Type === "ALIYUN::VPC::EIPAssociation" && name.endsWith("2"))) delete one.Resources[name];
    expect(checkOf(ask, one)?.notExpressed.length).toBeGreaterThan(0);
  });
});

describe("round twelve: one verb, several mappings", () => {
  it("'an SLB that forwards 443 to 8443 and 80 to 8080' maps both listeners (80 → 8080 was dropped)", () => {
    const ask = "Give me an internet-facing SLB that forwards 443 to 8443 and 80 to 8080 on 2 ECS";
    const template = generated(ask);
    const listeners = Object.values(template.Resources)
      .filter((resource) => resource.Type === "ALIYUN::SLB::Listener")
      .map((resource) => `${String(resource.Properties?.ListenerPort)}→${String(resource.Properties?.BackendServerPort)}`)
      .sort();
    expect(listeners).toEqual(["443→8443", "80→8080"]);
    expect(checkOf(ask, template)?.notExpressed).toEqual([]);
    const toFront = structuredClone(template);
    for (const resource of Object.values(toFront.Resources))
      if (resource.Type === "ALIYUN::SLB::Listener" && resource.Properties?.ListenerPort === 80) resource.Properties.BackendServerPort = 80;
    expect(checkOf(ask, toFront)?.notExpressed.map((value) => value.text)).toContain("80 to 8080");
  });
});
