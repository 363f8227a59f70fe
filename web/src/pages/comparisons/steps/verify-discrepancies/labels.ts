import { DiscrepancyType } from '../../../../../../shared/discrepancies';
import type { Discrepancy } from '../../../../data/verification';

/** The discrepancy types as a picker offers them. */
export const TYPE_OPTIONS = DiscrepancyType.values.map((value) => ({ value, label: DiscrepancyType.label(value) }));

export const memberName = (d: Discrepancy) => d.full_name || [d.first_name, d.last_name].filter(Boolean).join(' ') || '—';

/** A type's label; a value the web does not know is shown as it is. */
export const typeLabel = (t: string | null | undefined) => (t && DiscrepancyType.is(t) ? DiscrepancyType.label(t) : t ?? '');
