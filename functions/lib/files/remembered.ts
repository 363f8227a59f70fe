/** How many answers a remembered function keeps: a workbook has a handful of formats, a hostile one thousands. */
const MAX_REMEMBERED = 10_000;

/**
 * `compute` with its answers kept by key, for what a sheet asks again and again of a few values
 * (a format, a date serial). Past MAX_REMEMBERED keys it computes without keeping more, so a
 * hostile file cannot grow it without bound.
 */
export function remembered<V>(compute: (key: string) => V): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute(key);
      if (answers.size < MAX_REMEMBERED) answers.set(key, answer);
    }
    return answer;
  };
}
