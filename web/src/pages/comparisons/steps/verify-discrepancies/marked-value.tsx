import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The part of `other` that differs from `base`: [same start, differing middle, same end]. */
export function differingPart(base: string, other: string): [string, string, string] {
  let start = 0;
  while (start < base.length && start < other.length && base[start] === other[start]) start++;
  let end = 0;
  while (end < base.length - start && end < other.length - start && base[base.length - 1 - end] === other[other.length - 1 - end]) end++;
  return [other.slice(0, start), other.slice(start, other.length - end), other.slice(other.length - end)];
}

/** A value with the part that differs from the other side marked in bold and underlined, plus a text marker. */
export function MarkedValue({ value, other }: { value: string | null | undefined; other: string | null | undefined }) {
  const text = value ?? '';
  if (!text) return <Typography component="span" variant="body2" color="text.secondary">(empty)</Typography>;
  const [before, diff, after] = differingPart(other ?? '', text);
  if (!diff) return text;
  return (
    <span>
      {before}
      <Box component="mark" sx={{ fontWeight: 700, textDecoration: 'underline', bgcolor: 'warning.light', color: 'inherit', px: 0.25 }} title="Differs from the baseline">
        {diff}
      </Box>
      {after}
      <Box component="span" sx={{ ml: 0.5, fontSize: '0.75em', color: 'text.secondary' }}>
        (differs)
      </Box>
    </span>
  );
}
