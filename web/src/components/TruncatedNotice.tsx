import Alert from '@mui/material/Alert';

/**
 * Said above a list read up to a cap when the list went on past it: the rows shown are only the
 * first ones, so nothing beyond the cap disappears without a word.
 */
export function TruncatedNotice({ shown, noun = 'rows', hint = 'Sorting, search and filters apply to these rows only.' }: { shown: number; noun?: string; hint?: string }) {
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      Showing the first {shown.toLocaleString('en-US')} {noun}: the list is longer. {hint}
    </Alert>
  );
}
