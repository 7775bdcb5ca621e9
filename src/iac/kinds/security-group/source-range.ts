/**
 * Which opened ports take the request's source range, shared by the ROS values step (apply-values.ts)
 * and the kind's Terraform builder (terraform.ts); a file of its own so the builders sit below index.ts.
 */

const CIDR_TEXT = /\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}/g;
const PORT_NUMBER = /\b\d{2,5}\b/g;

/** The port numbers a request names outside its CIDR blocks: the ports a source range is for. */
export function portsNamedIn(text: string): Set<number> {
  return new Set((text.replace(CIDR_TEXT, " ").match(PORT_NUMBER) ?? []).map(Number));
}

/**
 * Whether an opened port's rule takes the request's source range: a rule open to all does when the
 * request names no port, or names this one; a rule limited to the VPC (a sensitive port) only when
 * the request names its port; SSH keeps its own range. Shared by the ROS values step
 * (apply-values.ts) and the Terraform builder (terraform.ts).
 */
export function takesSourceRange(port: number, openToAll: boolean, vpcOnly: boolean, named: ReadonlySet<number>): boolean {
  if (openToAll) return named.size === 0 || named.has(port);
  return port !== 22 && named.has(port) && vpcOnly;
}
