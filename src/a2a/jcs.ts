/**
 * Canonical JSON of an Agent Card for signing (spec §8.4.1), in its two forms. The **served form**
 * is the spec's algorithm applied to the card as served: `signatures` removed, properties holding a
 * protobuf default value removed (fields with presence kept), unknown properties (the 0.3 fields)
 * kept, RFC 8785. The **SDK form** is what both official SDKs compute after reading the card into
 * the 1.0 type (which drops the 0.3 fields): `signatures` removed, empty strings, arrays and objects
 * removed recursively (`false` and `0` kept), keys sorted, no whitespace, and non-ASCII written as
 * `\u` escapes like Python's `json.dumps` (a2a-1.0.md §9.4). The card is signed in both forms.
 */
import { rfc8785 } from "./rfc8785";

function clean(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(clean).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = clean(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length ? out : undefined;
  }
  if (value === "" || value === undefined) return undefined;
  return value;
}

function serialize(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${asciiJson(k)}:${serialize((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  if (typeof value === "string") return asciiJson(value);
  return JSON.stringify(value);
}

function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function canonicalizeCard(card: Record<string, unknown>): string {
  const { signatures: _signatures, ...rest } = card;
  return serialize(clean(rest) ?? {});
}

/** The 1.0 AgentCard's own fields (a2a.proto): any other top-level property is unknown and kept as it is. */
const AGENT_CARD_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "supportedInterfaces",
  "provider",
  "version",
  "documentationUrl",
  "capabilities",
  "securitySchemes",
  "securityRequirements",
  "defaultInputModes",
  "defaultOutputModes",
  "skills",
  "iconUrl",
]);
/** The card's REQUIRED fields: always included, even holding a default (the spec's §8.4.1 example keeps `"skills":[]`). */
const REQUIRED_CARD_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "supportedInterfaces",
  "version",
  "capabilities",
  "defaultInputModes",
  "defaultOutputModes",
  "skills",
]);
/** Fields declared `optional` (proto3 presence): set to their default, they stay. */
const PRESENCE_FIELDS: ReadonlySet<string> = new Set(["documentationUrl", "iconUrl", "streaming", "pushNotifications", "extendedAgentCard"]);
/** Map fields: an empty map is the default; an entry's value is kept even when it is `{}`. */
const MAP_FIELDS: ReadonlySet<string> = new Set(["securitySchemes", "schemes"]);
/** google.protobuf.Struct fields: arbitrary JSON, kept as it is. */
const STRUCT_FIELDS: ReadonlySet<string> = new Set(["params", "metadata"]);

const OMIT = Symbol("omit");

function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const kept = fieldWithoutDefault(key, field);
    if (kept !== OMIT) out[key] = kept;
  }
  return out;
}

function fieldWithoutDefault(key: string, value: unknown): unknown {
  if (STRUCT_FIELDS.has(key)) return value;
  if (MAP_FIELDS.has(key) && value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? OMIT : Object.fromEntries(entries.map(([k, v]) => [k, withoutDefaults(v)]));
  }
  if (Array.isArray(value) && value.length === 0) return OMIT;
  if ((value === "" || value === false || value === 0) && !PRESENCE_FIELDS.has(key)) return OMIT;
  return withoutDefaults(value);
}

/** The served form (spec §8.4.1 as written): what a verifier working on the JSON as served computes. */
export function canonicalizeServedCard(card: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(card)) {
    if (key === "signatures") continue;
    if (!AGENT_CARD_FIELDS.has(key)) out[key] = value;
    else if (REQUIRED_CARD_FIELDS.has(key)) out[key] = withoutDefaults(value);
    else {
      const kept = fieldWithoutDefault(key, value);
      if (kept !== OMIT) out[key] = kept;
    }
  }
  return rfc8785(out);
}
