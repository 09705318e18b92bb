import { PlinthError } from '@plinth/errors';
import type { Actor, ControlContext } from './context.ts';

/**
 * The operator runs this Plinth for everyone on it: sets organisations' plans, sees failed jobs.
 * The role comes from configuration (PLINTH_OPERATORS, a list of account emails) so every node
 * agrees on it without shared state.
 */
export function isOperator(ctx: ControlContext, actor: Actor): boolean {
  return actor.email !== '' && ctx.config.operatorEmails.includes(actor.email.toLowerCase());
}

export function assertOperator(ctx: ControlContext, actor: Actor): void {
  if (!isOperator(ctx, actor)) throw new PlinthError('forbidden', 'Only an operator of this Plinth can do this (PLINTH_OPERATORS).');
}
