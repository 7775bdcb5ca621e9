/**
 * What the request check reads out of a request: one explicit value the user stated, of one family
 * (a CIDR block, a port, a size…), with the words they wrote it in and what it should land on.
 * Kept apart from any generator's own reading, so the check judges the template independently.
 */
export type ValueKind =
  | "cidr"
  | "port"
  | "port-range"
  | "port-mapping"
  | "port-redirect"
  | "size"
  | "bandwidth"
  | "compute-spec"
  | "count"
  | "engine"
  | "engine-version"
  | "instance-type"
  | "region"
  | "zone"
  | "resource-id"
  | "bucket-name"
  /** "an ECS with the name web-01": another product's name (a server's, a load balancer's…). */
  | "resource-name"
  | "bucket-setting"
  | "days"
  | "setting"
  // Read from the lexer's tokens (accounting.ts), for the values no family above reads:
  | "file-name"
  | "url-path"
  | "path-prefix"
  | "product"
  | "protocol"
  | "image"
  | "disk-category"
  | "disk-level"
  | "per-server"
  /** "in different AZs", "不同可用区": the servers spread over zones. */
  | "zone-spread"
  /** "one public with 10Mbps, one private": how many servers have a public address (read/server-scopes.ts). */
  | "public-servers"
  | "number";

/** What the user wants done with the value: present in the template, or gone from it (a port "closed"). */
export type ValueRole = "wanted" | "removed";

export interface RequestedValue {
  kind: ValueKind;
  /** The value as the user wrote it, for the reply. */
  text: string;
  role: ValueRole;
  /** Normalized value: a CIDR, a port, GB, Mbps, days, a count, an engine name, a type string. */
  value: string | number;
  /** A second number: the backend port of a mapping, the upper port of a range, the memory (GiB) of a CPU/memory spec. */
  second?: number;
  /** What the value is for, when the words say it: a CIDR's "source" or "network"; a size's disk; a count's family; a version's engine. */
  target?: string;
  /** A count said as "add N more": the template must hold at least N. */
  atLeast?: boolean;
  /** A count said per server ("每台两块数据盘", "an EIP for each server"): N for every server. */
  perServer?: boolean;
  /** A count said per zone ("3 nodes, one per zone", "每个可用区一台"): N in each zone's vSwitch. */
  perZone?: boolean;
  /** A count said as removed ("remove one of the data disks", "去掉一块数据盘"): fewer than before. */
  fewer?: boolean;
  /** A count of disks whose list names the system disk ("2 disks: sys 40G, data 1T"): one of them is each server's system disk. */
  withSystemDisk?: boolean;
  /** A count of some of a product the request counts in all too ("two vswitches, one public subnet … and one private …"): at least that many. */
  part?: boolean;
}
