import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Month } from '../../../../shared/carriers';
import { PlanDocumentCategory } from '../../../../shared/columns';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES, attachmentContentType, isAllowedAttachment } from '../../../../shared/files';
import { RENEWAL_SEQUENCE, STEP_OWNER, type RenewalSide } from '../../../../shared/renewal-workflow';
import { PassiveEnrollmentEnabled, RenewalEnrollmentType, RenewalStep, type TaskItemStatus } from '../../../../shared/renewals';
import { errorMessage } from '../../api/errors';
import { request } from '../../api/request';
import { putWithProgress, useRenewal, useRenewalWrites, type Renewal, type RenewalPatch, type RenewalPlan } from '../../data/renewals';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { ItemStatusChip, TimingChip, personName } from './renewal-parts';

type Writes = ReturnType<typeof useRenewalWrites>;
const AUTOSAVE_MS = 800;

/** /companies/:company_id/renewals/:renewal_id: the renewal's steps, each with its form or checklist, people, notes and files. */
export function RenewalPage() {
  const { company_id: companyId = '', renewal_id: renewalId = '' } = useParams();
  const { data: renewal, error, isLoading } = useRenewal(companyId, renewalId);
  const writes = useRenewalWrites(companyId, renewalId);
  const [search, setSearch] = useSearchParams();
  if (isLoading) return <LinearProgress aria-label="Loading the renewal" />;
  if (error || !renewal) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const current = renewal.step;
  const currentIndex = (RENEWAL_SEQUENCE as readonly string[]).indexOf(current);
  const asked = search.get('step');
  const viewed = asked && RenewalStep.is(asked) && (RENEWAL_SEQUENCE as readonly string[]).indexOf(asked) <= Math.max(currentIndex, 0) ? asked : current === 'CLOSED' ? 'CLIENT_INFORMATION' : current;
  const readOnly = renewal.your_sides.length === 0;

  return (
    <>
      <PageTitle>
        {renewal.carrier_name} renewal · {Month.label(renewal.month)} {renewal.year}
      </PageTitle>
      <Stack direction="row" spacing={1} sx={{ mb: 2, mt: -1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip data-testid="current-step" label={RenewalStep.label(current)} color={current === 'CLOSED' ? 'default' : 'primary'} />
        <TimingChip renewal={renewal} />
        <Typography color="text.secondary">Plans take effect {renewal.effective_date}</Typography>
        {readOnly && <Chip variant="outlined" label="Read only" />}
        <Box sx={{ flex: 1 }} />
        {renewal.manages_people && current !== 'COMPLETED' && current !== 'CLOSED' && <ResendKickoff renewal={renewal} writes={writes} />}
      </Stack>
      <Box sx={{ overflowX: 'auto', mb: 3 }}>
        <Stepper nonLinear activeStep={(RENEWAL_SEQUENCE as readonly string[]).indexOf(viewed)} aria-label="Renewal steps">
          {RENEWAL_SEQUENCE.map((step, i) => (
            <Step key={step} completed={i < currentIndex || current === 'COMPLETED'} disabled={i > currentIndex && current !== 'CLOSED'}>
              <StepButton onClick={() => setSearch({ step })} aria-current={step === viewed ? 'step' : undefined}>
                {RenewalStep.label(step)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      </Box>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <StepBody renewal={renewal} step={viewed} writes={writes} />
          {viewed === current && <MoveBar renewal={renewal} writes={writes} />}
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 300, width: '100%' }}>
          <People renewal={renewal} step={viewed} writes={writes} />
          <Notes renewal={renewal} step={viewed} writes={writes} />
          <Files renewal={renewal} step={viewed} writes={writes} />
        </Stack>
      </Stack>
    </>
  );
}

/** Sends the kickoff e-mail again to the renewal contact and the GA contacts (counted on the renewal). */
function ResendKickoff({ renewal, writes }: { renewal: Renewal; writes: Writes }) {
  const snackbar = useSnackbar();
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    const res = await writes.resendKickoff();
    setPending(false);
    if (res.error) snackbar.error(res.error);
    else snackbar.success('Kickoff e-mail sent again');
  };
  return (
    <Button size="small" variant="outlined" disabled={pending} onClick={() => void resend()}>
      Resend kickoff{renewal.resent_kickoff_counter ? ` (sent again ${renewal.resent_kickoff_counter}×)` : ''}
    </Button>
  );
}

function StepBody({ renewal, step, writes }: { renewal: Renewal; step: RenewalStep; writes: Writes }) {
  switch (step) {
    case 'CLIENT_INFORMATION':
      return <ClientInformation renewal={renewal} writes={writes} />;
    case 'PLANS_CHECKLIST':
      return <PlansChecklist renewal={renewal} writes={writes} />;
    case 'GA_REVIEW_CLIENT_INFORMATION':
      return <Review renewal={renewal} writes={writes} item="client_info_status" title="Client information" body={<ClientInformation renewal={renewal} writes={writes} readOnly />} />;
    case 'GA_REVIEW_PLANS_CHECKLIST':
      return <Review renewal={renewal} writes={writes} item="plans_checklist_status" title="Plans checklist" body={<PlansChecklist renewal={renewal} writes={writes} reviewing />} />;
    case 'GA_DEMO_ENVIRONMENT':
      return <DemoEnvironment renewal={renewal} writes={writes} />;
    case 'REVIEW_DEMO_ENVIRONMENT':
      return <Review renewal={renewal} writes={writes} item="demo_environment_status" title="Demo environment" body={<DemoEnvironment renewal={renewal} writes={writes} readOnly />} />;
    default:
      return (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>
            {step === 'LIVE' ? `Live since ${renewal.go_live_updated_at?.slice(0, 10) ?? renewal.effective_date}.` : `Completed ${renewal.completed_updated_at?.slice(0, 10) ?? ''}.`}
          </Typography>
        </Paper>
      );
  }
}

/** Saves a changed field after a pause in typing, with the version read; a 409 reloads and says so. */
function useAutosave(renewal: Renewal, writes: Writes) {
  const snackbar = useSnackbar();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const pending = useRef<Partial<RenewalPatch>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const version = useRef(renewal.updated_at);
  version.current = renewal.updated_at;
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const flush = async () => {
    const body = pending.current;
    pending.current = {};
    setState('saving');
    const res = await writes.patch({ ...body, updated_at: version.current });
    if (res.error) {
      setState('error');
      const errors = (res.error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
      setFieldErrors(errors);
      if (res.error.status === 409) await writes.refresh();
      snackbar.error(res.error);
      return;
    }
    setFieldErrors({});
    setState('saved');
  };
  const change = (field: keyof RenewalPatch, value: unknown) => {
    pending.current = { ...pending.current, [field]: value };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
  };
  return { change, state, fieldErrors };
}

function SaveState({ state }: { state: 'idle' | 'saving' | 'saved' | 'error' }) {
  const text = { idle: '', saving: 'Saving…', saved: 'All changes saved', error: 'Not saved' }[state];
  return text ? (
    <Typography variant="body2" color={state === 'error' ? 'error' : 'text.secondary'} role="status">
      {text}
    </Typography>
  ) : null;
}

function editable(renewal: Renewal, side: RenewalSide, status: TaskItemStatus): boolean {
  return renewal.your_sides.includes(side) && status !== 'APPROVED' && renewal.step !== 'COMPLETED' && renewal.step !== 'CLOSED';
}

function ClientInformation({ renewal, writes, readOnly }: { renewal: Renewal; writes: Writes; readOnly?: boolean }) {
  const { change, state, fieldErrors } = useAutosave(renewal, writes);
  const disabled = readOnly || !editable(renewal, 'employer', renewal.client_info_status);
  const [values, setValues] = useState(() => ({
    enrollment_start_date: renewal.enrollment_start_date ?? '',
    enrollment_end_date: renewal.enrollment_end_date ?? '',
    administration_end_date: renewal.administration_end_date ?? '',
    send_deductions_date: renewal.send_deductions_date ?? '',
    enrollment_type: renewal.enrollment_type ?? '',
    passive_enrollment_enabled: renewal.passive_enrollment_enabled ?? '',
    cobra_enrollment_type: renewal.cobra_enrollment_type ?? '',
    enrollment_welcome_language: renewal.enrollment_welcome_language ?? '',
    enrollment_email_language: renewal.enrollment_email_language ?? '',
  }));
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: e.target.value });
    change(field, e.target.value === '' ? null : e.target.value);
  };
  const date = (field: 'enrollment_start_date' | 'enrollment_end_date' | 'administration_end_date' | 'send_deductions_date', label: string) => (
    <TextField type="date" label={label} value={values[field]} onChange={set(field)} disabled={disabled} slotProps={{ inputLabel: { shrink: true } }} error={!!fieldErrors[field]} helperText={fieldErrors[field]} />
  );
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">Client information</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SaveState state={state} />
          <ItemStatusChip status={renewal.client_info_status} />
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {date('enrollment_start_date', 'Enrollment start')}
        {date('enrollment_end_date', 'Enrollment end')}
        {date('administration_end_date', 'Administration end')}
        {date('send_deductions_date', 'Send deductions')}
        <TextField select label="Enrollment type" value={values.enrollment_type} onChange={set('enrollment_type')} disabled={disabled} error={!!fieldErrors.enrollment_type} helperText={fieldErrors.enrollment_type}>
          <MenuItem value="">Not chosen</MenuItem>
          {RenewalEnrollmentType.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        {values.enrollment_type === 'PASSIVE' && (
          <TextField select label="Passive enrollment applies" value={values.passive_enrollment_enabled} onChange={set('passive_enrollment_enabled')} disabled={disabled}>
            <MenuItem value="">Not chosen</MenuItem>
            {PassiveEnrollmentEnabled.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField label="COBRA enrollment type" value={values.cobra_enrollment_type} onChange={set('cobra_enrollment_type')} disabled={disabled} />
      </Box>
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField label="Enrollment welcome language" multiline minRows={2} value={values.enrollment_welcome_language} onChange={set('enrollment_welcome_language')} disabled={disabled} />
        <TextField label="Enrollment e-mail language" multiline minRows={2} value={values.enrollment_email_language} onChange={set('enrollment_email_language')} disabled={disabled} />
      </Stack>
      {renewal.your_sides.includes('ga') && !readOnly && (
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Switch checked={renewal.organization_managed} onChange={(e) => void writes.patch({ organization_managed: e.target.checked, updated_at: renewal.updated_at })} />}
          label="The organization runs this renewal for the employer"
        />
      )}
    </Paper>
  );
}

function PlansChecklist({ renewal, writes, reviewing }: { renewal: Renewal; writes: Writes; reviewing?: boolean }) {
  const snackbar = useSnackbar();
  if (!renewal.plans.length) return <Alert severity="info">This carrier has no renewing plans. Add its plans on the carrier page.</Alert>;
  const answer = async (plan: RenewalPlan, field: 'renewing' | 'rates_changing' | 'eligibility_changing', value: boolean) => {
    const res = await writes.patchPlan(plan.id, { [field]: value, updated_at: plan.updated_at });
    if (res.error) snackbar.error(res.error);
  };
  const review = async (plan: RenewalPlan, status: TaskItemStatus) => {
    const res = await writes.patchPlan(plan.id, { status, updated_at: plan.updated_at });
    if (res.error) snackbar.error(res.error);
  };
  const yesNo = (plan: RenewalPlan, field: 'renewing' | 'rates_changing' | 'eligibility_changing', label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={plan[field] === null || plan[field] === undefined ? '' : plan[field] ? 'yes' : 'no'}
      onChange={(e) => void answer(plan, field, e.target.value === 'yes')}
      disabled={reviewing || !editable(renewal, 'employer', plan.status)}
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="yes">Yes</MenuItem>
      <MenuItem value="no">No</MenuItem>
    </TextField>
  );
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">Plans checklist</Typography>
        <ItemStatusChip status={renewal.plans_checklist_status} />
      </Stack>
      <Stack spacing={2}>
        {renewal.plans.map((plan) => (
          <Paper key={plan.id} variant="outlined" sx={{ p: 2 }} aria-label={`Plan ${plan.plan_name}`}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {plan.plan_name} {plan.benefit_type ? `· ${plan.benefit_type}` : ''}
              </Typography>
              <ItemStatusChip status={plan.status} />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              {yesNo(plan, 'renewing', 'Renewing')}
              {yesNo(plan, 'rates_changing', 'Rates changing')}
              {yesNo(plan, 'eligibility_changing', 'Eligibility changing')}
            </Stack>
            {reviewing && renewal.your_sides.includes('ga') && plan.status === 'PENDING_REVIEW' && (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button size="small" variant="contained" onClick={() => void review(plan, 'APPROVED')}>
                  Approve {plan.plan_name}
                </Button>
                <Button size="small" onClick={() => void review(plan, 'IN_PROGRESS')}>
                  Return
                </Button>
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

function DemoEnvironment({ renewal, writes, readOnly }: { renewal: Renewal; writes: Writes; readOnly?: boolean }) {
  const { change, state } = useAutosave(renewal, writes);
  const [notes, setNotes] = useState(renewal.demo_environment_notes ?? '');
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">Demo environment</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SaveState state={state} />
          <ItemStatusChip status={renewal.demo_environment_status} />
        </Stack>
      </Stack>
      <TextField
        label="Where and how to review the demo"
        multiline
        minRows={3}
        fullWidth
        value={notes}
        onChange={(e) => {
          setNotes(e.target.value);
          change('demo_environment_notes', e.target.value || null);
        }}
        disabled={readOnly || !editable(renewal, 'ga', renewal.demo_environment_status)}
      />
    </Paper>
  );
}

type ReviewedItem = 'client_info_status' | 'plans_checklist_status' | 'demo_environment_status';
const REVIEWER: Record<ReviewedItem, RenewalSide> = { client_info_status: 'ga', plans_checklist_status: 'ga', demo_environment_status: 'employer' };

function Review({ renewal, writes, item, title, body }: { renewal: Renewal; writes: Writes; item: ReviewedItem; title: string; body: ReactNode }) {
  const snackbar = useSnackbar();
  const status = renewal[item];
  const reviews = renewal.your_sides.includes(REVIEWER[item]);
  const decide = async (to: TaskItemStatus) => {
    const res = await writes.patch({ [item]: to, updated_at: renewal.updated_at });
    if (res.error) snackbar.error(res.error);
    else snackbar.success(to === 'APPROVED' ? `${title} approved` : `${title} returned`);
  };
  return (
    <Stack spacing={2}>
      {reviews && status === 'PENDING_REVIEW' && (
        <Alert
          severity="info"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" variant="outlined" size="small" onClick={() => void decide('APPROVED')}>
                Approve {title.toLowerCase()}
              </Button>
              <Button color="inherit" size="small" onClick={() => void decide('IN_PROGRESS')}>
                Return
              </Button>
            </Stack>
          }
        >
          {title} is waiting for your review.
        </Alert>
      )}
      {reviews && status === 'APPROVED' && renewal.step !== 'COMPLETED' && renewal.step !== 'CLOSED' && (
        <Alert severity="success" action={<Button color="inherit" size="small" onClick={() => void decide('IN_PROGRESS')}>Reopen</Button>}>
          {title} is approved.
        </Alert>
      )}
      {body}
    </Stack>
  );
}

function MoveBar({ renewal, writes }: { renewal: Renewal; writes: Writes }) {
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<null | 'send_back' | 'close'>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  if (renewal.step === 'COMPLETED' || renewal.step === 'CLOSED') return null;
  const owner = STEP_OWNER[renewal.step];
  const advances = renewal.your_sides.includes(owner.advances);
  const sendsBack = !!owner.sendsBack && renewal.your_sides.includes(owner.sendsBack);
  const closes = renewal.your_sides.includes('ga');
  const move = async (verb: 'advance' | 'send_back' | 'close') => {
    setPending(true);
    const res = await writes.move(verb, { updated_at: renewal.updated_at, note: note || null });
    setPending(false);
    setDialog(null);
    setNote('');
    if (res.error) snackbar.error(res.error);
    else snackbar.success(verb === 'advance' ? `Moved to ${RenewalStep.label(res.data.step)}` : verb === 'close' ? 'Renewal closed' : `Sent back to ${RenewalStep.label(res.data.step)}`);
  };
  if (!advances && !sendsBack && !closes) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {RenewalStep.label(renewal.step)} is moved on by the {owner.advances === 'ga' ? 'GA' : 'employer'}.
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      {advances && renewal.next_step_blockers.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Before the next step: {renewal.next_step_blockers.join(' ')}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        {advances && (
          <Button variant="contained" disabled={pending || renewal.next_step_blockers.length > 0} onClick={() => void move('advance')}>
            Next step
          </Button>
        )}
        {sendsBack && (
          <Button disabled={pending} onClick={() => setDialog('send_back')}>
            Send back
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {closes && (
          <Button color="error" disabled={pending} onClick={() => setDialog('close')}>
            Close renewal
          </Button>
        )}
      </Stack>
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="sm">
        <DialogTitle>{dialog === 'close' ? 'Close this renewal?' : 'Send back'}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {dialog === 'close' ? 'A closed renewal does not go live and can no longer be changed.' : 'The step before reopens for changes. Say what needs changing.'}
          </Typography>
          <TextField label="Note" multiline minRows={2} fullWidth value={note} onChange={(e) => setNote(e.target.value)} disabled={pending} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="contained" color={dialog === 'close' ? 'error' : 'primary'} disabled={pending} onClick={() => dialog && void move(dialog)}>
            {dialog === 'close' ? 'Close renewal' : 'Send back'}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function People({ renewal, step, writes }: { renewal: Renewal; step: RenewalStep; writes: Writes }) {
  const snackbar = useSnackbar();
  const task = writes.task(renewal.task.id);
  const assignees = renewal.task.assignees.filter((a) => a.step === step && !a.unassigned_at);
  const run = async (p: Promise<{ error?: unknown }>) => {
    const res = await p;
    if (res.error) snackbar.error(res.error);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Owners
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
        {renewal.task.owners.length === 0 && <Typography color="text.secondary">None yet</Typography>}
        {renewal.task.owners.map((o) => (
          <Chip key={o.id} label={personName(o.user)} onDelete={renewal.manages_people ? () => void run(task.removeOwner(o.id)) : undefined} />
        ))}
      </Stack>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        Assigned to {RenewalStep.label(step)}
      </Typography>
      <Stack spacing={1} sx={{ my: 1 }}>
        {assignees.length === 0 && <Typography color="text.secondary">Nobody yet</Typography>}
        {assignees.map((a) => (
          <Stack key={a.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ flex: 1 }}>
              {personName(a.user)} {a.completed_at ? `· done by ${personName(a.completed_by)}` : ''}
            </Typography>
            {!a.completed_at && (renewal.manages_people || renewal.your_sides.length > 0) && (
              <Button size="small" onClick={() => void run(task.changeAssignee(a.id, 'complete'))}>
                Complete
              </Button>
            )}
            {a.completed_at && renewal.manages_people && (
              <Button size="small" onClick={() => void run(task.changeAssignee(a.id, 'reopen'))}>
                Reopen
              </Button>
            )}
            {renewal.manages_people && (
              <Button size="small" color="error" onClick={() => void run(task.changeAssignee(a.id, 'unassign'))}>
                Unassign
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {renewal.manages_people && <AddPerson companyId={renewal.company_id} onOwner={(id) => void run(task.addOwner(id))} onAssign={(id) => void run(task.addAssignee({ step, user_id: id }))} />}
    </Paper>
  );
}

function AddPerson({ companyId, onOwner, onAssign }: { companyId: string; onOwner: (id: string) => void; onAssign: (id: string) => void }) {
  const [people, setPeople] = useState<Array<{ id: string; email: string; first_name?: string | null; last_name?: string | null }>>([]);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    void fetchPeople(companyId).then(setPeople);
  }, [companyId]);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField select size="small" label="Person" value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ flex: 1 }}>
        {people.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {personName(p)} · {p.email}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" disabled={!chosen} onClick={() => onAssign(chosen)}>
        Assign
      </Button>
      <Button size="small" disabled={!chosen} onClick={() => onOwner(chosen)}>
        Make owner
      </Button>
    </Stack>
  );
}

async function fetchPeople(companyId: string) {
  const res = await request<{ items: Array<{ id: string; email: string; first_name?: string | null; last_name?: string | null }> }>(`/api/companies/${encodeURIComponent(companyId)}/eligible_assignees`);
  return res.data?.items ?? [];
}

function Notes({ renewal, step, writes }: { renewal: Renewal; step: RenewalStep; writes: Writes }) {
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [tag, setTag] = useState('');
  const [pending, setPending] = useState(false);
  const notes = renewal.task.notes.filter((n) => n.step === step);
  const add = async () => {
    setPending(true);
    const res = await writes.task(renewal.task.id).addNote({ step, notes: text, tag_id: (tag || null) as PlanDocumentCategory | null });
    setPending(false);
    if (res.error) return snackbar.error(res.error);
    setText('');
    setTag('');
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Notes
      </Typography>
      <Stack spacing={1} sx={{ my: 1 }}>
        {notes.length === 0 && <Typography color="text.secondary">No notes on this step</Typography>}
        {notes.map((n) => (
          <Box key={n.id}>
            <Typography variant="body2" color="text.secondary">
              {personName(n.user)} · {n.created_at.slice(0, 16).replace('T', ' ')} {n.tag_description ? `· ${n.tag_description}` : ''}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.notes}</Typography>
          </Box>
        ))}
      </Stack>
      {renewal.your_sides.length > 0 && (
        <Stack spacing={1}>
          <TextField label="Add a note" multiline minRows={2} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
          <Stack direction="row" spacing={1}>
            <TextField select size="small" label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} sx={{ flex: 1 }} disabled={pending}>
              <MenuItem value="">No tag</MenuItem>
              {PlanDocumentCategory.options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" disabled={pending || !text.trim()} onClick={() => void add()}>
              Add note
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

function Files({ renewal, step, writes }: { renewal: Renewal; step: RenewalStep; writes: Writes }) {
  const snackbar = useSnackbar();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const task = writes.task(renewal.task.id);
  const files = renewal.task.files.filter((f) => f.step === step);
  const upload = async (file: File) => {
    setProblem(null);
    if (!isAllowedAttachment(file.name, file.size)) {
      return setProblem(file.size > MAX_ATTACHMENT_BYTES ? `The file ${file.name} is larger than 10 MB.` : `The file ${file.name} is not a type that can be attached.`);
    }
    // SPEC §7: declare, get the upload URL, PUT the bytes, verify; SPEC §8's messages at each failure.
    const declared = await task.declareFile({ name: file.name, size: file.size, content_type: file.type || attachmentContentType(file.name), step });
    if (declared.error) return setProblem(errorMessage(declared.error));
    if (!declared.data.id) return setProblem(`Task file ID not found for file ${file.name}`);
    const url = await task.uploadUrl(declared.data.id);
    if (url.error) return setProblem(`Error getting upload URL ${file.name}: ${errorMessage(url.error)}`);
    setProgress(0);
    const put = await putWithProgress(url.data.url, file, url.data.content_type, setProgress);
    setProgress(null);
    if (!put.ok) return setProblem(`Error uploading file ${file.name} to storage: ${put.statusText}`);
    const verified = await task.verify(declared.data.id);
    if (verified.error) return setProblem(errorMessage(verified.error) || `Error verifying storage for task file ${declared.data.id}`);
    snackbar.success(`${file.name} attached`);
  };
  const download = async (fileId: string) => {
    const res = await task.downloadUrl(fileId);
    if (res.error) return snackbar.error(res.error);
    window.location.assign(res.data.url);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Files
      </Typography>
      <Stack spacing={1} sx={{ my: 1 }}>
        {files.length === 0 && <Typography color="text.secondary">No files on this step</Typography>}
        {files.map((f) => (
          <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button size="small" onClick={() => void download(f.id)} sx={{ textTransform: 'none', flex: 1, justifyContent: 'flex-start' }}>
              {f.name}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {Math.max(1, Math.round(f.size / 1024))} KB
            </Typography>
            {renewal.your_sides.length > 0 && (
              <Button size="small" color="error" onClick={() => void task.deleteFile(f.id).then((r) => r.error && snackbar.error(r.error))}>
                Remove
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" sx={{ mb: 1 }} />}
      {problem && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {problem}
        </Alert>
      )}
      {renewal.your_sides.length > 0 && (
        <Button component="label" variant="outlined" size="small" disabled={progress !== null}>
          Attach a file
          <input hidden type="file" accept={ATTACHMENT_ACCEPT} onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
        </Button>
      )}
    </Paper>
  );
}
