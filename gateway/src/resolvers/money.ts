// Money: the amount as exact text, its currency, and the amount in minor units, as a GraphQL Int. An Int is 32 bits,
// so minorUnits can carry at most 2,147,483,647 ($21,474,836.47): the shop's limits keep every amount it accepts far
// below that (shop-rules' order-rules), but an amount stored before them, or written around them (straight into the
// database, another implementation of the contract, a cart whose prices rose after it was filled), can be beyond.
// Failing the field would empty the whole page above it (every field up to the first nullable one: an order list, a
// cart), so minorUnits is clamped to the Int's bound instead, `amount` stays exact, and the log says so (docs/graph.md,
// "Money"). A client computes with minorUnits only while it is inside the bounds; at a bound, it reads `amount`.
import { type GraphQLResolveInfo, responsePathAsArray } from 'graphql';
import type { MoneyResolvers } from '../__generated__/resolvers-types.js';
import { GRAPH_INT_MAX } from '../../../shop-rules/money.js';
import type { GatewayContext } from '../context.js';

const GRAPH_INT_MIN = -GRAPH_INT_MAX - 1;

function clamped(
  money: { amount: string; currencyCode: string; minorUnits: number },
  context: GatewayContext,
  info: GraphQLResolveInfo,
): number {
  const bound = money.minorUnits > 0 ? GRAPH_INT_MAX : GRAPH_INT_MIN;
  context.log.warn(
    { path: responsePathAsArray(info.path).join('.'), amount: money.amount, currencyCode: money.currencyCode },
    `Money.minorUnits answered ${bound}, the ${bound > 0 ? 'largest' : 'smallest'} GraphQL Int, for ${money.currencyCode} ${money.amount}: the amount is beyond what a 32-bit Int carries (stored before the shop bounded amounts, or written around it); amount is exact`,
  );
  return bound;
}

export const Money: MoneyResolvers = {
  minorUnits: (money, _args, context, info) =>
    money.minorUnits > GRAPH_INT_MAX || money.minorUnits < GRAPH_INT_MIN
      ? clamped(money, context, info)
      : money.minorUnits,
};
