/**
 * The property catalogue of the resource types the offline engine generates (and the reviewer
 * therefore must know best): every property name with its value type and, where ROS fixes them,
 * its allowed values. The reviewer uses it to catch misspelt property names ("did you mean"),
 * wrong value types and values outside an enumeration.
 *
 * Source: the property tables of the Alibaba Cloud ROS documentation for each type (read by hand,
 * written here as data). A name that is not listed and is not close to a listed one is reported as
 * "not in the offline catalogue" (a warning), because ROS adds properties over time; only a near
 * miss of a known name is an error.
 *
 * The entries of the types the engine builds live with their kind (kinds/<kind>/index.ts `rosProperties`),
 * so adding a kind brings its catalogue; this file holds the notation, its parser and the types the
 * engine reads in reviews but does not build.
 *
 * Notation: `Name:t` with t = s (string), i (integer), n (number), b (boolean), l (list), m (map),
 * a (any); `Name:s=a|b|c` adds the allowed values (compared case-sensitively, as ROS does).
 */

import { KINDS, RESOURCE_KINDS } from "../../kinds";

export type PropertyValueType = "string" | "integer" | "number" | "boolean" | "list" | "map" | "any";

export interface PropertySpec {
  readonly type: PropertyValueType;
  readonly allowed?: readonly string[];
}

const TYPE_CODES: Record<string, PropertyValueType> = {
  s: "string",
  i: "integer",
  n: "number",
  b: "boolean",
  l: "list",
  m: "map",
  a: "any",
};

function properties(list: string): Readonly<Record<string, PropertySpec>> {
  const out: Record<string, PropertySpec> = {};
  for (const entry of list.split(/\s+/).filter((word) => word !== "")) {
    const [name = "", rest = "a"] = entry.split(":");
    const [code = "a", allowed] = rest.split("=");
    out[name] = { type: TYPE_CODES[code] ?? "any", ...(allowed ? { allowed: allowed.split("|") } : {}) };
  }
  return out;
}

/** Every kind's own types (kinds/<kind>/index.ts `rosProperties`), then the types the engine reads but does not build. */
export const ROS_PROPERTY_CATALOGUE: Readonly<Record<string, Readonly<Record<string, PropertySpec>>>> = {
  ...Object.fromEntries(
    RESOURCE_KINDS.flatMap((kind) => Object.entries(KINDS[kind].rosProperties).map(([type, list]) => [type, properties(list)])),
  ),
  "ALIYUN::ECS::Disk": properties("AutoSnapshotPolicyId:s BurstingEnabled:b Category:s DeleteAutoSnapshot:b Description:s DiskName:s Encrypted:b KMSKeyId:s MultiAttach:s PerformanceLevel:s=PL0|PL1|PL2|PL3 ProvisionedIops:i ResourceGroupId:s Size:i SnapshotId:s StorageSetId:s StorageSetPartitionNumber:i Tags:l ZoneId:s"),
};
