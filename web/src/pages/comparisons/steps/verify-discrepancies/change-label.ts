import { sincePreviousLabel } from '../../../../../../shared/changes-since';

/** "New", or "Still open since 1/5/2026": a finding against the previous audit; blank on results saved before it was kept. */
export const changeLabel = (row: { change_status?: string | null; first_seen_at?: string | null }) =>
  sincePreviousLabel(row, (iso) => new Date(iso).toLocaleDateString('en-US'));
