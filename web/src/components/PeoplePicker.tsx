import type { ReactNode, Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ResponseOf } from '../../../shared/api/endpoint';
import { roleLabel } from '../../../shared/roles';
import { useApi, type ListEndpoint, type ParamsOf, type QueryOf } from '../api/endpoints';

/** What a picker needs of a person; the user and assignee shapes of the API both have it. */
export interface PersonLike {
  id: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  role?: string;
}

/** The person of a people list endpoint (`{ items: Person[] }`). */
export type PersonOf<E> = ResponseOf<E> extends { items: ReadonlyArray<infer P> } ? (P extends PersonLike ? P : never) : never;

export const personName = (p: PersonLike) => [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email;

/** A saved id that is not among the people who may be picked (deleted, disabled, moved away). */
interface Stale {
  id: string;
  stale: true;
}
type Person = PersonLike;
type Option = Person | Stale;
const isStale = (o: Option): o is Stale => (o as Stale).stale === true;

/** People lists are short; this many rows a page, and this many pages at most. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 5;

/** The people list read: one of the API's people list endpoints, read whole. */
export interface PeoplePickerProps<E extends ListEndpoint> {
  endpoint: E;
  /** The endpoint's path parameters; null while there is nobody to pick from yet. */
  params: ParamsOf<E> | null;
  /** Query of the read (e.g. `roles`). */
  query?: QueryOf<E>;
  /** Who of the list may be picked. */
  filter?: (person: PersonOf<E>) => boolean;
  /** The stored user id ('' or null: nobody). */
  value: string | null | undefined;
  onChange: (userId: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Said when the list is empty. */
  noOptionsText?: string;
}

/**
 * A person picked by name or e-mail from one of the API's people lists; the value is the user id.
 * A saved id that is not in the list is shown as such rather than as a bare id or a blank.
 */
export function PeoplePicker<E extends ListEndpoint>({
  endpoint,
  params,
  query,
  filter,
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  name,
  required,
  disabled,
  error,
  helperText,
  noOptionsText = 'Nobody to choose from',
}: PeoplePickerProps<E>) {
  // Inside, the endpoint is any people list: what every one of them has is PersonLike.
  const list = useApi(endpoint, params, { query, allPages: { pageSize: PAGE_SIZE, maxPages: MAX_PAGES } });
  const people = (list.data?.items ?? []).map((p) => p as Person).filter((p) => !filter || filter(p as PersonOf<E>));
  const selected = value ? people.find((p) => p.id === value) : undefined;
  // Until the list answers, the id is not yet known to be stale.
  const listed = !!list.data;
  const option: Option | null = !value ? null : (selected ?? { id: value, stale: true });
  const staleNote = value && listed && !selected ? 'This user is not among the people who may be chosen here (removed, disabled or moved)' : null;
  const loadNote = list.error ? `The people list could not be read: ${list.error.message}` : null;
  const label_ = (o: Option) => (isStale(o) ? (listed ? `Unknown user (${o.id})` : 'Loading…') : `${personName(o)} · ${o.email}`);

  return (
    <Autocomplete<Option, false, false, false>
      value={option}
      options={people}
      loading={list.isLoading}
      disabled={disabled}
      noOptionsText={noOptionsText}
      getOptionLabel={label_}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, state) => {
        const q = state.inputValue.trim().toLowerCase();
        if (!q) return options;
        return options.filter((o) => !isStale(o) && `${personName(o)} ${o.email}`.toLowerCase().includes(q));
      }}
      onChange={(_e, next) => onChange(next && !isStale(next) ? next.id : '')}
      onBlur={onBlur}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          {isStale(o) ? (
            label_(o)
          ) : (
            <Box>
              <Typography variant="body2">
                {personName(o)} · {o.email}
              </Typography>
              {o.role && (
                <Typography variant="caption" color="text.secondary">
                  {roleLabel(o.role)}
                </Typography>
              )}
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          error={error || !!staleNote || !!loadNote}
          helperText={helperText ?? staleNote ?? loadNote ?? undefined}
        />
      )}
    />
  );
}
