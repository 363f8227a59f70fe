import { runRenewalOverdueReminders as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { runOverdueReminders } from '../../lib/renewals/overdue-reminders';

/** POST /api/admin/renewals/overdue_reminders: the DMS admin runs the daily reminder now (the route gate admits only them). */
export const handler = serve(endpoint, async ({ body }) => runOverdueReminders(body.date ?? new Date().toISOString().slice(0, 10)));
