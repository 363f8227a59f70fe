import type { BootstrapArgs } from './args';
import type { PlatformEnv } from './stage-resources';

export interface BootstrapReport {
  lines: string[];
}

/**
 * Creates the first DMS Admin and seeds the carrier catalog through the platform's own code, given
 * the environment its functions would have on that stage. The environment is set before the
 * platform's modules are loaded, as the local stack does for its handlers.
 */
export async function bootstrap(args: BootstrapArgs, env: PlatformEnv, where: string): Promise<BootstrapReport> {
  Object.assign(process.env, env);
  const { createFirstAdmin } = await import('../../functions/lib/users/first-admin');
  const { seedCarrierCatalog } = await import('../../functions/lib/hierarchy/carrier-catalog');
  const lines: string[] = [];

  const admin = await createFirstAdmin({ email: args.email, first_name: args.firstName, last_name: args.lastName });
  if (admin.status === 'exists') {
    lines.push(`The user ${admin.email} already exists on ${where} (role ${admin.role}); nothing changed.`);
  } else {
    lines.push(`Created the DMS Admin ${admin.email} on ${where}.`);
    lines.push(
      admin.invitation_sent
        ? `The invitation with a temporary password went to ${admin.email}; they choose their own password at first sign-in on ${env.PUBLIC_URL}.`
        : `The invitation e-mail could not be sent: a DMS Admin can resend it, or set a password in the user pool (${env.USER_POOL_ID}).`,
    );
  }

  if (args.catalog) {
    const seeded = await seedCarrierCatalog();
    lines.push(
      seeded.added.length
        ? `Carrier catalog: added ${seeded.added.length} carriers (${seeded.present} were already there).`
        : `Carrier catalog: all ${seeded.present} carriers were already there; nothing changed.`,
    );
  }
  return { lines };
}
