import { givenNameKeys, sameGivenName } from './nicknames';

/**
 * Pairs the rows of two files that share no identifier by the person they describe: last and
 * first name (nicknames, typos, hyphenated and married names tolerated), date of birth and, when
 * both sides have them, zip, gender and relationship, always within one coverage line. See
 * docs/compare.md "Matching by person".
 */
export interface PersonRow {
  first: string;
  last: string;
  /** Day number (days since 1970-01-01), null when blank or unreadable. */
  dob: number | null;
  /** Normalised values; '' when the file has no such column or the cell is blank. */
  zip?: string;
  gender?: string;
  relationship?: string;
  /** The coverage line, already mapped into the baseline's vocabulary; rows of two lines never pair. */
  line?: string;
}

export interface ScoredCandidate {
  baseline: number;
  confidence: number;
  reasons: string;
}

export interface PersonPair extends ScoredCandidate {
  secondary: number;
  /** The next best baseline rows for the same carrier row (for "pick another"), best first. */
  alternatives: ScoredCandidate[];
}

export interface PersonMatch {
  /** One pair per paired carrier row, in carrier row order. */
  pairs: PersonPair[];
  /** Carrier rows whose person is already paired with another carrier row: the same member twice. */
  repeats: Array<{ secondary: number; baseline: number }>;
  /** How many candidate pairs were scored (the blocking keeps this near the row count). */
  scored: number;
}

/** Candidates under this confidence are not proposed at all. */
export const MIN_CONFIDENCE = 60;
/**
 * Candidates from here up to MIN_CONFIDENCE are never proposed on their own, but are offered as
 * alternatives: what a row falls back on when its proposal is rejected ("pick another").
 */
export const ALTERNATIVE_FLOOR = 50;
/** A runner-up this close to the best makes the best ambiguous. */
const AMBIGUITY_MARGIN = 5;
/** Ambiguous pairs are capped here, so that they wait for a person to confirm them. */
const AMBIGUOUS_CAP = 85;
/** Blocks larger than this (a placeholder date of birth shared by thousands) are skipped. */
const MAX_BLOCK = 2000;
const ALTERNATIVES = 4;
const AMBIGUOUS = ', another member scores nearly as high';

const WEIGHTS = { dob: 40, last: 30, first: 20, zip: 4, gender: 3, relationship: 3 } as const;

const DIACRITICS = /[\u0300-\u036f]/g;
const NOT_LETTER = /[^a-z]+/g;

/** Lower-case ASCII words of a name: 'Smith-Walker' → ['smith', 'walker'], "O'Neil" → ['o', 'neil']. */
const PLAIN = /^[A-Za-z]+$/;
function words(raw: string): string[] {
  if (PLAIN.test(raw)) return [raw.toLowerCase()];
  return raw.toLowerCase().normalize('NFD').replace(DIACRITICS, '').split(NOT_LETTER).filter(Boolean);
}

interface Prepared {
  first: string;
  firstJoined: string;
  last: string;
  lastWords: string[];
  dob: number | null;
  y: number;
  m: number;
  d: number;
  zip: string;
  gender: string;
  relationship: string;
  line: string;
  rawFirst: string;
  rawLast: string;
}

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

function prepare(row: PersonRow): Prepared {
  const lastWords = words(row.last).filter((w) => !SUFFIXES.has(w));
  const firstWords = words(row.first);
  let y = 0, m = 0, d = 0;
  if (row.dob !== null) {
    const date = new Date(row.dob * 86_400_000);
    y = date.getUTCFullYear();
    m = date.getUTCMonth() + 1;
    d = date.getUTCDate();
  }
  return {
    first: firstWords[0] ?? '',
    firstJoined: firstWords.join(''),
    last: lastWords.join(''),
    lastWords,
    dob: row.dob,
    y,
    m,
    d,
    zip: (row.zip ?? '').trim().slice(0, 5),
    gender: (row.gender ?? '').trim().toLowerCase().slice(0, 1),
    relationship: (row.relationship ?? '').trim().toLowerCase(),
    line: (row.line ?? '').trim().toLowerCase(),
    rawFirst: row.first.trim().replace(/\s+/g, ' '),
    rawLast: row.last.trim().replace(/\s+/g, ' '),
  };
}

