import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * Where a part of a page is still downloading its code: a block of the part's own height with a
 * spinner in the middle, so what is below does not move when the part arrives.
 */
export function LoadingBlock({ height, label }: { height: number; label: string }) {
  return (
    <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={32} aria-label={label} />
    </Box>
  );
}
