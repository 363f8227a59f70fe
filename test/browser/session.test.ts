import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { inactivityWarning } from '../../shared/messages';
import { api, endpoints, runtimeConfig, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Serves the real /config.json with a shortened inactivity clock, for this page only. */
async function withFastInactivityClock(page: Page, signOutOnLocalhost: boolean) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({
      response,
      json: { ...config, inactivity: { warningAfterMs: 1500, countdownSeconds: 3, checkEveryMs: 250, signOutOnLocalhost } },
    });
  });
}

describe('inactivity', () => {
  it('warns with the spec’s text and a countdown; YES keeps the session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await withFastInactivityClock(page, true);
      await signInThroughUi(page, 'org-admin@demo.example');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 15_000 });
      await expect(dialog.textContent()).resolves.toMatch(/Are you still here\? This tool will time out in \d+ seconds due to inactivity\./);
      await dialog.getByRole('button', { name: 'YES' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('signs the user out when the countdown reaches zero', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await withFastInactivityClock(page, true);
      await signInThroughUi(page, 'org-admin@demo.example');
      await page.getByRole('dialog').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('dialog').textContent()).toContain(inactivityWarning(3).split(' 3 ')[0]);
      await page.getByLabel('Username or email address').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});

describe('forced new password', () => {
  it('a user created with a temporary password must choose a new one, then lands', async () => {
    // Arrange: an invited user exactly as the platform leaves one (Cognito user in
    // FORCE_CHANGE_PASSWORD plus the user record with the same id).
    const config = await runtimeConfig();
    const email = `invitee-${randomUUID().slice(0, 8)}@test.example`;
    const cognito = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: config.userPoolEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: config.userPoolId,
        Username: email,
        TemporaryPassword: 'Temp-Passw0rd!',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'custom:role', Value: 'ORGANIZATION_USER' }],
      }),
    );
    const sub = created.User!.Attributes!.find((a) => a.Name === 'sub')!.Value!;
    const orgUser = (await api('GET', '/api/me', { as: 'org-user@demo.example' })).body;
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint: endpoints().dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const { UserEntity } = await import('../../functions/lib/db/user');
    const item = UserEntity.create({
      id: sub,
      username: email,
      email,
      role: 'ORGANIZATION_USER',
      organization_id: orgUser.organization_id,
      first_name: 'New',
      last_name: 'Invitee',
    }).params({ table: 'dvp-local' });
    await documents.send(new PutCommand(item as never));

    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      // Act
      await page.goto(stackUrl());
      await page.getByLabel('Username or email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Temp-Passw0rd!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: /change password/i }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password', { exact: true }).fill('different');
      const mismatch = page.getByText('Your passwords must match');
      await page.getByLabel('Confirm Password', { exact: true }).blur();
      await mismatch.waitFor({ timeout: 5_000 });
      await page.getByText('Password must have at least 8 characters').waitFor({ timeout: 5_000 });
      await page.getByLabel('Password', { exact: true }).fill('Chosen-Passw0rd!');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen-Passw0rd!');
      await page.getByRole('button', { name: 'Change Password' }).click();

      // Assert
      await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 20_000 });
      await page.waitForURL((url) => url.pathname === `/organizations/${orgUser.organization_id}`);
    } finally {
      await context.close();
    }
  });
});
