// Strangers on the network (issue 44): a device that sent too many wrong join codes is told so on
// the join page, with when it may try again, and gets in once the wait is over.
import { describe, expect, it } from 'vitest';
import { withServer } from './serve.js';

const t = withServer('join');

describe('the join page after too many wrong codes', () => {
  it('shows the server’s refusal and a countdown, then lets the player try again and join', async () => {
    const { links } = await t.served.api<{ links: string[] }>('GET', '/api/table');
    const link = links[0] as string;
    // Five mistakes from this computer, the address the browser's page comes from too.
    for (let i = 0; i < 5; i++) expect((await fetch(`${t.served.url}/api/join/WRONGCDE`)).status).toBe(403);
    const page = await t.browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The sixth try, with the right code: the device still waits.
    await page.goto(link);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('too many wrong join codes from this device: try again in');
    const timer = page.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/^You can try again in \d+ s\.$/);
    const first = Number(/(\d+)/.exec((await timer.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(12);
    await expect
      .poll(async () => Number(/(\d+)/.exec((await timer.textContent()) ?? '')?.[1] ?? 0), { timeout: 5_000 })
      .toBeLessThan(first);
    await page.getByRole('button', { name: 'Try again' }).click({ timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('No fight is open to the table yet');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
