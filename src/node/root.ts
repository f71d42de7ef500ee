// Where Fray's own files are (its data/, its dist/), found from this module's place: its own small
// module so that the command line's help can name the shipped examples without loading the rest.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding Fray's package.json, found from this module (src/, dist/ or a bundled chunk). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 10; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the fray package folder (package.json beside data/)');
}
