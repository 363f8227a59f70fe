import { passwordRequirements, USER_POOL_PASSWORD_POLICY } from '../../../shared/password-policy';
import './password-rules.css';

/**
 * The user pool's password rules, in SPEC §5's words, shown next to every new-password field. Plain
 * elements styled as MUI's body2 secondary text: the sign-in page shows it without loading MUI.
 */
export function PasswordRules() {
  return (
    <div aria-label="Password rules" role="note">
      <ul className="dvp-password-rules">
        {passwordRequirements(USER_POOL_PASSWORD_POLICY).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
