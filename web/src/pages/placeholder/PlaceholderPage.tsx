import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../layout/PageTitle';

/** Stands in for a page whose screen is not built yet, so every route of SPEC §2 already resolves. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">This page is not available yet.</Typography>
      </Paper>
    </>
  );
}
