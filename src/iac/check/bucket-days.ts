/**
 * Days bound to their bucket (round thirteen): "one private named acme-logs with objects expiring
 * after 30 days, one public-read named acme-assets … after 90 days"; so are a website's documents
 * ("bucket my-site-prod: index.html / 404.html, plus a log bucket …"). Each bucket's words
 * (kinds/oss/bucket-clauses.ts) hold its own days; days found only on another bucket's lifecycle
 * rule are misplaced, as days found on another prefix's rule are (bindings.ts). Before, the check
 * found each number on some rule and passed a template whose two buckets' expiries were swapped.
 * The clause's bucket is the one bearing its name, else the one in the same place of the order.
 */
import type { Token } from "../read/token";
import type { CheckedValue } from "./result";
import type { TemplateView } from "./template-slots";
import { bucketsOneByOne, clauseOf } from "./token-context";

const BUCKET_TYPES = new Set(["ALIYUN::OSS::Bucket", "alicloud_oss_bucket"]);
const NAME_KEYS = /^(?:BucketName|bucket)$/;
const DAYS_KEYS = /^(?:Days|days)$/;

/** Each clause's bucket resource: by the name its words give, else by order when the counts agree. */
function clauseBuckets(view: TemplateView, names: ReadonlyArray<string | undefined>, clauseTexts: readonly string[]): Array<string | undefined> {
  const buckets = view.resources.filter((resource) => BUCKET_TYPES.has(resource.type)).map((resource) => resource.name);
  const named = view.slots.filter((slot) => NAME_KEYS.test(slot.key) && BUCKET_TYPES.has(slot.type) && typeof slot.value === "string");
  return clauseTexts.map((text, index) => {
    const listed = names[index];
    const byName = named.find((slot) => {
      const name = String(slot.value).toLowerCase();
      return name === listed || (listed === undefined && name.length >= 3 && text.toLowerCase().includes(name));
    });
    if (byName) return byName.resource;
    return buckets.length === clauseTexts.length ? buckets[index] : undefined;
  });
}

/** "bucket my-site-prod: index.html / 404.html, plus a log bucket …": a website's documents found only on another bucket. */
function misplacedDocuments(
  tokens: readonly Token[],
  view: TemplateView,
  starts: readonly number[],
  owners: ReadonlyArray<string | undefined>,
): CheckedValue[] {
  const documents = view.slots.filter((slot) => BUCKET_TYPES.has(slot.type) && /website/i.test(slot.path) && typeof slot.value === "string");
  const misplaced: CheckedValue[] = [];
  for (const token of tokens) {
    if (token.kind !== "fileName") continue;
    const bucket = owners[clauseOf(starts, token.start)];
    const holding = documents.filter((slot) => String(slot.value).toLowerCase() === String(token.value).toLowerCase());
    if (bucket === undefined || holding.length === 0 || holding.some((slot) => slot.resource === bucket)) continue;
    const other = holding[0] as (typeof holding)[number];
    misplaced.push({ kind: "file-name", text: token.text, reason: "misplaced", where: `${other.resource}.${other.path}, not bucket ${bucket}` });
  }
  return misplaced;
}

/** The days (and documents) written in one bucket's words but found only on another bucket's, as misplaced values. */
export function misplacedBucketDays(tokens: readonly Token[], view: TemplateView, daysOf: (token: Token) => number | undefined): CheckedValue[] {
  const clauses = bucketsOneByOne(tokens);
  if (!clauses) return [];
  const daySlots = view.slots.filter((slot) => DAYS_KEYS.test(slot.key) && BUCKET_TYPES.has(slot.type) && /lifecycle/i.test(slot.path));
  const owners = clauseBuckets(view, clauses.names, clauses.own);
  const misplaced: CheckedValue[] = [...misplacedDocuments(tokens, view, clauses.starts, owners)];
  for (const token of tokens) {
    const days = daysOf(token);
    if (days === undefined) continue;
    const bucket = owners[clauseOf(clauses.starts, token.start)];
    if (bucket === undefined) continue;
    const holding = daySlots.filter((slot) => Number(slot.value) === days);
    if (holding.length === 0 || holding.some((slot) => slot.resource === bucket)) continue;
    const other = holding[0] as (typeof holding)[number];
    misplaced.push({ kind: "days", text: token.text, reason: "misplaced", where: `${other.resource}.${other.path}, not bucket ${bucket}` });
  }
  return misplaced;
}
