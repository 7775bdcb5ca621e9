/**
 * Which lexer tokens the check's own value families (extract.ts) already read: a token is covered
 * when an extracted value of a matching sort carries the same normalized value ("443" by the
 * mapping "443→8443", "100G" by the size 100, "PostgreSQL" by "PostgreSQL 15"). The keys of all
 * extracted values go into one set, so each token is one lookup: linear.
 */
import type { Token } from "../read/token";
import type { RequestedValue } from "./requested-value";
import { countedFamily } from "./token-context";

/** "15" and "15.0" name the same version. */
export const versionKey = (version: string) => (/^\d{1,3}$/.test(version) ? `${version}.0` : version);

function numbers(value: RequestedValue): string[] {
  return [value.value, value.second].filter((part) => typeof part === "number").map((part) => `num|${part}`);
}

function keysOfValue(value: RequestedValue): string[] {
  const lower = String(value.value).toLowerCase();
  const own: Record<RequestedValue["kind"], () => string[]> = {
    port: () => [`port|${value.value}`],
    "port-range": () => [`port|${value.value}`, `port|${value.second}`, `range|${value.value}-${value.second}`],
    "port-mapping": () => [`port|${value.value}`, `port|${value.second}`],
    "port-redirect": () => [`port|${value.value}`, `port|${value.second}`],
    cidr: () => [`cidr|${lower}`],
    size: () => [`size|${value.value}`],
    "compute-spec": () => [`compute|${value.value}`, `size|${value.second}`],
    bandwidth: () => [`bandwidth|${value.value}`],
    days: () => [`days|${value.value}`],
    count: () => [`count|${value.value}|${value.target}`, `product|${value.target}`],
    "engine-version": () => [`version|${versionKey(lower)}`, `engine|${String(value.target).toLowerCase()}`],
    engine: () => [`engine|${lower}`],
    "instance-type": () => [`type|${lower}`],
    region: () => [`region|${lower}`],
    zone: () => [`zone|${lower}`, `region|${lower.slice(0, -2)}`],
    "resource-id": () => [`id|${lower}`],
    "bucket-name": () => [`bucket|${lower}`],
    "resource-name": () => [`name|${lower}`],
    "bucket-setting": () => [`setting|${lower}`],
    "file-name": () => [],
    "url-path": () => [],
    "path-prefix": () => [],
    product: () => [],
    protocol: () => [],
    image: () => [],
    "disk-category": () => [],
    "disk-level": () => [],
    "per-server": () => [],
    "zone-spread": () => [],
    "public-servers": () => [],
    setting: () => [],
    number: () => [],
  };
  return [...own[value.kind](), ...numbers(value)];
}

/** The keys a token is covered by, any one of which is enough; a count is covered only by a count of the same product. */
export function keysOfToken(tokens: readonly Token[], index: number): string[] {
  const token = tokens[index] as Token;
  const value = String(token.value).toLowerCase();
  switch (token.kind) {
    case "port":
      return [`port|${value}`];
    case "portRange":
    case "range":
      return [`range|${value}-${token.second}`];
    case "cidr":
      return [`cidr|${value}`];
    case "address":
      return [`cidr|${value}/32`];
    case "size":
      return [`size|${value}`];
    case "bandwidth":
      return [`bandwidth|${value}`];
    case "duration":
      return token.unit === "day" ? [`days|${value}`] : [];
    case "compute":
      return [`compute|${value}`];
    case "count":
      return [`count|${value}|${countedFamily(tokens, index) ?? ""}`];
    case "version":
      return [`version|${versionKey(value)}`];
    case "resourceId":
      return [`id|${value}`];
    case "instanceType":
      return [`type|${value}`];
    case "region":
      return [`region|${value}`];
    case "zone":
      return [`zone|${value}`];
    case "number":
      return [`num|${value}`];
    case "name":
      if (token.of === "engine") return [`engine|${value}`];
      if (token.of === "acl") return [`setting|acl:${value}`];
      return [];
    default:
      return [];
  }
}

/** The covering keys of all extracted values. */
export function coverage(values: readonly RequestedValue[]): Set<string> {
  return new Set(values.flatMap(keysOfValue));
}

export const isCovered = (keys: ReadonlySet<string>, tokens: readonly Token[], index: number) => keysOfToken(tokens, index).some((key) => keys.has(key));
