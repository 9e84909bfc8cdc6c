import type { IeoAllocationInputs, IeoOrder, IeoProject } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  countdownParts,
  countdownText,
  oversubscription,
  progressPercent,
  receiptOf,
  subscriptionCost,
} from './ieo-rules';

const project = {
  token_scale: 2,
  issuance: '1000.00',
  requested_total: '1900.00',
  min_per_user: '10.00',
  max_per_user: '600.00',
} as IeoProject;

describe('ieo screen rules', () => {
  it('counts down and shows progress and oversubscription', () => {
    expect(countdownText(countdownParts(90_061_000), 'd')).toBe('1d 01:01:01');
    expect(countdownText(countdownParts(-5), 'd')).toBe('00:00:00');
    expect(progressPercent(project)).toBe(100);
    expect(progressPercent({ ...project, requested_total: '123.40' })).toBe(12.3);
    expect(oversubscription(project)).toBe('1.90');
    expect(oversubscription({ ...project, requested_total: '10.00' })).toBe(null);
  });

  it('prices a subscription as the server holds it and checks the form', () => {
    expect(subscriptionCost({ amount: '1.5', tokenScale: 1, price: '0.333333', payScale: 6 })?.text).toBe(
      '0.500000',
    );
    const base = { project, alreadyRequested: 0n, cost: 5n, available: 10n };
    expect(amountProblem({ ...base, amount: '100' })).toBe(null);
    expect(amountProblem({ ...base, amount: '5' })).toBe('below_minimum');
    expect(amountProblem({ ...base, amount: '100', alreadyRequested: 55_000n })).toBe('above_maximum');
    expect(amountProblem({ ...base, amount: '1.001' })).toBe('too_many_decimals');
    expect(amountProblem({ ...base, amount: '100', cost: 11n })).toBe('insufficient');
  });

  it('recomputes a receipt and marks it verified only when it matches', () => {
    const inputs: IeoAllocationInputs = {
      project_id: 1,
      issuance: '100',
      token_scale: 0,
      rule_version: 1,
      applications: [
        { id: '1', amount: '50' },
        { id: '2', amount: '30' },
        { id: '3', amount: '40' },
      ],
    };
    const order = {
      id: '1',
      token_scale: 0,
      pay_scale: 0,
      held: '150',
      price: '3',
      allocated: '42',
      charged: '126',
      refunded: '24',
    } as IeoOrder;
    expect(receiptOf(order, inputs)).toMatchObject({ share: 41n, remainderUnit: 1n, verified: true });
    expect(receiptOf({ ...order, allocated: '43' }, inputs)?.verified).toBe(false);
    expect(receiptOf({ ...order, allocated: null }, inputs)).toBe(null);
  });
});
