// The canonical JSON of an agent card for signature checks (spec §8.4.1), in both forms the server
// signs (src/a2a/jcs.ts and src/a2a/rfc8785.ts are the server's TypeScript versions; the client is
// plain Node, so it carries this copy, and test/e2e/card-verify.test.ts holds it to the published
// RFC 8785 vectors and to the independent `canonicalize` package):
// - the served form, the spec's algorithm on the JSON as served: `signatures` removed, properties
//   holding a protobuf default removed (REQUIRED and presence fields kept), unknown properties (the
//   0.3 fields) kept, RFC 8785;
// - the SDK form, what both official SDKs compute after reading the card into the 1.0 type: the 0.3
//   fields dropped, empty strings, arrays and objects removed recursively, keys sorted, non-ASCII as
//   \u escapes.

export class CanonicalizationError extends Error {}

const rfcString = (text) => {
  if (!text.isWellFormed()) throw new CanonicalizationError("a lone surrogate has no RFC 8785 form");
  return JSON.stringify(text);
};

/** RFC 8785: keys by UTF-16 code units, ECMAScript number and string forms, I-JSON only. */
export function rfc8785(value) {
  if (value === null || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new CanonicalizationError(`${value} has no RFC 8785 form`);
    return JSON.stringify(value);
  }
  if (typeof value === "string") return rfcString(value);
  if (Array.isArray(value)) return `[${value.map(rfc8785).join(",")}]`;
  if (typeof value === "object")
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${rfcString(k)}:${rfc8785(value[k])}`)
      .join(",")}}`;
  throw new CanonicalizationError(`a ${typeof value} is not JSON`);
}

const CARD_FIELDS = new Set([
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
const REQUIRED = new Set(["name", "description", "supportedInterfaces", "version", "capabilities", "defaultInputModes", "defaultOutputModes", "skills"]);
const PRESENCE = new Set(["documentationUrl", "iconUrl", "streaming", "pushNotifications", "extendedAgentCard"]);
const MAPS = new Set(["securitySchemes", "schemes"]);
const STRUCTS = new Set(["params", "metadata"]);
const OMIT = Symbol("omit");

function withoutDefaults(value) {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [key, field] of Object.entries(value)) {
    const kept = fieldWithoutDefault(key, field);
    if (kept !== OMIT) out[key] = kept;
  }
  return out;
}

function fieldWithoutDefault(key, value) {
  if (STRUCTS.has(key)) return value;
  if (MAPS.has(key) && value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? OMIT : Object.fromEntries(entries.map(([k, v]) => [k, withoutDefaults(v)]));
  }
  if (Array.isArray(value) && value.length === 0) return OMIT;
  if ((value === "" || value === false || value === 0) && !PRESENCE.has(key)) return OMIT;
  return withoutDefaults(value);
}

/** The served form: what a spec-exact verifier computes from the card as served. */
export function servedCanonicalCard(card) {
  const out = {};
  for (const [key, value] of Object.entries(card)) {
    if (key === "signatures") continue;
    if (!CARD_FIELDS.has(key)) out[key] = value;
    else if (REQUIRED.has(key)) out[key] = withoutDefaults(value);
    else {
      const kept = fieldWithoutDefault(key, value);
      if (kept !== OMIT) out[key] = kept;
    }
  }
  return rfc8785(out);
}

function clean(value) {
  if (Array.isArray(value)) {
    const items = value.map(clean).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, clean(v)])
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === "" || value === undefined ? undefined : value;
}

const ascii = (text) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

function serialize(value) {
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${ascii(k)}:${serialize(value[k])}`)
      .join(",")}}`;
  return typeof value === "string" ? ascii(value) : JSON.stringify(value);
}

/** The A2A 0.3 discovery fields: the 1.0 type has none of them, so the SDK form drops them. */
const V03_CARD_FIELDS = ["protocolVersion", "url", "preferredTransport", "additionalInterfaces", "supportsAuthenticatedExtendedCard", "security"];
/** The members of a security scheme only A2A 0.3 reads (src/worker/card-security.ts): the 1.0 type has none. */
const V03_SCHEME_FIELDS = ["type", "scheme", "bearerFormat", "in", "name", "openIdConnectUrl"];

/** The schemes as a 1.0 parser keeps them: each scheme's 0.3 members dropped. */
const v1Schemes = (schemes) =>
  Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => [name, Object.fromEntries(Object.entries(scheme).filter(([k]) => !V03_SCHEME_FIELDS.includes(k)))]),
  );

/** The SDK form. */
export function canonicalCard(card) {
  const { signatures: _signatures, ...rest } = card;
  for (const field of V03_CARD_FIELDS) delete rest[field];
  if (rest.securitySchemes && typeof rest.securitySchemes === "object") rest.securitySchemes = v1Schemes(rest.securitySchemes);
  return serialize(clean(rest) ?? {});
}
