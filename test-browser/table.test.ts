// The table in real Chromium (issue 18): a GM and two players play a fight to the end on three
// pages, one browser context each, every player answering only their own character's questions
// on their own phone-sized page; the players' pages hold none of the hidden numbers, in their DOM
// or in the socket's frames; the table display follows on a TV-sized page. Screenshots of the
// player's page at 390×844 and of the display at 1920×1080 go to test-browser/shots.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT, seeded, SHOTS, typeDice, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('table');

const api = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

/** The troll's W is 13: a number the players must never be sent while the GM keeps it. */
const ENCOUNTER = `ruleset: wfrp1e
title: The troll at the ford
sides:
  - name: Heroes
    players: true
    combatants:
      - name: Helmut
        profile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }
        weapons: [sword, shield]
        armour: [mail-shirt]
      - name: Skallier
        profile: { M: 4, WS: 50, BS: 34, S: 3, T: 3, W: 8, I: 63, A: 2, Dex: 43, Ld: 43, Int: 66, Cl: 66, WP: 43, Fel: 43 }
        weapons: [sword]
  - name: Trolls
    combatants:
      - name: Troll
        profile: { M: 6, WS: 29, BS: 0, S: 5, T: 4, W: 13, I: 10, A: 2, Dex: 14, Ld: 14, Int: 14, Cl: 14, WP: 14, Fel: 4 }
        weapons: [club]
`;

