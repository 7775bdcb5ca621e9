/**
 * The request check's outcome (issue 19 item 1, issue 27 items 1–3): the values found where the
 * request puts them, those not expressed (missing, still present, or on the wrong rule), the
 * scopes written broader than asked (reported first), the value-shaped words the check could not
 * place (listed with their words, so nothing is vouched for unread), and billable resources nobody
 * asked for. Apart from check.ts so the parts that build it share the shape without a cycle.
 */
import type { TokenKind } from "../read/token";
import type { ValueKind } from "./requested-value";
import type { UnrequestedResource } from "./unrequested";

export interface CheckedValue {
  kind: ValueKind;
  /** The value as the user wrote it. */
  text: string;
  /** What the value is for, when the words say it: a CIDR's `source` or `network`, a size's disk. */
  target?: string;
  /** Where the template carries it (`Resource.Property`), for an applied value; for a misplaced one, where it sits instead. */
  where?: string;
  /**
   * Why it counts as not expressed: "missing"; "still-present" for a value asked to be removed;
   * "misplaced" for a value on another rule or resource than the one the request gives it.
   */
  reason?: "missing" | "still-present" | "misplaced";
}

/** A scope written broader than the request asks (issue 27 item 3). */
export interface BroaderScope {
  /**
   * prefix: a lifecycle rule for the whole bucket; source-range: a port open wider than its range; public: public where private was asked;
   * reused-range: a source range made a network's own range; backends: servers of another role behind a load balancer put in front of one.
   */
  kind: "prefix" | "source-range" | "public" | "reused-range" | "backends";
  /** The request's words. */
  text: string;
  /** What the request asks, and what the template has instead. */
  asked: string;
  found: string;
  where: string;
}

/** A value-shaped token the check could not place (issue 27 item 1): listed, never counted as found. */
export interface UnplacedToken {
  kind: TokenKind;
  text: string;
  /** The words of its clause, so the reader sees what it was about. */
  words: string;
}

export interface RequestCheck {
  applied: CheckedValue[];
  notExpressed: CheckedValue[];
  unrequested: UnrequestedResource[];
  broader: BroaderScope[];
  unplaced: UnplacedToken[];
}
