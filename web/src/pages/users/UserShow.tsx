import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { assignableRoles } from '../../../../shared/permissions/actions';
import { roleLabel } from '../../../../shared/roles';
import { userDisplayName } from '../../../../shared/schemas/user';
import type { RequestResult } from '../../api/request';
import { Loaded } from '../../components/Loaded';
import { PageTitle } from '../../layout/PageTitle';
import { useIdentity, useUser, useUserWrites, type User, type UsersScope } from '../../data/users';
import { useSnackbar } from '../../feedback/snackbar';
import { useCurrentUser } from '../../auth/current-user';
import { UserForm } from './UserForm';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack spacing={0.25}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

const when = (iso?: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** Why the platform no longer e-mails the user (SES reported a bounce or a complaint). */
function suppressionMessage(s: { reason: 'BOUNCE' | 'COMPLAINT'; suppressed_at: string }): string {
  const on = new Date(s.suppressed_at).toLocaleDateString();
  return s.reason === 'BOUNCE'
    ? `E-mails to this address bounced on ${on}; the platform no longer sends to it. Once the address is fixed, choose E-mail again.`
    : `This address marked an e-mail from the platform as spam on ${on}; the platform no longer sends to it.`;
}

const IDENTITY_STATUS: Record<string, string> = {
  FORCE_CHANGE_PASSWORD: 'Invited, has not signed in yet',
  CONFIRMED: 'Signed in and confirmed',
  RESET_REQUIRED: 'Password reset required',
  UNCONFIRMED: 'Unconfirmed',
};

interface Props {
  scope: UsersScope;
  userId: string | undefined;
  /** Where the edit button goes; absent: edit in a dialog on this page. */
  editPath?: (user: User) => string;
  /** Where to go after deleting. */
  listPath: string;
  /** Extra panels (the admin's whitelist). */
  children?: (user: User) => ReactNode;
}

/** A user's page: the record, the Cognito side for those who manage them, and the actions they may take. */
export function UserShow({ scope, userId, editPath, listPath, children }: Props) {
  const me = useCurrentUser();
  const result = useUser(scope, userId);
  return <Loaded result={result}>{(user) => <UserDetails scope={scope} user={user} editPath={editPath} listPath={listPath} extra={children} me={me} />}</Loaded>;
}

function UserDetails({
  scope,
  user,
  editPath,
  listPath,
  extra,
  me,
}: {
  scope: UsersScope;
  user: User;
  editPath?: (user: User) => string;
  listPath: string;
  extra?: (user: User) => ReactNode;
  me: ReturnType<typeof useCurrentUser>;
}) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const writes = useUserWrites(scope);
  const self = user.id === me.id;
  // Role level only; the API has the last word on tenants (and answers 404 when it disagrees).
  const manages = !self && assignableRoles(me).some((role) => role === user.role);
  const identity = useIdentity(scope, user.id, manages || self);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  async function act<T>(run: () => Promise<RequestResult<T>>, done: string) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (result.error) snackbar.error(result.error);
    else snackbar.success(done);
    return result;
  }

  return (
    <>
      <PageTitle>{userDisplayName(user)}</PageTitle>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        {user.disabled && <Alert severity="warning">This user is disabled and cannot use the platform.</Alert>}
        {identity.data?.email_suppression && (
          <Alert
            severity="warning"
            action={
              manages ? (
                <Button color="inherit" size="small" disabled={busy} onClick={() => act(() => writes.clearEmailSuppression(user.id), 'The platform will e-mail this address again')}>
                  E-mail again
                </Button>
              ) : undefined
            }
          >
            {suppressionMessage(identity.data.email_suppression)}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack component="dl" spacing={2} sx={{ m: 0 }}>
            <Field label="E-mail" value={user.email} />
            <Field label="Role" value={roleLabel(user.role)} />
            <Field label="Phone" value={user.phone} />
            <Field label="Job title" value={user.job_title} />
            <Field label="Billing contact" value={user.billing_contact ? 'Yes' : 'No'} />
            <Field label="Last active" value={when(user.last_active_at)} />
            <Field label="Created" value={when(user.created_at)} />
          </Stack>
        </Paper>
        {identity.data && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
              Sign-in account
            </Typography>
            <Stack component="dl" spacing={2} sx={{ m: 0 }}>
              <Field label="Status" value={IDENTITY_STATUS[identity.data.status ?? ''] ?? identity.data.status} />
              <Field label="Account enabled" value={identity.data.enabled ? 'Yes' : 'No'} />
              <Field
                label="Multi-factor authentication"
                value={identity.data.mfa_enabled ? identity.data.mfa_methods.join(', ') || 'On' : 'Not set up'}
              />
              <Field label="Account created" value={when(identity.data.created_at)} />
            </Stack>
          </Paper>
        )}
        {manages && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {editPath ? (
              <Button variant="contained" component={RouterLink} to={editPath(user)}>
                Edit
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {user.disabled ? (
              <Button disabled={busy} onClick={() => act(() => writes.enable(user.id), 'User enabled')}>
                Enable
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => act(() => writes.disable(user.id), 'User disabled')}>
                Disable
              </Button>
            )}
            {identity.data?.status === 'FORCE_CHANGE_PASSWORD' && (
              <Button disabled={busy} onClick={() => act(() => writes.resendInvitation(user.id), 'Invitation sent')}>
                Resend invitation
              </Button>
            )}
            {identity.data?.mfa_enabled && (
              <Button disabled={busy} onClick={() => act(() => writes.resetMfa(user.id), 'MFA reset; the user sets it up again at next sign-in')}>
                Reset MFA
              </Button>
            )}
            <Button color="error" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </Stack>
        )}
        {extra?.(user)}
      </Stack>

      <Dialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="sm">
        <DialogTitle>Edit user</DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          <Stack sx={{ pt: 1 }}>
            <UserForm
              me={me}
              scope={scope}
              user={user}
              onSubmit={(body) => writes.update(user.id, body)}
              onDone={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          </Stack>
        </DialogContent>
      </Dialog>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>Delete {userDisplayName(user)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The user and their sign-in account are removed. Disable the user instead to keep them on record.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button
            color="error"
            disabled={busy}
            onClick={async () => {
              const result = await act(() => writes.remove(user.id), 'User deleted');
              setConfirmDelete(false);
              if (!result.error) navigate(listPath);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
