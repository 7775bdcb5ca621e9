/**
 * The last result of a pure function, kept by the text of its input. The offline provider is
 * stateless: each step of a turn (validate, write, save the artifact, answer) plans again from the
 * same conversation, and without this would generate, edit and check the same template once per
 * step. One entry per function is enough for that (a turn's steps ask the same question in a row);
 * another input replaces it, so the memory held is one result, whatever the traffic.
 */
export function lastResult<Input, Output>(compute: (input: Input) => Output, keyOf: (input: Input) => string): (input: Input) => Output {
  let last: { key: string; output: Output } | undefined;
  return (input) => {
    const key = keyOf(input);
    if (last?.key === key) return last.output;
    const output = compute(input);
    last = { key, output };
    return output;
  };
}
