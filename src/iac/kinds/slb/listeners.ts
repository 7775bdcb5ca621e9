/** The SLB listeners a request asks for, shared by the kind's ROS and Terraform builders (ros.ts, terraform.ts). */
import type { PortMapping } from "../../read/port-mappings";

/**
 * Listeners one load balancer holds: the Classic Load Balancer quota of listeners per instance (50
 * by default in Alibaba Cloud's CLB limits). More would fail at deployment; the request's reading
 * names the ports left without a listener (read/generation-request.ts).
 */
export const SLB_LISTENERS_MAX = 50;

/**
 * The listeners of a load balancer: each mapping ("80 to backend 8080") and each other public port
 * as itself; port 80 when the request names none. Shared by the ROS and Terraform builders.
 */
export function listenersOf(publicPorts: readonly number[], mappings: readonly PortMapping[]): PortMapping[] {
  const backs = new Set(mappings.map((mapping) => mapping.back));
  const fronts = new Set(mappings.map((mapping) => mapping.front));
  const plain = publicPorts.filter((port) => !backs.has(port) && !fronts.has(port)).map((port) => ({ front: port, back: port }));
  const listeners = [...mappings, ...plain].sort((a, b) => a.front - b.front).slice(0, SLB_LISTENERS_MAX);
  return listeners.length > 0 ? listeners : [{ front: 80, back: 80 }];
}
