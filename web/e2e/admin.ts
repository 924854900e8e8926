/**
 * Shared steps of the admin content tests: signing in through the login form,
 * running axe, answering the browser's delete confirmation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { OWNER, expect, ownerApi, test } from './server';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Signs in through the login form, then opens `path` (an /admin page). */
export async function signInTo(page: Page, path = '/admin') {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const busy = page.getByRole('alert').filter({ hasText: 'The service is busy, please try again' });
  // The password check is slow by design (argon2) and slower still on a machine loaded by the
  // other tests, hence the longer wait. There, the attempt's write can also find SQLite busy
  // for over a second: the server answers 503, the form says so, and the test sends the form
  // again as the owner would (at most three times).
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(dashboard.or(busy)).toBeVisible({ timeout: 15_000 });
    if (attempt === 3 || !(await busy.isVisible())) break;
    await page.waitForTimeout(1_000);
  }
  await expect(dashboard).toBeVisible();
  if (path !== '/admin') await page.goto(path);
}

/** axe-core finds no WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  // Colours caught mid-transition (a theme just switched, a hover fading) read as low contrast:
  // axe looks once every CSS transition has ended.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
}

/**
 * Answers the next browser confirmation (`window.confirm`) with `accept`,
 * and returns a promise of its message.
 */
export function answerNextConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const message = dialog.message();
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(message);
    });
  });
}

/** The toast with `title` ('Success' / 'Error') and `description`. */
export function toast(page: Page, title: 'Success' | 'Error', description: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });
}

/**
 * Rows of content `tables` through the owner API, for seeding and checking. Every listed table
 * is emptied before and after each test of the calling spec file, so other files sharing the
 * worker's server never see these rows.
 */
export function cleanTables<Table extends string>(tables: readonly Table[]) {
  let api: APIRequestContext;

  async function rows<T = Record<string, unknown>>(table: Table): Promise<T[]> {
    const response = await api.get(`/api/admin/${table}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as T[];
  }

  async function seed(table: Table, data: Record<string, unknown>): Promise<{ id: string }> {
    const response = await api.post(`/api/${table}`, { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  }

  async function clear() {
    for (const table of tables) {
      for (const row of await rows<{ id: string }>(table)) {
        expect((await api.delete(`/api/${table}/${row.id}`)).ok()).toBe(true);
      }
    }
  }

  test.beforeEach(async ({ vita }) => {
    api = await ownerApi(vita);
    await clear();
  });

  test.afterEach(async ({ vita }) => {
    // A fresh connection: the test may have left the first one idle for longer than the
    // server keeps an idle connection open (`--header-timeout`, 10 s), and a request sent on
    // it as the server closes it is reset (seen once in a full run: ECONNRESET).
    await api.dispose();
    api = await ownerApi(vita);
    await clear();
    await api.dispose();
  });

  return { rows, seed };
}
