/**
 * The prompt text of an `application/json` data part, byte for byte what the original writes
 * (contract §6 "Parts"): the part's `google.protobuf.Value` as JSON with keys sorted and compact
 * separators, non-ASCII kept as is. The Value holds every number as a double, and the original
 * prints doubles the way Python does: `{"count":2}` becomes `{"count":2.0}`, `1e16` becomes `1e+16`,
 * `0.00001` becomes `1e-05` (`tests/a2a/test_parts.py::test_data_part_serializes_compact_json`).
 * The output depends only on the value, never on the order keys arrived in.
 */

/** Python's `repr(float)`: shortest round-trip digits; positional for exponents -4..15. */
export function pythonFloat(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : n < 0 ? "-Infinity" : "NaN";
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const sign = n < 0 ? "-" : "";
  const [mantissa = "", exponentText = "0"] = Math.abs(n).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction === "" ? "0" : fraction}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const expSign = exponent < 0 ? "-" : "+";
  return `${sign}${head}e${expSign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

/** Orders strings by Unicode code point, as Python's `sorted` does (not by UTF-16 unit). */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Nesting limit of a data value: protobuf's JSON parser (which the original's SDK uses to read a
 * `Value`) refuses deeper values, and it keeps this recursion bounded.
 */
export const MAX_DATA_DEPTH = 100;

export class DataTooDeepError extends Error {}

/**
 * Serializes a JSON value (as parsed from the request). `undefined` members of objects are left
 * out and other non-JSON values become `null`, as `JSON.stringify` does; they cannot come from a
 * parsed request. Throws `DataTooDeepError` past `MAX_DATA_DEPTH` nested arrays and objects.
 */
export function dataPartJson(value: unknown, depth = 0): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return pythonFloat(value);
    case "string":
      // Same escapes as Python's json.dumps(ensure_ascii=False): \" \\ \b \f \n \r \t, \u00XX.
      return JSON.stringify(value);
    case "object": {
      if (depth >= MAX_DATA_DEPTH) throw new DataTooDeepError();
      if (Array.isArray(value)) return `[${value.map((item: unknown) => dataPartJson(item, depth + 1)).join(",")}]`;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort(byCodePoint);
      return `{${keys.map((k) => `${JSON.stringify(k)}:${dataPartJson(record[k], depth + 1)}`).join(",")}}`;
    }
    default:
      return "null";
  }
}
