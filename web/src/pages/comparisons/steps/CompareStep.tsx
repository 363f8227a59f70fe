import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { can } from '../../../../../shared/permissions';
import { startComparisonRun, useComparisonRun, type ComparisonRunView } from '../../../data/compare-runs';
import { useSnackbar } from '../../../feedback/snackbar';
import { useCurrentUser } from '../../../auth/current-user';
import { STAGES, estimateText, progressText, stageIndex, stagePercent } from './run-progress';
import { AWAITING_MATCH_CONFIRMATION, ComparisonStatus, awaitingMatchesText } from '../../../../../shared/comparisons';
import { CONFIRM_MATCHES_ID, ConfirmMatchesPanel } from './match/ConfirmMatchesPanel';
import { MatchSettingsPanel } from './match/MatchSettingsPanel';

/** Read by screen readers, not shown (the usual visually-hidden recipe). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface CompareStepProps {
  /** Defaults to the route's :company_id and :comparison_id. */
  companyId?: string;
  comparisonId?: string;
  /** Called when a run ends (e.g. to refresh the stepper, which moves on to View Reports). */
  onRunFinished?: (comparison: ComparisonRunView) => void;
}

/**
 * Compare step (UX "Compare"): start the run, then its progress by named stage with row counts,
 * polled every 2 s while it runs. Completion or failure is announced once through a polite
 * `role="status"` region, never every tick. The run goes on if the user leaves.
 */
