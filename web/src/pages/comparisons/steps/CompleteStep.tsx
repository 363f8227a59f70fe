import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isMergeComparison } from '../../../../../shared/comparisons';
import { can } from '../../../../../shared/permissions';
import { Role } from '../../../../../shared/roles';
import { errorMessage, type ApiError } from '../../../api/errors';
import {
  assigneesPath,
  completeComparison,
  completionPath,
  exportComparison,
  sendComparison,
  useComparisonAssignees,
  useCompletion,
  type Assignee,
  type ExportKind,
  type ExportResult,
} from '../../../data/completion';
import { comparisonPath, updateComparison, useComparison, type Comparison } from '../../../data/comparisons';
import { useSnackbar } from '../../../feedback/snackbar';
import { useCurrentUser } from '../../../auth/current-user';
import { CorrectionFileButtons, downloadLink } from './CorrectionFileButtons';
import { ExportColumnsPanel } from './ExportColumnsPanel';

export interface CompleteStepProps {
  companyId: string;
  comparisonId: string;
}

const personName = (a: Pick<Assignee, 'first_name' | 'last_name' | 'email'>) => [a.first_name, a.last_name].filter(Boolean).join(' ') || a.email;
const n = (value: number) => value.toLocaleString('en-US');

/** The blocker list a refused completion answers (400 body), or null. */
function blockersOf(error: ApiError | undefined): string[] | null {
  const body = error?.body as { blockers?: unknown } | undefined;
  return Array.isArray(body?.blockers) ? (body!.blockers as string[]) : null;
}

function Check({ done, label, detail }: { done: boolean; label: string; detail?: string }) {
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Typography component="span" aria-hidden sx={{ fontSize: 20, color: done ? 'success.main' : 'warning.main' }}>
          {done ? '✓' : '!'}
        </Typography>
      </ListItemIcon>
      <ListItemText primary={`${label}: ${done ? 'done' : 'open'}`} secondary={detail} />
    </ListItem>
  );
}

