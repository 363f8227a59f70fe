import { FULL_SSN_MFA_MESSAGE, fullSsnFileGate, MFA_REQUIRED_CODE } from '../../shared/admin-mfa';
import { adminMfaRequired, type Caller } from './tenancy/caller';
import { HttpError } from './errors';
import { hasMfaMethod } from './tenancy/mfa-status';

/**
 * Before a file holding full SSNs is handed out (a comparison export, a converted carrier file):
 * where the stage requires MFA, 403 `mfa_required` for a caller without it, whatever the role. The
 * caller's status is known for the administrator roles (read with the user); for the others it is
 * read here, once per such download.
 */
export async function requireMfaForFullSsns(caller: Caller): Promise<void> {
  const required = adminMfaRequired();
  if (!required) return;
  const hasMfa = caller.hasMfa && (await hasMfaMethod(caller.user.id));
  if (fullSsnFileGate({ required, hasMfa }) !== 'allow') throw new HttpError(403, FULL_SSN_MFA_MESSAGE, undefined, { code: MFA_REQUIRED_CODE });
}
