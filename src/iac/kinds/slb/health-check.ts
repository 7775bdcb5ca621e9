/**
 * "health check on /healthz", "健康检查路径 /health": the path a load balancer probes. An HTTP or
 * HTTPS listener takes it as `HealthCheck.URI` (Terraform `health_check_uri`); a TCP or UDP listener
 * probes a port, not a path, so the reply names the path as not applied there instead of dropping it.
 * Read in an edit as in a new request.
 */
import { phrase, type Phrase } from "../../read/request-language";
import { resourceProperties, resourceType, section } from "../../template/template-model";
import { isRecord } from "../../template/template-parser";
import type { RequestedValues } from "../values";

/** A health-check word, a few words at most, then a path (bounded: linear). */
const HEALTH_PATH = /(?:health[- ]?checks?|健康检查)[^\n,，;；。/]{0,24}?(\/[A-Za-z0-9_.~-]{0,40}(?:\/[A-Za-z0-9_.~-]{1,40}){0,5})/i;

export function readHealthCheckPath(text: string, into: RequestedValues): void {
  const path = HEALTH_PATH.exec(text)?.[1];
  if (path) into.healthCheckPath = path;
}

const HTTP_PROTOCOLS = new Set(["http", "https"]);

/** Sets the path on every HTTP(S) listener; what it did, or why it could not, for the reply. */
export function applyHealthCheckPath(template: Record<string, unknown>, path: string): { applied: Phrase[]; unsupported: Phrase[] } {
  const applied: Phrase[] = [];
  let tcp = 0;
  for (const resource of Object.values(section(template, "Resources"))) {
    if (resourceType(resource) !== "ALIYUN::SLB::Listener") continue;
    const properties = resourceProperties(resource);
    if (!HTTP_PROTOCOLS.has(String(properties.Protocol).toLowerCase())) {
      tcp += 1;
      continue;
    }
    properties.HealthCheck = { ...(isRecord(properties.HealthCheck) ? properties.HealthCheck : {}), URI: path };
    applied.push(
      phrase(`health check ${path} on listener ${String(properties.ListenerPort)}`, `监听 ${String(properties.ListenerPort)} 的健康检查路径 ${path}`),
    );
  }
  const unsupported =
    applied.length === 0
      ? [
          tcp > 0
            ? phrase(
                `the health check path ${path}: TCP listeners probe a port, not a path (ask for an HTTP listener)`,
                `健康检查路径 ${path}：TCP 监听只检查端口，不检查路径（可改用 HTTP 监听）`,
              )
            : phrase(`the health check path ${path}: the template has no load balancer listener`, `健康检查路径 ${path}：模板中没有负载均衡监听`),
        ]
      : [];
  return { applied, unsupported };
}