/** What the players must not see of the troll: its W as a number anywhere, its profile. */
const HIDDEN = [/Troll: W \d/, /Troll \(WS \d/, /\b13\/13\b/, /W 13\b/];

/** Answers the question on a card: the dice typed from `dice`, or the suggestion clicked. */
async function answerOn(page: Page, scope: string, dice: () => number): Promise<void> {
  const card = page.locator(`${scope} .question`);
  if (await typeDice(card, dice)) return;
  const suggested = card.locator('button.suggested');
  if ((await suggested.count()) > 0) return suggested.first().click();
  const amount = card.getByRole('button', { name: /suggested/ });
  if ((await amount.count()) > 0) return amount.first().click();
  await card.locator('.choices button').first().click();
}

describe('the table: the GM and two players on their own devices', () => {
  it('plays a fight to the end on three pages, each player answering only their own questions, with nothing hidden on their pages', async () => {
    const enc = await api<{ id: number }>('POST', '/api/encounters', { text: ENCOUNTER });
    expect(enc.id).toBeGreaterThan(0);
    const fight = await api<{ id: number }>('POST', '/api/fights', { encounterId: enc.id, seed: 5 });
    expect(fight.id).toBeGreaterThan(0);
    const errors: string[] = [];

    // The GM opens the fight to the table from the fight's page.
    const gmContext = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const gm = await gmContext.newPage();
    gm.on('pageerror', (e) => errors.push(`gm: ${e.message}`));
    await gm.goto(t.served.gm(`#/fights/${fight.id}`));
    await gm.getByRole('button', { name: 'Open this fight to the table' }).click();
    const link = (await gm.locator('.table-join a').first().getAttribute('href')) as string;
    expect(link).toMatch(/\/join\/[A-Z2-9]{8}$/);
    await expect.poll(() => gm.locator('.qr svg').count()).toBe(1);

    // Two players join from the link on their phones, each picking a character.
    const players: { name: string; character: string; page: Page; frames: string[] }[] = [];
    for (const [name, character] of [
      ['Anna', 'Helmut'],
      ['Bob', 'Skallier'],
    ] as const) {
      const context = await t.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const frames: string[] = [];
      page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
      await page.goto(link);
      await page.getByLabel('Your name').fill(name);
      await page.getByRole('button', { name: new RegExp(`^${character}`) }).click();
      await page.waitForSelector('main.player');
      await expect.poll(() => page.locator('.play-top .you').textContent()).toBe(character);
      players.push({ name, character, page, frames });
    }
    // Bob cannot take Helmut: the join page says so.
    await expect.poll(() => gm.locator('.seats li').filter({ hasText: 'Anna' }).count()).toBe(1);

    // The table display on the TV.
    const tvContext = await t.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await tvContext.newPage();
    tv.on('pageerror', (e) => errors.push(`tv: ${e.message}`));
    await tv.goto(link);
    await tv.getByRole('button', { name: /table display/ }).click();
    await tv.waitForSelector('main.display');

    const dice = seeded(17);
    const step = async (p: Page, sel: string, attr: string) =>
      Number(await p.locator(sel).getAttribute(attr));
    let answered = { Anna: 0, Bob: 0, gm: 0 };
    let restarted = false;
    for (let i = 0; i < 400; i++) {
      if ((await gm.locator('.question.over').count()) > 0) break;
      const at = await step(gm, 'main.fight', 'data-inputs');
      // Every page shows the same step before anyone answers.
      for (const p of players) await expect.poll(() => step(p.page, 'main.player', 'data-step')).toBe(at);
      const mine = [];
      for (const p of players) if ((await p.page.locator('.mine .question').count()) > 0) mine.push(p);
      expect(mine.length).toBeLessThanOrEqual(1);
      const who = mine[0];
      if (who) {
        if (who.name === 'Anna' && answered.Anna === 0)
          await who.page.screenshot({ path: join(SHOTS, 'table-player-turn-390x844.png') });
        // The other player's page shows whose turn it is, and no card to answer.
        const other = players.find((p) => p !== who) as (typeof players)[number];
        expect(await other.page.locator('.mine').count()).toBe(0);
        expect(await other.page.locator('.waiting .who').textContent()).toContain(who.character);
        await answerOn(who.page, '.mine', dice);
        answered = { ...answered, [who.name]: answered[who.name as 'Anna' | 'Bob'] + 1 };
      } else {
        // The GM's question (the troll's, or the GM's call): the players' pages wait.
        await gm.evaluate('document.activeElement && document.activeElement.blur()');
        await answerOn(gm, 'main.fight', dice);
        answered = { ...answered, gm: answered.gm + 1 };
      }
      await expect.poll(() => step(gm, 'main.fight', 'data-inputs')).not.toBe(at);
      if (who?.name === 'Anna' && answered.Anna === 2) {
        // The GM takes Anna's answer back: her page asks again; the GM answers it instead (an override).
        await expect.poll(() => gm.locator('.news').textContent()).toContain('Anna');
        await gm.getByRole('button', { name: 'Undo' }).click();
        await expect.poll(() => step(gm, 'main.fight', 'data-inputs')).toBe(at);
        await expect.poll(() => who.page.locator('.mine .question').count()).toBe(1);
        await gm.evaluate('document.activeElement && document.activeElement.blur()');
        await answerOn(gm, 'main.fight', dice);
        answered = { ...answered, gm: answered.gm + 1 };
        await expect.poll(() => step(gm, 'main.fight', 'data-inputs')).not.toBe(at);
        await expect.poll(() => step(who.page, 'main.player', 'data-step')).not.toBe(at);
      }
      if (i === 4) {
        // The server killed and started again on its address: every page comes back to the same step by itself.
        const at = await step(gm, 'main.fight', 'data-inputs');
        t.served.crash();
        for (const p of players)
          await expect.poll(() => p.page.locator('.play-top .live').textContent()).toMatch(/reconnecting/);
        await t.served.restart();
        for (const p of [...players.map((x) => x.page), tv]) {
          await expect
            .poll(() => p.locator('.play-top .live').textContent(), { timeout: 15_000 })
            .toMatch(/live/);
          await expect.poll(() => step(p, 'main.play', 'data-step')).toBe(at);
        }
        expect(await step(gm, 'main.fight', 'data-inputs')).toBe(at);
        restarted = true;
      }
      if (i === 6) {
        await players[0]?.page.screenshot({ path: join(SHOTS, 'table-player-390x844.png') });
        await tv.screenshot({ path: join(SHOTS, 'table-display-1920x1080.png') });
        await gm.screenshot({ path: join(SHOTS, 'table-gm-1280x900.png'), fullPage: true });
      }
    }
    await expect.poll(() => gm.locator('.question.over h2').textContent()).toMatch(/victory|draw/);
    expect(answered.Anna).toBeGreaterThan(0);
    expect(answered.Bob).toBeGreaterThan(0);
    expect(answered.gm).toBeGreaterThan(0);
    expect(restarted).toBe(true);
    const outcome = (await gm.locator('.question.over h2').textContent()) as string;
    for (const p of players) await expect.poll(() => p.page.locator('.over').textContent()).toBe(outcome);
    await expect.poll(() => tv.locator('.over').textContent()).toBe(outcome);
    // The GM saw each player's answers arrive, by name.
    const feed = (await gm.getByRole('list', { name: 'answers from the table' }).textContent()) ?? '';
    expect(feed).toMatch(/Anna \(Helmut\)|Bob \(Skallier\)/);

    // The GM's page has the troll's numbers (the check could fail); the players' pages and frames do not.
    const gmText = (await gm.locator('body').textContent()) ?? '';
    expect(HIDDEN.some((re) => re.test(gmText))).toBe(true);
    for (const p of [
      ...players.map((x) => ({ page: x.page, frames: x.frames, name: x.name })),
      { page: tv, frames: [] as string[], name: 'tv' },
    ]) {
      const dom = await p.page.content();
      for (const re of HIDDEN) expect(re.test(dom), `${p.name}'s page: ${re}`).toBe(false);
      for (const f of p.frames)
        for (const re of HIDDEN) expect(re.test(f), `${p.name}'s frame: ${re}`).toBe(false);
      expect(p.name === 'tv' || p.frames.length > 5).toBe(true);
    }
    await players[0]?.page.screenshot({ path: join(SHOTS, 'table-player-over-390x844.png'), fullPage: true });
    await tv.screenshot({ path: join(SHOTS, 'table-display-over-1920x1080.png') });
    expect(errors).toEqual([]);
    for (const c of [gmContext, tvContext, ...players.map((p) => p.page.context())]) await c.close();
  });

  it('lets a player move their own model by tapping the map on their phone; the engine judges the tap', async () => {
    const enc = await api<{ id: number }>('POST', '/api/encounters', {
      text: readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'pistol-duel.yaml'), 'utf8'),
    });
    const fight = await api<FightView>('POST', '/api/fights', { encounterId: enc.id, seed: 1 });
    await api('PUT', '/api/table', { fight: fight.id });
    const { code } = await api<{ code: string }>('GET', '/api/table');
    const context = await t.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await context.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.goto(`${t.served.url}/join/${code}`);
    await phone.getByLabel('Your name').fill('Carla');
    await phone.getByRole('button', { name: /^Count von Blitz/ }).click();
    await phone.waitForSelector('main.player');
    const stepOf = async () => Number(await phone.locator('main.player').getAttribute('data-step'));
    // Up to the Count's engage question: the player declares a fight on the phone, the GM answers the rest.
    let v = await api<FightView>('GET', `/api/fights/${fight.id}`);
    for (let i = 0; i < 30 && v.question && !v.question.targets; i++) {
      await expect.poll(stepOf).toBe(v.inputs);
      if (v.question.actor === 'count-von-blitz') {
        const card = phone.locator('.mine .question');
        const fightChoice = card.locator('button[data-key="fight"]');
        if ((await fightChoice.count()) > 0) await fightChoice.click();
        else await answerOn(phone, '.mine', seeded(3));
        await expect.poll(stepOf).not.toBe(v.inputs);
      } else {
        const q = v.question;
        await api('POST', `/api/fights/${fight.id}/answer`, {
          answer: q.kind === 'roll' ? (q.count ?? 1) : q.suggested,
          step: v.inputs,
        });
      }
      v = await api<FightView>('GET', `/api/fights/${fight.id}`);
    }
    expect(v.question).toMatchObject({ topic: 'engage', actor: 'count-von-blitz' });
    await expect.poll(stepOf).toBe(v.inputs);
    await expect.poll(() => phone.locator('.map-svg .targets .legal').count()).toBeGreaterThan(100);
    const tap = async (x: number, y: number) => {
      const p = (await phone.evaluate(`(() => {
        const svg = document.querySelector('.map-svg');
        const q = new DOMPoint(${x}, ${-y}).matrixTransform(svg.getScreenCTM());
        return { x: q.x, y: q.y };
      })()`)) as { x: number; y: number };
      await phone.touchscreen.tap(p.x, p.y);
    };
    await phone.locator('.map').scrollIntoViewIfNeeded();
    // Behind the Baron: the engine refuses the way, and nothing changes.
    await tap(0, 14);
    await tap(0, 14);
    await expect.poll(() => phone.locator('.map-status').textContent()).toContain('refused');
    expect(await stepOf()).toBe(v.inputs);
    // Open ground: a tap shows where, a second one moves the Count there.
    await tap(5, 3);
    await expect.poll(() => phone.locator('.map-status').textContent()).toMatch(/legal/);
    await phone.screenshot({ path: join(SHOTS, 'table-player-map-390x844.png') });
    await tap(5, 3);
    await expect.poll(stepOf).not.toBe(v.inputs);
    const after = await api<FightView>('GET', `/api/fights/${fight.id}`);
    expect(after.inputs).toBeGreaterThan(v.inputs);
    // He stands elsewhere, and his way there is drawn (this round's, or last round's if the round turned).
    const was = v.map?.models.find((m) => m.id === 'count-von-blitz');
    const moved = after.map?.models.find((m) => m.id === 'count-von-blitz');
    expect(moved?.at).not.toEqual(was?.at);
    expect(Math.max(moved?.path.length ?? 0, moved?.lastPath.length ?? 0)).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
