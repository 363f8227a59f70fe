import { describe, expect, it } from 'vitest';
import { billCents } from './money';

describe('amounts on a bill', () => {
  it('reads the ways carriers print money, credits included', () => {
    const cases: Array<[string, number]> = [
      ['612.40', 61240], ['$1,234.56', 123456], ['(12.00)', -1200], ['12.00-', -1200], ['-$5.10', -510],
      ['12.00 CR', -1200], ['CR 12.00', -1200], ['$9.80CR', -980], ['15.00 DR', 1500], ['USD 20.00', 2000],
    ];
    for (const [raw, cents] of cases) expect(billCents(raw), raw).toBe(cents);
    for (const raw of ['N/A', 'see attached', 'CR', '']) expect(billCents(raw), raw).toBeNaN();
  });
});
