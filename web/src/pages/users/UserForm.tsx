import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { listAgencies } from '../../../../shared/api/hierarchy';
import { useApi } from '../../api/endpoints';
import { assignableRoles } from '../../../../shared/permissions/actions';
import { Role, roleLabel } from '../../../../shared/roles';
import { tenantKindOfRole, userCreateSchema, userUpdateSchema, type TenantKind } from '../../../../shared/schemas/user';
import type { RequestResult } from '../../api/request';
import { itemsOf } from '../../data/list';
import type { Me } from '../../data/me';
import { useOrganizationCompanies } from '../../data/companies';
import { useOrganizations } from '../../data/organizations';
import { fieldErrorsOf, type CreatedUser, type User, type UsersScope } from '../../data/users';
import { useSnackbar } from '../../feedback/snackbar';
import { schemaResolver, type FieldOf, type FieldRecord, type RecordSchema } from '../../forms/schema-resolver';
import { PhoneField } from './PhoneField';

/** The tenant kinds a user created or edited through this scope may have (mirrors the API's rule). */
const KINDS: Record<UsersScope['kind'], TenantKind[]> = {
  admin: ['platform', 'agency', 'organization', 'company'],
  organization: ['organization', 'company'],
  company: ['company'],
  agency: ['agency'],
};

export function roleOptions(me: Me, scope: UsersScope, current?: string): Role[] {
  const roles = assignableRoles(me).filter((r) => KINDS[scope.kind].includes(tenantKindOfRole(r)));
  return current && Role.is(current) && !roles.includes(current) ? [current, ...roles] : roles;
}

/** A text field's value as the form holds it (the form's values are a record, checked by the schema). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The tenant fields of a user's body, of which the form sends only those the role uses. */
type TenantFields = { agency_id?: unknown; organization_id?: unknown; company_id?: unknown };

/** The form's fields are those of a create's or an update's body, so a field renamed in the body fails the typecheck here. */
type BodyField = FieldOf<z.input<typeof userCreateSchema>> | FieldOf<z.input<typeof userUpdateSchema>>;
type Values = { [K in BodyField]?: K extends 'billing_contact' ? boolean : string };

interface CommonProps {
  me: Me;
  scope: UsersScope;
  submitLabel?: string;
  onDone: (user: User) => void;
  onCancel?: () => void;
}

/** The create form (no user) sends a create's body and gets the new user with invitation_sent; the edit form an update's and gets the user. */
type Props = CommonProps &
  (
    | { user?: undefined; onSubmit: (body: z.output<typeof userCreateSchema>) => Promise<RequestResult<CreatedUser>> }
    | { user: User; onSubmit: (body: z.output<typeof userUpdateSchema>) => Promise<RequestResult<User>> }
  );

/**
 * One form for creating and editing a user, validated with the same shared schema the API uses;
 * the API's field errors (a role or tenant it refused, a duplicate e-mail) land on their fields.
 */
export function UserForm(props: Props) {
  return props.user ? <UserFormOf {...props} user={props.user} schema={userUpdateSchema} /> : <UserFormOf {...props} schema={userCreateSchema} />;
}

