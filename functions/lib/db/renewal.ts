import { Entity } from 'electrodb';
import { createdAt, flag, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byCompanyCarrier: one renewal per company carrier, year and month (the key makes a second
//   create fail its condition), tenant in the partition; a company's renewals in one query.
// - byOrganization (gsi1): an organization's renewals by renewal month, for reports.
// - byId (gsi2): a renewal by id alone (the company checked against the record).
// - all (gsi3): every renewal by renewal month, for the platform report and the kickoff job.
export const RenewalEntity = new Entity({
  model: { entity: 'renewal', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    company_carrier_id: { type: 'string', required: true, readOnly: true },
    task_id: { type: 'string', required: true, readOnly: true },
    /** yyyy-MM of the renewal month, for ordering and range reads. */
    period: { type: 'string', required: true, readOnly: true },
    year: { type: 'number', required: true, readOnly: true },
    month: { type: 'string', required: true, readOnly: true },
    step: { type: 'string', required: true, default: 'CLIENT_INFORMATION' },
    enrollment_start_date: optionalString,
    enrollment_end_date: optionalString,
    administration_end_date: optionalString,
    send_deductions_date: optionalString,
    enrollment_type: optionalString,
    cobra_enrollment_type: optionalString,
    passive_enrollment_enabled: optionalString,
    enrollment_welcome_language: optionalString,
    enrollment_email_language: optionalString,
    demo_environment_notes: optionalString,
    organization_managed: flag,
    organization_managed_contact_user_id: optionalString,
    client_info_status: { type: 'string', required: true, default: 'IN_PROGRESS' },
    client_info_status_updated_at: optionalString,
    plans_checklist_status: { type: 'string', required: true, default: 'IN_PROGRESS' },
    plans_checklist_status_updated_at: optionalString,
    demo_environment_status: { type: 'string', required: true, default: 'IN_PROGRESS' },
    demo_environment_status_updated_at: optionalString,
    go_live_updated_at: optionalString,
    completed_updated_at: optionalString,
    /**
     * The kickoff e-mail: claimed by one run (a conditional write of `kickoff_claim_id` and
     * `kickoff_claimed_at`), sent, then marked sent (`kickoff_sent_at`). A claim that was released
     * with `kickoff_error`, or outlived the job's time limit, is taken by the next run, which skips
     * the recipients already in `kickoff_sent_to`.
     */
    kickoff_sent_at: optionalString,
    /**
     * A move's status for the checklist rows while they are still being written: set with the move
     * when the rows need more than one transaction, removed once every row has it
     * (functions/lib/renewals/pending-plans.ts).
     */
    plans_status_pending: optionalString,
    kickoff_claim_id: optionalString,
    kickoff_claimed_at: optionalString,
    kickoff_sent_to: { type: 'set', items: 'string' },
    /** Why the last attempt did not send it ("kickoff e-mail not sent: …"), until a run sends it. */
    kickoff_error: optionalString,
    last_resent_kickoff_at: optionalString,
    resent_kickoff_counter: { type: 'number', default: 0 },
    created_by_user_id: optionalString,
    updated_by_user_id: optionalString,
    created_at: createdAt,
    updated_at: updatedAt,
  },
  indexes: {
    byCompanyCarrier: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['company_carrier_id', 'period'] },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organization_id'] },
      sk: { field: 'gsi1sk', composite: ['period', 'id'] },
    },
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
    all: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [], template: 'renewals' },
      sk: { field: 'gsi3sk', composite: ['period', 'id'] },
    },
  },
});
