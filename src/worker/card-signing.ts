/**
 * Card signatures (spec §8.4): a detached JWS over the card's canonical JSON (JCS, spec §8.4.1) for
 * each configured signer: the first key of `IACCODE_A2A_SIGNING_KEYS` (ES256 or EdDSA, protected
 * header `alg`, `typ`, `kid` and `jku`, the absolute URL of this server's JWKS), and the HS256
 * secret when `IACCODE_A2A_SIGNING_SECRET` is set. The card cache signs each card version once per
 * isolate, so its body and ETag stay stable although ECDSA signatures are randomized.
 */
import { FlattenedSign, importJWK, type CryptoKey } from "jose";
import type { Config } from "../config/config";
import type { CardSigningKey } from "../config/signing-keys";
import { canonicalizeCard } from "../a2a/jcs";
import { signCard, v1CardView, type AgentCard } from "./agent-card";

export const JWKS_PATH = "/.well-known/jwks.json";

/** The absolute URL of the JWKS: at the origin of the public URL, beside the agent card. */
export function jwksUrl(publicUrl: string): string {
  return `${new URL(publicUrl).origin}${JWKS_PATH}`;
}

const imported = new WeakMap<CardSigningKey, Promise<CryptoKey | Uint8Array>>();

function privateKeyOf(key: CardSigningKey): Promise<CryptoKey | Uint8Array> {
  let promise = imported.get(key);
  if (!promise) imported.set(key, (promise = importJWK(key.privateJwk, key.alg)));
  return promise;
}

/** The card with its signatures: asymmetric first, then HS256; unchanged when nothing signs. */
export async function signAgentCard(card: AgentCard, config: Config): Promise<AgentCard> {
  const withSecret = config.signingSecret ? await signCard(card, config.signingSecret) : card;
  const signer = config.signingKeys?.[0];
  if (!signer || !config.publicUrl) return withSecret;
  const payload = new TextEncoder().encode(canonicalizeCard(v1CardView(card)));
  const jws = await new FlattenedSign(payload)
    .setProtectedHeader({ alg: signer.alg, typ: "JOSE", kid: signer.kid, jku: jwksUrl(config.publicUrl) })
    .sign(await privateKeyOf(signer));
  const hs = (withSecret.signatures as unknown[] | undefined) ?? [];
  return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }, ...hs] };
}
