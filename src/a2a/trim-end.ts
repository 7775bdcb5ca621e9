/**
 * Strips a run of one character from the end of a string in one backward pass. `/=+$/` and
 * `/\/+$/` look harmless, but a backtracking matcher tries every start of a long run that is not
 * at the end ("====…x"), which is quadratic: 1 MiB of "=" took minutes. A loop is linear by
 * construction, and it is what every trailing-padding and trailing-slash trim here uses.
 */
export function trimEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
