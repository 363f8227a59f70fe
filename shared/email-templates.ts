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
  COMPARISON_DISCREPANCY_LIMIT: ['comparison_name', 'company_name', 'discrepancy_limit', 'discrepancy_count', 'comparison_url'],
};

const DEFAULTS: Partial<Record<EmailType, EmailTemplateText>> = {
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
