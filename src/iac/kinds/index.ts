/**
 * The registry of resource kinds. Everything that needs to know a kind — its nouns, types, labels,
 * dependencies, billing, values and their properties, its ROS and Terraform builders — reads it from
 * here. A kind is a folder, kinds/<kind>/ (index.ts its definition, ros.ts and terraform.ts its
 * builders), so adding a kind touches its folder, its name in resource-kind.ts, the two
 * lists below, and its tests.
 */
import type { Phrase, ReplyLanguage } from "../read/request-language";
import { ecs } from "./ecs";
import { eip } from "./eip";
import type { KindDefinition, KindValue, RequestValueSort, ResourceKind } from "./kind";
import { nat } from "./nat";
import { oss } from "./oss";
import { rds } from "./rds";
import { redis } from "./redis";
import { securityGroup } from "./security-group";
import { slb } from "./slb";
import { vpc } from "./vpc";
import { vswitch } from "./vswitch";

export type { KindDefinition, KindValue, RequestValueSort, ResourceKind } from "./kind";

export const KINDS: Readonly<Record<ResourceKind, KindDefinition>> = { vpc, vswitch, securityGroup, ecs, slb, rds, oss, eip, nat, redis };

export const RESOURCE_KINDS: readonly ResourceKind[] = Object.keys(KINDS) as ResourceKind[];

/**
 * The order the generators run the kinds' builders in (ros-template-builder.ts, terraform-builder.ts):
 * each kind after the kinds it needs and the kinds whose results it reads (the network, the
 * instances an EIP or a load balancer binds, the EIP a NAT gateway uses); it is also the order of
 * the resources and outputs in a generated template.
 */
export const BUILD_ORDER: readonly ResourceKind[] = ["vpc", "vswitch", "securityGroup", "ecs", "eip", "nat", "slb", "rds", "redis", "oss"];

/** A fresh count of zero per kind. */
export function zeroCounts(): Record<ResourceKind, number> {
  return Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, 0])) as Record<ResourceKind, number>;
}

/** The kind whose main ROS type (or one of whose parts) is `type`. */
export function kindOfRosType(type: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((kind) => KINDS[kind].rosType === type || KINDS[kind].rosParts.includes(type));
}

/** The kind whose main Terraform type (or one of whose parts) is `type`. */
export function kindOfTerraformType(type: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((kind) => KINDS[kind].terraformType === type || KINDS[kind].terraformParts.includes(type));
}

/** ROS types billed on their own (the main type of every billable kind). */
export const BILLABLE_ROS_TYPES: ReadonlySet<string> = new Set(RESOURCE_KINDS.filter((kind) => KINDS[kind].billable).map((kind) => KINDS[kind].rosType));

/** Terraform types billed on their own. */
export const BILLABLE_TERRAFORM_TYPES: ReadonlySet<string> = new Set(
  RESOURCE_KINDS.filter((kind) => KINDS[kind].billable).map((kind) => KINDS[kind].terraformType),
);

/** ROS types that only connect others (listeners, attachments, associations, SNAT entries). */
export const WIRING_ROS_TYPES: ReadonlySet<string> = new Set(RESOURCE_KINDS.flatMap((kind) => KINDS[kind].rosParts));

/** The kinds that cannot be created without `kind`. */
export function dependentsOf(kind: ResourceKind): ResourceKind[] {
  return RESOURCE_KINDS.filter((other) => KINDS[other].needs.includes(kind));
}

/** Every place a value of this sort may land, over all kinds: what the request check looks in. */
export function placesOf(sort: RequestValueSort): (KindValue & { kind: ResourceKind })[] {
  return RESOURCE_KINDS.flatMap((kind) => KINDS[kind].values.filter((value) => value.sort === sort).map((value) => ({ ...value, kind })));
}

/** The noun matches of a kind in `text`, each with its offset. */
export function nounMatches(text: string, kind: ResourceKind): RegExpMatchArray[] {
  return [...text.matchAll(KINDS[kind].nouns)];
}

/** True when `text` names any kind the engine builds (each kind's own linear pattern, one after another). */
export function mentionsAnyKind(text: string): boolean {
  return RESOURCE_KINDS.some((kind) => text.search(KINDS[kind].nouns) >= 0);
}

/** True when `word` is, as a whole, a noun of some kind ("servers", "vSwitches", "数据库"). */
export function isResourceNoun(word: string): boolean {
  return RESOURCE_KINDS.some((kind) => WHOLE_NOUNS[kind].test(word));
}

const WHOLE_NOUNS = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, new RegExp(`^(?:${KINDS[kind].nouns.source})$`, "i")])) as Record<
  ResourceKind,
  RegExp
>;

/** The kinds the engine builds, for the help text: "VPC, vSwitches, security groups, ECS, …". */
export function kindCatalogue(language: ReplyLanguage): string {
  return RESOURCE_KINDS.map((kind) => KINDS[kind].catalogueName[language]).join(language === "zh" ? "、" : ", ");
}

export function kindLabel(kind: ResourceKind): Phrase {
  return KINDS[kind].label;
}

/** How far around a mention `notARequest` looks: a clause, not the whole request. */
const MENTION_CONTEXT = 24;

/** The mentions of a kind that ask for it: its noun matches minus those used for a protocol, a port or a size. */
export function requestMentions(text: string, kind: ResourceKind): RegExpMatchArray[] {
  const rule = KINDS[kind].notARequest;
  return nounMatches(text, kind).filter((match) => {
    if (!rule) return true;
    const start = match.index ?? 0;
    const end = start + match[0].length;
    return !rule(match[0], text.slice(Math.max(0, start - MENTION_CONTEXT), start), text.slice(end, end + MENTION_CONTEXT));
  });
}
