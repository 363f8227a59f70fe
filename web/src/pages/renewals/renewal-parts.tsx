import Chip from '@mui/material/Chip';
import { Month } from '../../../../shared/carriers';
import { MAX_ATTACHMENT_BYTES, isAllowedAttachment } from '../../../../shared/files';
import { firstOfMonth } from '../../../../shared/renewal-calendar';
import { TaskItemStatus } from '../../../../shared/renewals';
import { attachmentTooLargeMessage, attachmentTypeMessage } from '../../../../shared/schemas/renewal';

const STATUS_COLOR: Record<TaskItemStatus, 'default' | 'warning' | 'success'> = { IN_PROGRESS: 'default', PENDING_REVIEW: 'warning', APPROVED: 'success' };

export function ItemStatusChip({ status, label }: { status: TaskItemStatus; label?: string }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={label ? `${label}: ${TaskItemStatus.label(status)}` : TaskItemStatus.label(status)} />;
}

type Timing = { step: string; overdue: boolean; days_to_go_live: number; effective_date: string };

/** "Due in N days", "Overdue by N days", or the state once live, completed or closed. */
export function timingText(r: Timing): string {
  if (r.step === 'COMPLETED') return 'Completed';
  if (r.step === 'CLOSED') return 'Closed';
  if (r.step === 'LIVE') return `Live since ${r.effective_date}`;
  if (r.overdue) return `Overdue by ${-r.days_to_go_live} day${r.days_to_go_live === -1 ? '' : 's'}`;
  return r.days_to_go_live === 0 ? 'Goes live today' : `Due in ${r.days_to_go_live} day${r.days_to_go_live === 1 ? '' : 's'}`;
}

export function TimingChip({ renewal }: { renewal: Timing }) {
  return <Chip size="small" color={renewal.overdue ? 'error' : 'default'} variant={renewal.overdue ? 'filled' : 'outlined'} label={timingText(renewal)} />;
}

export const personName = (p: { first_name?: string | null; last_name?: string | null; email: string } | null | undefined) =>
  !p ? 'Someone' : [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email;

/** A person as pickers list them: the name, and the e-mail that tells two namesakes apart. */
export const personLabel = (p: { first_name?: string | null; last_name?: string | null; email: string }) => {
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return name ? `${name} · ${p.email}` : p.email;
};

/**
 * The year a new renewal of `month` is most likely for: the next time that month begins after
 * today (a July carrier seen in November renews next July), among the years offered.
 */
export function defaultRenewalYear(month: Month | '' | null | undefined, years: readonly number[], today: Date = new Date()): number {
  const day = today.toISOString().slice(0, 10);
  const year = today.getUTCFullYear();
  const wanted = !month ? year + 1 : firstOfMonth(year, month) > day ? year : year + 1;
  return years.includes(wanted) ? wanted : years[years.length - 1];
}

/** Why a file cannot be attached, checked before any call (the API's own words), or null. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (isAllowedAttachment(file.name, file.size)) return null;
  return file.size > MAX_ATTACHMENT_BYTES && isAllowedAttachment(file.name, 0) ? attachmentTooLargeMessage(file.name) : attachmentTypeMessage(file.name);
}

/** 1 KB, 2.4 MB: attachment sizes as people read them. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1048576).toFixed(1)} MB`;
}