/** Auditor and verifier with their memos; the hand-over e-mails. */
function People({ comparison, companyId, readOnly }: { comparison: Comparison; companyId: string; readOnly: boolean }) {
  const me = useCurrentUser();
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const { data: assignees, error } = useComparisonAssignees(companyId, comparison.id);
  const [form, setForm] = useState({
    auditor_user_id: String(comparison.auditor_user_id ?? ''),
    verifier_user_id: String(comparison.verifier_user_id ?? ''),
    auditor_memo: String(comparison.auditor_memo ?? ''),
    verifier_memo: String(comparison.verifier_memo ?? ''),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const mayEdit = !readOnly && can(me, 'comparison.create');
  const isVerifier = comparison.verifier_user_id === me.id;

  const save = async (): Promise<boolean> => {
    setBusy('save');
    const res = await updateComparison(companyId, comparison.id, {
      auditor_user_id: form.auditor_user_id || null,
      verifier_user_id: form.verifier_user_id || null,
      auditor_memo: form.auditor_memo || null,
      verifier_memo: form.verifier_memo || null,
      updated_at: comparison.updated_at,
    });
    setBusy(null);
    if (res.error) {
      snackbar.error(res.error);
      return false;
    }
    await mutate(comparisonPath(companyId, comparison.id), res.data, { revalidate: false });
    await mutate(completionPath(companyId, comparison.id));
    await mutate(assigneesPath(companyId, comparison.id));
    snackbar.success('Auditor, verifier and memos saved');
    return true;
  };

  const send = async (to: 'verifier' | 'auditor') => {
    setBusy(to);
    const res = await sendComparison(companyId, comparison.id, to);
    setBusy(null);
    if (res.error) snackbar.error(res.error);
    else snackbar.success(`E-mail sent to the ${to}`);
  };

  const dirty =
    form.auditor_user_id !== String(comparison.auditor_user_id ?? '') ||
    form.verifier_user_id !== String(comparison.verifier_user_id ?? '') ||
    form.auditor_memo !== String(comparison.auditor_memo ?? '') ||
    form.verifier_memo !== String(comparison.verifier_memo ?? '');
  const options = assignees?.items ?? [];
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    disabled: !mayEdit || !!busy,
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="people-title">
      <Typography id="people-title" variant="h6" component="h2" gutterBottom>
        Auditor and verifier
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        {(['auditor', 'verifier'] as const).map((who) => (
          <Stack key={who} spacing={2} sx={{ flex: 1 }}>
            <TextField select label={who === 'auditor' ? 'Auditor' : 'Verifier'} {...field(`${who}_user_id`)} fullWidth>
              <MenuItem value="">
                <em>Nobody</em>
              </MenuItem>
              {options.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {personName(a)} · {Role.label(a.role)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={who === 'auditor' ? 'Memo for the auditor' : 'Memo for the verifier'} multiline minRows={2} {...field(`${who}_memo`)} fullWidth />
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mayEdit && (
          <Button variant="outlined" onClick={save} disabled={!dirty || !!busy}>
            Save
          </Button>
        )}
        {mayEdit && (
          <Button
            onClick={async () => (dirty ? (await save()) && send('verifier') : send('verifier'))}
            disabled={!form.verifier_user_id || !!busy}
          >
            Send to verifier
          </Button>
        )}
        {!readOnly && (mayEdit || isVerifier) && (
          <Button onClick={() => send('auditor')} disabled={!comparison.auditor_user_id || !!busy || dirty}>
            Send to auditor
          </Button>
        )}
        {busy && <CircularProgress size={20} aria-label="Working" />}
      </Stack>
    </Paper>
  );
}

/**
 * Export buttons: the .xlsx is written on the server, then downloaded from its link. The export
 * columns are chosen here, next to the buttons: a merge comparison's merged file is written in
 * them, a compare-only audit's discrepancies export names its members by them.
 */
function Exports({ comparison, companyId, complete }: { comparison: Comparison; companyId: string; complete: boolean }) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [done, setDone] = useState<Partial<Record<ExportKind, ExportResult>>>({});
  const merge = isMergeComparison(comparison.type);
  const kinds: ExportKind[] = merge ? ['DISCREPANCIES', 'MERGED', 'X12_834'] : ['DISCREPANCIES', 'X12_834'];
  const label: Record<ExportKind, string> = {
    DISCREPANCIES: 'Export discrepancies',
    MERGED: 'Export merged file',
    X12_834: merge ? 'Export 834 of the merged file' : 'Export 834 of the baseline',
  };

  const run = async (kind: ExportKind) => {
    setBusy(kind);
    const res = await exportComparison(companyId, comparison.id, kind);
    setBusy(null);
    if (res.error) return snackbar.error(res.error);
    setDone((d) => ({ ...d, [kind]: res.data }));
    downloadLink(res.data.url, res.data.file_name);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="export-title">
      <Typography id="export-title" variant="h6" component="h2" gutterBottom>
        Export
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Excel workbooks with a Summary sheet first and every row in full.
        {merge && ' The merged file is the baseline with the chosen values and the included rows; a Merge Status column says what changed.'}
        {` The 834 is the ${merge ? 'merged file' : 'baseline'} as a full-file enrollment (every line an audit, 030) for carriers that take EDI.`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {kinds.map((kind) => (
          <Button key={kind} variant="outlined" onClick={() => run(kind)} disabled={!!busy}>
            {label[kind]}
          </Button>
        ))}
        {busy && <CircularProgress size={20} aria-label="Writing the workbook" />}
      </Stack>
      {Object.values(done).map((r) => (
        <Typography key={r!.kind} variant="body2" sx={{ mt: 1 }}>
          <Link href={r!.url} download={r!.file_name}>
            Download {r!.file_name} again
          </Link>{' '}
          (the link works for 15 minutes)
        </Typography>
      ))}
      {complete && (
        <Box component="section" aria-labelledby="corrections-title" sx={{ mt: 2 }}>
          <Typography id="corrections-title" variant="subtitle1" component="h3">
            Correction file for the carrier
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The members and lines the carrier has to add, change or terminate, from the findings decided as the carrier's error: in the carrier file's own columns, or as an 834 change file.
          </Typography>
          <CorrectionFileButtons companyId={companyId} comparisonId={comparison.id} />
        </Box>
      )}
      <ExportColumnsPanel comparison={comparison} companyId={companyId} readOnly={complete} />
    </Paper>
  );
}

/**
 * Complete step (UX "Complete and export"): the checklist (every discrepancy resolved, every
 * missing row decided, the verifier signed off), auditor and verifier with memos and the hand-over
 * e-mails, the exports, and Complete — with an override for the roles allowed to, recorded.
 * A complete comparison is read-only; its exports stay available.
 */
export function CompleteStep({ companyId, comparisonId }: CompleteStepProps) {
  const me = useCurrentUser();
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const { data: comparison } = useComparison(companyId, comparisonId);
  const { data: checklist, error, isLoading } = useCompletion(companyId, comparisonId);
  const [override, setOverride] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string[] | null>(null);

  useEffect(() => setRefused(null), [checklist]);

  if (isLoading && !checklist) return <CircularProgress aria-label="Loading the checklist" />;
  if (error && !checklist) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!checklist || !comparison) return null;

  const complete = checklist.complete;
  const mayComplete = can(me, 'comparison.complete');
  const mayExport = can(me, 'comparison.export');
  const c = checklist.counts;
  const v = checklist.verification;
  const blockers = refused ?? checklist.blockers;

  const finish = async () => {
    setBusy(true);
    const res = await completeComparison(companyId, comparisonId, { override: override || undefined, note: note.trim() || null });
    setBusy(false);
    if (res.error) {
      const list = blockersOf(res.error);
      if (list) setRefused(list);
      snackbar.error(res.error);
      return;
    }
    snackbar.success(res.data.overridden ? 'The comparison is complete (with an override)' : 'The comparison is complete');
    await mutate(comparisonPath(companyId, comparisonId));
    await mutate(completionPath(companyId, comparisonId));
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="checklist-title">
        <Typography id="checklist-title" variant="h6" component="h2">
          Checklist
        </Typography>
        <List dense aria-label="Completion checklist">
          <Check
            done={c.unresolved_discrepancies === 0}
            label="Discrepancies resolved"
            detail={`${n(c.discrepancies - c.unresolved_discrepancies)} of ${n(c.discrepancies)} resolved`}
          />
          <Check done={c.undecided_missing === 0} label="Missing rows decided" detail={`${n(c.missing - c.undecided_missing)} of ${n(c.missing)} included or excluded`} />
          <Check
            done={v.signed_off}
            label="Verifier signed off"
            detail={
              !v.verifier_assigned
                ? 'No verifier is assigned yet'
                : `${n(v.awaiting_approval)} resolution${v.awaiting_approval === 1 ? '' : 's'} awaiting approval, ${n(v.sent_back)} sent back`
            }
          />
        </List>
        {complete ? (
          <Alert severity="success" role="status">
            This comparison is complete{checklist.completed_at ? ` since ${new Date(checklist.completed_at).toLocaleString()}` : ''}
            {checklist.completion_override ? ', completed with an override' : ''}. It can no longer be changed.
          </Alert>
        ) : (
          mayComplete && (
            <Box>
              {blockers.length > 0 && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  <Typography variant="body2" component="p" sx={{ mb: 0.5 }}>
                    Not ready to complete:
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Blockers">
                    {blockers.map((b) => (
                      <li key={b}>{b}</li>
                    ))}
                  </Box>
                </Alert>
              )}
              {blockers.length > 0 && checklist.can_override && (
                <Stack spacing={1} sx={{ mb: 2 }}>
                  <FormControlLabel
                    control={<Checkbox checked={override} onChange={(e) => setOverride(e.target.checked)} />}
                    label="Complete with the open items (override, recorded on the comparison)"
                  />
                  {override && <TextField label="Reason for the override" value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />}
                </Stack>
              )}
              <Button variant="contained" onClick={finish} disabled={busy || (blockers.length > 0 && !override)}>
                Complete the comparison
              </Button>
            </Box>
          )
        )}
      </Paper>
      <People key={String(comparison.updated_at)} comparison={comparison} companyId={companyId} readOnly={complete} />
      {mayExport && <Exports comparison={comparison} companyId={companyId} complete={complete} />}
    </Stack>
  );
}
