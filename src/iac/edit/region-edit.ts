/**
 * "move everything to Shanghai", "switch the region to cn-beijing", "换到北京", "迁移到上海": the stack's
 * region is the one the template's description names (ROS creates a stack in the region it is
 * sent to, and the engine writes it there; Terraform reads it as `var.region`). Zones the template
 * pins by id belong to the old region: they are named for the user to pick again, never guessed.
 */
import { tokenize } from "../kinds/vocabulary";
import { phrase, type Phrase } from "../read/request-language";
import { resourceProperties, section } from "../template/template-model";
import { regionSuffix } from "./template-inventory";

type Template = Record<string, unknown>;

/** Each a plain alternation (linear); a verb counts with "to"/"into"/"in" anywhere in the request. */
const MOVE_VERB = /\b(?:move|migrate|switch|change|deploy|redeploy|put|relocate)\b/i;
const MOVE_TO = /\b(?:to|into|in)\b/i;
const MOVE_WORDS = /\bregion\b|换到|改到|迁移到|迁到|部署到|放到|改成|地域/i;
const ZONE_KEYS = new Set(["ZoneId", "MasterZoneId", "SlaveZoneId"]);

/** The one region the request names with a move word, if any. */
function movedTo(text: string): string | undefined {
  if (!MOVE_WORDS.test(text) && !(MOVE_VERB.test(text) && MOVE_TO.test(text))) return undefined;
  const regions = new Set(tokenize(text).flatMap((token) => (token.kind === "region" ? [String(token.value)] : [])));
  return regions.size === 1 ? [...regions][0] : undefined;
}

/** Zones written as ids ("cn-hangzhou-h") on the template's resources. */
function pinnedZones(template: Template): string[] {
  const zones = new Set<string>();
  for (const resource of Object.values(section(template, "Resources")))
    for (const [key, value] of Object.entries(resourceProperties(resource))) if (ZONE_KEYS.has(key) && typeof value === "string") zones.add(value);
  return [...zones];
}

const ZONE_ID = /^[a-z]{2,4}-[a-z0-9-]{2,30}-[a-z0-9]{1,3}$/;

/** Zone parameters whose default is a zone of another region lose the default (their selector stays); the zones cleared. */
function clearZoneDefaults(template: Template, region: string): string[] {
  const cleared: string[] = [];
  for (const definition of Object.values(section(template, "Parameters"))) {
    if (typeof definition !== "object" || definition === null) continue;
    const parameter = definition as Record<string, unknown>;
    if (typeof parameter.Default !== "string" || !ZONE_ID.test(parameter.Default) || parameter.Default.startsWith(`${region}-`)) continue;
    if (!String(parameter.AssociationProperty ?? "").includes("ZoneId")) continue;
    cleared.push(parameter.Default);
    delete parameter.Default;
  }
  return cleared;
}

/** Moves the template to the named region; what changed and what the user must pick again. */
export function moveRegion(template: Template, text: string): { changes: Phrase[]; unsupported: Phrase[] } {
  const region = movedTo(text);
  if (!region || typeof template.Description !== "string") return { changes: [], unsupported: [] };
  const suffix = regionSuffix(template.Description);
  const next = ` Region: ${region} (create the stack in this region).`;
  if (suffix === next) return { changes: [], unsupported: [] };
  template.Description = `${suffix ? template.Description.slice(0, template.Description.length - suffix.length) : template.Description}${next}`;
  const stale = pinnedZones(template).filter((zone) => !zone.startsWith(`${region}-`));
  const cleared = clearZoneDefaults(template, region);
  return {
    changes: [
      phrase(`region ${region} (create the stack there)`, `地域 ${region}（在该地域创建资源栈）`),
      ...cleared.map((zone) =>
        phrase(
          `zone ${zone} is no default any more (it is in another region): pick a zone of ${region}`,
          `可用区 ${zone} 不再是默认值（属于其他地域）：请选择 ${region} 的可用区`,
        ),
      ),
    ],
    unsupported: stale.map((zone) =>
      phrase(`zone ${zone} is not in ${region}: pick a zone of ${region} for it`, `可用区 ${zone} 不属于 ${region}：请改选 ${region} 的可用区`),
    ),
  };
}
