// The agent card: skills (each example a button that fills the composer), interfaces, security
// schemes and whether the card's signature verifies. The card is signed HS256 (a shared secret),
// so the page can only verify it when given that secret; the check runs here, in the browser,
// over the same canonical JSON the server signed (signatures removed, empty values dropped, keys
// sorted, non-ASCII escaped: src/a2a/jcs.ts).
import { el } from "./dom.js";

const V03_CARD_FIELDS = ["protocolVersion", "url", "preferredTransport", "additionalInterfaces", "supportsAuthenticatedExtendedCard"];

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

const base64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=/g, "");

/** "verified", "does not verify", or why it cannot be checked. */
export async function verifyCard(card, secret) {
  const signature = card.signatures?.[0];
  if (!signature) return "unsigned";
  const header = JSON.parse(atob(signature.protected.replace(/-/g, "+").replace(/_/g, "/")));
  if (header.alg !== "HS256") return `signed with ${header.alg}: not checked here`;
  if (!secret) return `signed (HS256, kid ${header.kid}): enter the signing secret to verify`;
  // The signature covers the card as a 1.0 verifier reads it: without the 0.3 discovery fields
  // (src/worker/agent-card.ts, V03_CARD_FIELDS).
  const { signatures: _omit, ...rest } = card;
  for (const field of V03_CARD_FIELDS) delete rest[field];
  const payload = base64url(new TextEncoder().encode(serialize(clean(rest) ?? {})));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${signature.protected}.${payload}`)));
  return base64url(mac) === signature.signature ? "verified" : "does not verify";
}

/** `{"httpAuthSecurityScheme":{"scheme":"bearer"}}` → "httpAuthSecurityScheme: scheme bearer". */
function describeScheme(scheme) {
  return Object.entries(scheme)
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
