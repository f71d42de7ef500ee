export * from './plane.js';
