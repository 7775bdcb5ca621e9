import { isRecord } from "./template-parser";

/** Diagnostic paths (`Resources/Web/Properties/VpcId/Ref`) as navigable locations in a template object. */

export function pathSegments(path: string): string[] {
  return path === "" ? [] : path.split("/");
}

export function valueAt(root: unknown, segments: readonly string[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isRecord(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** Replaces the value at `segments`; returns false when the parent does not exist. */
export function replaceAt(root: unknown, segments: readonly string[], value: unknown): boolean {
  const parent = valueAt(root, segments.slice(0, -1));
  const last = segments[segments.length - 1];
  if (last === undefined) return false;
  if (Array.isArray(parent)) {
    parent[Number(last)] = value;
    return true;
  }
  if (isRecord(parent)) {
    parent[last] = value;
    return true;
  }
  return false;
}

export function removeAt(root: unknown, segments: readonly string[]): boolean {
  const parent = valueAt(root, segments.slice(0, -1));
  const last = segments[segments.length - 1];
  if (last === undefined || !isRecord(parent) || !(last in parent)) return false;
  delete parent[last];
  return true;
}

/** Renames a key in place, keeping its position among the other keys. */
export function renameKey(record: Record<string, unknown>, from: string, to: string): void {
  const entries = Object.entries(record).map(([key, value]): [string, unknown] => [key === from ? to : key, value]);
  for (const key of Object.keys(record)) delete record[key];
  for (const [key, value] of entries) record[key] = value;
}
