/**
 * The zone an edit names for the vSwitch it adds (round ten): after "VPC 10.0.0.0/16 with one vswitch
 * 10.0.1.0/24 in cn-hangzhou-h", "add a second vswitch in zone i, 10.0.2.0/24" must put `VSwitch2` in
 * cn-hangzhou-i. The edit names no region, so the value grammar read no zone from "zone i" (letters
 * are read only in a region), and a zone written as an id went to the first zone parameter, the old
 * vSwitch's. Here the letters are read in the template's region (its description's "Region: …", else
 * the region of a zone it already has), and each zone named goes, in order, to a vSwitch this edit
 * added: as its zone parameter's default (`ZoneId2`, the pattern of "in zones h and i"), or as its
 * literal `ZoneId` when the template writes zones as literals. Linear: one pass over the resources.
 */
import { phrase, type Phrase } from "../read/request-language";
import { findRegion } from "../read/regions";
import { namedZones } from "../read/zone-letters";
import { resourceProperties, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";
import { namesOfType, regionSuffix } from "./template-inventory";

type Template = Record<string, unknown>;

const VSWITCH = "ALIYUN::ECS::VSwitch";
/** " Region: cn-hangzhou (create the stack in this region).": the region a generated description names. */
const DESCRIBED_REGION = /^ Region: ([a-z]{2,4}-[a-z0-9-]{2,30}?)(?=[\s(.]|$)/;
/** A zone id: its region, then a letter ("cn-hangzhou-h"). */
const ZONE_ID = /^([a-z]{2,4}-[a-z0-9-]{2,30})-[a-z]$/;

/** The template's region: the one its description names, else that of a zone it already has (a parameter's default or a literal). */
export function templateRegion(template: Template): string | undefined {
  const described = typeof template.Description === "string" ? DESCRIBED_REGION.exec(regionSuffix(template.Description))?.[1] : undefined;
  if (described) return described;
  const parameters = section(template, "Parameters");
  for (const name of namesOfType(template, VSWITCH)) {
    const zone = resourceProperties(section(template, "Resources")[name]).ZoneId;
    const parameter = isRecord(zone) && typeof zone.Ref === "string" ? parameters[zone.Ref] : undefined;
    const id = typeof zone === "string" ? zone : isRecord(parameter) && typeof parameter.Default === "string" ? parameter.Default : undefined;
    const region = id ? ZONE_ID.exec(id)?.[1] : undefined;
    if (region) return region;
  }
  return undefined;
}

/** Writes `zone` as the vSwitch's zone: its zone parameter's default, or its literal `ZoneId`. */
function placeZone(template: Template, vswitch: string, zone: string): boolean {
  const properties = resourceProperties(section(template, "Resources")[vswitch]);
  const current = properties.ZoneId;
  if (isRecord(current) && typeof current.Ref === "string") {
    const parameter = section(template, "Parameters")[current.Ref];
    if (!isRecord(parameter)) return false;
    parameter.Default = zone;
    return true;
  }
  properties.ZoneId = zone;
  return true;
}

/**
 * Puts the zones the edit names on the vSwitches it added (those not in `before`), in order, when
 * it names no more zones than it adds vSwitches; the changes to report. `used` is true when the zones went to new vSwitches, so the value grammar's
 * zones (which would go to the first zone parameters) are not applied again.
 */
export function zonesOfNewVSwitches(template: Template, before: ReadonlySet<string>, text: string): { changes: Phrase[]; used: boolean } {
  const added = namesOfType(template, VSWITCH).filter((name) => !before.has(name));
  if (added.length === 0) return { changes: [], used: false };
  const zones = namedZones(text, findRegion(text) ?? templateRegion(template));
  // "spread it across zones h and i": more zones than new vSwitches are the old vSwitches' too, in order (the value grammar's zones).
  if (zones.length === 0 || zones.length > added.length) return { changes: [], used: false };
  const changes: Phrase[] = [];
  added.forEach((vswitch, index) => {
    const zone = zones[index];
    if (zone && placeZone(template, vswitch, zone)) changes.push(phrase(`\`${vswitch}\` in zone ${zone}`, `\`${vswitch}\` 位于可用区 ${zone}`));
  });
  return { changes, used: changes.length > 0 };
}
