#!/usr/bin/env node
import { main } from './main.js';
// Fray's shipped data as parsed at build time (src/node/parsed.ts).
import '../node/parsed.js';

// A closed pipe (`fray ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv).then((code) => {
  process.exitCode = code;
});
