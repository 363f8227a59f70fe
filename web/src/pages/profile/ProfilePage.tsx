import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { roleLabel } from '../../../../shared/roles';
import { displayName } from '../../data/me';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../routes/current-user';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack component="div" spacing={0.25}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Stack>
  );
}

export function ProfilePage() {
  const me = useCurrentUser();
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        <Stack component="dl" spacing={2} sx={{ m: 0 }}>
          <Field label="Name" value={displayName(me)} />
          <Field label="Username" value={me.username} />
          <Field label="E-mail" value={me.email} />
          <Field label="Role" value={roleLabel(me.role)} />
        </Stack>
      </Paper>
    </>
  );
}
