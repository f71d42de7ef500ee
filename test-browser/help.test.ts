// The help in real Chromium (issue 45, part 3): a help link on the fight's page, followed with the
// keyboard alone, opens the docs' page in a tab of its own on the heading it names, in the theme
// the GM chose, with nothing asked of anywhere but Fray's server (the table may have no internet);
// the builder's and the designer's links are there too. Screenshots of a page of the help at a
// phone's, a tablet's and a desktop's size, light and dark, in test-browser/shots.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FightView } from '../src/server/fights.js';
import { axeFindings, SHOTS, withServer } from './serve.js';

const t = withServer('help');

/** Every request the context's pages make that is not to Fray's server: refused, and listed. */
async function offline(context: BrowserContext): Promise<string[]> {
  const left: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(t.served.url) || url.startsWith('data:')) return route.continue();
    left.push(url);
    return route.abort();
  });
  return left;
}

/** Tabs from where the focus is until it is on the link named `name`, then presses Enter. */
async function followByKeyboard(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate("document.activeElement?.textContent ?? ''")) === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`no link '${name}' reached with Tab`);
}

describe('the help', () => {
  it('opens from the fight page on the heading the link names, offline, in the GM’s theme', async () => {
    const e = await t.served.api<{ id: number }>('POST', '/api/encounters', {
      text: 'ruleset: wfrp1e\ntitle: Two orcs\nsides:\n  - name: Heroes\n    players: true\n    combatants: [{ use: human }]\n  - name: Orcs\n    combatants: [{ use: orc }]\n',
    });
    const f = await t.served.api<FightView>('POST', '/api/fights', { encounterId: e.id, seed: 1 });
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const left = await offline(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(t.served.gm(`#/fights/${f.id}`));
    await page.waitForSelector('.question .label');
    // The GM's theme, chosen on the GM's screen: the help takes it.
    await page.getByRole('button', { name: 'Dark theme' }).click();

    const question = page.getByRole('region', { name: 'question' });
    const link = question.getByRole('link', { name: /^help on how a question is asked and answered/ });
    expect(await link.getAttribute('href')).toBe('/docs/table-play#who-is-asked-what');
    await question.focus();
    const opened = context.waitForEvent('page');
    await followByKeyboard(page, 'help on how a question is asked and answered (opens in a new tab)');
    const help = await opened;
    help.on('pageerror', (err) => errors.push(err.message));
    await help.waitForLoadState('load');
    expect(new URL(help.url()).pathname + new URL(help.url()).hash).toBe(
      '/docs/table-play#who-is-asked-what',
    );
    const heading = help.getByRole('heading', { name: 'Who is asked what' });
    expect(await heading.getAttribute('id')).toBe('who-is-asked-what');
    // Scrolled to it: the heading stands at the top of the window.
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(60);
    expect((await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(await help.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    expect(await help.getByRole('button', { name: /Dark theme/ }).getAttribute('aria-pressed')).toBe('true');
    // The fight's page is where it was.
    expect(page.url()).toContain(`#/fights/${f.id}`);

    // A link between pages of the help, with the keyboard: the rulings, then the API's page.
    await help.getByRole('link', { name: 'api.md' }).first().focus();
    await help.keyboard.press('Enter');
    await help.waitForURL(/\/docs\/api$/);
    expect(await help.getByRole('heading', { level: 1 }).textContent()).toBe(
      'The campaign and its API (fray serve)',
    );

    // The rulings' help, the builder's and the designer's name their headings.
    expect(await page.getByRole('link', { name: /^help on the GM's rulings/ }).getAttribute('href')).toBe(
      '/docs/table-play#the-gms-rulings',
    );
    await page.goto(t.served.gm('#/'));
    expect(await page.getByRole('link', { name: /^help on encounter files/ }).getAttribute('href')).toBe(
      '/docs/readme#encounter-files',
    );
    expect(
      await page
        .getByRole('link', { name: /^help on what a WFRP 1e encounter may say/ })
        .getAttribute('href'),
    ).toBe('/docs/rulesets/wfrp1e#encounter-reference');
    await page.goto(t.served.gm('#/designer'));
    await page.getByRole('tab', { name: /odds/i }).click();
    expect(await page.getByRole('link', { name: /^help on exact odds/ }).getAttribute('href')).toBe(
      '/docs/simulation#exact-odds-fray-odds',
    );

    // Looked at, in both themes and at each size; no finding of axe-core.
    await help.goto(`${t.served.url}/docs/table-play#the-party-in-the-web-app`);
    for (const scheme of ['light', 'dark'] as const) {
      await help.evaluate(`document.documentElement.dataset.theme = '${scheme}'`);
      for (const [w, h] of [
        [390, 844],
        [820, 1180],
        [1280, 800],
      ] as const) {
        await help.setViewportSize({ width: w, height: h });
        await help.screenshot({ path: join(SHOTS, `help-${scheme}-${w}x${h}.png`) });
      }
      expect(await axeFindings(help)).toEqual([]);
    }
    // No page of the help is wider than a phone: a wide table or block of code scrolls in its box.
    await help.goto(`${t.served.url}/docs/`);
    const all = await help
      .locator('.pages a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(all.length).toBeGreaterThan(10);
    await help.setViewportSize({ width: 390, height: 844 });
    for (const href of ['/docs/', ...all]) {
      await help.goto(`${t.served.url}${href}`);
      expect(await help.evaluate('document.documentElement.scrollWidth'), href ?? '').toBeLessThanOrEqual(
        390,
      );
    }
    await help.goto(`${t.served.url}/docs/`);
    await help.setViewportSize({ width: 1280, height: 800 });
    await help.screenshot({ path: join(SHOTS, 'help-contents-1280x800.png') });
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
