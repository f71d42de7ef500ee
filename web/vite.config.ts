// The pages: built by `npm run build` into dist/web, which `fray serve` serves.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Absolute: the players' pages live at /join/CODE, /play and /display, and load the same assets.
  base: '/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // Two pages: the GM's (index.html) and the players' devices' and the table display's (play.html).
    rolldownOptions: {
      input: {
        gm: fileURLToPath(new URL('index.html', import.meta.url)),
        play: fileURLToPath(new URL('play.html', import.meta.url)),
      },
    },
  },
});
