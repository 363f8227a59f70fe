import type { EmailType } from './email-types';

/**
 * Default (platform) e-mail templates. Subject and body carry `{{placeholder}}`s filled from the
 * values of each send. Organization and company templates (EmailTemplate, SPEC §3) will override
 * these: lookup company → organization → platform default.
 */
export interface EmailTemplateText {
  subject: string;
  body: string;
}

/** Placeholders each type may use (for the template editor and for tests). */
export const EMAIL_PLACEHOLDERS: Partial<Record<EmailType, readonly string[]>> = {
  COMPARISON_TO_VERIFIER: ['recipient_name', 'sender_name', 'comparison_name', 'company_name', 'audit_type', 'memo', 'comparison_url'],
  COMPARISON_TO_AUDITOR: ['recipient_name', 'sender_name', 'comparison_name', 'company_name', 'audit_type', 'memo', 'comparison_url'],
  COMPARISON_COMPLETE: ['comparison_name', 'company_name', 'audit_type', 'completed_by_name', 'completed_at', 'override_note', 'changes_since_previous', 'comparison_url'],
  COMPARISON_DISCREPANCY_LIMIT: ['comparison_name', 'company_name', 'discrepancy_limit', 'discrepancy_count', 'comparison_url'],
  RENEWAL_TASK_ASSIGNMENT: ['recipient_name', 'sender_name', 'company_name', 'carrier_name', 'renewal_month', 'step_name', 'renewal_url'],
  // A note's text stays on the platform: free text may hold an SSN, so the e-mail only says one was added.
  RENEWAL_TASK_NOTE: ['recipient_name', 'sender_name', 'company_name', 'carrier_name', 'renewal_month', 'step_name', 'tag', 'renewal_url'],
  RENEWAL_TASK_COMPLETE: ['recipient_name', 'completed_by_name', 'company_name', 'carrier_name', 'renewal_month', 'step_name', 'renewal_url'],
  RENEWAL_TASK_ORGANIZATION_MANAGED: ['recipient_name', 'sender_name', 'company_name', 'carrier_name', 'renewal_month', 'renewal_url'],
  RENEWAL_TASK_KICKOFF: ['recipient_name', 'company_name', 'carrier_name', 'renewal_month', 'effective_date', 'plan_names', 'renewal_url'],
  RENEWAL_STEP_OVERDUE: ['recipient_name', 'company_name', 'carrier_name', 'renewal_month', 'step_name', 'due_date', 'days_late', 'renewal_url'],
};