/** At most one changed, added, dropped or swapped (adjacent) letter between a and b. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one changed letter
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

type Part = { points: number; same?: string; note?: string };

/**
 * Each part scores without building text (the hot loop scores a few candidates per row); the
 * reasons are written only for the pairs kept (`explain`).
 */
function lastNamePart(b: Prepared, s: Prepared, explain: boolean): Part {
  const w = WEIGHTS.last;
  if (b.last === '' || s.last === '') return { points: 0 };
  if (b.last === s.last) return { points: w, same: 'last name' };
  const note = (why: string) => (explain ? `last name ${b.rawLast} ↔ ${s.rawLast}${why}` : '');
  const shared = b.lastWords.some((x) => x.length >= 2 && s.lastWords.includes(x));
  if (shared) return { points: w - 3, note: note(' (hyphenated or married name)') };
  if (Math.max(b.last.length, s.last.length) >= 4 && withinOneEdit(b.last, s.last)) return { points: w - 5, note: note(' (one letter apart)') };
  return { points: 0, note: note('') };
}

function firstNamePart(b: Prepared, s: Prepared, explain: boolean): Part {
  const w = WEIGHTS.first;
  if (b.first === '' || s.first === '') return { points: 0 };
  if (b.first === s.first || b.firstJoined === s.firstJoined) return { points: w, same: 'first name' };
  const note = (why: string) => (explain ? `first name ${b.rawFirst} ↔ ${s.rawFirst}${why}` : '');
  if (sameGivenName(b.first, s.first)) return { points: w - 2, note: note('') };
  const longest = Math.max(b.first.length, s.first.length);
  if (longest >= 3 && withinOneEdit(b.first, s.first)) return { points: longest >= 4 ? w - 4 : w - 6, note: note(' (one letter apart)') };
  const [short, long] = b.first.length < s.first.length ? [b.first, s.first] : [s.first, b.first];
  if (short.length >= 3 && long.startsWith(short)) return { points: w - 5, note: note(' (shortened)') };
  if (short.length === 1 && long.startsWith(short)) return { points: w - 10, note: note(' (initial)') };
  return { points: 0, note: note('') };
}

function dobPart(b: Prepared, s: Prepared): Part {
  const w = WEIGHTS.dob;
  if (b.dob === null || s.dob === null) return { points: 0 };
  if (b.dob === s.dob) return { points: w, same: 'DOB' };
  if (b.y === s.y && b.m === s.d && b.d === s.m) return { points: w - 8, note: 'DOB with day and month swapped' };
  if (digitsApart(b.y * 10000 + b.m * 100 + b.d, s.y * 10000 + s.m * 100 + s.d) === 1) return { points: w - 10, note: 'DOB one digit apart' };
  return { points: 0, note: 'different DOB' };
}

/** How many decimal digits of two yyyyMMdd numbers differ (counting stops at 2). */
function digitsApart(x: number, y: number): number {
  let differ = 0;
  for (let i = 0; i < 8 && differ < 2; i++) {
    if (x % 10 !== y % 10) differ++;
    x = Math.floor(x / 10);
    y = Math.floor(y / 10);
  }
  return differ;
}

const OPTIONAL = [
  ['zip', 6],
  ['gender', 15],
  ['relationship', 10],
] as const;

