import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail.ts';

/**
 * After `page.goto` to an HTML page, waits until React has hydrated it (`html[data-hydrated]`, set by
 * src/web/main.tsx): a prerendered page shows its buttons before their handlers exist, and a click in
 * that gap is lost. Pages the specs open themselves get the same through `waitForHydration`.
 */
const plainGoto = new WeakMap<Page, Page['goto']>();

export function waitForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  plainGoto.set(page, goto);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response?.headers()['content-type']?.includes('text/html')) {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    }
    return response;
  };
  return page;
}

/**
 * `page.goto` without waiting for hydration: for a test that holds the page's clock (hydration starts
 * on the frame after the first paint, which a paused clock never reaches).
 */
export function gotoBeforeHydration(page: Page, url: string) {
  return (plainGoto.get(page) ?? page.goto.bind(page))(url);
}

/** Playwright's `test` whose `page` waits for hydration after each goto (not when JavaScript is off). */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitForHydration(page));
  },
});

/**
 * Collects console errors, uncaught page errors and Content-Security-Policy violations (a blocked eval
 * is swallowed by the code that tried it, so it never reaches the console by itself); tests assert the
 * list stays empty.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Registered before the next navigation: Playwright sends commands in order.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} in ${e.sourceFile}`),
    );
  });
  return errors;
}

/** The password every account the specs register uses. */
export const E2E_PASSWORD = 'a long enough password';

/**
 * Registers a new account through /auth and follows the real verification mail; ends signed in on
 * the way to /payment. `prefix` names the spec in the address, so mail is easy to tell apart.
 */
export async function registerAndVerify(page: Page, baseURL: string, prefix: string): Promise<string> {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Create one' }).click();
  return signUpAndVerify(page, baseURL, prefix);
}

/**
 * On the sign-up form (whichever link led there): registers a new account and follows the real
 * verification mail; returns the address, `prefix` first.
 */
export async function signUpAndVerify(page: Page, baseURL: string, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${test.info().workerIndex}@example.com`;
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  const mail = await waitForMail(email, 'Confirm your email for Flowvault');
  await page.goto(linkIn(mail.body, `${baseURL}/api/auth/verify-email`));
  return email;
}

/** The operator account (OPERATOR_EMAIL in playwright.config.ts) and the password the specs choose for it. */
export const OPERATOR = 'operator-e2e@example.com';
export const OPERATOR_PASSWORD = 'operator e2e password 789';

/**
 * Signs the operator in. The first spec to get here chooses the password through the reset link the
 * first boot mailed (that link works once); the others wait for it, then sign in with the password.
 * Workers are separate processes: a lock folder beside the mail makes the choice once.
 */
export async function signInOperator(page: Page, baseURL: string): Promise<void> {
  const dir = process.env.E2E_MAIL_DIR!;
  const lock = path.join(dir, 'operator.lock');
  const ready = path.join(dir, 'operator.ready');
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Operator sign-in lock ${lock} held for 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!existsSync(ready)) {
      const reset = await waitForMail(OPERATOR, 'Your Flowvault operator account');
      await page.goto(linkIn(reset.body, `${baseURL}/`));
      await expect(page).toHaveURL(/\/auth\?mode=reset/, { timeout: 10_000 });
      await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByText('Password Updated')).toBeVisible();
      writeFileSync(ready, '');
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  await page.goto('/auth');
  await page.getByLabel('Email').fill(OPERATOR);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The operator lands on the console, not on /payment (issue 21 item 17).
  await expect(page).toHaveURL(/\/admin\/catalog$/, { timeout: 10_000 });
}

/**
 * A verified, signed-in paying member made through the server's own services (e2e/member-factory.ts:
 * better-auth's adapter and sign-in, a real sandbox checkout settled like the return page does), its
 * session cookie put into the page's browser context; ends on /dashboard. The UI path (register,
 * verify by mail, pay) stays covered by e2e/payment.spec.ts.
 */
export async function becomePayingMember(page: Page, baseURL: string, prefix: string): Promise<string> {
  const email = await signInNewMember(page.context(), baseURL, prefix);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  return email;
}

/**
 * A paying member (becomePayingMember) on the dashboard's search, the page watched from the start
 * and waiting for hydration after each goto: returns the console errors (watchConsole).
 */
export async function payingMemberOnSearch(page: Page, baseURL: string, prefix: string): Promise<string[]> {
  waitForHydration(page);
  const errors = watchConsole(page);
  await becomePayingMember(page, baseURL, prefix);
  await page.goto('/dashboard?section=search');
  return errors;
}

/**
 * Makes an account through the server's services and signs the browser context in (no page visited):
 * `paid: false` gives a verified account without access. Password: E2E_PASSWORD.
 */
export async function signInNewMember(
  context: BrowserContext,
  baseURL: string,
  prefix: string,
  options: { paid?: boolean } = {},
): Promise<string> {
  const email = `${prefix}-${Date.now()}-${test.info().workerIndex}-${++made}@example.com`;
  const response = await fetch(`${await memberFactoryUrl()}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD, paid: options.paid !== false }),
  });
  const answer = (await response.json()) as { setCookies?: string[]; error?: string };
  if (!response.ok || !answer.setCookies)
    throw new Error(`member factory: ${answer.error ?? response.status}`);
  await context.addCookies(
    answer.setCookies.map((header) => {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      return {
        name: pair!.slice(0, at),
        value: pair!.slice(at + 1),
        url: baseURL,
        httpOnly: /;\s*httponly/i.test(header),
        sameSite: 'Lax' as const,
      };
    }),
  );
  return email;
}

