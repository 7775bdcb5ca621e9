/** The SLB listeners a request asks for, shared by the kind's ROS and Terraform builders (ros.ts, terraform.ts). */
import type { PortMapping } from "../../read/port-mappings";

/**
 * The listeners of a load balancer: each mapping ("80 to backend 8080") and each other public port
 * as itself; port 80 when the request names none. Shared by the ROS and Terraform builders.
 */
export function listenersOf(publicPorts: readonly number[], mappings: readonly PortMapping[]): PortMapping[] {
  const backs = new Set(mappings.map((mapping) => mapping.back));
  const fronts = new Set(mappings.map((mapping) => mapping.front));
  const plain = publicPorts.filter((port) => !backs.has(port) && !fronts.has(port)).map((port) => ({ front: port, back: port }));
  const listeners = [...mappings, ...plain].sort((a, b) => a.front - b.front);
  return listeners.length > 0 ? listeners : [{ front: 80, back: 80 }];
}
