/**
 * An in-memory SpotService for the market maker's tests: orders rest and cross at the resting
 * price, depth aggregates open orders. It moves no money (the real service's tests cover that);
 * it lets the maker's behaviour be tested on its own, tick by tick.
 */
import type { SpotDepth, SpotOrder, SpotSide } from '@fairex/contract';
import { fromScaledBigint, toScaledBigint } from '@fairex/domain';
import type { PlaceOrderInput, SpotMarketInfo, SpotService } from './spot.service.types';

const scale = 8;
const units = (text: string) => {
  const parsed = toScaledBigint(text, scale);
  if (!parsed.ok) throw new Error(`not a number: ${text}`);
  return parsed.value;
};
const text = (value: bigint) => fromScaledBigint(value, scale).replace(/\.?0+$/, '');

type Resting = { order: SpotOrder; userId: number; price: bigint; amount: bigint; filled: bigint };

export function fakeSpotService(markets: SpotMarketInfo[]): SpotService & {
  readonly placed: PlaceOrderInput[];
  order(id: number): SpotOrder | undefined;
} {
  const orders = new Map<number, Resting>();
  const placed: PlaceOrderInput[] = [];
  let nextId = 1;
  let seq = 0;
  const now = () => Date.now();

  const view = (resting: Resting, status: SpotOrder['status']): SpotOrder => {
    resting.order = {
      ...resting.order,
      filled: text(resting.filled),
      status,
      updated_at: now(),
    };
    return resting.order;
  };
  const crosses = (side: SpotSide, limit: bigint, resting: Resting) =>
    side === 'buy' ? resting.price <= limit : resting.price >= limit;

  return {
    placed,
    order: (id) => orders.get(id)?.order,
    async init() {},
    markets: () => markets,
    async place(input) {
      placed.push(input);
      const market = markets.find((each) => each.symbol === input.symbol);
      if (!market || input.price === null) throw new Error('the fake takes limit orders of known pairs only');
      const id = nextId++;
      const price = units(input.price);
      const amount = units(input.amount);
      const taker: Resting = {
        userId: input.userId,
        price,
        amount,
        filled: 0n,
        order: {
          id,
          symbol: input.symbol,
          currency_id: market.baseCurrencyId,
          legal_id: market.quoteCurrencyId,
          side: input.side,
          type: input.side === 'buy' ? 1 : 2,
          kind: 'limit',
          time_in_force: input.timeInForce,
          price: input.price,
          amount: input.amount,
          filled: '0',
          average_price: null,
          turnover: '0',
          fee: '0',
          held: '0',
          status: 'open',
          tick_id: null,
          created_at: now(),
          updated_at: now(),
        },
      };
      const book = [...orders.values()]
        .filter((resting) => resting.order.symbol === input.symbol && resting.order.status === 'open')
        .filter((resting) => resting.order.side !== input.side && crosses(input.side, price, resting))
        .sort((a, b) => (input.side === 'buy' ? Number(a.price - b.price) : Number(b.price - a.price)));
      for (const resting of book) {
        if (taker.filled === taker.amount) break;
        if (resting.userId === input.userId) continue;
        const size = [resting.amount - resting.filled, taker.amount - taker.filled].reduce((a, b) =>
          a < b ? a : b,
        );
        resting.filled += size;
        taker.filled += size;
        view(resting, resting.filled === resting.amount ? 'filled' : 'open');
        seq += 1;
      }
      const status =
        taker.filled === taker.amount ? 'filled' : input.timeInForce === 'gtc' ? 'open' : 'expired';
      orders.set(id, taker);
      if (status === 'open') seq += 1;
      return view(taker, status);
    },
    async cancel(userId, orderId) {
      const resting = orders.get(orderId);
      if (!resting || resting.userId !== userId || resting.order.status !== 'open')
        throw new Error('not open');
      seq += 1;
      return view(resting, 'cancelled');
    },
    depth(symbol, levels): SpotDepth {
      const open = [...orders.values()].filter(
        (resting) => resting.order.symbol === symbol && resting.order.status === 'open',
      );
      const side = (which: SpotSide) => {
        const byPrice = new Map<bigint, bigint>();
        for (const resting of open.filter((each) => each.order.side === which)) {
          byPrice.set(resting.price, (byPrice.get(resting.price) ?? 0n) + resting.amount - resting.filled);
        }
        return [...byPrice.entries()]
          .sort(([a], [b]) => (which === 'buy' ? Number(b - a) : Number(a - b)))
          .slice(0, levels)
          .map(([price, amount]): [string, string] => [text(price), text(amount)]);
      };
      return { symbol, seq, bids: side('buy'), asks: side('sell'), time: now() };
    },
    openOrders(userId, symbol) {
      return [...orders.values()]
        .filter(
          (resting) =>
            resting.userId === userId && resting.order.symbol === symbol && resting.order.status === 'open',
        )
        .map((resting) => resting.order);
    },
    onCommitted: () => () => {},
    async stop() {},
  };
}
