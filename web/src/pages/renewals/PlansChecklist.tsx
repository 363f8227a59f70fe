import { useEffect, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BenefitType } from '../../../../shared/carriers';
import type { TaskItemStatus } from '../../../../shared/renewals';
import type { Renewal, RenewalPlan, RenewalPlanPatch, useRenewalWrites } from '../../data/renewals';
import { useSnackbar } from '../../feedback/snackbar';
import { ItemStatusChip } from './renewal-parts';
import { outcomeOf, SaveProblem, SaveStatus, useAutosaver } from './use-autosave';

type Writes = ReturnType<typeof useRenewalWrites>;
type Answer = 'renewing' | 'rates_changing' | 'eligibility_changing';
type Note = 'renewal_notes' | 'rates_changing_notes' | 'eligibility_changing_notes';

const QUESTIONS: ReadonlyArray<{ answer: Answer; note: Note; label: string; noteLabel: string }> = [
  { answer: 'renewing', note: 'renewal_notes', label: 'Renewing', noteLabel: 'Renewal notes' },
  { answer: 'rates_changing', note: 'rates_changing_notes', label: 'Rates changing', noteLabel: 'Rates notes' },
  { answer: 'eligibility_changing', note: 'eligibility_changing_notes', label: 'Eligibility changing', noteLabel: 'Eligibility notes' },
];

type PlanValues = Record<Answer, '' | 'yes' | 'no'> & Record<Note, string>;

const yesNo = (v: boolean | null | undefined): '' | 'yes' | 'no' => (v === true ? 'yes' : v === false ? 'no' : '');

const valuesOf = (p: RenewalPlan): PlanValues => ({
  renewing: yesNo(p.renewing),
  rates_changing: yesNo(p.rates_changing),
  eligibility_changing: yesNo(p.eligibility_changing),
  renewal_notes: p.renewal_notes ?? '',
  rates_changing_notes: p.rates_changing_notes ?? '',
  eligibility_changing_notes: p.eligibility_changing_notes ?? '',
});

/**
 * One row per plan of the renewal: renewing, rates changing and eligibility changing with a note
 * each, autosaved per plan. `reviewing`: the GA's view, answers read-only with Approve / Return
 * (and Reopen once approved) per plan.
 */
export function PlansChecklist({ renewal, writes, reviewing }: { renewal: Renewal; writes: Writes; reviewing?: boolean }) {
  if (!renewal.plans.length) return <Alert severity="info">This carrier has no renewing plans. Add its plans on the carrier page.</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">Plans checklist</Typography>
        <ItemStatusChip status={renewal.plans_checklist_status} />
      </Stack>
      <Stack spacing={2}>
        {renewal.plans.map((plan) => (
          <PlanRow key={plan.id} renewal={renewal} plan={plan} writes={writes} reviewing={reviewing} />
        ))}
      </Stack>
    </Paper>
  );
}

function PlanRow({ renewal, plan, writes, reviewing }: { renewal: Renewal; plan: RenewalPlan; writes: Writes; reviewing?: boolean }) {
  const snackbar = useSnackbar();
  const { saver, report, reloaded } = useAutosaver<RenewalPlanPatch>(plan.updated_at, async (changes, version) =>
    outcomeOf(await writes.patchPlan(plan.id, { ...changes, updated_at: version })),
  );
  const server = valuesOf(plan);
  const serverKey = JSON.stringify(server);
  const { control, reset, setError, clearErrors } = useForm<PlanValues>({ defaultValues: server });
  const [deciding, setDeciding] = useState(false);
  const over = renewal.step === 'COMPLETED' || renewal.step === 'CLOSED';
  const fillsIn = !reviewing && renewal.your_sides.includes('employer') && plan.status !== 'APPROVED' && !over;
  const reviews = reviewing && renewal.your_sides.includes('ga') && !over;

  useEffect(() => {
    if (!saver.busy()) reset(JSON.parse(serverKey) as PlanValues);
  }, [serverKey, reloaded, reset, saver]);
  useEffect(() => {
    if (report.state === 'saved') clearErrors(report.fields as Array<Path<PlanValues>>);
    if (report.state === 'error') for (const [field, message] of Object.entries(report.fieldErrors ?? {})) setError(field as Path<PlanValues>, { message });
  }, [report, clearErrors, setError]);

  const decide = async (status: TaskItemStatus) => {
    setDeciding(true);
    const res = await writes.patchPlan(plan.id, { status, updated_at: plan.updated_at });
    setDeciding(false);
    if (res.error) snackbar.error(res.error);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Plan ${plan.plan_name}`} role="group">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {plan.plan_name} {plan.benefit_type ? `· ${BenefitType.label(plan.benefit_type)}` : ''}
        </Typography>
        {fillsIn && <SaveStatus report={report} />}
        <ItemStatusChip status={plan.status} />
      </Stack>
      <SaveProblem report={report} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
        {QUESTIONS.map((q) => (
          <Stack key={q.answer} spacing={1}>
            <Controller
              name={q.answer}
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label={q.label}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    saver.change(q.answer, e.target.value === '' ? null : e.target.value === 'yes', true);
                  }}
                  disabled={!fillsIn}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value="yes">Yes</MenuItem>
                  <MenuItem value="no">No</MenuItem>
                </TextField>
              )}
            />
            <Controller
              name={q.note}
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  size="small"
                  multiline
                  label={q.noteLabel}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    saver.change(q.note, e.target.value || null);
                  }}
                  onBlur={() => void saver.flush()}
                  disabled={!fillsIn}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        ))}
      </Box>
      {reviews && plan.status === 'PENDING_REVIEW' && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" variant="contained" disabled={deciding} onClick={() => void decide('APPROVED')}>
            Approve {plan.plan_name}
          </Button>
          <Button size="small" disabled={deciding} onClick={() => void decide('IN_PROGRESS')}>
            Return {plan.plan_name}
          </Button>
        </Stack>
      )}
      {reviews && plan.status === 'APPROVED' && (
        <Button size="small" sx={{ mt: 1 }} disabled={deciding} onClick={() => void decide('IN_PROGRESS')}>
          Reopen {plan.plan_name}
        </Button>
      )}
    </Paper>
  );
}
