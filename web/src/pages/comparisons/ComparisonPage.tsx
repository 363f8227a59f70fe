import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { AuditType, ComparisonStep, ComparisonType, isStepDone, stepNumber } from '../../../../shared/comparisons';
import { can } from '../../../../shared/permissions/actions';
import { errorMessage, isNotFoundError } from '../../api/errors';
import { NotFoundPage } from '../../components/errors';
import { useCurrentUser } from '../../auth/current-user';
import { useComparison } from '../../data/comparisons';
import { useSnackbar } from '../../feedback/snackbar';
import { moveToStep } from './move-step';
import type { StepProps } from './step-props';
import { PageTitle } from '../../layout/PageTitle';
import { ComparisonHistoryPanel } from './ComparisonHistoryPanel';
import { InvoiceDetails } from '../invoices/InvoiceDetails';
import { FullPageSpinner } from '../../components/FullPageSpinner';

// Each step's code is downloaded when the step is first shown: opening a comparison does not wait
// for the reports' charts or the verification grids of steps it is not on.
const ImportDataStep = lazy(() => import('./ImportDataStep').then((m) => ({ default: m.ImportDataStep })));
const MapDataStep = lazy(() => import('./MapDataStep').then((m) => ({ default: m.MapDataStep })));
const SelectDataPointsStep = lazy(() => import('./SelectDataPointsStep').then((m) => ({ default: m.SelectDataPointsStep })));
const CompareStep = lazy(() => import('./steps/CompareStep').then((m) => ({ default: m.CompareStep })));
const ViewReportsStep = lazy(() => import('./steps/ViewReportsStep').then((m) => ({ default: m.ViewReportsStep })));
const VerifyDiscrepanciesStep = lazy(() => import('./steps/VerifyDiscrepanciesStep').then((m) => ({ default: m.VerifyDiscrepanciesStep })));
const VerifyMissingDataStep = lazy(() => import('./steps/VerifyMissingDataStep').then((m) => ({ default: m.VerifyMissingDataStep })));
const CompleteStep = lazy(() => import('./steps/CompleteStep').then((m) => ({ default: m.CompleteStep })));

/** Steps that read the uploaded rows themselves; verify-only users work from the results instead. */
const SET_UP_STEPS: ReadonlySet<ComparisonStep> = new Set<ComparisonStep>(['IMPORT_DATA', 'SELECT_DATA_POINTS', 'MAP_DATA']);

function SetUpNotForYou({ step }: { step: ComparisonStep }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography color="text.secondary">
        {ComparisonStep.label(step)} is done by the people who set comparisons up; it shows the uploaded rows, which your role does not
        open. You can verify this comparison's results once it has run.
      </Typography>
    </Paper>
  );
}

function LaterStep({ step }: { step: ComparisonStep }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography color="text.secondary">{ComparisonStep.label(step)} is not available yet.</Typography>
    </Paper>
  );
}

const BODIES: Partial<Record<ComparisonStep, ComponentType<StepProps>>> = {
  IMPORT_DATA: ImportDataStep,
  SELECT_DATA_POINTS: SelectDataPointsStep,
  MAP_DATA: MapDataStep,
  COMPARE: ({ companyId, comparisonId }) => <CompareStep companyId={companyId} comparisonId={comparisonId} />,
  VIEW_REPORTS: ({ companyId, comparisonId, goTo }) => <ViewReportsStep companyId={companyId} comparisonId={comparisonId} goTo={goTo} />,
  VERIFY_DISCREPANCIES: VerifyDiscrepanciesStep,
  VERIFY_MISSING_DATA: VerifyMissingDataStep,
  COMPLETE: ({ companyId, comparisonId }) => <CompleteStep companyId={companyId} comparisonId={comparisonId} />,
};

/**
 * /companies/:company_id/comparisons/:comparison_id: a stepper over the steps of SPEC §4 (done
 * steps ticked, the current one active) and the body of the step in view. Steps done or current
 * can be opened; later ones are reached with each step's Next button, which moves the comparison.
 */
