/**
 * Requests that list distinct values of one family (issue 30 item 1): ports, port ranges, CIDRs,
 * port mappings, counts, bucket names and resource ids, each in an English and a Chinese list
 * style, filled to a given size. Repeating one unit (the older adversarial inputs) never builds a
 * list of distinct values, which is what made per-value loops quadratic: 11,236 distinct ports in
 * 64 KiB held the whole server for 144 s. The adversarial test runs the engine on each of these at
 * 16 KiB, 64 KiB and 1 MiB; `npm run bench:offline` measures their CPU time.
 */

export interface DistinctFamily {
  /** The words before the list. */
  readonly before: string;
  /** The words after it. */
  readonly after: string;
  /** The i-th distinct value. */
  readonly value: (index: number) => string;
  /** What joins two values. */
  readonly joiner: string;
}

const port = (index: number) => String(20 + (index % 65_500));
const cidr = (index: number) => `10.${(index >> 8) & 255}.${index & 255}.0/24`;
const range = (index: number) => `${1000 + (index % 60_000)}-${1001 + (index % 60_000)}`;
const mapping = (index: number) => `${1000 + (index % 30_000)} to ${31_000 + (index % 30_000)}`;
const hex = (index: number) => index.toString(16).padStart(12, "0");

export const DISTINCT_FAMILIES: Readonly<Record<string, DistinctFamily>> = {
  "ports, English": { before: "Create a VPC and two ECS, open ports ", after: " to 10.0.0.0/8", value: port, joiner: ", " },
  "ports, Chinese": { before: "创建一个VPC和两台ECS，开放", after: "端口给 10.0.0.0/8", value: port, joiner: "、" },
  "port ranges, English": { before: "Create a VPC and one ECS, open port ranges ", after: " from 10.0.0.0/8", value: range, joiner: ", " },
  "port ranges, Chinese": { before: "创建一个VPC和一台ECS，开放端口范围 ", after: "", value: range, joiner: "、" },
  "CIDRs, English": { before: "Create a VPC and one ECS, allow SSH from ", after: "", value: cidr, joiner: ", " },
  "CIDRs, Chinese": { before: "创建一个VPC和两台ECS，开放22端口给 ", after: "", value: cidr, joiner: "、" },
  "mappings, English": { before: "Create an SLB with two ECS, forward ", after: "", value: mapping, joiner: ", " },
  "mappings, Chinese": {
    before: "创建一个SLB和两台ECS，监听",
    after: "",
    value: (index) => `${1000 + (index % 30_000)}转发到后端${31_000 + (index % 30_000)}`,
    joiner: "、",
  },
  "counts, English": { before: "Create ", after: "", value: (index) => `${index % 50} ECS`, joiner: ", " },
  "counts, Chinese": { before: "创建", after: "", value: (index) => `${index % 50}台ECS`, joiner: "，" },
  "bucket names, English": { before: "Create OSS buckets named ", after: "", value: (index) => `bucket-${index}`, joiner: ", " },
  "bucket names, Chinese": { before: "创建 OSS 存储桶，名称 ", after: "", value: (index) => `bucket-${index}`, joiner: "、" },
  "resource ids, English": { before: "Put 2 ECS in ", after: "", value: (index) => `sg-${hex(index)}`, joiner: ", " },
  "resource ids, Chinese": { before: "把两台ECS放到 ", after: " 里", value: (index) => `vpc-${hex(index)}`, joiner: "、" },
};

/** The family's request, as many distinct values as fit in `size` characters. */
export function distinctRequest(family: DistinctFamily, size: number): string {
  const values: string[] = [];
  let length = family.before.length + family.after.length;
  for (let index = 0; ; index++) {
    const value = family.value(index);
    if (length + value.length + family.joiner.length > size) break;
    values.push(value);
    length += value.length + family.joiner.length;
  }
  return `${family.before}${values.join(family.joiner)}${family.after}`;
}
