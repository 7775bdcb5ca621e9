/**
 * The shape of the lexer's tokens (lexer.ts, whose header documents each kind) and of the closed
 * vocabularies it reads with: apart from the lexer, so its second pass (lexer-refine.ts) and the
 * readers can take the types without importing the lexer's code.
 */
import type { UnitReading } from "./lexer-tables";

export type TokenKind =
  | "number"
  | "size"
  | "bandwidth"
  | "duration"
  | "compute"
  | "count"
  | "quantifier"
  | "negation"
  | "cidr"
  | "address"
  | "port"
  | "portRange"
  | "range"
  | "version"
  | "resourceId"
  | "instanceType"
  | "region"
  | "zone"
  | "fileName"
  | "pathPrefix"
  | "urlPath"
  | "name"
  | "word"
  | "punctuation";

/** The closed vocabularies a `name` token belongs to. */
export type NameClass = "engine" | "protocol" | "image" | "acl" | "product" | "disk";

export interface Token {
  kind: TokenKind;
  /** The text as written, `text.slice(start, end)` of the input. */
  text: string;
  start: number;
  end: number;
  /** Normalized: GiB, Mbps, days, a count, a port, a CIDR, an id, a canonical name, a lower-case word. */
  value: string | number;
  /** The normalized unit of a size, bandwidth, duration or compute token. */
  unit?: UnitReading["unit"];
  /** The upper end of a port range or range. */
  second?: number;
  /**
   * What a name, id or type is of: engine, protocol…; the resource of an id; the product of a type.
   * On a `word`, "identifier": a hyphenated identifier written as a name ("named cdn-assets-2024",
   * "`my-cdn`"), read whole even where it starts with a product's word.
   */
  of?: string;
}

/** A closed-vocabulary entry: the phrase (lower case) reads as a name of `of` with a canonical `value`, or as a region. */
export interface VocabularyEntry {
  kind: "name" | "region";
  of?: NameClass;
  value: string;
}

export interface Vocabulary {
  /** Lower-case phrases ("postgresql", "sql server", "public-read", "杭州", "ubuntu") and what each names. */
  readonly phrases: ReadonlyMap<string, VocabularyEntry>;
  /** Each product kind's noun pattern (global, case-insensitive, linear), read as `name` of `product`. */
  readonly products: ReadonlyArray<{ readonly kind: string; readonly nouns: RegExp }>;
  /** Region ids ("cn-hangzhou"): a word that is one is a region, one with "-a".."-z" after it a zone. */
  readonly regionIds: ReadonlySet<string>;
}
