import { expect } from '@playwright/test';
import { linkIn, waitForMail } from './mail.ts';
import { test } from './support.ts';

const RESET_SUBJECT = 'Reset your Flowvault password';

// Register → verify (real mail) → sign out → sign in → reset password by mail → sign in with it.
test('register, verify, sign out, sign in, reset the password by mail', async ({ page, baseURL }) => {
  // Two real mails through the outbox and six page loads: more than the default 30 s on a busy
  // 2-core machine.
  test.setTimeout(60_000);
  const email = `account-${Date.now()}@example.com`;
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first password 123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const verification = await waitForMail(email, 'Confirm your email for Flowvault');
  await page.goto(linkIn(verification.body, `${baseURL}/api/auth/verify-email`));
  // Signed in by the link; not paid, so the gate sends the member on to /payment.
  await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('link', { name: 'Get Access' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first password 123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByText('Password Reset Sent')).toBeVisible();
  const reset = await waitForMail(email, RESET_SUBJECT);
  await page.goto(linkIn(reset.body, `${baseURL}/`));
  await expect(page).toHaveURL(/\/auth\?mode=reset/, { timeout: 10_000 });
  await page.getByLabel('New password').fill('second password 456');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Updated')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second password 456');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 10_000 });
});