let made = 0;
let factoryUrl: string | undefined;
/** The member factory's address, written by e2e/serve.ts once the server has booted. */
async function memberFactoryUrl(): Promise<string> {
  const file = path.join(process.env.E2E_MAIL_DIR!, 'member-factory.url');
  for (let waited = 0; !factoryUrl; waited += 100) {
    if (existsSync(file)) factoryUrl = readFileSync(file, 'utf8');
    else if (waited > 15_000) throw new Error(`${file} was never written: did e2e/serve.ts start?`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  return factoryUrl;
}

/**
 * Runs axe on the page as it is now, in the light and the dark colour scheme (the site follows the
 * system setting): every rule in light, the colour rules in dark; fails naming each violation and the
 * first elements it found.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Components that follow the scheme in script (React Flow's colorMode) re-render on the next frames.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    // A toast fading in or out is half transparent: let toasts settle (mounted, not being removed, no
    // transition running, and still so a frame later: a toast's transition starts a frame after it
    // mounts) so contrast is judged as seen.
    const toastsSettled = () =>
      page.waitForFunction(() => {
        const toasts = [...document.querySelectorAll('[data-sonner-toast]')];
        return (
          toasts.every(
            (t) => t.getAttribute('data-mounted') === 'true' && t.getAttribute('data-removed') !== 'true',
          ) &&
          document.getAnimations().every((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target;
            return a.playState !== 'running' || !target?.closest('[data-sonner-toast]');
          })
        );
      });
    await toastsSettled();
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await toastsSettled();
    // The dark scheme changes colours only: its run checks the colour rules (the light run checks all).
    // Legacy mode: axe.run in the page itself. The default runs axe in each frame, then opens a new
    // page (a renderer process) to merge the frames' results: about 0.7 s of every run, for the one
    // frame a page of ours can hold (the YouTube player on a detail page, someone else's document,
    // unreachable offline), whose title the top-frame rules still check.
    const axe = new AxeBuilder({ page }).setLegacyMode();
    if (colorScheme === 'dark') axe.withRules(['color-contrast', 'link-in-text-block']);
    const { violations } = await axe.analyze();
    const found = violations.map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').at(-1)?.trim() ?? ''}`)
          .join(' | ')}`,
    );
    expect(found, `axe on ${where} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * For looking at by eye (SCREENS_DIR set, outside the repository; nothing without it): `part`, or the
 * whole page, at desktop 1366×768 and phone 390×844, light and dark, saved as
 * `<name>-<width>-<scheme>.png`; leaves the page at 1280×720, light.
 */
export async function screenshotsForEye(page: Page, name: string, part?: Locator): Promise<void> {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await (part ?? page).screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}
