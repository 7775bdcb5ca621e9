/**
 * Card signatures (spec §8.4): detached JWS over the card's canonical JSON for each configured
 * signer: the first key of `IACCODE_A2A_SIGNING_KEYS` (ES256 or EdDSA, protected header `alg`,
 * `typ`, `kid` and `jku`, the absolute URL of this server's JWKS), then the HS256 secret when
 * `IACCODE_A2A_SIGNING_SECRET` is set. Each signer signs two payloads, the served form first, then
 * the SDK form (src/a2a/jcs.ts): the card as served carries the 0.3 fields, which a spec-exact
 * verifier keeps and the official SDKs drop, so no one payload satisfies both (docs/decisions.md).
 * Where both forms are the same bytes, one signature per signer. The card cache signs each card
 * version once per isolate, so its body and ETag stay stable although ECDSA signatures are randomized.
 */
import { FlattenedSign, importJWK, type CryptoKey, type JWSHeaderParameters } from "jose";
import type { Config } from "../config/config";
import type { CardSigningKey } from "../config/signing-keys";
import { canonicalizeCard, canonicalizeServedCard } from "../a2a/jcs";
import { v1CardView, type AgentCard } from "./agent-card";

export const JWKS_PATH = "/.well-known/jwks.json";
/** The `kid` of the HS256 signature (the shared secret has no key id of its own). */
export const SIGNING_KEY_ID = "default";

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

/** The payloads every signer signs: the served form, then the SDK form when its bytes differ. */
export function signedPayloads(card: AgentCard): string[] {
  const served = canonicalizeServedCard(card);
  const sdk = canonicalizeCard(v1CardView(card));
  return served === sdk ? [served] : [served, sdk];
}

async function signAll(payloads: string[], header: JWSHeaderParameters, key: CryptoKey | Uint8Array) {
  const encoder = new TextEncoder();
  return Promise.all(
    payloads.map(async (payload) => {
      const jws = await new FlattenedSign(encoder.encode(payload)).setProtectedHeader(header).sign(key);
      return { protected: jws.protected, signature: jws.signature };
    }),
  );
}

/** The card with its signatures: asymmetric first, then HS256; unchanged when nothing signs. */
export async function signAgentCard(card: AgentCard, config: Config): Promise<AgentCard> {
  const signer = config.signingKeys?.[0];
  if (!(signer && config.publicUrl) && !config.signingSecret) return card;
  const payloads = signedPayloads(card);
  const signatures: Array<{ protected?: string; signature: string }> = [];
  if (signer && config.publicUrl) {
    const header = { alg: signer.alg, typ: "JOSE", kid: signer.kid, jku: jwksUrl(config.publicUrl) };
    signatures.push(...(await signAll(payloads, header, await privateKeyOf(signer))));
  }
  if (config.signingSecret) {
    const header = { alg: "HS256", typ: "JOSE", kid: SIGNING_KEY_ID };
    signatures.push(...(await signAll(payloads, header, new TextEncoder().encode(config.signingSecret))));
  }
  return { ...card, signatures };
}
