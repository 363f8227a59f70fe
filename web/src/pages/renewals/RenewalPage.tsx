import { useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Month } from '../../../../shared/carriers';
import { RENEWAL_SEQUENCE, STEP_OWNER, type RenewalSide } from '../../../../shared/renewal-workflow';
import { RenewalStep, TaskItemStatus } from '../../../../shared/renewals';
import { errorMessage } from '../../api/errors';
import { useRenewal, useRenewalWrites, type Renewal, type RenewalPatch } from '../../data/renewals';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { ClientInformation, useRenewalAutosave } from './ClientInformation';
import { PlansChecklist } from './PlansChecklist';
import { ItemStatusChip, TimingChip } from './renewal-parts';
import { Files, Notes, People } from './TaskPanels';
import { SaveProblem, SaveStatus } from './use-autosave';

type Writes = ReturnType<typeof useRenewalWrites>;
const SEQUENCE = RENEWAL_SEQUENCE as readonly RenewalStep[];
const isOver = (r: Renewal) => r.step === 'COMPLETED' || r.step === 'CLOSED';
const sideName = (side: RenewalSide) => (side === 'ga' ? 'GA' : 'employer');

/** The item each step works on, whose status its stepper label shows. */
const STEP_ITEM: Partial<Record<RenewalStep, 'client_info_status' | 'plans_checklist_status' | 'demo_environment_status'>> = {
  CLIENT_INFORMATION: 'client_info_status',
  GA_REVIEW_CLIENT_INFORMATION: 'client_info_status',
  PLANS_CHECKLIST: 'plans_checklist_status',
  GA_REVIEW_PLANS_CHECKLIST: 'plans_checklist_status',
  GA_DEMO_ENVIRONMENT: 'demo_environment_status',
  REVIEW_DEMO_ENVIRONMENT: 'demo_environment_status',
};

/** /companies/:company_id/renewals/:renewal_id: the renewal's steps, each with its form or checklist, people, notes and files. */
export function RenewalPage() {
  const { company_id: companyId = '', renewal_id: renewalId = '' } = useParams();
  const { data: renewal, error, isLoading } = useRenewal(companyId, renewalId);
  const writes = useRenewalWrites(companyId, renewalId);
  const [search, setSearch] = useSearchParams();
  if (isLoading) return <LinearProgress aria-label="Loading the renewal" />;
  if (error || !renewal) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const current = renewal.step;
  const currentIndex = SEQUENCE.indexOf(current);
  const asked = search.get('step');
  // A closed renewal may have stopped anywhere: every step can be looked at.
  const reachable = (step: RenewalStep) => current === 'CLOSED' || SEQUENCE.indexOf(step) <= currentIndex;
  const viewed: RenewalStep = asked && RenewalStep.is(asked) && SEQUENCE.includes(asked) && reachable(asked) ? asked : current === 'CLOSED' ? 'CLIENT_INFORMATION' : current;
  const readOnly = renewal.your_sides.length === 0;
  const followCurrent = () => {
    const next = new URLSearchParams(search);
    next.delete('step');
    setSearch(next, { replace: true });
  };

  return (
    <>
      <PageTitle>
        {renewal.carrier_name} renewal · {Month.label(renewal.month)} {renewal.year}
      </PageTitle>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, mt: -1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip data-testid="current-step" label={RenewalStep.label(current)} color={current === 'CLOSED' ? 'default' : 'primary'} />
        <TimingChip renewal={renewal} />
        <Typography color="text.secondary">Plans take effect {renewal.effective_date}</Typography>
        {readOnly && <Chip variant="outlined" label="Read only" />}
        <Box sx={{ flex: 1 }} />
        <ItemStatusChip status={renewal.client_info_status} label="Client information" />
        <ItemStatusChip status={renewal.plans_checklist_status} label="Plans checklist" />
        <ItemStatusChip status={renewal.demo_environment_status} label="Demo" />
        {renewal.manages_people && !isOver(renewal) && <ResendKickoff renewal={renewal} writes={writes} />}
      </Stack>
      {current === 'CLOSED' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This renewal was closed{renewal.task.closed_at ? ` on ${renewal.task.closed_at.slice(0, 10)}` : ''} without going live. Its steps, notes and files stay readable.
        </Alert>
      )}
      {renewal.kickoff_email_error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {renewal.kickoff_email_error.charAt(0).toUpperCase() + renewal.kickoff_email_error.slice(1)}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto', mb: 3 }}>
        <Stepper nonLinear activeStep={SEQUENCE.indexOf(viewed)} aria-label="Renewal steps">
          {RENEWAL_SEQUENCE.map((step, i) => {
            const item = STEP_ITEM[step];
            return (
              <Step key={step} completed={i < currentIndex || current === 'COMPLETED'} disabled={!reachable(step)}>
                <StepButton
                  onClick={() => setSearch({ step })}
                  aria-current={step === viewed ? 'step' : undefined}
                  optional={item && reachable(step) ? <Typography variant="caption">{TaskItemStatus.label(renewal[item])}</Typography> : undefined}
                >
                  {RenewalStep.label(step)}
                </StepButton>
              </Step>
            );
          })}
        </Stepper>
      </Box>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <StepBody key={viewed} renewal={renewal} step={viewed} writes={writes} />
          {viewed === current ? (
            <MoveBar renewal={renewal} writes={writes} onMoved={followCurrent} />
          ) : (
            !isOver(renewal) && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                The renewal is at {RenewalStep.label(current)}.{' '}
                <Button size="small" onClick={followCurrent}>
                  Go to it
                </Button>
              </Typography>
            )
          )}
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 320, width: '100%' }} component="aside" aria-label={`${RenewalStep.label(viewed)}: people, notes and files`}>
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
      return <Summary renewal={renewal} step={step} />;
  }
}

