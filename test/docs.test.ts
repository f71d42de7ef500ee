// The help served with the app (issue 45, part 3): README.md and docs/ rendered to pages (scripts/
// docs.mjs), every link between them landing on a page and a heading that are there, the help
// links of the GM's screen too, and the server giving them under /docs/ with the headers every
// answer has, asking nothing of the internet.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageName, renderDocs, writeDocs } from '../scripts/docs.mjs';
import { HELP, helpHref, RULESET_HELP } from '../web/src/help-links.js';
import { RULESETS } from '../src/rulesets/index.js';
import { closeApps, startApp } from './app.js';
import { ROOT } from './helpers.js';

afterEach(closeApps);

const pages = renderDocs();

/** Each address a page uses (links, pictures, its style and script), with the page it is on. */
const used = [...pages].flatMap(([name, p]) =>
  [...p.html.matchAll(/\s(href|src)="([^"]*)"/g)].map((m) => ({ on: name, attr: m[1], to: m[2] as string })),
);

/** Whether an address under /docs/ (with its anchor) lands on a page, picture or file of the help, and on a heading there. */
function lands(to: string, on: string): string | null {
  const [path = '', anchor] = to.split('#');
  if (path === '' && anchor !== undefined)
    return pages.get(on)?.ids.includes(anchor) ? null : `no heading #${anchor} on ${on}`;
  // The GM's screen, and the favicon the page names instead of asking the server for one.
  if (path === '/' || path === 'data:,') return null;
  if (!path.startsWith('/docs/')) return `not an address of the help: ${to}`;
  const rest = path.slice('/docs/'.length);
  if (/^img\/[\w.-]+\.png$/.test(rest))
    return readdirSync(join(ROOT, 'docs', 'img')).includes(rest.slice(4)) ? null : `no picture ${rest}`;
  if (rest === 'docs.css' || rest === 'docs.js') return null;
  const page = pages.get(rest === '' ? 'index' : rest);
  if (!page) return `no page ${rest}`;
  if (anchor !== undefined && !page.ids.includes(anchor)) return `no heading #${anchor} on ${rest}`;
  return null;
}

describe('the help as pages', () => {
  it('renders README.md and every page of docs/ and docs/rulesets/, each with its title and headings’ ids', () => {
    const files = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
      ...readdirSync(join(ROOT, 'docs', 'rulesets')).map((f) => `docs/rulesets/${f}`),
    ];
    expect([...pages.keys()].sort()).toEqual(['index', ...files.map(pageName)].sort());
    for (const [name, p] of pages) {
      expect(p.html, name).toMatch(/^<!doctype html>/);
      expect(p.html, name).toContain(`<title>`);
      expect(p.ids.length, name).toBeGreaterThan(0);
      expect(new Set(p.ids).size, `${name}: an id twice`).toBe(p.ids.length);
    }
    const play = pages.get('table-play');
    expect(play?.html).toContain('<h2 id="the-gms-rulings">The GM’s rulings</h2>'.replace('’', "'"));
    // A heading in a block of code is code, not a heading.
    expect(play?.ids).not.toContain('datawfrp1ecampaignheroesyaml-an-example-of-ours');
    // The docs' own links, rewritten to the pages' addresses.
    expect(pages.get('simulation')?.html).toContain('href="#exact-odds-fray-odds"');
    expect(pages.get('rulesets/wfrp1e')?.html).toContain('href="/docs/sources"');
    expect(pages.get('table-play')?.html).toContain('src="/docs/img/table-phone.png"');
  });

  it('has every link and picture land on a page of the help and on a heading there', () => {
    const missing = used
      .filter((u) => !/^https?:\/\//.test(u.to))
      .map((u) => ({ ...u, why: lands(u.to, u.on) }))
      .filter((u) => u.why !== null)
      .map((u) => `${u.on}: ${u.to}: ${u.why}`);
    expect(missing).toEqual([]);
    // Links to files that are not served (a script, the licence) keep their words and lose the link.
    expect(pages.get('simulation')?.html).toContain('<code>deploy/k8s/fray-sim-job.yaml</code>');
    expect(pages.get('simulation')?.html).not.toContain('deploy/k8s/fray-sim-job.yaml"');
  });

  it('asks nothing of the internet: no style, script or picture from elsewhere', () => {
    expect(used.filter((u) => u.attr === 'src' && !u.to.startsWith('/docs/'))).toEqual([]);
    expect([...pages.values()].filter((p) => /<link[^>]+href="https?:/.test(p.html))).toEqual([]);
  });

  it('has each help link of the GM’s screen land on its heading', () => {
    const links = [
      ...Object.values(HELP),
      ...Object.values(RULESET_HELP).flatMap((r) => [r.encounter, r.options]),
    ];
    expect(links.map(helpHref).filter((to) => lands(to, '') !== null)).toEqual([]);
    expect(Object.keys(RULESET_HELP).sort()).toEqual([...RULESETS.keys()].sort());
  });
});

describe('the help served', () => {
  it('gives each page at /docs/NAME with the headers of every answer, and nothing outside its folder', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'fray-docs-')), 'docs');
    writeDocs(out);
    const { app } = await startApp('docs', undefined, { docsRoot: out });
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    const page = await get('/docs/table-play');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('id="the-party-in-the-web-app"');
    expect((await get('/docs/')).body).toContain('<h1 id="contents">');
    expect((await get('/docs/rulesets/wfrp1e')).body).toContain('id="encounter-reference"');
    expect((await get('/docs/docs.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/docs/docs.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/docs/img/table-phone.png')).headers['content-type']).toBe('image/png');
    const bare = await get('/docs');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/docs/');
    for (const url of ['/docs/nope', '/docs/rulesets/', '/docs/..%2fpackage.json'])
      expect((await get(url)).statusCode, url).toBe(404);
    // Dots the router takes away before the help sees the address: the campaign's page, not a file outside.
    const dotted = await get('/docs/%2e%2e/%2e%2e/package.json');
    expect(dotted.body).not.toContain('"name": "fray"');
    // Another site's name for this server is refused before the help is read (DNS rebinding).
    expect(
      (await app.inject({ method: 'GET', url: '/docs/', headers: { host: 'evil.example' } })).statusCode,
    ).toBe(421);
  });
});
