import {
  adminContentWithdrawalFeesRoute,
  adminContentWithdrawalFeesUpdateRoute,
  adminContentWithdrawalLimitsUpdateRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../audit';
import type { WithdrawalTerms } from './withdrawals.terms.service';

/** Withdrawal minimums, fees and 24-hour limits in force, and their changes (admin only). */
export function withdrawalTermsRoutes(terms: WithdrawalTerms): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = staffRoutes(app, { tags: ['staff: instruments and fees'] });

    staff.read(
      adminContentWithdrawalFeesRoute,
      {
        summary: 'Withdrawal minimum and fee per currency, and the 24-hour limit per level.',
      },
      () => terms.withdrawalTerms(),
    );

    staff.write(
      adminContentWithdrawalFeesUpdateRoute,
      {
        summary: "Set a currency's withdrawal minimum and fee for requests from now on.",
        description: 'Amounts in the currency, at most its decimals. Pending requests keep their fee.',
      },
      (actor, body) => terms.setWithdrawalFee(actor, body),
    );

    staff.write(
      adminContentWithdrawalLimitsUpdateRoute,
      {
        summary: "Set a verification level's rolling 24-hour withdrawal limit (BTC equivalent).",
        description:
          'Applies to requests from now on; each request records the limit it was checked against.',
      },
      (actor, body) => terms.setWithdrawalLimit(actor, body),
    );
  };
}
