// The library: everything a program needs to load, run, replay and simulate fights.
export * from './core/index.js';
export * from './dice/index.js';
export { RULESETS } from './rulesets/index.js';
export { simulate, type SimSummary, type SimSide, type SimOptions } from './sim/run.js';
export { wilson } from './sim/stats.js';
export { loadFightFile as loadEncounterFile, saveText, type FightFile } from './files/fight-file.js';
