import Chip from '@mui/material/Chip';
import { TaskItemStatus } from '../../../../shared/renewals';

const STATUS_COLOR: Record<TaskItemStatus, 'default' | 'warning' | 'success'> = { IN_PROGRESS: 'default', PENDING_REVIEW: 'warning', APPROVED: 'success' };

export function ItemStatusChip({ status }: { status: TaskItemStatus }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={TaskItemStatus.label(status)} />;
}

/** "Due in N days", "Overdue by N days", or the state once live, completed or closed. */
export function timingText(r: { step: string; overdue: boolean; days_to_go_live: number; effective_date: string }): string {
  if (r.step === 'COMPLETED') return 'Completed';
  if (r.step === 'CLOSED') return 'Closed';
  if (r.step === 'LIVE') return `Live since ${r.effective_date}`;
  if (r.overdue) return `Overdue by ${-r.days_to_go_live} day${r.days_to_go_live === -1 ? '' : 's'}`;
  return r.days_to_go_live === 0 ? 'Goes live today' : `Due in ${r.days_to_go_live} day${r.days_to_go_live === 1 ? '' : 's'}`;
}

export function TimingChip({ renewal }: { renewal: { step: string; overdue: boolean; days_to_go_live: number; effective_date: string } }) {
  return <Chip size="small" color={renewal.overdue ? 'error' : 'default'} variant={renewal.overdue ? 'filled' : 'outlined'} label={timingText(renewal)} />;
}

export const personName = (p: { first_name?: string | null; last_name?: string | null; email: string } | null | undefined) =>
  !p ? 'Someone' : [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email;
