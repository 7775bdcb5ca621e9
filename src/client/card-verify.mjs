// Verifies an agent card's asymmetric signature (spec §8.4) for `a2a-client card --verify` and
// `send --verify`: against the JWKS a pinned `--jwks FILE|URL` names, else against the `jku` of the
// signature's protected header, which must then share the card's origin (a jku elsewhere could be
// anyone's keys). HS256 signatures need the shared secret and are not checked here. Each signature
// is tried against both canonical forms (card-canonical.mjs): the served form, which a spec-exact
// verifier computes, and the SDK form, which the official SDKs compute; the answer says which forms
// some signature verified. Uses jose, the server's own JOSE library, loaded only when a check is asked for.
import { readFile } from "node:fs/promises";
import { canonicalCard, servedCanonicalCard } from "./card-canonical.mjs";

export class CardVerificationError extends Error {}

async function loadJwks(source, fetchImpl) {
  if (/^https?:\/\//.test(source)) {
    const res = await fetchImpl(source, { redirect: "error" });
    if (!res.ok) throw new CardVerificationError(`JWKS ${source}: HTTP ${res.status}`);
    return res.json();
  }
  return JSON.parse(await readFile(source, "utf8"));
}

/** The payload of each form, base64url; a form the card has none of (it cannot be canonicalized) is left out. */
function payloads(jose, card) {
  const forms = [];
  for (const [form, canonical] of [
    ["served", servedCanonicalCard],
    ["sdk", canonicalCard],
  ]) {
    try {
      forms.push([form, jose.base64url.encode(canonical(card))]);
    } catch {
      // e.g. a lone surrogate: no served form exists, so no signature can cover one.
    }
  }
  return forms;
}

/** The key set a signature names (its jku, or the pinned one), fetched once per verification (`loaded`). */
async function keysFor(header, { cardUrl, jwks: pinned, fetchImpl }, loaded) {
  let source = pinned;
  if (!source) {
    if (!header.jku) throw new CardVerificationError("no jku in the signature and no --jwks given");
    if (new URL(header.jku).origin !== new URL(cardUrl).origin)
      throw new CardVerificationError(`jku ${header.jku} is not on the card's origin (pin keys with --jwks)`);
    source = header.jku;
  }
  if (!loaded.has(source)) loaded.set(source, loadJwks(source, fetchImpl));
  return { source, keys: await loaded.get(source) };
}

/**
 * Resolves `{ kid, alg, jwks, forms }` of the first signature that verifies, `forms` naming every
 * form ("served", "sdk") some asymmetric signature verifies; or throws with the reasons.
 */
export async function verifyCardSignature(card, { cardUrl, jwks: pinned, fetchImpl = fetch }) {
  const jose = await import("jose");
  const signatures = (card.signatures ?? []).filter((s) => {
    try {
      return jose.decodeProtectedHeader(s).alg !== "HS256";
    } catch {
      return false;
    }
  });
  if (signatures.length === 0) throw new CardVerificationError("the card carries no asymmetric signature");
  const forms = payloads(jose, card);
  const reasons = [];
  const verifiedForms = new Set();
  const loaded = new Map();
  let first;
  for (const signature of signatures) {
    const header = jose.decodeProtectedHeader(signature);
    try {
      const { source, keys } = await keysFor(header, { cardUrl, jwks: pinned, fetchImpl }, loaded);
      const verified = await verifiedForm(jose, signature, forms, jose.createLocalJWKSet(keys));
      if (!verified) throw new CardVerificationError("signature verification failed");
      verifiedForms.add(verified);
      first ??= { kid: header.kid, alg: header.alg, jwks: source };
    } catch (error) {
      reasons.push(`${header.kid ?? "?"}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (first) return { ...first, forms: ["served", "sdk"].filter((f) => verifiedForms.has(f)) };
  throw new CardVerificationError(`the card's signature does not verify (${[...new Set(reasons)].join("; ")})`);
}

/** The form whose payload this signature verifies, or undefined. */
async function verifiedForm(jose, signature, forms, keySet) {
  for (const [form, payload] of forms) {
    try {
      await jose.flattenedVerify({ payload, protected: signature.protected, signature: signature.signature }, keySet);
      return form;
    } catch (error) {
      if (!(error instanceof jose.errors.JWSSignatureVerificationFailed)) throw error;
    }
  }
  return undefined;
}
