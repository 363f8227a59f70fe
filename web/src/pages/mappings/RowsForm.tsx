import { useMemo } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { Controller, get, set, useFieldArray, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { RequestResult } from '../../api/request';
import { RowsFormActions } from '../../components/RowsFormActions';
import { useSnackbar } from '../../feedback/snackbar';
import type { FieldOf, RecordSchema } from '../../forms/schema-resolver';
import type { RequestBodyOf } from '../../../../shared/api/endpoint';

/**
 * A named list of rows (a data mapping's source → target values, a data points template's
 * columns): name plus an editable table, validated with the shared zod schema of the request body;
 * field errors of the API (`name`, `fields.3.source`, `columns`) land on their fields.
 */
export interface RowColumn<Name extends string = string> {
  name: Name;
  label: string;
  kind?: 'text' | 'checkbox';
  placeholder?: string;
}

/** The fields of the rows a body holds under `K`, as the form's columns name them. */
type RowFieldOf<Body, K extends keyof Body> = NonNullable<Body[K]> extends ReadonlyArray<infer Row> ? FieldOf<Row> : never;
/** The columns of the rows an endpoint's body holds under `K`. */
export type RowColumnsOf<E, K extends FieldOf<RequestBodyOf<E>>> = readonly RowColumn<RowFieldOf<RequestBodyOf<E>, K>>[];

type RowValue = Record<string, string | boolean>;
/** The form keeps its rows under `rows` whatever key the body gives them (`fields`, `columns`). */
type Values = { name: string; updated_at?: string; rows: RowValue[] };

const isFormPath = (path: string): path is FieldPath<Values> => path === 'name' || path === 'updated_at' || /^rows(\.\d+(\..+)?)?$/.test(path);

interface Props<T, Body, K extends FieldOf<Body>> {
  schema: RecordSchema<Body>;
  /** Body key of the rows: `fields` (mappings) or `columns` (templates). */
  rowsKey: K;
  rowColumns: readonly RowColumn<RowFieldOf<NoInfer<Body>, NoInfer<K>>>[];
  rowLabel: string;
  /** The record edited; absent for create. */
  record?: { name: string; updated_at?: string } & Record<string, unknown>;
  /** Rows a new record starts with. */
  startRows?: number;
  submitLabel: string;
  /** Gets the body as the schema gave it. */
  onSubmit: (body: Body) => Promise<RequestResult<T>>;
  onDone?: (saved: T) => void;
  onCancel?: () => void;
  readOnly?: boolean;
  ariaLabel: string;
}

export function RowsForm<T, Body, K extends FieldOf<Body>>({
  schema,
  rowsKey,
  rowColumns,
  rowLabel,
  record,
  startRows = 1,
  submitLabel,
  onSubmit,
  onDone,
  onCancel,
  readOnly,
  ariaLabel,
}: Props<T, Body, K>) {
  const snackbar = useSnackbar();
  const emptyRow = (): RowValue => Object.fromEntries(rowColumns.map((c) => [c.name, c.kind === 'checkbox' ? false : '']));
  const pick = (row: Record<string, unknown>): RowValue =>
    Object.fromEntries(rowColumns.map((c) => [c.name, c.kind === 'checkbox' ? !!row[c.name] : String(row[c.name] ?? '')]));
  const defaultValues = useMemo<Values>(() => {
    const rows = (record?.[rowsKey] as Record<string, unknown>[] | undefined)?.map(pick) ?? Array.from({ length: startRows }, emptyRow);
    return { name: record?.name ?? '', rows, ...(record ? { updated_at: record.updated_at } : {}) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form resets only for another record or a new version of it, not for the column lists pages pass anew on every render
  }, [record?.id, record?.updated_at]);
  // A field of the body (`fields.3.source`) as the form names it (`rows.3.source`).
  const formPath = (field: string) => (field === rowsKey || field.startsWith(`${rowsKey}.`) ? `rows${field.slice(rowsKey.length)}` : field);
  // The shared schema checks the body the form will send; its issues land on the form's fields.
  const resolver: Resolver<Values, unknown, Body> = async ({ rows, ...rest }) => {
    const parsed = schema.safeParse({ ...rest, [rowsKey]: rows });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of parsed.error.issues) {
      const path = formPath(issue.path.join('.')) || 'root';
      if (!get(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, Body>({ defaultValues, values: defaultValues, resolver });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const disabled = readOnly || formState.isSubmitting;
  const listError = formState.errors.rows;
  const listMessage = listError?.message ?? listError?.root?.message;

  const submit = handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (result.error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(result.error))) {
        const path = formPath(field);
        setError(isFormPath(path) ? path : `root.${path}`, { message });
      }
      snackbar.error(result.error);
      return;
    }
    snackbar.success(record ? 'Saved' : 'Created');
    onDone?.(result.data);
  });

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate aria-label={ariaLabel}>
      <Controller
        name="name"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            label="Name"
            required
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          />
        )}
      />
      {listMessage && <Alert severity="error">{listMessage}</Alert>}
      <Table size="small" aria-label={`${ariaLabel} rows`}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            {rowColumns.map((c) => (
              <TableCell key={c.name}>{c.label}</TableCell>
            ))}
            {!readOnly && <TableCell aria-label="Remove" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((row, i) => (
            <TableRow key={row.id}>
              <TableCell>{i + 1}</TableCell>
              {rowColumns.map((c) => (
                <TableCell key={c.name}>
                  <Controller
                    name={`rows.${i}.${c.name}`}
                    control={control}
                    render={({ field, fieldState }) =>
                      c.kind === 'checkbox' ? (
                        <Checkbox
                          checked={!!field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          disabled={disabled}
                          slotProps={{ input: { 'aria-label': `${c.label} ${i + 1}` } }}
                        />
                      ) : (
                        <TextField
                          size="small"
                          name={field.name}
                          inputRef={field.ref}
                          value={typeof field.value === 'string' ? field.value : ''}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          placeholder={c.placeholder}
                          disabled={disabled}
                          error={!!fieldState.error}
                          helperText={fieldState.error?.message}
                          slotProps={{ htmlInput: { 'aria-label': `${c.label} ${i + 1}` } }}
                          fullWidth
                        />
                      )
                    }
                  />
                </TableCell>
              ))}
              {!readOnly && (
                <TableCell>
                  <IconButton size="small" aria-label={`Remove ${rowLabel} ${i + 1}`} onClick={() => remove(i)} disabled={disabled}>
                    ✕
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!readOnly && (
        <RowsFormActions addLabel={`Add ${rowLabel}`} onAdd={() => append(emptyRow())} onCancel={onCancel} submitLabel={submitLabel} disabled={disabled} />
      )}
    </Stack>
  );
}
