/**
 * What a plain-language request (English or Chinese) asks to build: which resources and how many,
 * where, with which address plan, and in which language of infrastructure as code.
 *
 * Why a file of its own: generation-request.ts reads a request into this shape and the kinds'
 * builders (kinds/<kind>/ros.ts, terraform.ts) read it; the registry (kinds/index.ts) holds the
 * builders and generation-request.ts reads the registry, so the shape sits below both (the import
 * rules forbid a cycle of files).
 */
import type { CidrBlock } from "./cidr";
import type { ResourceKind } from "../kinds/resource-kind";
import type { PortMapping, PortRedirect } from "./port-mappings";

export type RdsEngine = "MySQL" | "PostgreSQL" | "SQLServer" | "MariaDB";

export interface InfrastructureRequest {
  format: "ros" | "terraform";
  region?: string;
  counts: Record<ResourceKind, number>;
  vpcCidr: CidrBlock;
  vswitchCidrs: CidrBlock[];
  /** The prefix length asked for the vSwitches without blocks ("/20 subnets"), if any. */
  vswitchPrefix?: number;
  rdsEngine: RdsEngine;
  /** Ports to open to the Internet in the security group, besides SSH from inside the VPC. */
  publicPorts: number[];
  /** Ports the request keeps inside the VPC ("open 8080 to the VPC only"): their rules take the VPC's range. */
  insidePorts?: ReadonlySet<number>;
  /** Port ranges to open in the security group ("ports 8000-8100"), besides single ports. */
  portRanges?: { from: number; to: number }[];
  /** The protocol the request gives a listener port ("SLB on 443 (TCP)"), by port: kinds/slb/protocol.ts. */
  listenerProtocols?: ReadonlyMap<number, "tcp" | "udp" | "http" | "https">;
  /** "an internal SLB", "内网负载均衡": the load balancers are intranet ones, in the VPC. */
  internalSlb?: boolean;
  /** "one public …, one internal …": which load balancers (by position) are internal; the others face the internet. */
  internalSlbPositions?: number[];
  /** "one public for web on 443, one internal for api on 8080": each load balancer's own listener ports, by position. */
  slbListenerPorts?: number[][];
  /** "No internet access at all": every rule from inside the VPC, every load balancer internal (read/no-internet.ts). */
  offInternet?: boolean;
  /** Load balancer listeners that forward to another backend port ("80 to backend 8080"). */
  portMappings: PortMapping[];
  /** HTTP listeners that redirect to another listener ("redirect 80 to 443"): read/port-mappings.ts. */
  portRedirects?: PortRedirect[];
  /** Build in an existing VPC (a parameter) instead of a new one. */
  existingVpc?: boolean;
  existingVpcId?: string;
  /** Place the resources in an existing vSwitch (a parameter) instead of new ones; "" when its id is not known. */
  existingVSwitchId?: string;
  /** Put the servers in an existing security group (a parameter) instead of a new one. */
  existingSecurityGroupId?: string;
  /** "bind it to instance i-bp1…": servers the user already has, which the EIPs bind to (in order) when the template builds none. */
  existingInstanceIds?: string[];
  /** False when no resource kind was recognised (the base VPC is then a fallback, not a reading). */
  recognized: boolean;
  /** The kinds the request itself named; the others were added because these need them. */
  mentioned: ResourceKind[];
  /** Things the request asked for that were adjusted, for the summary. */
  notes: string[];
}
