// The library, the command and the simulation worker, bundled after tsc has built dist/: each
// `fray` command and each worker thread then reads a few files instead of some 250 small modules
// (ours, zod's, yaml's), which is most of what a command cost before it did anything
// (docs/performance.md, Start-up). The three entries share their chunks, so the package carries
// the engine once: tsc's JavaScript beside them is the repository's own (its tests and scripts
// import it) and is not packed ("files" in package.json); its declarations are the library's types.
//
// Each command's code stays in a chunk of its own, loaded when that command runs (the `import()`
// calls of src/cli/main.ts), so `fray --version` still reads only the little it needs; so does
// each ruleset's (src/rulesets/registry.ts), so a fight reads its own ruleset and no other. The server's
// packages (fastify, its WebSocket plugin, ws) are bundled into `fray serve`'s chunk: read as some
// hundreds of small CommonJS files, they cost a third of its start. Packages with native code or their own
// loading (the database, the plots, the worker pool) stay outside.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'rolldown';

/** The yaml package's folder. */
const YAML_ROOT = dirname(fileURLToPath(import.meta.resolve('yaml/package.json')));

/** A module of src/ whose path (from src/, without .ts) matches `re`. */
const inSrc = (re) => (id) => {
  const m = /[\\/]src[\\/](.+)\.ts$/.exec(id);
  return m !== null && re.test(m[1].replaceAll('\\', '/'));
};

/** Packages the bundle leaves to Node: native, loading files of their own, or only a report's. */
const EXTERNAL = ['better-sqlite3', 'piscina', 'linkedom', '@observablehq/plot', 'qrcode'];

rmSync('dist/chunks', { recursive: true, force: true });
await build({
  input: { index: 'src/index.ts', 'cli/bin': 'src/cli/bin.ts', 'sim/worker': 'src/sim/worker.ts' },
  platform: 'node',
  // yaml's ES module build (the one it gives browsers: the same code, its warnings said with
  // console.warn rather than process.emitWarning) in place of its CommonJS one, whose 72 module
  // bodies were compiled and run one by one at every start (some 7 ms of a fight's start-up).
  resolve: { alias: { yaml: join(YAML_ROOT, 'browser', 'dist', 'index.js') } },
  external: (id) => id.startsWith('node:') || EXTERNAL.some((p) => id === p || id.startsWith(`${p}/`)),
  logLevel: 'warn',
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: false,
    // Source that is all ASCII is read and compiled as one-byte text: a tenth of start-up less.
    charset: 'ascii',
    comments: { legal: true, annotation: true, jsdoc: false },
    // Two chunks in place of some thirty small ones, each found, read, compiled and linked on its
    // own (some 14 ms of `fray fight`'s start). 'start' is what `fray` reads before it knows the
    // command, and the little the rulesets' about and options need (core/events, core/ruleset),
    // so that `fray rulesets` and the help read neither yaml nor zod; 'engine' the core, the dice,
    // the plane and grid and the file edge, with yaml and zod, which every command reading a fight
    // needs. test/parsed.test.ts holds them apart.
    codeSplitting: {
      groups: [
        {
          name: 'start',
          test: inSrc(
            /^(node\/(root|parsed)|core\/(known|events|ruleset)|rulesets\/ids|sim\/(method|defaults)|cli\/(usage|process-io))$/,
          ),
          priority: 2,
        },
        { name: 'engine', test: inSrc(/^(core|dice|space|files)\//), priority: 1 },
      ],
    },
  },
});

// The worker as piscina loads it. Piscina require()s a worker file and import()s it only when
// that throws; since Node 20.19 require() loads an ES module itself, and under load a task
// arriving while an earlier load of the same file was under way made that require() abort the
// whole process ("v8::Module::IsGraphAsync … instantiated module"). This CommonJS door is all
// piscina require()s: the worker itself is import()ed, once, whatever arrives meanwhile.
writeFileSync(
  'dist/sim/worker.cjs',
  `'use strict';
let loaded;
const worker = () => (loaded ??= import('./worker.js'));
// Marked as a transpiled ES module, so that piscina's require() wrapper takes its default as the
// default task rather than the whole object.
module.exports = {
  __esModule: true,
  default: async (task) => (await worker()).default(task),
  check: async (task) => (await worker()).check(task),
  odds: async (task) => (await worker()).odds(task),
  exact: async (task) => (await worker()).exact(task),
};
`,
);

// Every shipped YAML file parsed once, here, by the same SourceDoc that would parse it at run time
// (src/node/parsed.ts reads it), and every shipped data file checked against its schema as its
// ruleset reads it (src/core/data-file.ts): a command takes the result and builds no data schema.
// A shipped file its own schema refuses fails the build. What JSON cannot carry exactly is left out.
const { SourceDoc, ValidationError, validate } = await import('../dist/core/document.js');
const { RULESETS } = await import('../dist/rulesets/index.js');
const dataSchemas = new Map();
for (const r of RULESETS.values()) for (const ds of Object.values(r.files.data)) dataSchemas.set(ds.file, ds);
/** The value as JSON, or undefined when JSON would not give it back exactly. */
const exactJson = (value) => {
  const json = JSON.stringify(value);
  return json !== undefined && isDeepStrictEqual(JSON.parse(json), value) ? json : undefined;
};
// One file a text, named by its SHA-256: a command reads the few it needs, not an index of all.
rmSync('dist/parsed.json', { force: true });
rmSync('dist/parsed', { recursive: true, force: true });
mkdirSync('dist/parsed');
for (const file of readdirSync('data', { recursive: true })) {
  if (!String(file).endsWith('.yaml')) continue;
  const text = readFileSync(join('data', String(file)), 'utf8');
  const doc = SourceDoc.parse(String(file), text);
  const json = exactJson(doc.data);
  if (json === undefined) continue;
  const entry = { json };
  const ds = dataSchemas.get(String(file));
  if (ds) {
    let value;
    try {
      value = validate(ds.schema, doc, doc.data);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      throw new Error(`shipped data refused by its own schema:\n${e.message}`);
    }
    const checked = exactJson(value);
    if (checked !== undefined) entry.checked = { [ds.file]: checked };
  }
  const sha256 = createHash('sha256').update(text).digest('hex');
  writeFileSync(join('dist', 'parsed', `${sha256}.json`), JSON.stringify(entry));
}

// Each ruleset's JSON Schemas, for editors (src/files/schema.ts): the shipped examples name them
// on their first line, so they must sit where those lines point, under dist/schema/.
const { allSchemas } = await import('../dist/files/schema.js');
rmSync('dist/schema', { recursive: true, force: true });
for (const [path, schema] of allSchemas()) {
  const file = join('dist', 'schema', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
}

// The library's declarations: those dist/index.d.ts reaches, import by import. tsc writes one for
// every module (the command's, the server's, each ruleset's parts), which no program that imports
// the library reads; they are removed so that the package carries only the types of its API.
const declared = new Set();
const reach = ['dist/index.d.ts'];
while (reach.length > 0) {
  const file = reach.pop();
  if (declared.has(file)) continue;
  declared.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = join(dirname(file), m[1].replace(/\.js$/, '.d.ts'));
    if (!existsSync(target)) throw new Error(`${file} imports ${m[1]}, which has no declaration`);
    reach.push(target);
  }
}
for (const file of readdirSync('dist', { recursive: true })) {
  const path = join('dist', String(file));
  if (path.endsWith('.d.ts') && !declared.has(path)) rmSync(path);
}
