// The documentation as pages of the web app: README.md and the Markdown under docs/ (not the
// library's reference, docs/library, which is for programmers), rendered to HTML at build time
// into dist/docs, which `fray serve` serves under /docs/ (src/server/docs.ts). Nothing on a page
// is fetched from elsewhere: a table may have no internet. Each heading has the id GitHub gives it,
// so the docs' own links (`simulation.md#exact-odds-fray-odds`) and the pages' help links land on
// it; a link to a page or picture of the docs goes to its address under /docs/, and a link to a
// file that is not served (a script, the licence) is left as its text.
//
// Markdown by markdown-it (a devDependency): the pages are made here, before the package is made,
// and the package ships them as HTML, so an installed Fray needs no Markdown reader.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The address under /docs/ of each page, by its file in the repository (posix, from the root). */
function pageFiles(root) {
  const list = (dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${dir}/${f}`);
  return ['README.md', ...list('docs'), ...list('docs/rulesets')];
}

/** A page's address under /docs/: `readme`, `table-play`, `rulesets/wfrp1e`. */
export function pageName(file) {
  if (file === 'README.md') return 'readme';
  return file.replace(/^docs\//, '').replace(/\.md$/, '');
}

/** The id GitHub gives a heading: lower case, punctuation dropped, spaces as dashes; a second of one name gets -1. */
export function slugger() {
  const seen = new Map();
  return (text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
}

const escape = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The plain text of an inline token's children (a heading's words, with its code as written). */
const plain = (token) =>
  (token.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');

/**
 * Where a link of `file` goes once served: a page or picture of the docs by its address, an
 * anchor of the same page as it is, the web as it is; null for a file that is not served.
 */
function served(href, file, pages) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  if (href.startsWith('#')) return href;
  const [path, anchor] = href.split('#');
  const target = posix.normalize(posix.join(posix.dirname(file), path));
  const hash = anchor === undefined ? '' : `#${anchor}`;
  if (pages.has(target)) return `/docs/${pageName(target)}${hash}`;
  if (target.startsWith('docs/img/')) return `/docs/${target.slice('docs/'.length)}`;
  return null;
}

function markdown(file, pages) {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const slug = slugger();
  const headings = [];
  md.core.ruler.push('heading_ids', (state) => {
    const tokens = state.tokens;
    tokens.forEach((t, i) => {
      if (t.type !== 'heading_open') return;
      const text = plain(tokens[i + 1]);
      const id = slug(text);
      t.attrSet('id', id);
      headings.push({ level: Number(t.tag.slice(1)), text, id });
    });
  });
  const dropped = new WeakSet();
  md.renderer.rules.link_open = (tokens, i, options, env, self) => {
    const to = served(tokens[i].attrGet('href') ?? '', file, pages);
    if (to === null) {
      // Its words stay; the closing tag goes with it.
      let depth = 0;
      for (let k = i + 1; k < tokens.length; k++) {
        if (tokens[k].type === 'link_open') depth++;
        if (tokens[k].type === 'link_close' && depth-- === 0) {
          dropped.add(tokens[k]);
          break;
        }
      }
      return '';
    }
    tokens[i].attrSet('href', to);
    return self.renderToken(tokens, i, options);
  };
  md.renderer.rules.link_close = (tokens, i, options, env, self) =>
    dropped.has(tokens[i]) ? '' : self.renderToken(tokens, i, options);
  md.renderer.rules.image = (tokens, i, options, env, self) => {
    const to = served(tokens[i].attrGet('src') ?? '', file, pages);
    if (to !== null) tokens[i].attrSet('src', to);
    tokens[i].attrSet('alt', self.renderInlineAsText(tokens[i].children ?? [], options, env));
    return self.renderToken(tokens, i, options);
  };
  // A wide table or block of code scrolls in its own box, which the keyboard can reach to scroll.
  md.renderer.rules.table_open = () => '<div class="scroll" tabindex="0">\n<table>\n';
  md.renderer.rules.table_close = () => '</table>\n</div>\n';
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (...args) =>
    fence(...args).replace(/^<pre>/, '<pre class="scroll" tabindex="0">');
  const code = md.renderer.rules.code_block;
  md.renderer.rules.code_block = (...args) =>
    code(...args).replace(/^<pre>/, '<pre class="scroll" tabindex="0">');
  return { md, headings };
}

/** One page of the docs as HTML, with its title and headings. */
export function renderPage(root, file, pages) {
  const { md, headings } = markdown(file, pages);
  const body = md.render(readFileSync(join(root, file), 'utf8'));
  const title = headings.find((h) => h.level === 1)?.text ?? pageName(file);
  return { name: pageName(file), title, headings, body };
}

/** The page around a page's HTML: the header, the list of its sections, the way back to the GM's screen. */
function layout({ name, title, headings, body }, all) {
  const sections = headings.filter((h) => h.level === 2);
  const toc = sections.length
    ? `<details class="toc"><summary>On this page</summary><ul>${sections
        .map((h) => `<li><a href="#${h.id}">${escape(h.text)}</a></li>`)
        .join('')}</ul></details>\n`
    : '';
  const nav = all
    .map(
      (p) =>
        `<li><a href="/docs/${p.name}"${p.name === name ? ' aria-current="page"' : ''}>${escape(p.title)}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — Fray's help</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/docs.css">
<script src="/docs/docs.js"></script>
</head>
<body>
<header class="top"><a class="brand" href="/">Fray</a><span class="where">Help</span><a href="/docs/">Contents</a><button type="button" class="theme-switch" hidden>Dark theme</button></header>
<div class="layout">
<main>
${body.replace(/<\/h1>\n/, (end) => `${end}${toc}`)}</main>
<nav class="pages" aria-label="the help's pages"><ul>${nav}</ul></nav>
</div>
</body>
</html>
`;
}

/** The contents: every page with its title and its sections. */
function contents(all) {
  const items = all
    .map(
      (p) =>
        `<li><a href="/docs/${p.name}">${escape(p.title)}</a>${
          p.headings.some((h) => h.level === 2)
            ? `<ul>${p.headings
                .filter((h) => h.level === 2)
                .map((h) => `<li><a href="/docs/${p.name}#${h.id}">${escape(h.text)}</a></li>`)
                .join('')}</ul>`
            : ''
        }</li>`,
    )
    .join('\n');
  return {
    name: 'index',
    title: 'Contents',
    headings: [],
    body: `<h1 id="contents">Fray's help</h1>\n<p>How Fray asks and answers at the table, what the web app and its API do, how fights are simulated, and each ruleset's readings. These pages come with Fray: they need no internet.</p>\n<ul class="contents">\n${items}\n</ul>\n`,
  };
}

/**
 * Every page as HTML by its address under /docs/ (`index` the contents), with each page's ids:
 * what the build writes and what the tests check.
 */
export function renderDocs(root = ROOT) {
  const files = pageFiles(root);
  const pages = new Set(files);
  const rendered = files.map((f) => renderPage(root, f, pages));
  const index = contents(rendered);
  const out = new Map();
  for (const p of [index, ...rendered])
    out.set(p.name, {
      title: p.title,
      ids: [...(p.name === 'index' ? ['contents'] : []), ...p.headings.map((h) => h.id)],
      html: layout(p, rendered),
    });
  return out;
}

/** Writes the pages, their style, their script and the pictures they show into `out`. */
export function writeDocs(out, root = ROOT) {
  rmSync(out, { recursive: true, force: true });
  for (const [name, page] of renderDocs(root)) {
    const file = join(out, `${name}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page.html);
  }
  for (const f of ['docs.css', 'docs.js']) copyFileSync(join(root, 'web', 'docs', f), join(out, f));
  mkdirSync(join(out, 'img'), { recursive: true });
  for (const f of readdirSync(join(root, 'docs', 'img')))
    copyFileSync(join(root, 'docs', 'img', f), join(out, 'img', f));
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '')
  writeDocs(join(ROOT, 'dist', 'docs'));
