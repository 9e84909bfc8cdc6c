import {
  userCashInfoInternationalRoute,
  userCashInfoRoute,
  userCashSaveInternationalRoute,
  userCashSaveRoute,
  userWalletDeleteRoute,
  userWalletListRoute,
  userWalletSaveRoute,
} from '@fairex/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import type { FileStorage } from '../../platform/storage/file-storage';
import { type BodyKind, validationErrorFor } from './payout-methods.domain';
import { payoutMethodsError } from './payout-methods.errors';
import { createPayoutMethodsService } from './payout-methods.service';

/** What the payout-method routes need from the app; AppDeps satisfies it. */
export type PayoutMethodsRoutesDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly storage: FileStorage;
};

const tags = ['payout methods'];
const payPasswordNote =
  '`pay_password` (the payment password; our addition to the client contract) is required: a ' +
  'wrong one counts towards the 5-try lockout, and a user without one is told to set it first.';

const cardRoutes = [
  { region: 'domestic', save: userCashSaveRoute, info: userCashInfoRoute },
  { region: 'international', save: userCashSaveInternationalRoute, info: userCashInfoInternationalRoute },
] as const;

const bodyKinds: Readonly<Record<string, BodyKind>> = {
  '/api/user/wallet/save': 'address',
  '/api/user/wallet/delete': 'address_delete',
  '/api/user/cash_save': { card: 'domestic' },
  '/api/user/cash_save_international': { card: 'international' },
};

/**
 * A refused body gets the message of the field at fault (spec section 5); anything else goes on
 * to the envelope's handler.
 */
function refineValidationError(error: FastifyError, request: FastifyRequest): never {
  const kind = bodyKinds[request.routeOptions.url ?? ''];
  if (kind && hasZodFastifySchemaValidationErrors(error)) {
    const code = validationErrorFor(kind, error.validation);
    if (code) throw payoutMethodsError(code);
  }
  throw error;
}

/** Saved withdrawal addresses and bank cards: the user's own, each change with the payment password. */
export function payoutMethodsRoutes(deps: PayoutMethodsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });
    const service = createPayoutMethodsService({
      db: deps.db,
      clock: deps.clock,
      storage: deps.storage,
    });
    app.setErrorHandler(refineValidationError);

    route.post(
      userWalletSaveRoute,
      {
        summary: 'Save a withdrawal address with its QR code',
        description:
          '`currency` is a currency id (GET /currency/list); `chain` names the network and is ' +
          'required when the currency has several (USDT: ERC20, TRC20). The address must have ' +
          'the network’s format (BTC: bc1… or 1…/3…; ERC20: 0x and 40 hex digits; TRC20: T and ' +
          '33 base58 characters). `qrcode` is a path POST /upload replied to the caller; it ' +
          'becomes private; it must be a QR code of the address (bare, or a payment URI such as ' +
          '`ethereum:0x…@1`, `bitcoin:…?amount=`, `tron:…`), else "no QR code found" or "QR code ' +
          'of another address". `name` is a label of 1-30 letters, digits, spaces, `.`, `-` or `_`. ' +
          `At most 20 live addresses; the same address twice is refused. ${payPasswordNote} ` +
          'Replies the saved address, as in GET /user/wallet/list.',
      },
      async (request) => {
        const body = request.body;
        return await service.saveAddress({
          userId: requiredUserId(request),
          address: {
            currencyId: body.currency,
            chain: body.chain,
            name: body.name,
            address: body.address,
            qrcode: body.qrcode,
            payPassword: body.pay_password,
          },
        });
      },
    );

    route.get(
      userWalletListRoute,
      { summary: 'The caller’s saved addresses, newest first, 10 per page (limit up to 50)' },
      async (request) =>
        await service.listAddresses({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    route.post(
      userWalletDeleteRoute,
      {
        summary: 'Delete a saved address (withdrawals made to it keep their record)',
        description: `An id that is not one of the caller’s live addresses answers "not found". ${payPasswordNote}`,
      },
      async (request) =>
        await service.deleteAddress({
          userId: requiredUserId(request),
          id: request.body.id,
          payPassword: request.body.pay_password,
        }),
    );

    for (const { region, save, info } of cardRoutes) {
      route.post(
        save,
        {
          summary: `Bind the ${region} bank card (saving again replaces it)`,
          description:
            'Every field is required (spec section 3): alipay_account (ABA number: 9 digits for a ' +
            'domestic card; 6-34 letters or digits for an international one), real_name, ' +
            'bank_account (6-20 digits domestic; 6-34 letters or digits, e.g. an IBAN, ' +
            'international), bank_dizhi (province/city), bank_name, bank_network (branch), ' +
            'swift_code (8 or 11 characters; also accepted as wechat_nickname), phone (6-20 ' +
            `digits), wechat_account (the cardholder’s address). ${payPasswordNote} ` +
            'Replies the saved card.',
        },
        async (request) => {
          const body = request.body;
          return service.saveCard({
            userId: requiredUserId(request),
            region,
            payPassword: body.pay_password,
            fields: {
              routingNumber: body.alipay_account,
              realName: body.real_name,
              accountNumber: body.bank_account,
              provinceCity: body.bank_dizhi,
              bankName: body.bank_name,
              branch: body.bank_network,
              swiftCode: body.swift_code,
              phone: body.phone,
              holderAddress: body.wechat_account,
            },
          });
        },
      );

      route.post(
        info,
        {
          summary: `The caller’s ${region} bank card, or null`,
          description:
            'The owner reads the card in full (their own settings form); bank_account_masked ' +
            '("**** 1234") is for lists.',
        },
        (request) => service.cardInfo({ userId: requiredUserId(request), region }),
      );
    }
  };
}
