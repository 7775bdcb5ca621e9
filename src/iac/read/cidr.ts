/** IPv4 CIDR blocks as integer ranges, for the VPC / vSwitch address checks and for address planning. */
export interface CidrBlock {
  readonly text: string;
  readonly base: number;
  readonly prefix: number;
}

const CIDR_PATTERN = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;

export function parseCidr(text: string): CidrBlock | undefined {
  const match = CIDR_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const octets = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (octets.some((octet) => octet > 255) || prefix > 32) return undefined;
  const base = octets.reduce((address, octet) => address * 256 + octet, 0);
  // A block whose address has bits set beyond the prefix (10.0.0.1/16) is rejected by VPC APIs.
  if (base % blockSize(prefix) !== 0) return undefined;
  return { text: text.trim(), base, prefix };
}

export function blockSize(prefix: number): number {
  return 2 ** (32 - prefix);
}

export function cidrEnd(block: CidrBlock): number {
  return block.base + blockSize(block.prefix) - 1;
}

export function cidrContains(outer: CidrBlock, inner: CidrBlock): boolean {
  return inner.prefix >= outer.prefix && inner.base >= outer.base && cidrEnd(inner) <= cidrEnd(outer);
}

export function cidrsOverlap(a: CidrBlock, b: CidrBlock): boolean {
  return a.base <= cidrEnd(b) && b.base <= cidrEnd(a);
}

export function formatCidr(base: number, prefix: number): string {
  const octets = [24, 16, 8, 0].map((shift) => Math.floor(base / 2 ** shift) % 256);
  return `${octets.join(".")}/${prefix}`;
}

const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((text) => parseCidr(text));

/** VPC CIDR blocks must lie in the RFC 1918 ranges (ROS/VPC also accept public ranges on request only). */
export function isPrivateCidr(block: CidrBlock): boolean {
  return PRIVATE_RANGES.some((range) => range !== undefined && cidrContains(range, block));
}

/**
 * The first `count` subnets of `vpc`, each `subnetPrefix` long, that overlap none of `taken`.
 * Subnet index 0 is skipped when possible so plans read naturally (192.168.1.0/24, 192.168.2.0/24, ...).
 */
export function allocateSubnets(vpc: CidrBlock, count: number, taken: readonly CidrBlock[] = [], prefix?: number): CidrBlock[] {
  const subnetPrefix = prefix !== undefined && prefix > vpc.prefix && prefix <= 29 ? prefix : Math.min(Math.max(vpc.prefix + 1, 24), 29);
  const slots = blockSize(vpc.prefix) / blockSize(subnetPrefix);
  const result: CidrBlock[] = [];
  const order = [...Array.from({ length: slots - 1 }, (_, index) => index + 1), 0];
  for (const index of order) {
    if (result.length === count) break;
    const base = vpc.base + index * blockSize(subnetPrefix);
    const candidate: CidrBlock = { text: formatCidr(base, subnetPrefix), base, prefix: subnetPrefix };
    if ([...taken, ...result].some((block) => cidrsOverlap(block, candidate))) continue;
    result.push(candidate);
  }
  return result;
}
