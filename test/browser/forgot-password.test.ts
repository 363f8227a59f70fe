import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { createTestUser } from '../support/test-users';
import { emailsTo } from '../support/users';

/**
 * A forgotten password, through the sign-in page of the local stack: the user asks for a code,
 * reads it in the e-mail the user pool sends (the local SES store, what the mail viewer shows),
 * chooses a new password with it and signs in with that password; the old one no longer works.
 */
const OLD = 'Forgotten-Pass1';
const NEW = 'Remembered-Pass2';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The code of the newest e-mail to `email` that carries one, once it has arrived. */
async function codeSentTo(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = (await emailsTo(email)).map((e) => /\b(\d{6})\b/.exec(e.body.text ?? e.body.html ?? '')?.[1]).filter(Boolean).at(-1);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code e-mailed to ${email}`);
}

describe('a forgotten password', () => {
  it('is replaced with the code e-mailed to the user, who then signs in with the new one', async () => {
    const { email } = await createTestUser({ role: 'COMPANY_ADMIN', password: OLD, permanent: true });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(stackUrl());
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByLabel('Username or email address').fill(email);
      await page.getByRole('button', { name: 'Send code' }).click();

      const code = await codeSentTo(email);
      await page.getByLabel('Code *', { exact: true }).fill(code);
      await page.getByLabel('New Password', { exact: true }).fill(NEW);
      await page.getByLabel('Confirm Password', { exact: true }).fill(NEW);
      await page.getByRole('button', { name: 'Submit' }).click();

      // Back on the sign-in form: the old password is refused, the new one signs in.
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
      await page.getByLabel('Username or email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(OLD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // cognito-local words the refusal 'Invalid password'; Cognito, 'Incorrect username or password.'
      await page.getByText(/Invalid password|Incorrect username or password/i).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);

      await signInThroughUi(page, email, NEW);
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
