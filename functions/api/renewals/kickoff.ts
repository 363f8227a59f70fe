import { runRenewalKickoff as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { runRenewalKickoff } from '../../lib/renewals/kickoff';

/** POST /api/admin/renewals/kickoff: the DMS admin runs the daily job now (the route gate admits only them). */
export const handler = serve(endpoint, async ({ body }) => runRenewalKickoff(body.date ?? new Date().toISOString().slice(0, 10)));