/** Scores one baseline row against one carrier row: confidence 0–100, and the reasons when asked. */
function score(b: Prepared, s: Prepared, explain: boolean): { confidence: number; reasons: string } {
  let points = 0;
  let possible = WEIGHTS.dob + WEIGHTS.last + WEIGHTS.first;
  const same: string[] = [];
  const notes: string[] = [];
  const dob = dobPart(b, s);
  const last = lastNamePart(b, s, explain);
  const first = firstNamePart(b, s, explain);
  for (const part of [dob, last, first]) {
    points += part.points;
    if (part.same) same.push(part.same);
    if (part.note) notes.push(part.note);
  }
  let zipAgrees = true;
  let genderAgrees = true;
  for (const [name, penalty] of OPTIONAL) {
    const x = b[name];
    const y = s[name];
    if (x === '' || y === '') continue;
    possible += WEIGHTS[name];
    if (x === y) {
      points += WEIGHTS[name];
      same.push(name);
      continue;
    }
    points -= penalty;
    notes.push(`different ${name}`);
    if (name === 'zip') zipAgrees = false;
    if (name === 'gender') genderAgrees = false;
  }
  // A completely new last name on an otherwise identical person: a marriage, not another person,
  // when the date of birth, the given name, the gender and the zip all agree.
  if (last.points === 0 && b.last !== '' && s.last !== '' && dob.same && first.points >= WEIGHTS.first - 2 && zipAgrees && genderAgrees && b.zip !== '') {
    points += WEIGHTS.last - 10;
    if (explain) notes[notes.findIndex((n) => n.startsWith('last name'))] += ' (married name?)';
  }
  const confidence = Math.max(0, Math.min(100, Math.round((points / possible) * 100)));
  if (!explain) return { confidence, reasons: '' };
  return { confidence, reasons: [same.length ? `same ${joinWords(same)}` : '', ...notes].filter(Boolean).join(', ') };
}

