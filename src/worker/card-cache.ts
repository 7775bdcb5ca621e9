/**
 * Serialized, hashed and (when configured) signed cards, made once per base URL per isolate: the
 * hot path only compares an ETag. The base URL is fixed by `IACCODE_A2A_PUBLIC_URL` in production;
 * without it (local development) it is the request origin, and the cache holds a few origins only,
 * so a stream of forged Host headers cannot grow it.
 */
import type { Config } from "../config/config";
import { sha256Hex } from "../a2a/hex";
import { buildAgentCard, buildExtendedAgentCard, v1CardView, type AgentCard } from "./agent-card";
import { signAgentCard } from "./card-signing";

export interface ServedCard {
  card: AgentCard;
  /** The serialized card as UTF-8, encoded once: a response from bytes skips the per-request string encoding. */
  bytes: Uint8Array;
  /** The caching headers of a 304, and those plus Content-Type of a 200, built once. */
  notModifiedHeaders: Headers;
  okHeaders: Headers;
  etag: string;
}

const MAX_BASES = 8;

/**
 * The cards served: the public card (1.0 fields plus the 0.3 discovery fields, one card for both
 * versions), and the extended card in the view of the method that asks: 1.0's GetExtendedAgentCard
 * gets the 1.0 view, 0.3's agent/getAuthenticatedExtendedCard the card with its 0.3 fields.
 */
export type CardKind = "public" | "extended" | "extended-v03";
const KINDS = 3;

function build(kind: CardKind, config: Config, base: string): AgentCard {
  if (kind === "public") return buildAgentCard(config, base);
  const extended = buildExtendedAgentCard(config, base);
  return kind === "extended" ? v1CardView(extended) : extended;
}

/** Signs (once: the entry is cached), serializes and hashes a card. */
async function serve(card: AgentCard, config: Config): Promise<ServedCard> {
  const signed = await signAgentCard(card, config);
  const body = JSON.stringify(signed);
  const etag = `"sha256-${await sha256Hex(body)}"`;
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString();
  const caching = { "Cache-Control": "public, max-age=60", ETag: etag, "Last-Modified": lastModified };
  return {
    card: signed,
    bytes: new TextEncoder().encode(body),
    etag,
    notModifiedHeaders: new Headers(caching),
    okHeaders: new Headers({ ...caching, "Content-Type": "application/json" }),
  };
}

class CardCache {
  private readonly entries = new Map<string, Promise<ServedCard>>();

  constructor(private readonly config: Config) {}

  get(kind: CardKind, base: string): Promise<ServedCard> {
    const key = `${kind} ${base}`;
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_BASES * KINDS) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      entry = serve(build(kind, this.config, base), this.config);
      this.entries.set(key, entry);
    }
    return entry;
  }
}

const caches = new WeakMap<Config, CardCache>();

export function cardCacheOf(config: Config): CardCache {
  let cache = caches.get(config);
  if (!cache) caches.set(config, (cache = new CardCache(config)));
  return cache;
}

/** `If-None-Match` per RFC 9110: `*`, or a list of (possibly weak) tags. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
