import { expect } from '@playwright/test';
import { PLAN_PRICE_LABEL } from '../src/shared/plans.ts';
import { test, watchConsole } from './support.ts';

// The /auth screen's own texts. The flows that follow mailed links (verify, reset) are in account.spec.ts.
test.describe('/auth', () => {
  test('shows the progress bar, asks for the email before a reset, and maps a failed sign-in', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    // The progress bar belongs to buying (creating an account), not to signing in (issue 43).
    await page.goto('/auth?mode=register');
    const progress = page.getByRole('navigation', { name: 'Progress' });
    await expect(progress.getByText('Create Account')).toBeVisible();
    await expect(progress.getByText('Complete Payment')).toBeVisible();
    await expect(progress.getByText(`(one-time ${PLAN_PRICE_LABEL})`)).toBeVisible();
    await expect(progress.getByText('Access Dashboard')).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(progress).toHaveCount(0);

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByText('Email Required')).toBeVisible();
    await expect(page.getByText('Please enter your email address first.')).toBeVisible();

    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(
      page.getByText(
        'Invalid email or password. If you just registered, try using the password reset option below.',
      ),
    ).toBeVisible();
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });

  test('registration ends in sign-in mode with "Check your email"', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Email').fill(`e2e-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('a signed-out visitor of /dashboard lands on /auth', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
