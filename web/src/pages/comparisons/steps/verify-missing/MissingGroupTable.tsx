import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DiscrepancyType } from '../../../../../../shared/discrepancies';
import { CreditStatus } from '../../../../../../shared/invoice/kinds';
import { formatUsd, invoiceKindLabel } from '../../../../data/invoices';
import type { MissingMerge, MissingRow } from '../../../../data/verification';
import { formatMonth } from '../../../invoices/invoice-dates';
import { changeLabel } from '../verify-discrepancies/change-label';
import { DECISION_LABELS, decisionOf, nameOf, possibleMatches } from './missing-rows';

/** One group's rows, each with its checkbox (the header's chooses them all), possible matches, decision and Decide. */
export function MissingGroupTable({
  title,
  rows,
  others,
  mergesByRow,
  invoice,
  selection,
  onChoose,
  onDecide,
}: {
  title: string;
  rows: MissingRow[];
  /** The rows of the other side, where possible matches are looked for. */
  others: MissingRow[];
  mergesByRow: ReadonlyMap<string, MissingMerge[]>;
  invoice: boolean;
  selection: ReadonlyMap<string, MissingRow>;
  onChoose: (rows: MissingRow[], on: boolean) => void;
  onDecide: (row: MissingRow) => void;
}) {
  const chosen = rows.filter((r) => selection.has(r.id)).length;
  return (
    <Table size="small" aria-label={title}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={chosen === rows.length}
              indeterminate={chosen > 0 && chosen < rows.length}
              onChange={(e) => onChoose(rows, e.target.checked)}
              slotProps={{ input: { 'aria-label': `Select every row of ${title}` } }}
            />
          </TableCell>
          <TableCell>Identifier</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Relationship</TableCell>
          <TableCell>Since the previous audit</TableCell>
          {invoice ? (
            <>
              <TableCell>Kind</TableCell>
              <TableCell>Months</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Credit</TableCell>
            </>
          ) : null}
          <TableCell>Possible matches on the other side</TableCell>
          <TableCell>Decision</TableCell>
          <TableCell>Reason</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((m) => {
          const matches = possibleMatches(m, others);
          const rowMerges = mergesByRow.get(m.id) ?? [];
          const decision = decisionOf(m);
          return (
            <TableRow key={m.id} data-testid={`missing-row-${m.id}`} selected={selection.has(m.id)}>
              <TableCell padding="checkbox">
                <Checkbox checked={selection.has(m.id)} onChange={(e) => onChoose([m], e.target.checked)} slotProps={{ input: { 'aria-label': `Select ${nameOf(m)} (${m.unique_identifier})` } }} />
              </TableCell>
              <TableCell>{m.unique_identifier}</TableCell>
              <TableCell>{nameOf(m)}</TableCell>
              <TableCell>{m.relationship ?? ''}</TableCell>
              <TableCell>{changeLabel(m)}</TableCell>
              {invoice ? (
                <>
                  <TableCell>{invoiceKindLabel(m.invoice_kind)}</TableCell>
                  <TableCell>{(m.months ?? []).map(formatMonth).join(', ')}</TableCell>
                  <TableCell align="right">{typeof m.amount === 'number' ? formatUsd(m.amount) : ''}</TableCell>
                  <TableCell>{(m.amount ?? 0) > 0 ? CreditStatus.label(m.credit_status ?? 'NOT_REQUESTED') : ''}</TableCell>
                </>
              ) : null}
              <TableCell>
                {matches.length
                  ? matches.map((x) => (
                      <Typography key={x.row.id} variant="body2">
                        {nameOf(x.row)} ({x.row.unique_identifier}) — {x.reason}
                      </Typography>
                    ))
                  : '—'}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={DECISION_LABELS[decision] + (rowMerges.length ? ` · ${rowMerges.length} merged value${rowMerges.length > 1 ? 's' : ''}` : '')}
                  color={decision === 'included' ? 'success' : decision === 'excluded' ? 'default' : 'warning'}
                  variant={decision === 'undecided' ? 'outlined' : 'filled'}
                />
              </TableCell>
              <TableCell>{m.resolved_discrepancy_type ? DiscrepancyType.label(m.resolved_discrepancy_type as DiscrepancyType) : ''}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => onDecide(m)} aria-label={`Decide ${nameOf(m)}`}>
                  Decide
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
