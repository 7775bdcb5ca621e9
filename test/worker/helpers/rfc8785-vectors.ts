/**
 * Published canonicalization vectors (issue 20 item 1), held as data so every RFC 8785
 * implementation the card check relies on (ours in src/a2a/rfc8785.ts, the client's and the
 * playground's copies, and the independent `canonicalize` package) is held to the same bytes:
 * - the test data of the RFC 8785 authors' reference repository (cyberphone/json-canonicalization,
 *   testdata/input → testdata/output): input JSON text and its canonical form;
 * - RFC 8785 Appendix B, number serialization samples: an IEEE 754 double (hex) and its form;
 * - the A2A conformance kit's a2a-jcs-v01 corpus (a2a-tck conformance-vectors, groups A2 and A5):
 *   the signatures exclusion and the number boundaries its issue a2aproject/A2A#2122 names;
 * - the inputs RFC 8785 and that corpus reject: a lone surrogate (key or string), NaN, ±Infinity.
 */

/** JSON text in, canonical text out. */
export const TEXT_VECTORS: Array<{ name: string; input: string; output: string }> = [
  {
    name: "cyberphone values.json (RFC 8785 §3.2.2 primitives)",
    input: String.raw`{
  "numbers": [1E30, 4.50, 333333333.33333329, 2e-3, 0.000000000000000000000000001],
  "escaping": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`,
    output: String.raw`{"escaping":"€$\u000f\nA'B\"\\\\\"/","literals":[null,true,false],"numbers":[1e+30,4.5,333333333.3333333,0.002,1e-27]}`,
  },
  {
    name: "cyberphone weird.json (RFC 8785 §3.2.3 sorting by UTF-16 code units)",
    input: String.raw`{
  "\u20ac": "Euro Sign",
  "1": "One",
  "\u0080": "Control\u007f",
  "\ud83d\ude02": "Smiley",
  "\u00f6": "Latin Small Letter O With Diaeresis",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "</script>": "Browser Challenge"
}`,
    output: `{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude02":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}`,
  },
  {
    name: "cyberphone structures.json (nesting, empty objects and keys)",
    input: String.raw`{
  "1": {"f": {"f": "hi","F": 5} ,"\n": 56.0},
  "10": { },
  "": "empty",
  "a": { },
  "111": [ { } ],
  "A": { }
}`,
    output: String.raw`{"":"empty","1":{"\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{}],"A":{},"a":{}}`,
  },
  {
    name: "cyberphone french.json (locale-independent order)",
    input: `{
  "peach": "This sorting order",
  "péché": "is wrong according to French",
  "pêche": "but canonicalization MUST",
  "sin":   "ingnore locale"
}`,
    output: `{"peach":"This sorting order","péché":"is wrong according to French","pêche":"but canonicalization MUST","sin":"ingnore locale"}`,
  },
  {
    name: "cyberphone unicode.json (no Unicode normalization)",
    input: String.raw`{
  "Unnormalized Unicode":"\u1e0d\u0307"
}`,
    output: `{"Unnormalized Unicode":"\u1e0d\u0307"}`,
  },
  { name: "a2a-jcs-v01 A5-001 (A2A#2122 case C4)", input: `{"tolerance": 0.000001}`, output: `{"tolerance":0.000001}` },
  { name: "a2a-jcs-v01 A5-002", input: `{"big": 1e21}`, output: `{"big":1e+21}` },
  { name: "a2a-jcs-v01 A5-006 (negative zero)", input: `{"n": -0.0}`, output: `{"n":0}` },
  { name: "a2a-jcs-v01 A5-011", input: `{"n": 0.0000001}`, output: `{"n":1e-7}` },
  { name: "a2a-jcs-v01 A5-012", input: `{"n": 100000000000000000000.0}`, output: `{"n":100000000000000000000}` },
  { name: "a2a-jcs-v01 A5-013", input: `{"n": 0.30000000000000004}`, output: `{"n":0.30000000000000004}` },
  { name: "a2a-jcs-v01 A5-015 (input syntax not kept)", input: `{"exp_upper": 1E1, "trailing_zero": 1.0}`, output: `{"exp_upper":10,"trailing_zero":1}` },
];

/** RFC 8785 Appendix B: the double with these IEEE 754 bits serializes as `output`. */
export const NUMBER_SAMPLES: Array<[bits: string, output: string]> = [
  ["0000000000000000", "0"],
  ["8000000000000000", "0"],
  ["0000000000000001", "5e-324"],
  ["8000000000000001", "-5e-324"],
  ["7fefffffffffffff", "1.7976931348623157e+308"],
  ["ffefffffffffffff", "-1.7976931348623157e+308"],
  ["4340000000000000", "9007199254740992"],
  ["c340000000000000", "-9007199254740992"],
  ["4430000000000000", "295147905179352830000"],
  ["44b52d02c7e14af5", "9.999999999999997e+22"],
  ["44b52d02c7e14af6", "1e+23"],
  ["44b52d02c7e14af7", "1.0000000000000001e+23"],
  ["444b1ae4d6e2ef4e", "999999999999999700000"],
  ["444b1ae4d6e2ef4f", "999999999999999900000"],
  ["444b1ae4d6e2ef50", "1e+21"],
  ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
  ["3eb0c6f7a0b5ed8d", "0.000001"],
  ["41b3de4355555553", "333333333.3333332"],
  ["41b3de4355555554", "333333333.33333325"],
  ["41b3de4355555555", "333333333.3333333"],
  ["41b3de4355555556", "333333333.3333334"],
  ["41b3de4355555557", "333333333.33333343"],
  ["becbf647612f3696", "-0.0000033333333333333333"],
  ["43143ff3c1cb0959", "1424953923781206.2"],
];

export function doubleOf(bits: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${bits}`));
  return view.getFloat64(0);
}

/** Values with no RFC 8785 form: a canonicalizer must refuse them. */
export const REJECTED: Array<{ name: string; value: unknown }> = [
  { name: "a lone high surrogate in a string (a2a-jcs-v01 A4 reject)", value: { s: "\ud800" } },
  { name: "a lone low surrogate in a key (a2a-jcs-v01 A3 reject)", value: { "\udc00": 1 } },
  { name: "NaN (a2a-jcs-v01 A5-REJECT-016)", value: { n: Number.NaN } },
  { name: "Infinity (a2a-jcs-v01 A5-REJECT-017)", value: { n: Number.POSITIVE_INFINITY } },
  { name: "-Infinity (a2a-jcs-v01 A5-REJECT-018)", value: { n: Number.NEGATIVE_INFINITY } },
];

/** a2a-jcs-v01 group A2 and the spec's §8.4.1 example: the card-level rules of the served form. */
export const CARD_VECTORS: Array<{ name: string; card: Record<string, unknown>; output: string }> = [
  {
    name: "spec §8.4.1 example: defaults dropped, REQUIRED and presence fields kept",
    card: { name: "Example Agent", description: "", capabilities: { streaming: false, pushNotifications: false, extensions: [] }, skills: [] },
    output: `{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}`,
  },
  {
    name: "signatures excluded whatever they hold (the rule of a2a-jcs-v01 group A2)",
    card: { name: "a", signatures: [{ protected: "x", signature: "y" }] },
    output: `{"name":"a"}`,
  },
  {
    name: "unknown properties kept as served (the 0.3 fields), empty or not",
    card: { name: "a", url: "https://x/", additionalInterfaces: [], supportsAuthenticatedExtendedCard: false },
    output: `{"additionalInterfaces":[],"name":"a","supportsAuthenticatedExtendedCard":false,"url":"https://x/"}`,
  },
];
