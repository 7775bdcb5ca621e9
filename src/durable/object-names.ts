/**
 * The names of Durable Objects that carry caller-derived parts (an owner, a contextId), written so
 * that no caller can spell another owner's object (issue 23 item 4). A name is hashed into an object
 * id by the platform, so two equal names are one object: the names must be an injective function of
 * (owner, contextId) and of (owner, shard layout), for every string a principal can be.
 *
 * A part is *plain* when it holds no SEPARATOR (U+27C2) and is well-formed UTF-16 (an unpaired
 * surrogate would be turned into U+FFFD when the name is encoded, so `bob\ud800` and `bob\ufffd`
 * would meet). Plain parts are written as they are, joined by SEPARATOR, which is outside their
 * alphabet: these are byte for byte the names of every earlier release, so a deployment keeps all
 * of its objects (every principal this server issues, `anonymous`, `bearer`, `basic:…`, `api-key:…`
 * and `jwt:<iss>#<sub>` of any ordinary subject, is plain). Any other part is written as the hex of
 * its UTF-16 code units, which holds no SEPARATOR either, after two leading separators and a kind:
 *
 *   context, plain parts         owner ⟂ contextId                          exactly one ⟂
 *   index, plain owner           owner (one shard) | owner ⟂ index:s/n      none or one ⟂
 *   context, any other parts     ⟂⟂context⟂<hex owner>⟂<hex contextId>      three or more
 *   index, any other owner       ⟂⟂index⟂<hex owner>⟂s/n                    three or more
 *
 * The plain forms split uniquely at their one separator; the encoded forms have more separators
 * than any plain form and split uniquely too. So no principal, contextId or shard layout names an
 * object of another owner, in any layout before or after a change of the shard count.
 */

export const SEPARATOR = "\u27c2";

/** True for a part that can be written as it is (see above). */
export function isPlainPart(part: string): boolean {
  return !part.includes(SEPARATOR) && part.isWellFormed();
}

/** The UTF-16 code units of a part as hex, four digits each: injective, and no SEPARATOR in it. */
function hexPart(part: string): string {
  let out = "";
  for (let i = 0; i < part.length; i++) out += part.charCodeAt(i).toString(16).padStart(4, "0");
  return out;
}

/** The name of the ContextAgent of an owner's context. */
export function contextObjectName(owner: string, contextId: string): string {
  if (isPlainPart(owner) && isPlainPart(contextId)) return `${owner}${SEPARATOR}${contextId}`;
  return `${SEPARATOR}${SEPARATOR}context${SEPARATOR}${hexPart(owner)}${SEPARATOR}${hexPart(contextId)}`;
}

/** The name of one shard of an owner's TaskIndex; with one shard, the owner's name from before sharding. */
export function indexObjectName(owner: string, shard: number, shards: number): string {
  if (!isPlainPart(owner)) return `${SEPARATOR}${SEPARATOR}index${SEPARATOR}${hexPart(owner)}${SEPARATOR}${shard}/${shards}`;
  return shards <= 1 ? owner : `${owner}${SEPARATOR}index:${shard}/${shards}`;
}

/**
 * The name of an owner's OwnerQuota object (a namespace of its own, so no other kind of name can
 * meet it): the owner's hex, injective for every string a principal can be.
 */
export function quotaObjectName(owner: string): string {
  return `${SEPARATOR}${SEPARATOR}quota${SEPARATOR}${hexPart(owner)}`;
}
