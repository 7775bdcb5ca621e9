// The agent card: skills (each example a button that fills the composer), interfaces, security
// schemes and whether the card's signature verifies. The check covers HS256 (a shared secret), so
// the page can only verify when given that secret; it runs here, in the browser, over the two
// canonical forms the server signs (src/a2a/jcs.ts): the served form (spec §8.4.1 on the card as
// served, RFC 8785) and the SDK form (the official SDKs' view, without the 0.3 fields).
import { el } from "./dom.js";

const V03_CARD_FIELDS = ["protocolVersion", "url", "preferredTransport", "additionalInterfaces", "supportsAuthenticatedExtendedCard", "security"];
/** The members of a security scheme only A2A 0.3 reads (src/worker/card-security.ts): the 1.0 type has none. */
const V03_SCHEME_FIELDS = ["type", "scheme", "bearerFormat", "in", "name", "openIdConnectUrl"];

/** The schemes as a 1.0 parser keeps them: each scheme's 0.3 members dropped. */
const v1Schemes = (schemes) =>
  Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => [name, Object.fromEntries(Object.entries(scheme).filter(([k]) => !V03_SCHEME_FIELDS.includes(k)))]),
  );
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

const rfcString = (text) => {
  if (!text.isWellFormed()) throw new Error("a lone surrogate has no RFC 8785 form");
  return JSON.stringify(text);
};

/** RFC 8785: keys by UTF-16 code units, ECMAScript number and string forms. */
export function rfc8785(value) {
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`${value} has no RFC 8785 form`);
  if (typeof value === "string") return rfcString(value);
  if (Array.isArray(value)) return `[${value.map(rfc8785).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${rfcString(k)}:${rfc8785(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

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

/** The served form: `signatures` and protobuf defaults dropped, unknown properties kept, RFC 8785. */
export function servedForm(card) {
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
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const c = clean(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value === "" || value === undefined ? undefined : value;
}

const asciiJson = (text) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

function serialize(value) {
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${asciiJson(k)}:${serialize(value[k])}`)
      .join(",")}}`;
  }
  return typeof value === "string" ? asciiJson(value) : JSON.stringify(value);
}

/** The SDK form: the 1.0 view (no 0.3 fields), empty values dropped, keys sorted, non-ASCII escaped. */
export function sdkForm(card) {
  const { signatures: _omit, ...rest } = card;
  for (const field of V03_CARD_FIELDS) delete rest[field];
  if (rest.securitySchemes && typeof rest.securitySchemes === "object") rest.securitySchemes = v1Schemes(rest.securitySchemes);
  return serialize(clean(rest) ?? {});
}

const base64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=/g, "");

const decodeHeader = (signature) => JSON.parse(atob(signature.protected.replace(/-/g, "+").replace(/_/g, "/")));

async function hs256(key, signature, payload) {
  const input = new TextEncoder().encode(`${signature.protected}.${base64url(new TextEncoder().encode(payload))}`);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, input))) === signature.signature;
}

/** Which forms ("served", "sdk") some HS256 signature of the card verifies under this secret. */
async function verifiedForms(card, signatures, secret) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  let served;
  try {
    served = servedForm(card);
  } catch {
    served = undefined;
  }
  const forms = new Set();
  for (const signature of signatures) {
    if (served !== undefined && (await hs256(key, signature, served))) forms.add("served");
    else if (await hs256(key, signature, sdkForm(card))) forms.add("sdk");
  }
  return forms;
}

/** "verified" (both forms), a partial verdict naming the one form, "does not verify", or why it cannot be checked. */
export async function verifyCard(card, secret) {
  const signatures = card.signatures ?? [];
  if (signatures.length === 0) return "unsigned";
  const hs = signatures.filter((s) => decodeHeader(s).alg === "HS256");
  if (hs.length === 0) return `signed with ${decodeHeader(signatures[0]).alg}: not checked here`;
  if (!secret) return `signed (HS256, kid ${decodeHeader(hs[0]).kid}): enter the signing secret to verify`;
  const forms = await verifiedForms(card, hs, secret);
  if (forms.size === 2) return "verified";
  if (forms.has("served")) return "verified (served form only: the official SDKs will not accept it)";
  if (forms.has("sdk")) return "verified (SDK form only: a spec-exact verifier will not accept it)";
  return "does not verify";
}

/**
 * `{"httpAuthSecurityScheme":{"scheme":"bearer"},"type":"http",…}` → "httpAuthSecurityScheme: scheme
 * bearer": the 1.0 wrapper; the 0.3 members beside it (plain strings) say the same again.
 */
function describeScheme(scheme) {
  return Object.entries(scheme)
    .filter(([, fields]) => fields !== null && typeof fields === "object")
    .map(
      ([kind, fields]) =>
        `${kind}: ${Object.entries(fields ?? {})
          .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`)
          .join(", ")}`,
    )
    .join("; ");
}

/** The card as DOM; `onExample(text)` is called when an example is clicked. */
export function renderCard(card, onExample) {
  const skills = (card.skills ?? []).map((skill) =>
    el(
      "li",
      { class: "skill" },
      el("strong", {}, skill.name),
      " ",
      el("span", { class: "muted" }, skill.description),
      el(
        "div",
        { class: "examples" },
        (skill.examples ?? []).map((example) => el("button", { type: "button", class: "example", onclick: () => onExample(example) }, example)),
      ),
    ),
  );
  const interfaces = (card.supportedInterfaces ?? []).map((i) =>
    el("li", {}, el("code", {}, i.protocolBinding), " ", i.url, i.protocolVersion ? ` (A2A ${i.protocolVersion})` : ""),
  );
  const schemes = Object.entries(card.securitySchemes ?? {}).map(([name, scheme]) => el("li", {}, el("code", {}, name), " ", describeScheme(scheme)));
  const capabilities = Object.entries(card.capabilities ?? {})
    .filter(([, v]) => typeof v === "boolean")
    .map(([k, v]) => `${k}: ${v ? "yes" : "no"}`);
  return el(
    "div",
    {},
    el("p", {}, el("strong", { id: "card-name" }, card.name), ` ${card.version ?? ""} — ${card.description ?? ""}`),
    el("p", { class: "muted" }, capabilities.join(" · ")),
    el("h3", {}, "Skills"),
    el("ul", { id: "skills" }, skills),
    el("h3", {}, "Interfaces"),
    el("ul", {}, interfaces),
    el("h3", {}, "Security schemes"),
    schemes.length ? el("ul", {}, schemes) : el("p", { class: "muted" }, "none: open access"),
  );
}
