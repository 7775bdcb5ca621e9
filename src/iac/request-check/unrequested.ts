/**
 * Billable resources nobody asked for: a billable resource of a family the conversation's requests
 * never name, that was not in the template before this turn, and that no requested resource needs
 * (a NAT gateway explains its EIP). A port, a protocol or the word "storage" names no product.
 */
import { FAMILIES, familyOfType, isProductType, namesFamily } from "./families";
import { requestProse } from "./prose";
import type { TemplateView } from "./template-slots";

export interface UnrequestedResource {
  resource: string;
  type: string;
}

export function unrequestedResources(view: TemplateView, requests: readonly string[], before: ReadonlySet<string>): UnrequestedResource[] {
  const text = requests.map((request) => requestProse(request).toLowerCase()).join("\n");
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
