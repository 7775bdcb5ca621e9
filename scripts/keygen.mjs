#!/usr/bin/env node
// `npm run keygen`: prints a card signing key for IACCODE_A2A_SIGNING_KEYS, a JWK set of one
// private key in the form src/config/signing-keys.ts accepts (kty, crv, x[, y], d, kid, and the JWS
// alg the key signs with). Node's WebCrypto exports an Ed25519 key with "alg":"Ed25519" (RFC 9864's
// fully-specified name), which card verifiers do not all know yet; card signatures use "EdDSA".
//   npm run keygen                         Ed25519 key, kid card-<date>
//   npm run keygen -- --alg ES256 --kid card-2
// Rotation: prepend the new key to the set already deployed (README, "Card signing keys").
import { generateKeyPairSync } from "node:crypto";
import { parseArgs } from "node:util";

const CURVES = { EdDSA: ["ed25519", {}], ES256: ["ec", { namedCurve: "P-256" }] };

const { values } = parseArgs({
  options: { alg: { type: "string", default: "EdDSA" }, kid: { type: "string" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  process.stdout.write("usage: npm run keygen -- [--alg EdDSA|ES256] [--kid ID]\n");
  process.exit(0);
}
const curve = CURVES[values.alg];
if (!curve) {
  process.stderr.write(`keygen: --alg must be EdDSA or ES256, not ${values.alg}\n`);
  process.exit(2);
}
const kid = values.kid ?? `card-${new Date().toISOString().slice(0, 10)}`;
if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(kid)) {
  process.stderr.write("keygen: --kid must be 1-128 characters of A-Z a-z 0-9 _ . : -\n");
  process.exit(2);
}
const { privateKey } = generateKeyPairSync(...curve);
const jwk = privateKey.export({ format: "jwk" });
process.stdout.write(`${JSON.stringify({ keys: [{ ...jwk, kid, alg: values.alg }] })}\n`);
