// Verifies an agent card's asymmetric signature (spec §8.4) for `a2a-client card --verify` and
// `send --verify`: against the JWKS a pinned `--jwks FILE|URL` names, else against the `jku` of the
// signature's protected header, which must then share the card's origin (a jku elsewhere could be
// anyone's keys). HS256 signatures need the shared secret and are not checked here. Uses jose, the
// server's own JOSE library, loaded only when a check is asked for.
import { readFile } from "node:fs/promises";
import { canonicalCard } from "./card-canonical.mjs";

export class CardVerificationError extends Error {}

async function loadJwks(source, fetchImpl) {
  if (/^https?:\/\//.test(source)) {
    const res = await fetchImpl(source, { redirect: "error" });
    if (!res.ok) throw new CardVerificationError(`JWKS ${source}: HTTP ${res.status}`);
    return res.json();
  }
  return JSON.parse(await readFile(source, "utf8"));
}

/** Resolves `{ kid, alg, jwks }` of the signature that verifies, or throws with the reason. */
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
  const payload = jose.base64url.encode(canonicalCard(card));
  const reasons = [];
  for (const signature of signatures) {
    const header = jose.decodeProtectedHeader(signature);
    try {
      let source = pinned;
      if (!source) {
        if (!header.jku) throw new CardVerificationError("no jku in the signature and no --jwks given");
        if (new URL(header.jku).origin !== new URL(cardUrl).origin)
          throw new CardVerificationError(`jku ${header.jku} is not on the card's origin (pin keys with --jwks)`);
        source = header.jku;
      }
      const keys = await loadJwks(source, fetchImpl);
      await jose.flattenedVerify({ payload, protected: signature.protected, signature: signature.signature }, jose.createLocalJWKSet(keys));
      return { kid: header.kid, alg: header.alg, jwks: source };
    } catch (error) {
      reasons.push(`${header.kid ?? "?"}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new CardVerificationError(`the card's signature does not verify (${reasons.join("; ")})`);
}