function joinWords(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Rows by coverage line, then by a key: no key string is built per row. */
class Blocks<K> {
  private readonly lines = new Map<string, Map<K, number[]>>();

  add(line: string, key: K, row: number): void {
    let keys = this.lines.get(line);
    if (!keys) this.lines.set(line, (keys = new Map()));
    const list = keys.get(key);
    if (list) list.push(row);
    else keys.set(key, [row]);
  }

  get(line: string, key: K): number[] | undefined {
    return this.lines.get(line)?.get(key);
  }
}

/**
 * Pairs carrier rows with baseline rows by person. Candidates come from three blocks, so rows are
 * never scored all against all, each within one coverage line: the same date of birth (or its
 * day/month swap); the same last name and given name (any date of birth); the same given name,
 * zip, gender and relationship (any last name and date of birth). Each carrier row's
 * candidates are scored; pairs are then taken best first (ties: lower carrier row, then lower
 * baseline row), each row used once. Same input, same pairs.
 */
export function matchPeople(baselineRows: readonly PersonRow[], secondaryRows: readonly PersonRow[]): PersonMatch {
  const base = baselineRows.map(prepare);
  const sec = secondaryRows.map(prepare);
  const byDob = new Blocks<number>();
  const byName = new Blocks<string>();
  const byDetails = new Blocks<string>();
  base.forEach((p, i) => {
    if (p.dob !== null) byDob.add(p.line, p.dob, i);
    if (p.last !== '' && p.first !== '') for (const key of givenNameKeys(p.first)) byName.add(p.line, `${p.last}\u001f${key}`, i);
    const details = detailsOf(p);
    if (details !== null) byDetails.add(p.line, details, i);
  });

  const candidatesOf: ScoredCandidate[][] = new Array(sec.length);
  const edges: Array<{ s: number; c: ScoredCandidate }> = [];
  let scored = 0;
  const seen = new Set<number>();
  for (let si = 0; si < sec.length; si++) {
    const s = sec[si]!;
    seen.clear();
    const found: ScoredCandidate[] = [];
    const visit = (list: number[] | undefined) => {
      if (!list || list.length > MAX_BLOCK) return;
      for (const bi of list) {
        if (seen.has(bi)) continue;
        seen.add(bi);
        scored++;
        const { confidence } = score(base[bi]!, s, false);
        if (confidence >= ALTERNATIVE_FLOOR) found.push({ baseline: bi, confidence, reasons: '' });
      }
    };
    if (s.dob !== null) {
      visit(byDob.get(s.line, s.dob));
      if (s.m !== s.d && s.d <= 12) visit(byDob.get(s.line, Date.UTC(s.y, s.d - 1, s.m) / 86_400_000));
    }
    if (s.last !== '' && s.first !== '') for (const key of givenNameKeys(s.first)) visit(byName.get(s.line, `${s.last}\u001f${key}`));
    const details = detailsOf(s);
    if (details !== null) visit(byDetails.get(s.line, details));
    found.sort((a, b) => b.confidence - a.confidence || a.baseline - b.baseline);
    // Two different people scoring alike: neither is sure enough to join on its own.
    const best = found[0];
    if (best && best.confidence >= MIN_CONFIDENCE) {
      const close = found.filter((c) => best.confidence - c.confidence < AMBIGUITY_MARGIN);
      if (close.some((c) => !samePerson(base[best.baseline]!, base[c.baseline]!))) {
        for (const c of close) {
          c.confidence = Math.min(c.confidence, AMBIGUOUS_CAP);
          c.reasons = AMBIGUOUS;
        }
        found.sort((a, b) => b.confidence - a.confidence || a.baseline - b.baseline);
      }
    }
    candidatesOf[si] = found;
    for (const c of found) if (c.confidence >= MIN_CONFIDENCE) edges.push({ s: si, c });
  }

  edges.sort((a, b) => b.c.confidence - a.c.confidence || a.s - b.s || a.c.baseline - b.c.baseline);
  const baselineTaken = new Int32Array(base.length).fill(-1);
  const pairOf = new Array<PersonPair | undefined>(sec.length);
  for (const { s, c } of edges) {
    if (pairOf[s] || baselineTaken[c.baseline] !== -1) continue;
    baselineTaken[c.baseline] = s;
    const explained = (x: ScoredCandidate): ScoredCandidate => {
      const why = score(base[x.baseline]!, sec[s]!, true).reasons;
      return { baseline: x.baseline, confidence: x.confidence, reasons: x.reasons === AMBIGUOUS ? `${why}${AMBIGUOUS}` : why };
    };
    pairOf[s] = {
      secondary: s,
      ...explained(c),
      alternatives: candidatesOf[s]!.filter((x) => x.baseline !== c.baseline).slice(0, ALTERNATIVES).map(explained),
    };
  }

  const pairs: PersonPair[] = [];
  const repeats: PersonMatch['repeats'] = [];
  for (let si = 0; si < sec.length; si++) {
    const pair = pairOf[si];
    if (pair) {
      pairs.push(pair);
      continue;
    }
    // The same member twice on the carrier's file: its best baseline row went to an identical row.
    const best = candidatesOf[si]![0];
    if (best && best.confidence >= MIN_CONFIDENCE) {
      const owner = baselineTaken[best.baseline]!;
      if (owner !== -1 && samePerson(sec[owner]!, sec[si]!) && pairOf[owner]!.confidence === best.confidence) {
        repeats.push({ secondary: si, baseline: best.baseline });
      }
    }
  }
  return { pairs, repeats, scored };
}

/**
 * The given name as written, zip, gender and relationship, when a row has all four: the third
 * block, which finds a person whose last name and DOB are both written differently (a married
 * name and a mistyped or swapped DOB). By the name as written, not its nickname families, so
 * that the extra candidates stay few (such a pair is confirmed by a person anyway).
 */
function detailsOf(p: Prepared): string | null {
  if (p.first === '' || p.zip === '' || p.gender === '' || p.relationship === '') return null;
  return `${p.first}\u001f${p.zip}\u001f${p.gender}\u001f${p.relationship}`;
}

function samePerson(a: Prepared, b: Prepared): boolean {
  return a.first === b.first && a.last === b.last && a.dob === b.dob && a.zip === b.zip && a.gender === b.gender && a.relationship === b.relationship;
}
