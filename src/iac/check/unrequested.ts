/**
 * Billable resources nobody asked for: a billable resource of a family the conversation's requests
 * never name, that was not in the template before this turn, and that no requested resource needs
 * (a NAT gateway explains its EIP). A port, a protocol or the word "storage" names no product.
 *
 * And more of a named product than the request asks for (excessResources): "30 day lifecycle, EIP
 * 20M" once came back with twenty EIPs, each one named by the request's word "EIP". Of the
 * resources a turn adds, those of a family this request names beyond the number it allows are
 * unrequested as well.
 */
import { FAMILIES, type Family, familyOfType, isProductType, namesFamily } from "./families";
import { requestProse } from "./prose";
import { withoutTakenBack } from "../read/taken-back";
import { bucketClauses } from "../kinds/oss/bucket-clauses";
import type { RequestedValue } from "./requested-value";
import type { TemplateView } from "./template-slots";

/** The request's prose without what it takes back: "an EIP? no, just the built-in public IP" names no EIP (read/taken-back.ts). */
function askedProse(request: string): string {
  return requestProse(withoutTakenBack(request)).toLowerCase();
}

export interface UnrequestedResource {
  resource: string;
  type: string;
}

export function unrequestedResources(view: TemplateView, requests: readonly string[], before: ReadonlySet<string>): UnrequestedResource[] {
  const text = requests.map((request) => askedProse(request)).join("\n");
  const named = new Set(FAMILIES.filter((family) => namesFamily(text, family)).map((family) => family.id));
  const present = new Set(view.resources.map((resource) => familyOfType(resource.type)?.id).filter((id): id is string => id !== undefined));
  const explained = new Set(FAMILIES.filter((family) => present.has(family.id) && named.has(family.id)).flatMap((family) => family.needs ?? []));
  return view.resources
    .filter((resource) => {
      const family = familyOfType(resource.type);
      if (!family?.billable || !isProductType(resource.type) || named.has(family.id) || explained.has(family.id)) return false;
      return !before.has(`${resource.name}:${resource.type}`);
    })
    .map((resource) => ({ resource: resource.name, type: resource.type }));
}

/** "each with an EIP", "an EIP per server", "每台": one of the product for every server. */
const PER_SERVER = /\b(?:each|every|per)\b|每/;

type Added = Array<{ name: string; type: string; family: Family }>;

/**
 * How many of `family` the request allows this turn: the counts it states for the family, summed
 * ("2 web servers and 3 app servers": 5), else one; at least one for every present resource that
 * needs the family (a NAT gateway's EIP) more, or one per server as well when the request says
 * "each" / "per" / "每". Undefined when "add N more" sets no bound.
 */
function allowedCount(family: Family, counts: readonly RequestedValue[], view: TemplateView, text: string): number | undefined {
  const stated = counts.filter((count) => count.target === family.id);
  if (stated.some((count) => count.atLeast)) return undefined;
  const productsOf = (id: string) => view.resources.filter((resource) => isProductType(resource.type) && familyOfType(resource.type)?.id === id).length;
  const neededBy = FAMILIES.filter((other) => other.needs?.includes(family.id)).reduce((sum, other) => sum + productsOf(other.id), 0);
  const asked = stated.length > 0 ? stated.reduce((sum, count) => sum + Number(count.value), 0) : 1;
  const perServer = PER_SERVER.test(text) && family.id !== "ecs" ? productsOf("ecs") : 0;
  // "bucket my-site-prod: …, plus a log bucket my-site-logs (…)": buckets asked for one by one, with no count word (kinds/oss/bucket-clauses.ts).
  const oneByOne = family.id === "oss" ? (bucketClauses(text)?.own.length ?? 0) : 0;
  return Math.max(asked, perServer, oneByOne) + neededBy;
}

/** Billable products this turn added beyond what the request allows for their family (the newest ones). */
export function excessResources(view: TemplateView, request: string, counts: readonly RequestedValue[], before: ReadonlySet<string>): UnrequestedResource[] {
  const text = askedProse(request);
  const added: Added = view.resources.flatMap((resource) => {
    const family = familyOfType(resource.type);
    if (!family?.billable || !isProductType(resource.type) || before.has(`${resource.name}:${resource.type}`)) return [];
    return [{ ...resource, family }];
  });
  const excess: UnrequestedResource[] = [];
  for (const family of FAMILIES) {
    const ofFamily = added.filter((resource) => resource.family.id === family.id);
    if (ofFamily.length === 0 || !namesFamily(text, family)) continue;
    const allowed = allowedCount(family, counts, view, text);
    if (allowed === undefined || ofFamily.length <= allowed) continue;
    excess.push(...ofFamily.slice(allowed).map((resource) => ({ resource: resource.name, type: resource.type })));
  }
  return excess;
}
