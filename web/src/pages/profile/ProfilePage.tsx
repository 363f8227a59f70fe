import { useEffect, useState } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSWRConfig } from 'swr';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, updatePassword, verifyTOTPSetup } from 'aws-amplify/auth';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { roleLabel } from '../../../../shared/roles';
import { profileUpdateSchema, type ProfileUpdate } from '../../../../shared/users';
import { PasswordRules } from '../../components/PasswordRules';
import { newPasswordSchema, USER_POOL_PASSWORD_POLICY } from '../../../../shared/validation';
import { REQUIRED } from '../../../../shared/messages';
import { MFA_REQUIRED_MESSAGE } from '../../../../shared/admin-mfa';
import { callApi } from '../../api/endpoints';
import { displayName, ME_KEY, type Me } from '../../data/me';
import { fieldErrorsOf } from '../../data/users';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { PhoneField } from '../users/PhoneField';
import { toDataURL } from './qrcode';
import { updateMe } from '../../../../shared/api/platform';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack component="div" spacing={0.25}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Typography variant="subtitle1" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

// The form holds what the shared schema takes (its input type); the submit handler gets its output.
type ProfileValues = z.input<typeof profileUpdateSchema>;

/** Own name, phone (dial code default +1, sent as digits) and job title: PATCH /api/me with the shared strict schema. */
function ProfileForm({ me }: { me: Me }) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const values: ProfileValues = {
    first_name: me.first_name ?? '',
    last_name: me.last_name ?? '',
    phone: me.phone ?? '',
    job_title: me.job_title ?? '',
    updated_at: me.updated_at ?? '',
  };
  const { control, handleSubmit, setError, formState } = useForm<ProfileValues, unknown, ProfileUpdate>({
    values,
    resolver: zodResolver(profileUpdateSchema),
  });
  const submit = handleSubmit(async (body) => {
    const result = await callApi(updateMe, { params: {}, body });
    if (result.error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(result.error))) {
        if (field in values) setError(field as keyof ProfileValues, { message });
      }
      snackbar.error(result.error);
      return;
    }
    await mutate(ME_KEY, result.data, { revalidate: false });
    snackbar.success('Profile saved');
  });
  const text = (name: 'first_name' | 'last_name' | 'job_title', label: string, required = false) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          required={required}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
          disabled={formState.isSubmitting}
        />
      )}
    />
  );
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Stack direction="row" spacing={2}>
        {text('first_name', 'First name', true)}
        {text('last_name', 'Last name', true)}
      </Stack>
      <Controller
        name="phone"
        control={control}
        render={({ field, fieldState }) => (
          <PhoneField value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={formState.isSubmitting} />
        )}
      />
      {text('job_title', 'Job title')}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        Save
      </Button>
    </Stack>
  );
}

const passwordChangeSchema = z
  .object({ old_password: z.string().min(1, REQUIRED) })
  .and(newPasswordSchema(USER_POOL_PASSWORD_POLICY));
type PasswordValues = { old_password: string; password: string; confirm_password: string };

/** Password change through Amplify (Cognito ChangePassword, which cognito-local supports). */
function PasswordForm() {
  const snackbar = useSnackbar();
  const { control, handleSubmit, reset, formState } = useForm<PasswordValues, unknown, z.output<typeof passwordChangeSchema>>({
    defaultValues: { old_password: '', password: '', confirm_password: '' },
    resolver: zodResolver(passwordChangeSchema),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await updatePassword({ oldPassword: values.old_password, newPassword: values.password });
      reset();
      snackbar.success('Password changed');
    } catch (error) {
      snackbar.error(error);
    }
  });
  const field = (name: keyof PasswordValues, label: string, autoComplete: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          type="password"
          label={label}
          autoComplete={autoComplete}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
          disabled={formState.isSubmitting}
        />
      )}
    />
  );
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {field('old_password', 'Current password', 'current-password')}
      {field('password', 'New password', 'new-password')}
      <PasswordRules />
      {field('confirm_password', 'Confirm new password', 'new-password')}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        Change password
      </Button>
    </Stack>
  );
}

