/**
 * The admin's sign-in and shell end to end, against the real binary: the
 * guard, the login states, sign-out, the first-run setup, the rate limit,
 * expiry of a revoked session, the account page, the site settings and
 * accessibility (axe) in both themes.
 *
 * Tests that lock the owner out, change the password or change site-wide
 * settings get a server of their own, so they leave the worker's server as
 * they found it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { OWNER, expect, ownerApi, startVita, test, type VitaServer } from './server';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Runs `body` with a server of its own (fresh data folder), stopped afterwards. */
async function withOwnServer<T>(options: { withOwner?: boolean }, body: (server: VitaServer) => Promise<T>): Promise<T> {
  const { server, stop } = await startVita(options);
  try {
    return await body(server);
  } finally {
    await stop();
  }
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Signs in through the login form and waits for the dashboard. */
async function signIn(page: Page, base = '') {
  await page.goto(`${base}/admin/login`);
  await fillLogin(page, OWNER.email, OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The header's account link, which shows the signed-in e-mail. */
const accountLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: new RegExp(OWNER.email) });
/** The signed-in e-mail as the header shows it. */
const headerEmail = (page: Page, email: string = OWNER.email) => page.getByRole('banner').getByText(email, { exact: true });

async function isSignedIn(api: APIRequestContext): Promise<boolean> {
  const response = await api.get('/api/auth/session');
  return response.status() === 200;
}

test.describe('the guard', () => {
  test('sends signed-out visitors of /admin pages to the login page', async ({ page }) => {
    for (const path of ['/admin', '/admin/publications', '/admin/account', '/admin/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    }
  });

  test('shows a spinner while the session loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeAttached();
    await expect(page).toHaveURL(/\/admin$/);
    release();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe('the login page', () => {
  test('a wrong password shows the server message in an alert', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await fillLogin(page, OWNER.email, 'not the right password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('an empty submission is blocked by the required fields', async ({ page }) => {
    const signInRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/token')) signInRequests.push(request.url());
    });
    await page.goto('/admin/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await expect(email).toHaveAttribute('required', '');
    await expect(password).toHaveAttribute('required', '');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    expect(signInRequests).toEqual([]);
  });

  test('the button is disabled with a spinner while signing in', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/login');
    await fillLogin(page, OWNER.email, OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('signing in lands on the dashboard with the e-mail, and a reload keeps the session', async ({ page, context }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    // The section cards (a new site's list of sample texts above them has links of its own).
    const cards = page.getByRole('main').getByRole('list', { name: 'Admin sections' }).getByRole('link');
    await expect(cards).toHaveCount(23);
    await expect(cards.first()).toHaveAttribute('href', '/admin/homepage');
    await expect(page.getByRole('main').getByRole('link', { name: /Open Calls/ })).toHaveAttribute('href', '/admin/open-calls');
    await expect(page.getByRole('main').getByRole('link', { name: /Site Settings/ })).toHaveAttribute('href', '/admin/settings');
    await expect(page.getByRole('main').getByRole('link', { name: /Statistics/ })).toHaveAttribute('href', '/admin/statistics');
    await expect(headerEmail(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/');

    // The session is an HttpOnly cookie; page scripts hold no token.
    const cookie = (await context.cookies()).find((c) => c.name === 'vita_session');
    expect(cookie?.httpOnly).toBe(true);
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored.filter((key) => key !== 'academic-theme')).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(headerEmail(page)).toBeVisible();

    // A signed-in visit to the login page goes to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test('Sign Out goes to the public site and /admin then asks to sign in', async ({ page }) => {
  await signIn(page);
  const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout?scope=local') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await logout;
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'View Publications' })).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText(EXPIRED_MESSAGE)).toHaveCount(0);
});

test('a session revoked elsewhere sends the user to the login page on the next request', async ({ page, vita }) => {
  await signIn(page);
  const other = await ownerApi(vita);
  try {
    // Another device ends every session but its own: this page's too.
    expect((await other.post('/api/auth/logout?scope=others')).status()).toBe(204);
  } finally {
    await other.dispose();
  }
  await accountLink(page).click(); // the account page reads the session list: 401
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText(EXPIRED_MESSAGE)).toBeVisible();

  // Signing in again clears the notice.
  await fillLogin(page, OWNER.email, OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin$/);
});

test('the first-run setup creates the owner, signs in and then closes', async ({ page }) => {
  await withOwnServer({ withOwner: false }, async (server) => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole('link', { name: 'Create the owner account' }).click();
    await expect(page).toHaveURL(/\/admin\/setup$/);
    // Without the link's token the page only says where to find it, and the server creates nothing.
    await expect(page.getByRole('heading', { level: 1, name: 'Open the setup link' })).toBeVisible();
    const tokenless = await page.request.post(`${server.url}/api/auth/setup`, {
      data: { email: 'intruder@example.org', password: 'another long passphrase', password_confirmation: 'another long passphrase', token: '' },
    });
    expect(tokenless.status()).toBe(403);

    expect(server.setupLink).toMatch(/\/admin\/setup\?token=[\w-]{43}$/);
    await page.goto(server.setupLink ?? '');
    await expect(page.getByRole('heading', { level: 1, name: 'Set up the owner account' })).toBeVisible();

    const email = 'first.owner@example.org';
    const password = page.getByLabel('Password', { exact: true });
    const again = page.getByLabel('Password again');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await page.getByLabel('Email').fill(email);

    // Too short: refused before asking the server.
    await password.fill('short');
    await again.fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 10 characters long')).toBeVisible();

    // Long enough but weak: the server's reasons appear next to the field.
    await password.fill('aaaaaaaaaaaa');
    await again.fill('aaaaaaaaaaaa');
    await submit.click();
    await expect(page.getByText('Password must not repeat the same few characters')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');

    await password.fill('first.owner is here 2025');
    await again.fill('first.owner is here 2025');
    await submit.click();
    await expect(page.getByText('Password must not contain the e-mail address')).toBeVisible();

    // Mismatch.
    await password.fill('a long and good passphrase');
    await again.fill('a long and good passphrase!');
    await submit.click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();

    await again.fill('a long and good passphrase');
    await submit.click();
    // Signed in, on the first-run step (e2e/first-run.spec.ts follows it); skipped here.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(headerEmail(page, email)).toBeVisible();
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.goto(`${server.url}/admin/setup`);
    await expect(page.getByRole('heading', { level: 1, name: 'Setup is complete' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Admin Login' }).click();
    // Signed in already, the login page passes through to the dashboard.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const response = await page.request.post(`${server.url}/api/auth/setup`, {
      data: { email: 'intruder@example.org', password: 'another long passphrase', password_confirmation: 'another long passphrase' },
    });
    expect(response.status()).toBe(403);
  });
});

test('the login page offers no setup once the owner exists', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Create the owner account' })).toHaveCount(0);
});

test('the sixth wrong password in a row is refused by the rate limit', async ({ page }) => {
  await withOwnServer({}, async (server) => {
    await page.goto(`${server.url}/admin/login`);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await fillLogin(page, OWNER.email, `wrong password ${attempt}`);
      const answered = page.waitForResponse('**/api/auth/token');
      await page.getByRole('button', { name: 'Sign In' }).click();
      expect((await answered).status()).toBe(400);
      await expect(alert).toHaveText('Invalid login credentials');
    }
    await fillLogin(page, OWNER.email, 'wrong password 6');
    const answered = page.waitForResponse('**/api/auth/token');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect((await answered).status()).toBe(429);
    await expect(alert).toHaveText(/^Too many failed sign-in attempts\. Try again in (1 minute|\d+ minutes)\.$/);
  });
});

test('the account page changes the password, signing out the other devices', async ({ page }) => {
  await withOwnServer({}, async (server) => {
    await signIn(page, server.url);
    const rows = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    const first = await ownerApi(server);
    const second = await ownerApi(server);
    try {
      await accountLink(page).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      await expect(rows).toHaveCount(3);
      await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
      await expect(rows.filter({ hasText: 'This device' }).getByRole('button')).toHaveCount(0);

      // One other device.
      await rows.filter({ hasNotText: 'This device' }).first().getByRole('button', { name: /^Sign out/ }).click();
      await expect(page.getByText('Device signed out successfully')).toBeVisible();
      await expect(rows).toHaveCount(2);
      expect([await isSignedIn(first), await isSignedIn(second)].filter(Boolean)).toHaveLength(1);

      // Every other device.
      await page.getByRole('button', { name: 'Sign out other devices' }).click();
      await expect(page.getByText('Other devices signed out successfully')).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Sign out other devices' })).toBeDisabled();
      expect(await isSignedIn(first)).toBe(false);
      expect(await isSignedIn(second)).toBe(false);
    } finally {
      await first.dispose();
      await second.dispose();
    }

    const other = await ownerApi(server);
    try {
      await page.reload();
      await expect(rows).toHaveCount(2);
      const current = page.getByLabel('Current password');
      const next = page.getByLabel('New password', { exact: true });
      const again = page.getByLabel('New password again');
      const submit = page.getByRole('button', { name: 'Change Password' });

      await current.fill('not my password');
      await next.fill('a fresh long passphrase');
      await again.fill('a fresh long passphrase');
      await submit.click();
      await expect(page.getByText('The current password is not correct')).toBeVisible();
      await expect(current).toHaveAttribute('aria-invalid', 'true');

      await current.fill(OWNER.password);
      await next.fill('bbbbbbbbbbbb');
      await again.fill('bbbbbbbbbbbb');
      await submit.click();
      await expect(page.getByText('Password must not repeat the same few characters')).toBeVisible();

      await next.fill('a fresh long passphrase');
      await again.fill('a fresh long passphrase');
      await submit.click();
      await expect(page.getByText('Password changed successfully. Other devices have been signed out.')).toBeVisible();
      await expect(current).toHaveValue('');
      expect(await isSignedIn(other)).toBe(false);
      await expect(rows).toHaveCount(1);

      // This device stays signed in; the new password works and the old one does not.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      const withOld = await other.post('/api/auth/token', { data: { email: OWNER.email, password: OWNER.password } });
      expect(withOld.status()).toBe(400);
      const withNew = await other.post('/api/auth/token', { data: { email: OWNER.email, password: 'a fresh long passphrase' } });
      expect(withNew.status()).toBe(200);
    } finally {
      await other.dispose();
    }
  });
});

test('the site settings are saved and read back', async ({ page }) => {
  await withOwnServer({}, async (server) => {
    await signIn(page, server.url);
    await page.getByRole('link', { name: /Site Settings/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
    const url = page.getByLabel('Analytics script URL');
    const students = page.getByLabel('Show students publicly');
    const submit = page.getByRole('button', { name: 'Update Settings' });
    await expect(url).toHaveValue('');
    await expect(students).not.toBeChecked();

    await url.fill('http://counter.example.com/count.js');
    await submit.click();
    await expect(page.getByText('The script URL must start with https://')).toBeVisible();

    // Only a listed provider's script (or one from the owner's declared domain).
    await url.fill('https://counter.example.com/count.js');
    await submit.click();
    await expect(page.getByText('The script must come from a listed analytics provider', { exact: false })).toBeVisible();

    // A new script asks for the password (issue 32): refused without it, saved with it.
    await url.fill('https://plausible.io/js/script.js');
    await students.check();
    await submit.click();
    await expect(page.getByText('Enter your password to confirm this change')).toBeVisible();
    await page.getByLabel('Your password').fill(OWNER.password);
    await submit.click();
    await expect(page.getByText('Settings updated successfully')).toBeVisible();
    await expect(page.getByLabel('Your password')).toHaveCount(0);
    await page.goto(`${server.url}/admin`);
    await expect(page.getByText(/Analytics script from https:\/\/plausible\.io since /)).toBeVisible();
    await page.goto(`${server.url}/admin/settings`);

    await page.reload();
    await expect(url).toHaveValue('https://plausible.io/js/script.js');
    await expect(students).toBeChecked();
    const stored = await page.request.get(`${server.url}/api/settings`);
    expect(await stored.json()).toMatchObject({
      analytics_script_url: 'https://plausible.io/js/script.js',
      analytics_own_origin: '',
      show_students_publicly: true,
      analytics_warning: null,
    });

    // A refusal from the server shows its message next to the field and in an error toast.
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'validation', message: 'That host is not allowed', fields: { analytics_script_url: 'That host is not allowed' } },
            }),
          })
        : route.continue(),
    );
    await url.fill('');
    await submit.click();
    await expect(page.getByText('That host is not allowed')).toHaveCount(2); // next to the field, and in the toast
    await expect(url).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on the login, dashboard and account pages (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const check = async (heading: string) => {
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
      };
      await page.goto('/admin/login');
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await check('Admin Login');

      // The login page with an error alert showing.
      await fillLogin(page, OWNER.email, 'not the right password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await check('Admin Login');

      await fillLogin(page, OWNER.email, OWNER.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await check('Dashboard');
      await page.goto('/admin/account');
      await check('Account');
      await page.goto('/admin/settings');
      await check('Site Settings');
    });
  }
});
