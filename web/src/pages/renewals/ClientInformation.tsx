import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PassiveEnrollmentEnabled, RenewalEnrollmentType } from '../../../../shared/renewals';
import { useEligibleAssignees, type Renewal, type RenewalPatch, type useRenewalWrites } from '../../data/renewals';
import { ItemStatusChip, personLabel, personName } from './renewal-parts';
import { outcomeOf, SaveProblem, SaveStatus, useAutosaver } from './use-autosave';

type Writes = ReturnType<typeof useRenewalWrites>;

/** The form's values: text as the inputs hold it ('' for not given), dates as yyyy-MM-dd. */
interface ClientInfoValues {
  enrollment_start_date: string;
  enrollment_end_date: string;
  administration_end_date: string;
  send_deductions_date: string;
  enrollment_type: string;
  passive_enrollment_enabled: string;
  cobra_enrollment_type: string;
  enrollment_welcome_language: string;
  enrollment_email_language: string;
  organization_managed: boolean;
  organization_managed_contact_user_id: string;
}

const valuesOf = (r: Renewal): ClientInfoValues => ({
  enrollment_start_date: r.enrollment_start_date ?? '',
  enrollment_end_date: r.enrollment_end_date ?? '',
  administration_end_date: r.administration_end_date ?? '',
  send_deductions_date: r.send_deductions_date ?? '',
  enrollment_type: r.enrollment_type ?? '',
  passive_enrollment_enabled: r.passive_enrollment_enabled ?? '',
  cobra_enrollment_type: r.cobra_enrollment_type ?? '',
  enrollment_welcome_language: r.enrollment_welcome_language ?? '',
  enrollment_email_language: r.enrollment_email_language ?? '',
  organization_managed: r.organization_managed,
  organization_managed_contact_user_id: r.organization_managed_contact_user_id ?? '',
});

const isOver = (r: Renewal) => r.step === 'COMPLETED' || r.step === 'CLOSED';

/** Saves a renewal's fields as they change (see autosave.ts), with the version last read. */
export function useRenewalAutosave(renewal: Renewal, writes: Writes) {
  return useAutosaver<RenewalPatch>(renewal.updated_at, async (changes, version) => outcomeOf(await writes.patch({ ...changes, updated_at: version })));
}

/**
 * The employer's client information, autosaved field by field; the API's field errors land on
 * their fields. `readOnly` shows the answers to the GA reviewing them. The GA (only) decides
 * whether the organization runs the renewal for the employer, and who its contact is.
 */
export function ClientInformation({ renewal, writes, readOnly }: { renewal: Renewal; writes: Writes; readOnly?: boolean }) {
  const { saver, report, reloaded } = useRenewalAutosave(renewal, writes);
  const server = valuesOf(renewal);
  const serverKey = JSON.stringify(server);
  const { control, reset, setError, clearErrors } = useForm<ClientInfoValues>({ defaultValues: server });
  const enrollmentType = useWatch({ control, name: 'enrollment_type' });
  const managed = useWatch({ control, name: 'organization_managed' });
  const fillsIn = !readOnly && renewal.your_sides.includes('employer') && renewal.client_info_status !== 'APPROVED' && !isOver(renewal);
  const decidesManaged = renewal.your_sides.includes('ga') && !isOver(renewal);
  const people = useEligibleAssignees(renewal.manages_people || renewal.organization_managed ? renewal.company_id : null);
  const contacts = people.data?.items ?? [];

  // What the server holds now (saved by us, changed by someone else, or reloaded after a 409),
  // unless changes are still on their way: those are newer than what was read.
  useEffect(() => {
    if (!saver.busy()) reset(JSON.parse(serverKey) as ClientInfoValues);
  }, [serverKey, reloaded, reset, saver]);

  useEffect(() => {
    if (report.state === 'saved') clearErrors(report.fields as Array<Path<ClientInfoValues>>);
    if (report.state === 'error') for (const [field, message] of Object.entries(report.fieldErrors ?? {})) setError(field as Path<ClientInfoValues>, { message });
  }, [report, clearErrors, setError]);

  const text = (name: keyof ClientInfoValues, label: string, extra: { type?: 'date'; multiline?: boolean; select?: readonly { value: string; label: string }[] } = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          label={label}
          value={field.value}
          onChange={(e) => {
            field.onChange(e.target.value);
            clearErrors(name);
            saver.change(name, e.target.value === '' ? null : e.target.value, !!extra.select);
          }}
          onBlur={() => {
            field.onBlur();
            void saver.flush();
          }}
          disabled={!fillsIn}
          type={extra.type}
          multiline={extra.multiline}
          minRows={extra.multiline ? 2 : undefined}
          select={!!extra.select}
          slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
        >
          {extra.select
            ? [
                <MenuItem key="" value="">
                  <em>Not chosen</em>
                </MenuItem>,
                ...extra.select.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                )),
              ]
            : undefined}
        </TextField>
      )}
    />
  );

  const contact = contacts.find((p) => p.id === renewal.organization_managed_contact_user_id);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6">Client information</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SaveStatus report={report} />
          <ItemStatusChip status={renewal.client_info_status} />
        </Stack>
      </Stack>
      <SaveProblem report={report} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {text('enrollment_start_date', 'Enrollment start', { type: 'date' })}
        {text('enrollment_end_date', 'Enrollment end', { type: 'date' })}
        {text('administration_end_date', 'Administration end', { type: 'date' })}
        {text('send_deductions_date', 'Send deductions', { type: 'date' })}
        {text('enrollment_type', 'Enrollment type', { select: RenewalEnrollmentType.options })}
        {enrollmentType === 'PASSIVE' && text('passive_enrollment_enabled', 'Passive enrollment applies', { select: PassiveEnrollmentEnabled.options })}
        {text('cobra_enrollment_type', 'COBRA enrollment type')}
      </Box>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {text('enrollment_welcome_language', 'Enrollment welcome language', { multiline: true })}
        {text('enrollment_email_language', 'Enrollment e-mail language', { multiline: true })}
      </Stack>
      {decidesManaged ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { md: 'center' } }}>
          <Controller
            name="organization_managed"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      saver.change('organization_managed', e.target.checked, true);
                    }}
                  />
                }
                label="The organization runs this renewal for the employer"
              />
            )}
          />
          {managed && (
            <Controller
              name="organization_managed_contact_user_id"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label="Organization contact"
                  value={contacts.some((p) => p.id === field.value) ? field.value : ''}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    clearErrors('organization_managed_contact_user_id');
                    saver.change('organization_managed_contact_user_id', e.target.value || null, true);
                  }}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Told by e-mail that the organization runs this renewal'}
                  sx={{ minWidth: 320 }}
                >
                  <MenuItem value="">
                    <em>Nobody yet</em>
                  </MenuItem>
                  {contacts.map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {personLabel(p)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
        </Stack>
      ) : (
        renewal.organization_managed && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            The organization runs this renewal for the employer{contact ? ` (contact: ${personName(contact)})` : ''}.
          </Typography>
        )
      )}
    </Paper>
  );
}