/** SPEC §2: a TOTP QR code is rendered at 228 px. */
const QR_SIZE = 228;

/**
 * Authenticator-app (TOTP) set-up: Cognito AssociateSoftwareToken → QR code → VerifySoftwareToken
 * → SetUserMFAPreference, all of which cognito-local implements. E-mail MFA is offered at sign-in
 * (selectMfaType) where the pool allows it.
 */
function MfaSection({ me }: { me: Me }) {
  const snackbar = useSnackbar();
  // Sent here by the API's refusal (web/src/api/request.ts): say why, and lead back once done.
  const [params] = useSearchParams();
  const required = params.get('mfa') === 'required';
  const [enabled, setEnabled] = useState<string[] | null>(null);
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const load = () =>
    fetchMFAPreference()
      .then((pref) => setEnabled(pref.enabled ?? []))
      .catch(() => setEnabled([]));
  useEffect(() => {
    void load();
  }, []);

  async function start() {
    setBusy(true);
    try {
      const details = await setUpTOTP();
      const uri = details.getSetupUri('Data Validation Platform', me.email).toString();
      setSetup({ secret: details.sharedSecret, qr: await toDataURL(uri, { width: QR_SIZE, margin: 1 }) });
    } catch (error) {
      snackbar.error(error);
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setBusy(true);
    try {
      await verifyTOTPSetup({ code: code.trim() });
      await updateMFAPreference({ totp: 'PREFERRED' });
      setSetup(null);
      setCode('');
      snackbar.success('Authenticator app set up');
      await load();
    } catch (error) {
      snackbar.error(error);
    } finally {
      setBusy(false);
    }
  }

  if (enabled === null) return <Typography color="text.secondary">Loading…</Typography>;
  const totpOn = enabled.includes('TOTP');
  return (
    <Stack spacing={2}>
      {required && !enabled.length && (
        <Alert severity="warning">{MFA_REQUIRED_MESSAGE}</Alert>
      )}
      <Typography>{enabled.length ? `On: ${enabled.join(', ')}` : 'Multi-factor authentication is not set up.'}</Typography>
      {!totpOn && !setup && (
        <Button variant="contained" onClick={start} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          Set up an authenticator app
        </Button>
      )}
      {setup && (
        <Stack spacing={2}>
          <Typography>Scan this code with your authenticator app, then enter the 6-digit code it shows.</Typography>
          <img src={setup.qr} width={QR_SIZE} height={QR_SIZE} alt="Authenticator set-up QR code" />
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            Or enter this key: {setup.secret}
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField label="Code" value={code} onChange={(e) => setCode(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }} />
            <Button variant="contained" onClick={verify} disabled={busy || code.trim().length < 6}>
              Verify
            </Button>
          </Stack>
        </Stack>
      )}
      {totpOn && <Alert severity="success">Your authenticator app is set up. Ask an administrator to reset MFA if you lose it.</Alert>}
      {required && enabled.length > 0 && (
        <Button variant="contained" href="/" sx={{ alignSelf: 'flex-start' }}>
          Continue
        </Button>
      )}
    </Stack>
  );
}

export function ProfilePage() {
  const me = useCurrentUser();
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
          <Stack component="dl" spacing={2} sx={{ m: 0 }}>
            <Field label="Name" value={displayName(me)} />
            <Field label="Username" value={me.username} />
            <Field label="E-mail" value={me.email} />
            <Field label="Role" value={roleLabel(me.role)} />
          </Stack>
        </Paper>
        <Section title="Your details">
          <ProfileForm me={me} />
        </Section>
        <Section title="Password">
          <PasswordForm />
        </Section>
        <Section title="Multi-factor authentication">
          <MfaSection me={me} />
        </Section>
        <Section title="For your IT">
          <Typography variant="body2">
            Everything on this platform can be scripted:{' '}
            <Link component={RouterLink} to="/api-reference">
              the API reference
            </Link>{' '}
            lists every endpoint with what it takes and answers.
          </Typography>
        </Section>
      </Stack>
    </>
  );
}
