export * from './rng.js';
export * from './notation.js';
export * from './d100.js';
export * from './sources.js';
