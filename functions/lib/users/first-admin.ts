import { HttpError } from '../errors';
import { userByEmail } from './manage';
import { provisionUser } from './provision';

export type FirstAdminResult =
  | { status: 'created'; id: string; email: string; invitation_sent: boolean }
  | { status: 'exists'; id: string; email: string; role: string };

/**
 * The first DMS Admin of a stage, made the way the users admin makes any user (provisionUser):
 * nobody is signed in yet, so nobody is named as the inviter. A user already recorded with this
 * e-mail is reported, whatever their role, and nothing changes.
 */
export async function createFirstAdmin(input: { email: string; first_name?: string | null; last_name?: string | null }): Promise<FirstAdminResult> {
  const email = input.email.trim().toLowerCase();
  const existing = await userByEmail(email);
  if (existing) return { status: 'exists', id: existing.id, email: existing.email, role: existing.role };
  try {
    const created = await provisionUser(
      { email, role: 'ADMIN', tenant: { agency_id: null, organization_id: null, company_id: null }, first_name: input.first_name, last_name: input.last_name },
      { id: null, name: null },
    );
    return { status: 'created', id: created.id, email: created.email, invitation_sent: created.invitation_sent };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      throw new Error(
        `The user pool already has an account for ${email} but the table has no user record for it: delete that account from the user pool (or use another e-mail) and run the bootstrap again.`,
        { cause: error },
      );
    }
    throw error;
  }
}
