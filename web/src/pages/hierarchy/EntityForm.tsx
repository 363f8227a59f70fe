import { useMemo } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { Controller, useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { RequestBodyOf } from '../../../../shared/api/endpoint';
import type { RequestResult } from '../../api/request';
import { useSnackbar } from '../../feedback/snackbar';
import { schemaResolver, type FieldOf, type RecordSchema } from '../../forms/schema-resolver';
import { PersonField, type PeopleScope, type PeopleSource } from './people';

/** A field of the form; `Name` is a field of the body it fills, so a renamed body field fails the typecheck here. */
export interface FieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  kind?: 'text' | 'multiline' | 'email' | 'phone' | 'date' | 'number' | 'select' | 'checkbox' | 'person';
  options?: ReadonlyArray<{ value: string | number; label: string }>;
  /** For a person: the people list it picks from; the value is the user id. */
  people?: PeopleSource;
  required?: boolean;
  /** Half width on wide screens (default); full for notes. */
  full?: boolean;
}

type Values = Record<string, unknown>;

/** The form fields of an endpoint's request body. */
export type FieldsOf<E> = FieldSpec<FieldOf<RequestBodyOf<E>>>[];

export interface EntityFormProps<T, Body> {
  fields: readonly FieldSpec<FieldOf<NoInfer<Body>>>[];
  /** The shared zod schema of the request body (create, or update with updated_at). */
  schema: RecordSchema<Body>;
  /** The record being edited; absent for create. */
  record?: Record<string, unknown> | null;
  submitLabel: string;
  /** Gets the body as the schema gave it. */
  onSubmit: (body: Body) => Promise<RequestResult<T>>;
  onDone?: (saved: T) => void;
  onCancel?: () => void;
  successMessage?: string;
  readOnly?: boolean;
  /** The organization and company whose people the person fields offer (default: the route's). */
  scope?: PeopleScope;
}

const emptyOf = (f: FieldSpec) => (f.kind === 'checkbox' ? false : '');

/**
 * One form for create and edit of a hierarchy record, validated with the shared schema the API
 * uses; field errors the API returns (a duplicate name, an unknown carrier) land on their fields.
 */
export function EntityForm<T, Body>({ fields, schema, record, submitLabel, onSubmit, onDone, onCancel, successMessage, readOnly, scope }: EntityFormProps<T, Body>) {
  const snackbar = useSnackbar();
  const editing = !!record;
  const defaultValues = useMemo<Values>(() => {
    const values: Values = {};
    for (const f of fields) {
      const v = record?.[f.name];
      values[f.name] = v === null || v === undefined ? emptyOf(f) : f.kind === 'number' || typeof v === 'number' ? String(v) : v;
    }
    if (editing) values.updated_at = record!.updated_at;
    return values;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form resets only for another record or a new version of it; pages pass fresh field lists and record objects on every render
  }, [record?.id, record?.updated_at]);
  const form = useForm<Values, unknown, Body>({ defaultValues, values: defaultValues, resolver: schemaResolver(schema) });
  const { control, handleSubmit, setError, formState } = form;
  const disabled = readOnly || formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (result.error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(result.error))) {
        if (fields.some((f) => f.name === field)) setError(field, { message });
      }
      snackbar.error(result.error);
      return;
    }
    snackbar.success(successMessage ?? (editing ? 'Saved' : 'Created'));
    onDone?.(result.data);
  });

  return (
    <form onSubmit={submit} noValidate>
      {/* Two columns from md up, a full-width field across both: a CSS grid, not the Grid component's code. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {fields.map((f) => (
          <Box key={f.name} sx={{ gridColumn: f.full || f.kind === 'multiline' ? '1 / -1' : undefined, minWidth: 0 }}>
            <Controller
              name={f.name}
              control={control}
              render={({ field, fieldState }) =>
                f.kind === 'person' ? (
                  <PersonField
                    source={f.people ?? 'company-people'}
                    scope={scope}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    label={f.label}
                    required={f.required}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    disabled={disabled}
                  />
                ) : f.kind === 'checkbox' ? (
                  <FormControlLabel
                    label={f.label}
                    control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />}
                  />
                ) : (
                  <TextField
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    label={f.label}
                    required={f.required}
                    select={f.kind === 'select'}
                    multiline={f.kind === 'multiline'}
                    minRows={f.kind === 'multiline' ? 3 : undefined}
                    type={f.kind === 'date' ? 'date' : f.kind === 'email' ? 'email' : f.kind === 'phone' ? 'tel' : f.kind === 'number' ? 'number' : 'text'}
                    slotProps={f.kind === 'date' ? { inputLabel: { shrink: true } } : undefined}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    disabled={disabled}
                    fullWidth
                  >
                    {f.kind === 'select'
                      ? [
                          ...(f.required ? [] : [<MenuItem key="" value=""><em>None</em></MenuItem>]),
                          ...(f.options ?? []).map((o) => (
                            <MenuItem key={String(o.value)} value={typeof o.value === 'number' ? String(o.value) : o.value}>
                              {o.label}
                            </MenuItem>
                          )),
                        ]
                      : undefined}
                  </TextField>
                )
              }
            />
          </Box>
        ))}
      </Box>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={disabled}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={disabled}>
              Cancel
            </Button>
          )}
        </Stack>
      )}
    </form>
  );
}
