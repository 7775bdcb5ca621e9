/**
 * What a ROS template holds, by the engine's kinds: the logical names of a type, the count of each
 * kind, the region a generated description names, and the listeners' port mappings.
 *
 * Why a file of its own: the editor (template-edit.ts) reads a template this way to edit it, and the
 * Terraform twin reader (terraform-build/from-ros.ts) reads the same template to render Terraform
 * from it; one reading keeps an edit and its rendering agreeing on what the template has.
 */
import { isRecord } from "../template/template-parser";
import { KINDS, RESOURCE_KINDS, type ResourceKind, zeroCounts } from "../kinds";
import type { PortMapping } from "../read/port-mappings";
import { resourceProperties, resourceType, section } from "../template/template-model";

type Template = Record<string, unknown>;

/** The logical names of the resources of `type`, in template order. */
export function namesOfType(template: Template, type: string): string[] {
  return Object.entries(section(template, "Resources"))
    .filter(([, resource]) => resourceType(resource) === type)
    .map(([name]) => name);
}

/** How many resources of each kind the template has (by each kind's ROS type). */
export function currentCounts(template: Template): Record<ResourceKind, number> {
  const counts = zeroCounts();
  for (const kind of RESOURCE_KINDS) counts[kind] = namesOfType(template, KINDS[kind].rosType).length;
  return counts;
}

/** " Region: cn-hangzhou" at the end of a generated description: from its first mention on the last line. */
export function regionSuffix(description: string): string {
  const lastLine = description.slice(Math.max(...["\n", "\r", "\u2028", "\u2029"].map((end) => description.lastIndexOf(end))) + 1);
  const at = lastLine.indexOf(" Region: ");
  return at >= 0 ? lastLine.slice(at) : "";
}

/** The SLB listeners' port mappings (ListenerPort → BackendServerPort), in template order. */
export function listenerMappingsOf(template: Template): PortMapping[] {
  return namesOfType(template, "ALIYUN::SLB::Listener").flatMap((name) => {
    const properties = resourceProperties(section(template, "Resources")[name]);
    const [front, back, protocol] = [properties.ListenerPort, properties.BackendServerPort, properties.Protocol];
    if (typeof front !== "number" || typeof back !== "number") return [];
    const http = isRecord(properties.HttpConfig) ? properties.HttpConfig : {};
    const redirect = http.ListenerForward === "on" && typeof http.ForwardPort === "number" ? { redirectTo: http.ForwardPort } : {};
    return typeof protocol === "string" && /^(?:tcp|udp|https?)$/.test(protocol)
      ? [{ front, back, protocol: protocol as "tcp" | "udp" | "http" | "https", ...redirect }]
      : [{ front, back, ...redirect }];
  });
}
