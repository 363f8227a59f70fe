import { ChangeStatus } from '../../../../../../shared/changes-since';

/** "New", or "Still open since 1/5/2026": a finding against the previous audit; blank on results saved before it was kept. */
export function changeLabel(row: { change_status?: string | null; first_seen_at?: string | null }): string {
  if (!row.change_status) return '';
  if (row.change_status === 'STILL_OPEN' && row.first_seen_at) return `Still open since ${new Date(row.first_seen_at).toLocaleDateString('en-US')}`;
  return ChangeStatus.label(row.change_status);
}
