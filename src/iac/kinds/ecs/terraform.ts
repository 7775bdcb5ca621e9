/** The Terraform builder of the ECS kind (index.ts): instances with the stated type and system disk size, else type and image from the data sources. */
import { SYSTEM_DISK_GIB, sizeWithin } from "../../generate/resource-defaults";
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted, vswitchFor } from "../../terraform/terraform-build/hcl";

/** One `data_disks` block, aligned as `terraform fmt` writes it; an ESSD's performance level ("ESSD PL1") when the twin has one. */
function dataDiskBlock(disk: NonNullable<TerraformBuild["details"]["dataDisks"]>[number]): string[] {
  if (!disk.performanceLevel) return ["data_disks {", `  category = ${quoted(disk.category)}`, `  size     = ${disk.size}`, "}"];
  return [
    "data_disks {",
    `  category          = ${quoted(disk.category)}`,
    `  size              = ${disk.size}`,
    `  performance_level = ${quoted(disk.performanceLevel)}`,
    "}",
  ];
}

/** The top-level `key = value` lines of a resource, aligned as `terraform fmt` writes one run of them (to the longest key). */
function aligned(attributes: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...attributes.map(([key]) => key.length));
  return attributes.map(([key, value]) => `${key.padEnd(width)} = ${value}`);
}

/** The ECS instances, with a public address of their own only when nothing else gives them one. */
export function buildEcs(build: TerraformBuild): void {
  const { request, values, details, vswitches, hcl } = build;
  const { counts } = request;
  const instanceType = values.ecsInstanceType ? quoted(values.ecsInstanceType) : "data.alicloud_instance_types.ecs.instance_types[0].id";
  const diskSize = sizeWithin(values.systemDisk.size, SYSTEM_DISK_GIB) ?? 40;
  const publicAccess = counts.eip === 0 && counts.slb === 0 && counts.nat === 0;
  // A bastion's design (kinds/security-group/bastion-design.ts): the first servers are bastions in the first group, the others in theirs.
  const bastions = details.serversGroup?.bastions ?? 0;
  // "one public, one private": the twin's first servers only have a public bandwidth.
  const bandwidthOf = (index: number) =>
    details.publicServers !== undefined && index >= details.publicServers ? 0 : (details.ecsBandwidthOut ?? (publicAccess ? 5 : 0));
  // Each server's own type where the twin's differ (roles with a size each), else the bastion's or the servers' one.
  const instanceTypeOf = (index: number, bastion: boolean) => {
    const own = details.instanceTypes?.[index];
    if (own) return quoted(own);
    return bastion && details.serversGroup?.bastionInstanceType ? quoted(details.serversGroup.bastionInstanceType) : instanceType;
  };
  build.instances = Array.from({ length: counts.ecs }, (_, index) => {
    const name = `ecs_${index + 1}`;
    const bastion = index < bastions;
    const attributes: [string, string][] = [
      ["instance_name", quoted(details.instanceNames?.[index] || (bastion ? (bastions === 1 ? "bastion" : `bastion-${index + 1}`) : `ecs-${index + 1}`))],
      ["instance_type", instanceTypeOf(index, bastion)],
      ["image_id", "data.alicloud_images.ecs.images[0].id"],
      ["vswitch_id", vswitchFor(vswitches, index)],
      ["security_groups", `[alicloud_security_group.${details.serversGroup && !bastion ? "app" : "main"}.id]`],
      ["system_disk_category", '"cloud_essd"'],
      ["system_disk_size", String(diskSize)],
      // "40G system disk ESSD PL1": the twin's `SystemDiskPerformanceLevel`.
      ...(details.systemDiskLevel ? [["system_disk_performance_level", quoted(details.systemDiskLevel)] as [string, string]] : []),
      ...(details.noPassword ? [] : [["password", "var.ecs_password"] as [string, string]]),
      ...(details.keyPairName ? [["key_name", quoted(details.keyPairName)] as [string, string]] : []),
      ["instance_charge_type", '"PostPaid"'],
      ["internet_max_bandwidth_out", String(bandwidthOf(index))],
      ...(details.billedByBandwidth && bandwidthOf(index) > 0 ? [["internet_charge_type", '"PayByBandwidth"'] as [string, string]] : []),
    ];
    const lines = aligned([...attributes, ...(details.deletionProtection?.ecs ? [["deletion_protection", "true"] as [string, string]] : [])]);
    const protection = details.deletionProtection?.ecs ? lines.slice(-1) : [];
    hcl.resource("alicloud_instance", name, [...lines.slice(0, attributes.length), ...(details.dataDisks ?? []).flatMap(dataDiskBlock), ...protection]);
    hcl.output(`${name}_private_ip`, `alicloud_instance.${name}.private_ip`, `The private IP of ECS instance ${index + 1}.`);
    return name;
  });
}
