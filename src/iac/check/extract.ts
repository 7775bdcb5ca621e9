/**
 * Every explicit value of a request, read family by family in an order where the more specific
 * reading claims its characters first: ids, type strings and zones before CIDRs, CIDRs before
 * sizes, sizes before versions, versions before counts, counts before ports, so "10.0.0.0/16",
 * "MySQL 8.0" or "100 GB" are never read again as ports or counts.
 */
import { bucketValues } from "./bucket-values";
import { countValues } from "./count-values";
import { databaseValues } from "./database-values";
import { engineValues, instanceTypes } from "./engine-values";
import { cidrValues, placeValues, resourceIds } from "./network-values";
import { portValues } from "./port-values";
import { requestProse, Scanner } from "./prose";
import { settingValues } from "./setting-values";
import { storageScalingValues } from "./storage-values";
import type { RequestedValue } from "./requested-value";
import { computeSpecs, dayValues, quantityValues } from "./size-values";

/** Most values the check reads from one request (an ordinary request has a dozen; this bounds the work). */
export const MAX_VALUES = 200;

export function extractRequestedValues(request: string): RequestedValue[] {
  const scan = new Scanner(requestProse(request));
  const values = [
    ...resourceIds(scan),
    ...instanceTypes(scan),
    ...placeValues(scan),
    ...cidrValues(scan),
    ...computeSpecs(scan),
    ...quantityValues(scan),
    ...dayValues(scan),
    ...engineValues(scan),
    ...databaseValues(scan),
    ...bucketValues(scan),
    ...settingValues(scan),
    ...storageScalingValues(scan),
    ...countValues(scan),
    ...portValues(scan),
  ];
  const seen = new Set<string>();
  return values
    .filter((value) => {
      const key = `${value.kind}|${value.role}|${value.target ?? ""}|${value.value}|${value.second ?? ""}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_VALUES);
}
