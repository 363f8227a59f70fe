import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../layout/PageTitle';

/** Only reached by users without a landing page (no role or no tenant): everyone else is redirected. */
export function HomePage() {
  return (
    <>
      <PageTitle>Data Validation Platform</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>
          Your account has no workspace assigned yet. Please contact your administrator to be given access.
        </Typography>
      </Paper>
    </>
  );
}
