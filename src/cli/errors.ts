import { ValidationError } from '../core/document.js';
import { OddsBudgetError } from '../core/odds.js';
import { InputError } from '../core/request.js';
import { DiceNotationError, ImpossibleRollError, ScriptExhaustedError, SeedError } from '../dice/index.js';
import { FileError } from '../node/files.js';

/** Errors caused by what the user handed in: reported plainly, exit code 2, nothing written. */
export class UsageError extends Error {}

export function isUserError(e: unknown): boolean {
  return (
    e instanceof ValidationError ||
    e instanceof FileError ||
    e instanceof SeedError ||
    e instanceof DiceNotationError ||
    e instanceof ImpossibleRollError ||
    e instanceof ScriptExhaustedError ||
    e instanceof InputError ||
    e instanceof OddsBudgetError ||
    e instanceof UsageError
  );
}
