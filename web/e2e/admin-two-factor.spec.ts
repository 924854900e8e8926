/**
 * Two-factor authentication end to end, against the real binary with a
 * server of its own (it changes how the owner signs in): set-up from the
 * account page with a code computed here from the key the page shows, the
 * recovery codes (Copy and Download), sign-in with a code and with a recovery
 * code, a replayed code refused, and turning it off. Codes are RFC 6238
 * (HMAC-SHA-1, 6 digits, 30 s), computed with node's crypto: no wall-clock
 * luck, the sign-in uses the step after the one the set-up used, which the
 * server accepts as one step of clock skew.
 */
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, toast } from './admin';
import { OWNER, expect, startVita, test } from './server';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The code an authenticator app shows during time step `step` (RFC 6238 / RFC 4226). */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/** Signing out sends the browser to the home page: wait for it, or the next `goto` is cut short. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function signInWithPassword(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('the code computed here matches RFC 6238 (the test of the test)', () => {
  // Appendix B's key; its 8-digit code at T = 59 s is 94287082, so the 6-digit one is 287082.
  expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1)).toBe('287082');
});

test('two-factor authentication: set up, sign in with a code or a recovery code, turn off', async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { server, stop } = await startVita();
  try {
    await signInWithPassword(page, server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`${server.url}/admin/account`);
    const card = page.locator('[aria-labelledby="second-factor-title"]');
    await expect(card.getByText('Off', { exact: true })).toBeVisible();

    // The set-up asks for the password first.
    await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await card.getByLabel('Password').fill('not my password');
    await card.getByRole('button', { name: 'Continue' }).click();
    await expect(card.getByText('The password is not correct')).toBeVisible();
    await card.getByLabel('Password').fill(OWNER.password);
    await card.getByRole('button', { name: 'Continue' }).click();

    // A QR code and the key as text; a wrong code does not turn it on.
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    await expectNoAxeViolations(page);
    const codeField = card.getByLabel('Code from the app');
    await codeField.fill('12345');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    const setUpStep = currentStep();
    const wrong = totp(secret, setUpStep) === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByText('The code is not correct')).toBeVisible();
    await codeField.fill(totp(secret, setUpStep));
    await card.getByRole('button', { name: 'Turn on' }).click();

    // Ten recovery codes, shown once, with Copy and Download.
    await expect(toast(page, 'Success', 'Two-factor authentication is on. Other devices have been signed out.')).toBeVisible();
    const codes = await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    const [first = '', second = ''] = codes;
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Success', 'Recovery codes copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${codes.join('\n')}\n`);
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('vita-recovery-codes.txt');
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(await download.path(), 'utf8')).toBe(`${codes.join('\n')}\n`);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left.');
    await expect(card.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

    // Sign out; the password alone now leads to the code step.
    await signOut(page);
    await signInWithPassword(page, server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    await expect(page.getByLabel('Code')).toBeFocused();
    expect((await page.request.get(`${server.url}/api/auth/session`)).status()).toBe(401);
    await expectNoAxeViolations(page);
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The code is not correct')).toBeVisible();
    const signInCode = totp(secret, setUpStep + 1);
    await page.getByLabel('Code').fill(signInCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The same code again is refused; a recovery code signs in once and says how many are left.
    await signOut(page);
    await signInWithPassword(page, server.url);
    await page.getByLabel('Code').fill(signInCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This code has been used already: wait for the next one')).toBeVisible();
    await page.getByLabel('Code').fill(first.toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(toast(page, 'Success', 'Recovery code accepted: 9 recovery codes left.')).toBeVisible();
    expect(server.logs()).toContain('a one-time code was used again and refused');

    // Turning it off needs the password and a code; then the password alone signs in.
    await page.goto(`${server.url}/admin/account`);
    await expect(card.getByTestId('recovery-codes-left')).toHaveText('9 recovery codes left.');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByLabel('Password').fill(OWNER.password);
    await card.getByLabel('Code').fill(first);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('The code is not correct')).toBeVisible();
    await card.getByLabel('Code').fill(second);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(toast(page, 'Success', 'Two-factor authentication is off. Other devices have been signed out.')).toBeVisible();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await signOut(page);
    await signInWithPassword(page, server.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  } finally {
    await stop();
  }
});
