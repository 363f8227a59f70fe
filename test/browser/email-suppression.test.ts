import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { createUserAsAdmin } from '../support/users';

const ADMIN = 'admin@demo.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a user whose address bounced', () => {
  it('has a page that says the platform no longer e-mails them, and an administrator e-mails them again from it', async () => {
    // The local SES bounces mail to SES's mailbox simulator (infra/local/ses-feedback.ts).
    const user = await createUserAsAdmin({ email: `bounce+${randomUUID()}@simulator.amazonses.com`, role: 'ADMIN_COMPARER' });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/admin/users/${user.id}`);
      const alert = page.getByRole('alert').filter({ hasText: 'E-mails to this address bounced on' });
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toContain('the platform no longer sends to it');
      await alert.getByRole('button', { name: 'E-mail again' }).click();
      await alert.waitFor({ state: 'detached', timeout: 15_000 });
      expect((await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN })).body.email_suppression).toBeNull();
    } finally {
      await context.close();
    }
  });
});