/** LIVE and COMPLETED: when the renewal went live and was completed. */
function Summary({ renewal, step }: { renewal: Renewal; step: RenewalStep }) {
  const day = (instant: string | null | undefined) => instant?.slice(0, 10) ?? 'not yet';
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {step === 'LIVE' ? 'Live' : 'Completed'}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0, '& dd': { m: 0 } }}>
        <dt>Plans take effect</dt>
        <dd>{renewal.effective_date}</dd>
        <dt>Went live</dt>
        <dd>{day(renewal.go_live_updated_at)}</dd>
        <dt>Completed</dt>
        <dd>{day(renewal.completed_updated_at)}</dd>
        <dt>Enrollment</dt>
        <dd>
          {renewal.enrollment_start_date ?? '?'} – {renewal.enrollment_end_date ?? '?'}
        </dd>
      </Box>
      {step === 'LIVE' && renewal.step === 'LIVE' && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          The renewed plans are live. The GA completes the renewal once the first month runs as planned.
        </Typography>
      )}
    </Paper>
  );
}

/** The GA's demo environment notes (autosaved); the employer reads them to review the demo. */
function DemoEnvironment({ renewal, writes, readOnly }: { renewal: Renewal; writes: Writes; readOnly?: boolean }) {
  const { saver, report, reloaded } = useRenewalAutosave(renewal, writes);
  const server = renewal.demo_environment_notes ?? '';
  const [notes, setNotes] = useState(server);
  const describes = !readOnly && renewal.your_sides.includes('ga') && renewal.demo_environment_status !== 'APPROVED' && !isOver(renewal);
  useEffect(() => {
    if (!saver.busy()) setNotes(server);
  }, [server, reloaded, saver]);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">Demo environment</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {describes && <SaveStatus report={report} />}
          <ItemStatusChip status={renewal.demo_environment_status} />
        </Stack>
      </Stack>
      <SaveProblem report={report} />
      <TextField
        label="Where and how to review the demo"
        multiline
        minRows={3}
        fullWidth
        value={notes}
        onChange={(e) => {
          setNotes(e.target.value);
          saver.change('demo_environment_notes', (e.target.value || null) as RenewalPatch['demo_environment_notes']);
        }}
        onBlur={() => void saver.flush()}
        disabled={!describes}
        error={report.state === 'error' && !!report.fieldErrors?.demo_environment_notes}
        helperText={report.state === 'error' ? report.fieldErrors?.demo_environment_notes : undefined}
      />
    </Paper>
  );
}

type ReviewedItem = 'client_info_status' | 'plans_checklist_status' | 'demo_environment_status';
const REVIEWER: Record<ReviewedItem, RenewalSide> = { client_info_status: 'ga', plans_checklist_status: 'ga', demo_environment_status: 'employer' };

