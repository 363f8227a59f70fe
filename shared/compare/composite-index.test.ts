import { describe, expect, it } from 'vitest';
import { CompositeIndex } from './composite-index';
import type { Normalised } from './resolve-data-points';

/** Keys as a join meets them: many SSN numbers, a few texts, repeats, zero and minus zero. */
function keys(n: number): Normalised[] {
  const out: Normalised[] = [];
  for (let i = 0; i < n; i++) out.push(i % 97 === 0 ? `X${i % 500}` : ((i * 7919) % 4_000) * 1000 + 1);
  out.push(0, -0, 999_999_999, 2 ** 40 + 3, '0', 123.5);
  return out;
}

describe('CompositeIndex', () => {
  it('answers what a Map of Maps answers, first value kept, across the move of many numbers to a table', () => {
    for (const depth of [1, 2]) {
      const index = new CompositeIndex(depth);
      const expected = new Map<string, number>();
      const list = keys(6_000);
      const wrong: number[] = [];
      list.forEach((key, row) => {
        const parts = depth === 1 ? [key] : [row % 3 === 0 ? 'DENTAL' : 'MEDICAL', key];
        const id = JSON.stringify(parts.map((p) => (typeof p === 'number' ? `n${p === 0 ? 0 : p}` : `s${p}`)));
        const before = expected.get(id);
        if (index.addIfAbsent(parts, row) !== before) wrong.push(row);
        if (before === undefined) expected.set(id, row);
      });
      expect(wrong).toEqual([]);
      expect(expected.size).toBeGreaterThan(3_000);
      expect(index.get(depth === 1 ? [-0] : ['MEDICAL', -0])).toBe(index.get(depth === 1 ? [0] : ['MEDICAL', 0]));
      expect(index.get(depth === 1 ? ['0'] : ['MEDICAL', '0'])).not.toBe(index.get(depth === 1 ? [0] : ['MEDICAL', 0]));
      expect(index.get(depth === 1 ? [5] : ['VISION', 1001])).toBeUndefined();
      for (const [id, row] of expected) {
        const parts = (JSON.parse(id) as string[]).map((p) => (p.startsWith('n') ? Number(p.slice(1)) : p.slice(1)));
        if (index.get(parts) !== row) wrong.push(row);
      }
      expect(wrong).toEqual([]);
    }
  });
});
