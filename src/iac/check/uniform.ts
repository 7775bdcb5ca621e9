/**
 * A value stated for servers is on every server (issue 27 item 2, "disk size ↔ which disk", "count
 * ↔ kind"): "2 ECS with a 100G system disk" is found on EcsInstance1 only if EcsInstance2 has it
 * too. For the values a resource carries for itself (type, spec, sizes, bandwidth, an existing id,
 * an image, a disk category or performance level, an engine's version), each resource of the same type as the one it was found on must carry
 * the same value at the same property; else it is misplaced, named with the resource that lacks it.
 * One index of the slots by resource and path: linear.
 */
import { placesOf } from "../kinds";
import { isProductType } from "./families";
import type { ValueKind } from "./requested-value";
import type { CheckedValue } from "./result";
import type { TemplateView } from "./template-slots";
import { sizeKey } from "../read/role-sizes";

const PER_RESOURCE: ReadonlySet<ValueKind> = new Set([
  "instance-type",
  "compute-spec",
  "size",
  "bandwidth",
  "resource-id",
  "image",
  "disk-category",
  "disk-level",
  "engine-version",
]);
/** Where the registry puts an existing resource's id ("VpcId" of a vSwitch). */
const ID_PLACES = placesOf("resourceId");
const SITE = /^([A-Za-z0-9_]{1,255})\.([A-Za-z0-9_.[\]]{1,500})/;

/** A server's name as the template writes it (ROS `InstanceName`, Terraform `instance_name`), lower-cased. */
const nameOf = (slots: ReadonlyMap<string, unknown>, name: string) =>
  String(slots.get(`${name}|InstanceName`) ?? slots.get(`${name}|instance_name`) ?? "").toLowerCase();

/** A server's role in a bastion's design: the bastion (named so by bastion-design.ts and the Terraform twin) or one of the others. */
function roleOf(slots: ReadonlyMap<string, unknown>, name: string): string {
  return nameOf(slots, name).startsWith("bastion") ? "bastion" : "server";
}

/**
 * Whether a server plays a role the request sizes: "bastion" and "server" (the others) as above, or a
 * role word its name carries ("master" for "master-2", "k8s-master-2"; generate/server-groups.ts).
 */
function playsRole(slots: ReadonlyMap<string, unknown>, name: string, role: string): boolean {
  if (role === "bastion" || role === "server") return roleOf(slots, name) === role;
  return nameOf(slots, name).includes(role);
}

/**
 * The applied values that hold on every resource of their type, and those one of them lacks.
 * `typesByRole`: the request names an instance type per role ("ecs.c7.2xlarge for workers,
 * ecs.t6-c1m2.large for the jump server"), so an instance type holds on every server of its role.
 * `publicPicked`: the request picks servers public and private, so a bandwidth holds on the public ones.
 * `sizeRoles`: the vCPU/memory pairs said of the bastion or of the other servers (read/role-sizes.ts), by their key.
 */
export function uniformly(
  applied: readonly CheckedValue[],
  view: TemplateView,
  typesByRole = false,
  publicPicked = false,
  sizeRoles: ReadonlyMap<string, string> = new Map(),
): { kept: CheckedValue[]; misplaced: CheckedValue[] } {
  const slots = new Map(view.slots.map((slot) => [`${slot.resource}|${slot.path}`, slot.value]));
  const types = new Map(view.resources.map((resource) => [resource.name, resource.type]));
  const byType = new Map<string, string[]>();
  for (const resource of view.resources) byType.set(resource.type, [...(byType.get(resource.type) ?? []), resource.name]);
  const kept: CheckedValue[] = [];
  const misplaced: CheckedValue[] = [];
  for (const value of applied) {
    // "one public with 10Mbps, one private": a server's own bandwidth is on the public ones only.
    const perResource = PER_RESOURCE.has(value.kind) && !(publicPicked && value.kind === "bandwidth");
    const site = perResource ? SITE.exec(value.where ?? "") : null;
    const type = site?.[1] ? types.get(site[1]) : undefined;
    if (!site?.[1] || !site[2] || !type || !isProductType(type)) {
      kept.push(value);
      continue;
    }
    const here = slots.get(`${site[1]}|${site[2]}`);
    // An existing network's id belongs on every resource the registry puts it on (every vSwitch of "in vpc-…"), whatever type it was found on.
    const placed =
      value.kind === "resource-id" ? ID_PLACES.filter((place) => place.rosProperty === site[2]).flatMap((place) => byType.get(place.rosType) ?? []) : [];
    // "two Redis 5.0": a version holds on every instance of its engine ("MySQL 8.0 and PostgreSQL 14" are two engines).
    const engine = (name: string) => slots.get(`${name}|Engine`) ?? slots.get(`${name}|engine`);
    const byRole = value.kind === "instance-type" || value.kind === "compute-spec";
    // "a bastion (2c2g) and 4 app servers 4c16g": a size said of a role is on a server of that role, and on every one of them.
    const role =
      value.kind === "compute-spec" ? sizeRoles.get(sizeKey(value.text)) : value.kind === "instance-type" ? sizeRoles.get(value.text.toLowerCase()) : undefined;
    const sameRole = (name: string) =>
      role !== undefined ? playsRole(slots, name, role) : !typesByRole || !byRole || roleOf(slots, name) === roleOf(slots, site[1] ?? "");
    const peers = (byType.get(type) ?? []).filter((name) => (value.kind !== "engine-version" || engine(name) === engine(site[1] ?? "")) && sameRole(name));
    // Found only on servers of another role (or none plays it): the size is not where the request puts it.
    if (role !== undefined && peers.length === 0) {
      const whose = role === "bastion" ? "bastion" : role === "server" ? "other servers" : `${role} servers`;
      misplaced.push({ ...value, reason: "misplaced", where: `${value.where}, not on the ${whose}` });
      continue;
    }
    const lacking = [...peers, ...placed].find((name) => slots.get(`${name}|${site[2]}`) !== here);
    if (lacking === undefined) kept.push(value);
    else misplaced.push({ ...value, reason: "misplaced", where: `${value.where}, but not on ${lacking}` });
  }
  return { kept, misplaced };
}
