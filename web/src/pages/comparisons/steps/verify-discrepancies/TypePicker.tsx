import type { RefObject } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { DiscrepancyType } from '../../../../../../shared/discrepancies';
import { TYPE_OPTIONS } from './labels';

/** The discrepancy type, typed to filter and Enter to take the highlighted one; it opens on typing, not on focus. */
export function TypePicker({
  value,
  onChange,
  autoFocus,
  inputRef,
  required = true,
}: {
  value: DiscrepancyType | null;
  onChange: (v: DiscrepancyType | null) => void;
  autoFocus?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  required?: boolean;
}) {
  return (
    <Autocomplete
      options={TYPE_OPTIONS}
      value={TYPE_OPTIONS.find((t) => t.value === value) ?? null}
      onChange={(_e, option) => onChange(option?.value ?? null)}
      autoHighlight
      openOnFocus={false}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      renderInput={(params) => <TextField {...params} inputRef={inputRef} label="Discrepancy type" required={required} autoFocus={autoFocus} />}
    />
  );
}
