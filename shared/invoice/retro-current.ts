import { spreadCents } from './earlier-billing';
import type { InvoiceLine } from './list-bill';
import { monthsOf, type Month } from './months';

/**
 * A current charge whose own period (a coverage month or service period column on the line) names
 * months before the invoice's billing period bills those months late, as a retro charge does: that
 * part of the line is read as an adjustment, so it goes through the same already-billed check,
 * and the months of the billing period or after stay a current charge. The line's amount is spread
 * over its months to the cent as the ledgers spread it; lines that name no earlier month are kept
 * as they are.
 */
export function retroPartsOfCurrentLines(lines: readonly InvoiceLine[], billingStart: Month): InvoiceLine[] {
  return lines.flatMap((line) => {
    if (line.kind !== 'current' || !line.period || line.period.start >= billingStart) return [line];
    const months = monthsOf(line.period);
    const earlier = months.filter((m) => m < billingStart).length;
    if (earlier === months.length) return [{ ...line, kind: 'adjustment' as const }];
    const shares = spreadCents(line.cents, months.length);
    const earlierCents = shares.slice(0, earlier).reduce((sum, c) => sum + c, 0);
    return [
      { ...line, kind: 'adjustment' as const, cents: earlierCents, period: { start: months[0]!, end: months[earlier - 1]! } },
      { ...line, cents: line.cents - earlierCents, period: { start: months[earlier]!, end: months[months.length - 1]! } },
    ];
  });
}
