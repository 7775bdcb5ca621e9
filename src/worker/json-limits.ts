/**
 * Structural limits of a JSON request body, checked on the text before it is parsed: nesting
 * deeper than 64 levels, or an array or object with more than 10,000 entries, is refused with
 * -32600 and a clear message. Recursive code downstream (schema validation, serialization, the
 * Durable Object's structured clone) then never meets a shape that could exhaust its stack, and a
 * body within the byte limit cannot hold millions of tiny entries.
 *
 * One linear pass over the characters with a small stack of counters; strings are skipped with
 * their escapes. The pass does not validate JSON (JSON.parse does that next), so malformed text
 * within the limits still answers -32700.
 */

/** No A2A object nests anywhere near this; 64 is what common JSON hardening guides recommend. */
export const MAX_JSON_DEPTH = 64;
/** Entries of one array or object: far above any A2A request (parts, metadata), far below a DoS. */
export const MAX_JSON_ENTRIES = 10_000;

export type JsonStructure = { ok: true } | { ok: false; message: string };

export function checkJsonStructure(text: string): JsonStructure {
  // Commas seen at each open level: an array or object of n entries has n - 1.
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      commas.push(0);
      if (commas.length > MAX_JSON_DEPTH) return { ok: false, message: `JSON nesting exceeds ${MAX_JSON_DEPTH} levels` };
    } else if (c === 0x5d || c === 0x7d) {
      commas.pop();
    } else if (c === 0x2c && commas.length > 0) {
      const count = (commas[commas.length - 1] ?? 0) + 1;
      commas[commas.length - 1] = count;
      if (count >= MAX_JSON_ENTRIES) return { ok: false, message: `JSON array or object exceeds ${MAX_JSON_ENTRIES} entries` };
    }
  }
  return { ok: true };
}
