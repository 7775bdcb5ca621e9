// The canonical JSON of an agent card for signature checks (spec §8.4.1), as the server signs it:
// `signatures` removed, empty strings, arrays and objects removed recursively, keys sorted, no
// whitespace, non-ASCII as \u escapes. The server's TypeScript version is src/a2a/jcs.ts; the
// client is plain Node, so it carries this copy, and test/e2e/card-verify.test.ts proves both give
// the same bytes (the client verifies the server's signatures).

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

/** The A2A 0.3 discovery fields: a 1.0 verifier drops them, and the server signs without them. */
const V03_CARD_FIELDS = ["protocolVersion", "url", "preferredTransport", "additionalInterfaces", "supportsAuthenticatedExtendedCard"];

export function canonicalCard(card) {
  const { signatures: _signatures, ...rest } = card;
  for (const field of V03_CARD_FIELDS) delete rest[field];
  return serialize(clean(rest) ?? {});
}
