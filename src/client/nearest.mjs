// The nearest of a few known words to a mistyped one (`--stram` → `--stream`, `lsit` → `list`,
// `complete` → `completed`), so that a2a-client can say what was probably meant. Edit distance
// (Levenshtein) over short words: the lists are a handful of flags, commands and states.

/** Levenshtein distance between two short strings. */
export function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate closest to `word` (case-insensitive), or undefined when none is close enough to be a
 * typing mistake: at most a third of the longer word's letters differ (at least 2), or one is a prefix
 * of the other.
 */
export function nearest(word, candidates) {
  const typed = word.toLowerCase();
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const known = candidate.toLowerCase();
    const distance = known.startsWith(typed) || typed.startsWith(known) ? Math.abs(known.length - typed.length) / 10 : editDistance(typed, known);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  const allowed = Math.max(2, Math.floor(Math.max(typed.length, best?.length ?? 0) / 3));
  return bestDistance <= allowed ? best : undefined;
}
