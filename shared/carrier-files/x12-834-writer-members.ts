/**
 * The 834's members from lines read again as often as needed, so a file of any size is written
 * without holding its lines: every line of a member in one INS loop, members in the order they first
 * appear, each member's lines in their own order. INS03 is the lines' maintenance when they agree,
 * else 001 (./x12-834-writer.ts).
 *
 * A census often lists lines by coverage (every medical line, then every dental one), so a member's
 * lines are far apart. The first pass numbers the members (a short hash per member while it reads,
 * then 4 bytes per line and 8 per member); each later pass holds at most `budget` lines: a member
 * is handed on as soon as its last line has been read, and a member whose lines would not fit
 * beside those held waits, with every member after it, for the next pass. Lines listed member by
 * member take one pass after the first; lines listed by coverage about one per `budget` lines.
 */
import { memberKey, type X12Line } from './x12-834-writer';

type LineSource = () => AsyncIterable<X12Line> | Iterable<X12Line>;

/** A growable array of unsigned 32-bit numbers. */
class Numbers {
  private data = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  set(at: number, value: number): void {
    this.data[at] = value;
  }
  at(at: number): number {
    return this.data[at]!;
  }
}

/** cyrb53: a 53-bit string hash. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A member's identity in about 20 characters instead of its whole key: two 53-bit hashes, so two
 * members of one file share it with a chance of about one in 10^25 at a million members.
 */
const memberId = (line: X12Line): string => {
  const key = memberKey(line.values);
  return `${hash53(key, 1).toString(36)}.${hash53(key, 2).toString(36)}`;
};

export async function* membersOf(source: LineSource, options: { budget?: number } = {}): AsyncGenerator<X12Line[]> {
  const budget = Math.max(1, options.budget ?? 20_000);
  const memberOfLine = new Numbers();
  const lastLineOf = new Numbers();
  const linesOf = new Numbers();
  {
    const numbers = new Map<string, number>();
    for await (const line of source()) {
      const id = memberId(line);
      let member = numbers.get(id);
      if (member === undefined) {
        member = numbers.size;
        numbers.set(id, member);
        lastLineOf.push(0);
        linesOf.push(0);
      }
      lastLineOf.set(member, memberOfLine.length);
      linesOf.set(member, linesOf.at(member) + 1);
      memberOfLine.push(member);
    }
  }
  const members = lastLineOf.length;
  let next = 0;
  while (next < members) {
    // Members next..last are read in this pass. A member's first line in a pass is its first line in
    // the file (members are numbered as they first appear), so it is taken with room for all its
    // lines or not at all; the member being handed on (next) is always taken, however many it has.
    let last = members - 1;
    const held = new Map<number, X12Line[]>();
    let reserved = 0;
    let at = 0;
    for await (const line of source()) {
      const index = at++;
      const member = memberOfLine.at(index);
      if (member < next || member > last) continue;
      let lines = held.get(member);
      if (!lines) {
        if (member > next && reserved + linesOf.at(member) > budget) {
          last = member - 1;
          continue;
        }
        lines = [];
        held.set(member, lines);
        reserved += linesOf.at(member);
      }
      lines.push(line);
      while (next <= last && lastLineOf.at(next) <= index) {
        const done = held.get(next)!;
        held.delete(next);
        reserved -= linesOf.at(next);
        next++;
        yield done;
      }
      if (next > last) break;
    }
    if (next <= last) throw new Error('The lines of the 834 changed between two readings');
  }
}
