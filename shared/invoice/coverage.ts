import { normaliseText } from '../compare/text';

/**
 * Coverage lines and tiers in the words of either side: carriers write 'DEN', 'Dental PPO' or
 * 'DENTAL'; ben-admin exports 'Dental'. Both become one canonical word so an invoice line finds its
 * enrollment line; anything unknown compares as its normalised text.
 */
const LINES: ReadonlyArray<[string, RegExp]> = [
  ['ad&d', /\b(ad ?& ?d|add|ad and d|accidental death)\b/],
  ['dependent life', /\b(dep(endent)?|sp(ouse)?|ch(ild)?) ?life\b/],
  ['life', /\b(life|ltl|bl|basic life|group life|term life|vol(untary)? life)\b/],
  ['std', /\b(std|short ?term ?disab\w*)\b/],
  ['ltd', /\b(ltd|long ?term ?disab\w*)\b/],
  ['dental', /\b(den|dental|dntl|dhmo|dppo)\b/],
  ['vision', /\b(vis|vision|vsn|eye)\b/],
  ['medical', /\b(med|medical|health|hlt|hmo|ppo|epo|pos|hdhp|hsa|hra|major medical|rx)\b/],
  ['critical illness', /\b(ci|critical ?illness|cancer)\b/],
  ['accident', /\b(acc|accident)\b/],
  ['hospital', /\b(hosp|hospital ?(indemnity)?)\b/],
  ['eap', /\b(eap)\b/],
];

/** Whether a cell names a coverage line the platform knows ('MED', 'Dental PPO'), whatever its column says. */
export function isKnownLine(raw: string): boolean {
  const text = normaliseText(raw).replace(/[_/-]+/g, ' ');
  return text !== '' && LINES.some(([, pattern]) => pattern.test(text));
}

export function canonicalCoverage(raw: string): string {
  const text = normaliseText(raw).replace(/[_/-]+/g, ' ');
  if (text === '') return '';
  for (const [word, pattern] of LINES) if (pattern.test(text)) return word;
  return text;
}

const TIERS: ReadonlyArray<[string, RegExp]> = [
  ['family', /\b(fam|family|ef|ee ?\+ ?fam\w*|emp ?\+ ?fam\w*|employee ?(\+|and|&) ?family)\b/],
  ['employee+spouse', /\b(es|esp|ee ?\+ ?(sp|spouse|s)|emp ?\+ ?(sp|spouse)|employee ?(\+|and|&) ?spouse|two ?person|ee ?\+ ?1)\b/],
  ['employee+children', /\b(ec|ech|ee ?\+ ?(ch|child|children|c|kids?)|emp ?\+ ?(ch|child\w*)|employee ?(\+|and|&) ?(child|children))\b/],
  ['employee', /\b(ee|emp|employee( only)?|single|individual|ind|eo|subscriber only)\b/],
];

export function canonicalTier(raw: string): string {
  const text = normaliseText(raw).replace(/[_]+/g, ' ');
  if (text === '') return '';
  for (const [word, pattern] of TIERS) if (pattern.test(text)) return word;
  return text;
}