export function CompareStep(props: CompareStepProps) {
  const params = useParams();
  const companyId = props.companyId ?? params.company_id;
  const comparisonId = props.comparisonId ?? params.comparison_id;
  const me = useCurrentUser();
  const snackbar = useSnackbar();
  const { data: comparison, error, isLoading, mutate } = useComparisonRun(companyId, comparisonId);
  const [starting, setStarting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const previousStatus = useRef<string | null | undefined>(undefined);

  const status = comparison?.status ?? null;
  const running = status === 'RUNNING';
  const mayRun = can(me, 'comparison.run');
  const awaiting = status === AWAITING_MATCH_CONFIRMATION;
  const waiting = comparison?.match_candidates_waiting ?? 0;

  useEffect(() => {
    if (!comparison) return;
    const before = previousStatus.current;
    previousStatus.current = status;
    if (before !== 'RUNNING' || status === 'RUNNING') return;
    if (status === 'SUCCEEDED') setAnnouncement(`Comparison finished. ${comparison.summary?.discrepancies ?? 0} discrepancies found.`);
    if (status === 'FAILED') setAnnouncement(`Comparison failed. ${comparison.status_reason ?? ''}`);
    if (status === AWAITING_MATCH_CONFIRMATION) setAnnouncement(awaitingMatchesText(comparison.match_candidates_waiting ?? 0));
    props.onRunFinished?.(comparison);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announces a change of the run's status once; the page passes a new onRunFinished on every render
  }, [status, comparison]);

  async function start() {
    if (!companyId || !comparisonId) return;
    setStarting(true);
    setAnnouncement('');
    const result = await startComparisonRun(companyId, comparisonId);
    setStarting(false);
    if (result.error) {
      snackbar.error(result.error);
      return;
    }
    previousStatus.current = 'RUNNING';
    // The run answers the record without its files; the stepper reading the same cache keeps them.
    await mutate((current) => current && { ...current, ...result.data }, { revalidate: false });
  }

  function showConfirmMatches() {
    const panel = document.getElementById(CONFIRM_MATCHES_ID);
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus();
  }

  if (isLoading && !comparison) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading the comparison" />
      </Box>
    );
  }
  if (error && !comparison) return <Alert severity="error">{error.message}</Alert>;

  const progress = comparison?.progress ?? null;
  const current = stageIndex(progress?.stage);
  const percent = stagePercent(progress);
  const estimate = estimateText(progress);
  const results = comparison?.summary;

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>

      {companyId && comparisonId && comparison && comparison.audit_type !== 'INVOICE_RECONCILIATION' && (
        <MatchSettingsPanel companyId={companyId} comparisonId={comparisonId} comparison={comparison} disabled={!mayRun || running} onSaved={() => void mutate()} />
      )}
      {companyId && comparisonId && comparison && comparison.audit_type !== 'INVOICE_RECONCILIATION' && !running && (
        <ConfirmMatchesPanel
          key={comparison.updated_at}
          companyId={companyId}
          comparisonId={comparisonId}
          disabled={!mayRun}
          onDecided={() => void mutate()}
        />
      )}

      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Compare the files
          </Typography>
          <Typography color="text.secondary">
            The baseline and carrier rows are joined on the unique identifier, every data point is compared, and rows missing on
            either side or repeated are listed. Running again replaces the previous results.
          </Typography>
          <Box>
            <Button variant="contained" onClick={start} disabled={!mayRun || running || starting} startIcon={starting ? <CircularProgress size={16} /> : undefined}>
              {status === 'SUCCEEDED' || status === 'FAILED' || awaiting ? 'Run the comparison again' : 'Run the comparison'}
            </Button>
          </Box>
          {!mayRun && <Typography variant="body2">Your role can view the results but not run the comparison.</Typography>}
        </Stack>
      </Paper>

      {running && (
        <Paper variant="outlined" sx={{ p: 3 }} aria-labelledby="compare-progress-title">
          <Stack spacing={2}>
            <Typography id="compare-progress-title" variant="h6" component="h2">
              Comparing…
            </Typography>
            <Stepper activeStep={current} alternativeLabel>
              {STAGES.map((s) => (
                <Step key={s.stage}>
                  <StepLabel>{s.label}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <LinearProgress
              variant={percent === null ? 'indeterminate' : 'determinate'}
              value={percent ?? undefined}
              aria-label={`${STAGES[current]!.label}: ${progressText(progress)}`}
            />
            <Typography>
              <strong>{STAGES[current]!.label}</strong> — {progressText(progress)}
            </Typography>
            {estimate && <Typography color="text.secondary">{estimate}</Typography>}
            <Alert severity="info">You can leave this page: the comparison keeps running, and its result shows here when you come back.</Alert>
          </Stack>
        </Paper>
      )}

      {status === 'SUCCEEDED' && (
        <Alert
          severity="success"
          action={
            companyId && comparisonId ? (
              <Button component={RouterLink} to={`/companies/${companyId}/comparisons/${comparisonId}?step=VIEW_REPORTS`} color="inherit">
                View reports
              </Button>
            ) : undefined
          }
        >
          Comparison finished{results?.finished_at ? ` at ${new Date(results.finished_at).toLocaleString()}` : ''}:{' '}
          {(results?.discrepancies ?? 0).toLocaleString('en-US')} discrepancies in{' '}
          {(results?.baseline_rows ?? 0).toLocaleString('en-US')} baseline and {(results?.secondary_rows ?? 0).toLocaleString('en-US')} carrier rows.
        </Alert>
      )}

      {awaiting && (
        <Alert
          severity="info"
          action={
            waiting > 0 ? (
              <Button color="inherit" onClick={showConfirmMatches}>
                Confirm matches
              </Button>
            ) : (
              <Button color="inherit" onClick={start} disabled={!mayRun || starting}>
                Run again
              </Button>
            )
          }
        >
          <strong>{ComparisonStatus.label(status)}.</strong>{' '}
          {waiting > 0 ? awaitingMatchesText(waiting) : 'Every proposed match is decided: run the comparison again to compare on them.'}
        </Alert>
      )}

      {status === 'FAILED' && (
        <Alert severity="error">
          <strong>The comparison did not finish.</strong> {comparison?.status_reason ?? 'An error occurred'}
        </Alert>
      )}
    </Stack>
  );
}

