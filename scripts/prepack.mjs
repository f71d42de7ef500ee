// `prepack`: npm runs it before `npm pack` and `npm publish`, and when it installs Fray from a git
// repository; each needs dist/ built. It builds only when dist/ is not a build of the files as they
// are (scripts/built.mjs). It is not `prepare`: npm runs that after every `npm install` in a
// checkout and lists it among the install scripts of the packed package too, which an adopter's
// npm then warns about although it does nothing there. A checkout builds with `npm start`,
// `npm test` or `npm run build`. Without the dev dependencies there is nothing to build with: a
// dist/ already built is packed as it is, and a missing one stops the pack with the reason.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { ensure } from './built.mjs';

const ROOT = join(import.meta.dirname, '..');
const canBuild = ['typescript', 'rolldown', 'vite'].every((tool) => {
  try {
    createRequire(join(ROOT, 'package.json')).resolve(`${tool}/package.json`);
    return true;
  } catch {
    return false;
  }
});
if (canBuild) process.exit(ensure());
if (existsSync(join(ROOT, 'dist', 'cli', 'bin.js'))) process.exit(0);
process.stderr.write(
  'fray: dist/ is not built, and building it needs the dev dependencies: run npm install (without --omit=dev), then npm run build\n',
);
process.exit(1);
