import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { passwordRequirements, USER_POOL_PASSWORD_POLICY } from '../../../shared/validation';

/** The user pool's password rules, in SPEC §5's words, shown next to every new-password field. */
export function PasswordRules() {
  return (
    <Box aria-label="Password rules" role="note">
      <Typography variant="body2" color="text.secondary" component="ul" sx={{ m: 0, pl: 2.5 }}>
        {passwordRequirements(USER_POOL_PASSWORD_POLICY).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </Typography>
    </Box>
  );
}
