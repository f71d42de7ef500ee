// `prepare`: npm runs it after `npm install` / `npm ci` in a checkout (which needs dist/ built) and
// also when `npx fray …` links this checkout into npx's cache. Starting a command must never build
// the project (two minutes on a slow machine), so under `npx` (npm exec) this does nothing.
import { spawnSync } from 'node:child_process';
import process from 'node:process';

if (process.env.npm_command === 'exec') {
  process.exit(0);
}
const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
