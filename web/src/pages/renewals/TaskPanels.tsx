import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PlanDocumentCategory } from '../../../../shared/columns';
import { ATTACHMENT_ACCEPT, attachmentContentType } from '../../../../shared/files';
import { RenewalStep } from '../../../../shared/renewals';
import { errorMessage } from '../../api/errors';
import { putWithProgress, useEligibleAssignees, type Renewal, type useRenewalWrites } from '../../data/renewals';
import { useSnackbar } from '../../feedback/snackbar';
import { useCurrentUser } from '../../auth/current-user';
import { FileUpload } from '../../components/FileUpload';
import { attachmentProblem, fileSize, personLabel, personName } from './renewal-parts';

type Writes = ReturnType<typeof useRenewalWrites>;
type Props = { renewal: Renewal; step: RenewalStep; writes: Writes };

const isOver = (r: Renewal) => r.step === 'COMPLETED' || r.step === 'CLOSED';
const when = (instant: string) => instant.slice(0, 16).replace('T', ' ');

function PanelTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

/**
 * Owners of the renewal and the people assigned to the viewed step. Those who manage the renewal's
 * people add and remove owners and assign, reopen and unassign; an assignee completes their own part.
 */
export function People({ renewal, step, writes }: Props) {
  const snackbar = useSnackbar();
  const me = useCurrentUser();
  const task = writes.task(renewal.task.id);
  const open = !isOver(renewal);
  const manages = renewal.manages_people && open;
  const assignees = renewal.task.assignees.filter((a) => a.step === step && !a.unassigned_at);
  const [busy, setBusy] = useState(false);
  const run = async (p: Promise<{ error?: unknown }>, done?: string) => {
    setBusy(true);
    const res = await p;
    setBusy(false);
    if (res.error) snackbar.error(res.error);
    else if (done) snackbar.success(done);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="People">
      <PanelTitle>Owners</PanelTitle>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
        {renewal.task.owners.length === 0 && <Typography color="text.secondary">None yet</Typography>}
        {renewal.task.owners.map((o) => (
          <Chip key={o.id} label={personName(o.user)} onDelete={manages && !busy ? () => void run(task.removeOwner(o.id)) : undefined} />
        ))}
      </Stack>
      <PanelTitle>{`Assigned to ${RenewalStep.label(step)}`}</PanelTitle>
      <Stack spacing={1} sx={{ my: 1 }}>
        {assignees.length === 0 && <Typography color="text.secondary">Nobody yet</Typography>}
        {assignees.map((a) => {
          const completes = open && !a.completed_at && (manages || (a.user_id === me.id && renewal.your_sides.length > 0));
          return (
            <Stack key={a.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1 }}>
                <Typography>{personName(a.user)}</Typography>
                {a.completed_at && (
                  <Typography variant="body2" color="text.secondary">
                    Done {a.completed_at.slice(0, 10)} by {personName(a.completed_by)}
                  </Typography>
                )}
              </Box>
              {completes && (
                <Button size="small" disabled={busy} onClick={() => void run(task.changeAssignee(a.id, 'complete'), 'Marked done')}>
                  Complete
                </Button>
              )}
              {manages && a.completed_at && (
                <Button size="small" disabled={busy} onClick={() => void run(task.changeAssignee(a.id, 'reopen'))}>
                  Reopen
                </Button>
              )}
              {manages && (
                <Button size="small" color="error" disabled={busy} onClick={() => void run(task.changeAssignee(a.id, 'unassign'))}>
                  Unassign
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
      {manages && (
        <AddPerson
          renewal={renewal}
          assignable={step !== 'COMPLETED' && step !== 'CLOSED'}
          busy={busy}
          onOwner={(id) => void run(task.addOwner(id), 'Owner added')}
          onAssign={(id) => void run(task.addAssignee({ step, user_id: id }), `Assigned to ${RenewalStep.label(step)}`)}
        />
      )}
    </Paper>
  );
}

function AddPerson({ renewal, assignable, busy, onOwner, onAssign }: { renewal: Renewal; assignable: boolean; busy: boolean; onOwner: (id: string) => void; onAssign: (id: string) => void }) {
  const people = useEligibleAssignees(renewal.company_id);
  const [chosen, setChosen] = useState('');
  const owns = renewal.task.owners.some((o) => o.user_id === chosen);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
      <TextField
        select
        size="small"
        label="Person"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
        helperText={people.error ? errorMessage(people.error) : undefined}
        error={!!people.error}
      >
        {(people.data?.items ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {personLabel(p)}
          </MenuItem>
        ))}
      </TextField>
      {assignable && (
        <Button size="small" disabled={!chosen || busy} onClick={() => onAssign(chosen)}>
          Assign
        </Button>
      )}
      <Button size="small" disabled={!chosen || owns || busy} onClick={() => onOwner(chosen)}>
        Make owner
      </Button>
    </Stack>
  );
}

/** The notes of the viewed step, newest first, and a note with an optional plan-document tag. */
export function Notes({ renewal, step, writes }: Props) {
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [tag, setTag] = useState('');
  const [pending, setPending] = useState(false);
  const notes = renewal.task.notes.filter((n) => n.step === step).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const add = async () => {
    setPending(true);
    const res = await writes.task(renewal.task.id).addNote({ step, notes: text, tag_id: (tag || null) as PlanDocumentCategory | null });
    setPending(false);
    if (res.error) return snackbar.error(res.error);
    setText('');
    setTag('');
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Notes">
      <PanelTitle>Notes</PanelTitle>
      {renewal.your_sides.length > 0 && (
        <Stack spacing={1} sx={{ my: 1 }}>
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
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {notes.length === 0 && <Typography color="text.secondary">No notes on this step</Typography>}
        {notes.map((n) => (
          <Box key={n.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {personName(n.user)} · {when(n.created_at)}
              </Typography>
              {n.tag_description && <Chip size="small" variant="outlined" label={n.tag_description} />}
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.notes}</Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

type Upload = { name: string; phase: 'sending'; percent: number } | { name: string; phase: 'checking' };

/**
 * Attachments of the viewed step. An upload is SPEC §7's three calls after the declaration: the
 * upload URL, the PUT of the bytes (with progress, which fetch cannot report), the storage check;
 * each failure in SPEC §8's words. Type and size are checked before any call.
 */
export function Files({ renewal, step, writes }: Props) {
  const snackbar = useSnackbar();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const task = writes.task(renewal.task.id);
  const works = renewal.your_sides.length > 0;
  const files = renewal.task.files.filter((f) => f.step === step);

  const attach = async (file: File) => {
    setProblem(null);
    const refused = attachmentProblem(file);
    if (refused) return setProblem(refused);
    setUpload({ name: file.name, phase: 'sending', percent: 0 });
    try {
      const declared = await task.declareFile({ name: file.name, size: file.size, content_type: file.type || attachmentContentType(file.name), step });
      if (declared.error) return setProblem(errorMessage(declared.error));
      if (!declared.data?.id) return setProblem(`Task file ID not found for file ${file.name}`);
      const url = await task.uploadUrl(declared.data.id);
      if (url.error) return setProblem(`Error getting upload URL ${file.name}: ${errorMessage(url.error)}`);
      const put = await putWithProgress(url.data.url, file, url.data.content_type, (percent) => setUpload({ name: file.name, phase: 'sending', percent }));
      if (!put.ok) return setProblem(`Error uploading file ${file.name} to storage: ${put.statusText}`);
      setUpload({ name: file.name, phase: 'checking' });
      const verified = await task.verify(declared.data.id);
      if (verified.error) return setProblem(verified.error.message || `Error verifying storage for task file ${declared.data.id}`);
      snackbar.success(`${file.name} attached`);
    } finally {
      setUpload(null);
    }
  };

  const download = async (fileId: string) => {
    const res = await task.downloadUrl(fileId);
    if (res.error) return snackbar.error(res.error);
    // The presigned link answers the file as an attachment under its own name: the page stays.
    window.location.assign(res.data.url);
  };

  const remove = async () => {
    if (!removing) return;
    const res = await task.deleteFile(removing.id);
    if (res.error) snackbar.error(res.error);
    else snackbar.success(`${removing.name} removed`);
    setRemoving(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Files">
      <PanelTitle>Files</PanelTitle>
      <Stack spacing={1} sx={{ my: 1 }}>
        {files.length === 0 && <Typography color="text.secondary">No files on this step</Typography>}
        {files.map((f) => (
          <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button size="small" onClick={() => void download(f.id)} sx={{ textTransform: 'none', flex: 1, justifyContent: 'flex-start', minWidth: 0 }} title={`Download ${f.name}`}>
              {f.name}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {fileSize(f.size)}
            </Typography>
            {works && (
              <Button size="small" color="error" onClick={() => setRemoving({ id: f.id, name: f.name })} aria-label={`Remove ${f.name}`}>
                Remove
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      <Stack spacing={1}>
        {works && (
          <FileUpload
            accept={ATTACHMENT_ACCEPT}
            size="small"
            disabled={upload !== null}
            onFile={(file) => void attach(file)}
            progress={
              upload && {
                label: 'Upload progress',
                caption: upload.phase === 'sending' ? `Uploading ${upload.name}… ${upload.percent}%` : `Checking ${upload.name}…`,
                percent: upload.phase === 'sending' ? upload.percent : null,
              }
            }
          >
            Attach a file
          </FileUpload>
        )}
        {problem && (
          <Alert severity="error" onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
      </Stack>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>Remove {removing?.name}?</DialogTitle>
        <DialogContent>
          <Typography>The file is deleted for everyone working on this renewal.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