/** The form with the schema of the body it sends: a create's or an update's. */
function UserFormOf<Body extends TenantFields>({
  me,
  scope,
  user,
  submitLabel,
  schema,
  onSubmit,
  onDone,
  onCancel,
}: CommonProps & { user?: User; schema: RecordSchema<Body>; onSubmit: (body: Body) => Promise<RequestResult<CreatedUser | User>> }) {
  const snackbar = useSnackbar();
  const editing = !!user;
  const self = editing && user.id === me.id;
  const roles = roleOptions(me, scope, user?.role);

  const defaultValues = useMemo<Values>(() => {
    const values: Values = {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      role: user?.role ?? (roles[0] as string) ?? '',
      phone: user?.phone ?? '',
      job_title: user?.job_title ?? '',
      billing_contact: !!user?.billing_contact,
    };
    if (!editing) values.email = '';
    if (editing) values.updated_at = user.updated_at;
    if (scope.kind === 'admin') {
      values.agency_id = user?.agency_id ?? '';
      values.organization_id = user?.organization_id ?? '';
    }
    if (scope.kind === 'admin' || scope.kind === 'organization') values.company_id = user?.company_id ?? '';
    return values;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form resets only for another user or a new version of them, not for the scope object pages create on every render
  }, [user?.id, user?.updated_at]);

  const form = useForm<FieldRecord, unknown, Body>({
    defaultValues,
    values: defaultValues,
    resolver: schemaResolver(schema),
  });
  const { control, handleSubmit, watch, setError, formState } = form;
  const role = watch('role');
  const kind = Role.is(role) ? tenantKindOfRole(role) : 'platform';
  const organizationId = scope.kind === 'organization' ? scope.organizationId : textOf(watch('organization_id'));

  const { organizations } = useOrganizations(scope.kind === 'admin' ? me : null);
  const { companies } = useOrganizationCompanies(
    (scope.kind === 'admin' || scope.kind === 'organization') && kind === 'company' ? organizationId || null : null,
  );
  const agencies = useApi(listAgencies, scope.kind === 'admin' && kind === 'agency' ? {} : null);

  const submit = handleSubmit(async (values) => {
    const body = { ...values };
    // Only the tenant fields this role uses; the API clears the rest.
    if (kind !== 'agency') delete body.agency_id;
    if (kind !== 'organization' && kind !== 'company') delete body.organization_id;
    if (kind !== 'company') delete body.company_id;
    if (scope.kind === 'admin' && kind === 'company') delete body.organization_id;
    const result = await onSubmit(body);
    if (result.error) {
      const errors = fieldErrorsOf(result.error);
      for (const [field, message] of Object.entries(errors)) {
        if (field in defaultValues) setError(field, { message });
      }
      snackbar.error(result.error);
      return;
    }
    snackbar.success(editing ? 'User saved' : 'invitation_sent' in result.data && result.data.invitation_sent === false ? 'User created; the invitation e-mail could not be sent' : 'User created and invited');
    onDone(result.data);
  });

  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
          disabled={formState.isSubmitting}
          {...extra}
        />
      )}
    />
  );
  const select = (name: keyof Values, label: string, options: { value: string; label: string }[], disabled = false) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          select
          label={label}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
          disabled={disabled || formState.isSubmitting}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
      {!editing && text('email', 'E-mail', { required: true, type: 'email' })}
      <Stack direction="row" spacing={2}>
        {text('first_name', 'First name', { required: true })}
        {text('last_name', 'Last name', { required: true })}
      </Stack>
      {select(
        'role',
        'Role',
        roles.map((r) => ({ value: r, label: roleLabel(r) })),
        self || roles.length <= 1,
      )}
      {scope.kind === 'admin' && kind === 'agency' &&
        select('agency_id', 'Agency', itemsOf(agencies.data).map((a) => ({ value: a.id, label: a.name })))}
      {scope.kind === 'admin' && (kind === 'organization' || kind === 'company') &&
        select('organization_id', 'Organization', organizations.map((o) => ({ value: o.id, label: o.name })), self)}
      {(scope.kind === 'admin' || scope.kind === 'organization') && kind === 'company' &&
        select('company_id', 'Company', companies.map((c) => ({ value: c.id, label: c.name })), self)}
      <Controller
        name="phone"
        control={control}
        render={({ field, fieldState }) => (
          <PhoneField value={textOf(field.value)} onChange={field.onChange} error={fieldState.error?.message} disabled={formState.isSubmitting} />
        )}
      />
      {text('job_title', 'Job title')}
      <Controller
        name="billing_contact"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={formState.isSubmitting} />}
            label="Billing contact"
          />
        )}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {submitLabel ?? (editing ? 'Save' : 'Create user')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