export function ComparisonPage() {
  const { company_id: companyId = '', comparison_id: comparisonId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { data: comparison, error, isLoading } = useComparison(companyId, comparisonId);
  // The step shown on arrival stays in view when the comparison moves on by itself (e.g. once both
  // files are read), so the user sees the result of what they did; Next buttons move the view.
  const arrivedAt = useRef<string | null>(null);
  if (comparison && arrivedAt.current === null) arrivedAt.current = comparison.step;
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const me = useCurrentUser();
  const reportsReady = !!comparison && comparison.status === 'SUCCEEDED' && stepNumber(comparison.step) >= stepNumber('VIEW_REPORTS');
  const wanted = search.get('step');
  // Opening a verify step from the reports (a card, a bar, the button) is the user's decision to
  // start verifying: the comparison moves on to it, with the override SPEC §4 asks for to reach
  // Verify Discrepancies.
  useEffect(() => {
    if (!comparison || !reportsReady || !ComparisonStep.is(wanted)) return;
    if (wanted !== 'VERIFY_DISCREPANCIES' && wanted !== 'VERIFY_MISSING_DATA') return;
    if (stepNumber(wanted) <= stepNumber(comparison.step)) return;
    void moveToStep(mutate, companyId, comparisonId, wanted, { override: wanted === 'VERIFY_DISCREPANCIES' }).then(
      (problem) => problem && snackbar.error(problem),
    );
  }, [comparison?.step, reportsReady, wanted]);

  if (isLoading) return <LinearProgress aria-label="Loading the comparison" />;
  // The API answers 404 for a comparison outside the caller's scope too: the same page either way.
  if (isNotFoundError(error)) return <NotFoundPage />;
  if (error || !comparison) return <Alert severity="error">{errorMessage(error)}</Alert>;

  const current = ComparisonStep.is(comparison.step) ? comparison.step : 'IMPORT_DATA';
  const asked = search.get('step') ?? arrivedAt.current;
  // The Complete step (checklist, people, exports) can be opened from any step once the comparison has reports.
  const canOpen = (step: ComparisonStep) =>
    isStepDone(step, current) ||
    step === current ||
    (step === 'COMPLETE' && stepNumber(current) >= stepNumber('VIEW_REPORTS')) ||
    ((step === 'VERIFY_DISCREPANCIES' || step === 'VERIFY_MISSING_DATA') && reportsReady);
  const viewed: ComparisonStep = asked && ComparisonStep.is(asked) && canOpen(asked) ? asked : current;
  const goTo = (step: ComparisonStep) => setSearch({ step }, { replace: false });
  // The role layer is enough here: the tenant was already checked by the comparison read.
  const setsUp = can(me, 'comparison.create');
  const Body = BODIES[viewed];

  return (
    <>
      <PageTitle>{comparison.name}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2 }}>
        {ComparisonType.label(comparison.type)} · {AuditType.label(comparison.audit_type)}
      </Typography>
      {comparison.audit_type === 'INVOICE_RECONCILIATION' && <InvoiceDetails companyId={companyId} comparison={comparison} editable={setsUp} />}
      <Box sx={{ overflowX: 'auto', mb: 3 }}>
        <Stepper nonLinear activeStep={ComparisonStep.values.indexOf(viewed)} aria-label="Comparison steps">
          {ComparisonStep.values.map((step) => {
            const done = isStepDone(step, current);
            const open = canOpen(step);
            return (
              <Step key={step} completed={done && step !== current} disabled={!open}>
                <StepButton onClick={() => open && goTo(step)} aria-current={step === viewed ? 'step' : undefined}>
                  {ComparisonStep.label(step)}
                </StepButton>
              </Step>
            );
          })}
        </Stepper>
      </Box>
      {SET_UP_STEPS.has(viewed) && !setsUp ? (
        <SetUpNotForYou step={viewed} />
      ) : Body ? (
        <Suspense fallback={<FullPageSpinner />}>
          <Body key={viewed} companyId={companyId} comparisonId={comparisonId} goTo={goTo} />
        </Suspense>
      ) : (
        <LaterStep step={viewed} />
      )}
      <ComparisonHistoryPanel companyId={companyId} comparisonId={comparisonId} />
    </>
  );
}