const DEFAULTS: Partial<Record<EmailType, EmailTemplateText>> = {
  COMPARISON_TO_VERIFIER: {
    subject: 'Please verify the comparison "{{comparison_name}}" for {{company_name}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      '{{sender_name}} has sent you the comparison "{{comparison_name}}" ({{audit_type}}) for {{company_name}} to verify.',
      'Check the resolved discrepancies and missing rows, approve them or send them back:',
      '{{comparison_url}}',
      '',
      'Memo for the verifier:',
      '{{memo}}',
    ].join('\n'),
  },
  COMPARISON_TO_AUDITOR: {
    subject: 'The comparison "{{comparison_name}}" for {{company_name}} is back with you',
    body: [
      'Hello {{recipient_name}},',
      '',
      '{{sender_name}} has sent the comparison "{{comparison_name}}" ({{audit_type}}) for {{company_name}} back to you, the auditor.',
      'Open it to see the verifier\'s notes and the rows sent back:',
      '{{comparison_url}}',
      '',
      'Memo for the auditor:',
      '{{memo}}',
    ].join('\n'),
  },
  COMPARISON_COMPLETE: {
    subject: 'The comparison "{{comparison_name}}" for {{company_name}} is complete',
    body: [
      'The comparison "{{comparison_name}}" ({{audit_type}}) for {{company_name}} was completed by {{completed_by_name}} on {{completed_at}}.',
      '{{override_note}}',
      '{{changes_since_previous}}',
      'It can no longer be changed. Its Excel exports, the enrollment as an 834 and the correction file for the carrier',
      '(the changes the carrier has to make, as .xlsx in its own layout or as an 834 change file) are on its Complete step:',
      '{{comparison_url}}',
    ].join('\n'),
  },
  COMPARISON_DISCREPANCY_LIMIT: {
    subject: 'Comparison "{{comparison_name}}" stopped: more than {{discrepancy_limit}} discrepancies',
    body: [
      'The comparison "{{comparison_name}}" for {{company_name}} found {{discrepancy_count}} discrepancies,',
      'more than the limit of {{discrepancy_limit}} set for your organization, so its results were not saved.',
      '',
      'This usually means the data points or the unique identifier do not line up (for example a column',
      'picked on the wrong side, a missing value mapping, or a different date format). Check the data',
      'points and mappings, then run the comparison again:',
      '{{comparison_url}}',
    ].join('\n'),
  },
  RENEWAL_TASK_ASSIGNMENT: {
    subject: 'You are assigned to the {{carrier_name}} renewal of {{company_name}} ({{step_name}})',
    body: [
      'Hello {{recipient_name}},',
      '',
      '{{sender_name}} has assigned you to the step "{{step_name}}" of the {{renewal_month}} {{carrier_name}} renewal of {{company_name}}.',
      'Open the renewal to see what the step needs:',
      '{{renewal_url}}',
    ].join('\n'),
  },
  RENEWAL_TASK_NOTE: {
    subject: 'New note on the {{carrier_name}} renewal of {{company_name}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      '{{sender_name}} added a note to the step "{{step_name}}" of the {{renewal_month}} {{carrier_name}} renewal of {{company_name}}. {{tag}}',
      'Open the renewal to read it:',
      '{{renewal_url}}',
    ].join('\n'),
  },
  RENEWAL_TASK_COMPLETE: {
    subject: '{{completed_by_name}} completed "{{step_name}}" of the {{carrier_name}} renewal of {{company_name}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      '{{completed_by_name}} has completed their part of the step "{{step_name}}" of the {{renewal_month}} {{carrier_name}} renewal of {{company_name}}.',
      '{{renewal_url}}',
    ].join('\n'),
  },
  RENEWAL_TASK_KICKOFF: {
    subject: 'The {{carrier_name}} renewal of {{company_name}} has started ({{renewal_month}})',
    body: [
      'Hello {{recipient_name}},',
      '',
      'The {{carrier_name}} plans of {{company_name}} renew on {{effective_date}}, and their renewal has started.',
      'Plans renewing: {{plan_names}}',
      '',
      'First step: the client information and the plans checklist. Open the renewal:',
      '{{renewal_url}}',
    ].join('\n'),
  },
  RENEWAL_STEP_OVERDUE: {
    subject: 'Late: {{step_name}} of the {{carrier_name}} renewal of {{company_name}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      'The step "{{step_name}}" of the {{renewal_month}} {{carrier_name}} renewal of {{company_name}} was due on {{due_date}}',
      'and is not done ({{days_late}} late). Open the renewal to finish it or move it on:',
      '{{renewal_url}}',
      '',
      'You get this reminder as an owner of the renewal or an assignee of the step, at most once a day while the step is late.',
    ].join('\n'),
  },
  RENEWAL_TASK_ORGANIZATION_MANAGED: {
    subject: 'You run the {{carrier_name}} renewal of {{company_name}} for the employer',
    body: [
      'Hello {{recipient_name}},',
      '',
      '{{sender_name}} has set the {{renewal_month}} {{carrier_name}} renewal of {{company_name}} as managed by your organization,',
      'with you as its contact: you fill in the client information and the plans checklist for the employer.',
      '{{renewal_url}}',
    ].join('\n'),
  },
};

/** The platform default template of a type; a plain fallback for types without one yet. */
export function defaultEmailTemplate(type: EmailType): EmailTemplateText {
  return DEFAULTS[type] ?? { subject: type.replace(/_/g, ' ').toLowerCase(), body: '' };
}

/** Fills `{{name}}` placeholders; unknown ones are left empty. */
export function renderTemplate(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}
