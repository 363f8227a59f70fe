import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MatchPerson } from '../../../../../../shared/schemas/match-candidate';
import { decideMatch, useMatchCandidates, type MatchCandidate } from '../../../../data/match-candidates';
import { useSnackbar } from '../../../../feedback/snackbar';

export interface ConfirmMatchesPanelProps {
  companyId: string;
  comparisonId: string;
  disabled: boolean;
  /** After each decision (the comparison counts the proposals still waiting). */
  onDecided?: () => void;
}

/** The panel's element id, for the Compare step's "Confirm matches" button. */
export const CONFIRM_MATCHES_ID = 'confirm-matches';

const personText = (p: MatchPerson) =>
  [[p.last_name, p.first_name].filter(Boolean).join(', '), p.relationship, p.coverage_line].filter(Boolean).join(' · ');

/**
 * Confirm matches: the pairs a run by person proposed below the threshold. Each is accepted (the
 * proposed baseline row, or another the user picks among the alternatives) or rejected; once none
 * waits, running again compares on the decided pairs. Decisions stay through later runs.
 */
export function ConfirmMatchesPanel({ companyId, comparisonId, disabled, onDecided }: ConfirmMatchesPanelProps) {
  const snackbar = useSnackbar();
  const { data, error, mutate } = useMatchCandidates(companyId, comparisonId);
  const [busy, setBusy] = useState<string | null>(null);
  const items = data?.items ?? [];
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (items.length === 0) return null;
  const waiting = items.filter((c) => !c.decision).length;

  async function decide(c: MatchCandidate, decision: 'ACCEPT' | 'REJECT', baselineRow?: number) {
    setBusy(c.id);
    const result = await decideMatch(companyId, comparisonId, c.id, { decision, ...(baselineRow !== undefined ? { baseline_row: baselineRow } : {}) });
    setBusy(null);
    if (result.error) {
      snackbar.error(result.error);
      return;
    }
    await mutate();
    onDecided?.();
  }

  return (
    <Paper id={CONFIRM_MATCHES_ID} tabIndex={-1} variant="outlined" sx={{ p: 3 }} aria-labelledby="confirm-matches-title">
      <Stack spacing={2}>
        <Typography id="confirm-matches-title" variant="h6" component="h2">
          Confirm matches
        </Typography>
        <Typography color="text.secondary">
          {waiting === 0
            ? 'Every proposed match is decided. Run the comparison again to compare on them.'
            : `${waiting} of ${items.length} proposed matches wait for you. Accept, reject or pick another baseline row, then run the comparison again.`}
        </Typography>
        <Table size="small" aria-label="Proposed matches">
          <TableHead>
            <TableRow>
              <TableCell>Carrier row</TableCell>
              <TableCell>Baseline row</TableCell>
              <TableCell>Confidence</TableCell>
              <TableCell>Why</TableCell>
              <TableCell>Decision</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((c) => {
              const chosen = c.decision === 'ACCEPT' && c.decided_baseline_row !== null && c.decided_baseline_row !== c.baseline.row
                ? c.alternatives.find((a) => a.baseline.row === c.decided_baseline_row)?.baseline
                : c.baseline;
              return (
                <TableRow key={c.id} data-testid={`match-${c.id}`}>
                  <TableCell>{personText(c.secondary)}</TableCell>
                  <TableCell>{personText(chosen ?? c.baseline)}</TableCell>
                  <TableCell>{c.confidence}</TableCell>
                  <TableCell>{c.reasons}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      {c.decision && <Chip size="small" label={c.decision === 'ACCEPT' ? 'Accepted' : 'Rejected'} color={c.decision === 'ACCEPT' ? 'success' : 'default'} />}
                      <Button size="small" onClick={() => decide(c, 'ACCEPT')} disabled={disabled || busy === c.id} aria-label={`Accept ${personText(c.secondary)}`}>
                        Accept
                      </Button>
                      <Button size="small" color="warning" onClick={() => decide(c, 'REJECT')} disabled={disabled || busy === c.id} aria-label={`Reject ${personText(c.secondary)}`}>
                        Reject
                      </Button>
                      {c.alternatives.length > 0 && (
                        <TextField
                          select
                          size="small"
                          label="Pick another"
                          value=""
                          onChange={(e) => decide(c, 'ACCEPT', Number(e.target.value))}
                          disabled={disabled || busy === c.id}
                          sx={{ minWidth: 180 }}
                        >
                          {c.alternatives.map((a) => (
                            <MenuItem key={a.baseline.row} value={a.baseline.row}>
                              {personText(a.baseline)} ({a.confidence})
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Stack>
    </Paper>
  );
}
