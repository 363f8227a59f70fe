/**
 * A likely baseline value for a carrier value that matches none, for the Map Data page to offer
 * (the user confirms it by saving): carriers write codes and product names where benefits systems
 * write words. Only an answer that fits exactly one baseline value is given.
 *
 * - a code that starts a value: MED → MEDICAL, SP → Spouse, F → Female, FAM → Family;
 * - the initials of a value's words: ES → Employee + Spouse, EC → Employee + Child(ren);
 * - a value whose words all appear in the carrier's: BCBS HMO 20 BLUE NE → HMO 20;
 * - a value the code abbreviates, its first letter kept: EE → Employee.
 */
export function guessBaselineValue(carrierValue: string, baselineValues: readonly string[]): string | null {
  const code = compact(carrierValue);
  if (code === '') return null;
  const rules: Array<(value: string) => boolean> = [
    (value) => compact(value).startsWith(code),
    (value) => initials(value) === code,
  ];
  for (const rule of rules) {
    const hits = baselineValues.filter(rule);
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) return null;
  }
  const carrierWords = new Set(words(carrierValue));
  const contained = baselineValues
    .map((value) => ({ value, words: words(value) }))
    .filter((v) => v.words.length > 0 && v.words.every((w) => carrierWords.has(w)));
  if (contained.length > 0) {
    // The value saying the most wins (HMO 20 BLUE over HMO 20), unless two say as much.
    const most = Math.max(...contained.map((v) => v.words.length));
    const best = contained.filter((v) => v.words.length === most);
    return best.length === 1 ? best[0]!.value : null;
  }
  const abbreviating = baselineValues.filter((value) => abbreviates(code, compact(value)));
  return abbreviating.length === 1 ? abbreviating[0]! : null;
}

/** Whether `code` is `word` with letters left out, its first kept: EE of EMPLOYEE. */
function abbreviates(code: string, word: string): boolean {
  if (code.length < 2 || word[0] !== code[0]) return false;
  let at = 0;
  for (const c of code) {
    at = word.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

const compact = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');
const words = (v: string) => v.toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
/** First letters of the words as written (Child(ren) is one word). */
const initials = (v: string) =>
  v
    .toUpperCase()
    .split(/[\s+&/,-]+/)
    .map((w) => w.replace(/[^A-Z0-9]/g, '').charAt(0))
    .join('');