/** A review step: the answers read-only, with Approve / Return (and Reopen once approved) for the reviewing side. */
function Review({ renewal, writes, item, title, body }: { renewal: Renewal; writes: Writes; item: ReviewedItem; title: string; body: ReactNode }) {
  const snackbar = useSnackbar();
  const [pending, setPending] = useState(false);
  const status = renewal[item];
  const reviews = renewal.your_sides.includes(REVIEWER[item]) && !isOver(renewal);
  const decide = async (to: TaskItemStatus) => {
    setPending(true);
    const res = await writes.patch({ [item]: to, updated_at: renewal.updated_at });
    setPending(false);
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
              <Button color="inherit" variant="outlined" size="small" disabled={pending} onClick={() => void decide('APPROVED')}>
                Approve {title.toLowerCase()}
              </Button>
              <Button color="inherit" size="small" disabled={pending} onClick={() => void decide('IN_PROGRESS')}>
                Return {title.toLowerCase()}
              </Button>
            </Stack>
          }
        >
          {title} is waiting for your review.
        </Alert>
      )}
      {reviews && status === 'IN_PROGRESS' && (
        <Alert severity="info">
          {title} is in progress with the {sideName(REVIEWER[item] === 'ga' ? 'employer' : 'ga')}: it can be approved once it is sent for review.
        </Alert>
      )}
      {reviews && status === 'APPROVED' && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" disabled={pending} onClick={() => void decide('IN_PROGRESS')}>
              Reopen
            </Button>
          }
        >
          {title} is approved.
        </Alert>
      )}
      {body}
    </Stack>
  );
}

/**
 * Next step and Send back for the side the step belongs to (STEP_OWNER), Next step disabled with
 * what blocks it listed under it; Close renewal for the GA, after a confirmation.
 */
function MoveBar({ renewal, writes, onMoved }: { renewal: Renewal; writes: Writes; onMoved: () => void }) {
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<null | 'send_back' | 'close'>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  if (isOver(renewal)) return null;
  const owner = STEP_OWNER[renewal.step as keyof typeof STEP_OWNER];
  const advances = renewal.your_sides.includes(owner.advances);
  const sendsBack = !!owner.sendsBack && renewal.your_sides.includes(owner.sendsBack);
  const closes = renewal.your_sides.includes('ga');
  const blockers = renewal.next_step_blockers;
  const move = async (verb: 'advance' | 'send_back' | 'close') => {
    setPending(true);
    const res = await writes.move(verb, { updated_at: renewal.updated_at, note: note.trim() || null });
    setPending(false);
    setDialog(null);
    setNote('');
    if (res.error) return snackbar.error(res.error);
    snackbar.success(verb === 'advance' ? `Moved to ${RenewalStep.label(res.data.step)}` : verb === 'close' ? 'Renewal closed' : `Sent back to ${RenewalStep.label(res.data.step)}`);
    onMoved();
  };
  if (!advances && !sendsBack && !closes) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {RenewalStep.label(renewal.step)} is moved on by the {sideName(owner.advances)}.
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Stack direction="row" spacing={1}>
        {advances && (
          <Button variant="contained" disabled={pending || blockers.length > 0} onClick={() => void move('advance')} aria-describedby={blockers.length ? 'next-step-blockers' : undefined}>
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
      {advances && blockers.length > 0 && (
        <Box id="next-step-blockers" sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            Before the next step:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {blockers.map((b) => (
              <Typography key={b} component="li" variant="body2">
                {b}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {!advances && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {RenewalStep.label(renewal.step)} is moved on by the {sideName(owner.advances)}.
        </Typography>
      )}
      <Dialog open={dialog !== null} onClose={() => !pending && setDialog(null)} fullWidth maxWidth="sm">
        <DialogTitle>{dialog === 'close' ? 'Close this renewal?' : 'Send back'}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {dialog === 'close' ? 'A closed renewal does not go live and can no longer be changed.' : 'The step before reopens for changes. Say what needs changing.'}
          </Typography>
          <TextField label="Note (optional)" multiline minRows={2} fullWidth value={note} onChange={(e) => setNote(e.target.value)} disabled={pending} />
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
