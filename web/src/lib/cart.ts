// The cart as the whole app keeps it: one selection (CartContents) that every operation answering with the cart
// spreads, so that a field added for one screen reaches them all; what stands between each line and checkout,
// from the product it refers to (kept live by productUpdated); how many more of a product it can take, and why no
// more (the cart and the product page say it alike); prices that changed since the shopper looked; and the products
// a deletion took out of the cart.
import { gql, type ApolloCache, type ApolloClient, makeVar } from '@apollo/client';
import {
  CART_TOO_MANY_LINES,
  MAX_CART_TOTAL_CENTS,
  type CartRoom as ShopCartRoom,
  roomInCart,
} from '@shop-rules/order-rules';
import { ViewerCartDocument, ViewerCartIdDocument, type ViewerCartQuery } from '../gql/graphql';
import { type Money, type MoneyObject, moneyOf, sameMoney, sumOf } from './money';

if (false) {
  gql`
    query ViewerCartId {
      viewer {
        id
        cart {
          id
        }
      }
    }

    query ViewerCart {
      viewer {
        id
        cart {
          ...CartContents @unmask
        }
      }
    }

    fragment CartContents on Cart {
      id
      itemCount
      total {
        ...MoneyFields @unmask
      }
      items {
        productName
        unitPrice {
          ...MoneyFields @unmask
        }
        quantity
        lineTotal {
          ...MoneyFields @unmask
        }
        product {
          id
          name
          unitPrice {
            ...MoneyFields @unmask
          }
          quantity
          imageUrls
        }
      }
    }
  `;
}

/** A cart line as CartContents selects it (the live product beside the price the cart last answered). */
export interface CartLine {
  productName: string;
  unitPrice: Money;
  quantity: number;
  lineTotal: Money;
  product: { id: string; unitPrice: Money; quantity: number; imageUrls: readonly string[] } | null;
}

/**
 * What stands between a line and checkout, as the shop's stock says now: gone from the catalogue, sold out, or
 * fewer left than the line holds. A changed price does not stop checkout (the total shown is the new one).
 */
export type LineProblem = { kind: 'gone' } | { kind: 'soldOut' } | { kind: 'short'; available: number };

export function lineProblem(line: CartLine): LineProblem | null {
  if (!line.product) return { kind: 'gone' };
  if (line.product.quantity < 1) return { kind: 'soldOut' };
  if (line.product.quantity < line.quantity) return { kind: 'short', available: line.product.quantity };
  return null;
}

/**
 * How many more of a product the cart can take (shop-rules' roomInCart), with what the cart holds of it and its stock.
 */
export interface CartRoom extends ShopCartRoom {
  inCart: number;
  stock: number;
}

/** The cart's room for more of a product (its stock and price as they are now), from the cart as the app has it. */
export function roomFor(
  cart: { items: readonly CartLine[]; total: Money },
  product: { id: string; quantity: number; unitPrice: Money },
): CartRoom {
  const inCart = cart.items.find((line) => line.product?.id === product.id)?.quantity ?? 0;
  const room = roomInCart(
    { lines: cart.items.length, totalCents: cart.total.minorUnits },
    { inCart, stock: product.quantity, unitPriceCents: product.unitPrice.minorUnits },
  );
  return { ...room, inCart, stock: product.quantity };
}

/** The most a cart may cost, as the viewer writes amounts. */
const mostACartMayCost = (currencyCode: string, money: (amount: Money) => string) =>
  money(moneyOf(MAX_CART_TOTAL_CENTS, currencyCode));

/** Why no more of a product can be added (its + is disabled): said beside it. */
export function noMoreNote(room: CartRoom, currencyCode: string, money: (amount: Money) => string): string {
  if (room.limit === 'lines') return CART_TOO_MANY_LINES;
  if (room.limit === 'total') return `One more would take your cart over ${mostACartMayCost(currencyCode, money)}`;
  return room.stock === 1 ? 'The only one in stock is in your cart' : `All ${room.stock} in stock are in your cart`;
}

/**
 * What the cart leaves room for, where the product page chooses how many to add: how many more, when the cart and
 * not the stock alone sets it; null when the stock alone does ('In stock: n' says it).
 */
export function roomNote(room: CartRoom, currencyCode: string, money: (amount: Money) => string): string | null {
  if (room.units === 0) return noMoreNote(room, currencyCode, money);
  if (room.limit === 'total')
    return `You can add ${room.units} more: a cart may cost at most ${mostACartMayCost(currencyCode, money)}`;
  return room.inCart > 0 ? `You can add ${room.units} more: your cart already holds ${room.inCart}` : null;
}

/** A refusal of how many a cart may hold of a product: the stock (CONFLICT) or a cart limit (INVALID_INPUT). */
export const isRefusalOfHowMany = (refusal: { field?: string | null; code: string }): boolean =>
  (refusal.field === 'quantity' || refusal.field === 'productId') &&
  (refusal.code === 'CONFLICT' || refusal.code === 'INVALID_INPUT');

/** After the shop refused a change of how many: its reason, then how many more can be added now. */
export function refusedWithRoom(reason: string, room: CartRoom): string {
  const more = room.units > 0 ? `You can add ${room.units} more.` : 'You cannot add any more.';
  return `${reason.replace(/\.$/, '')}. ${more}`;
}

/**
 * The viewer's cart as the shop has it now (the cache is written too, so every screen shows it): after the shop
 * refused a change, the cart the app had was out of date. Null when it cannot be had.
 */
export async function freshCart(client: ApolloClient): Promise<NonNullable<ViewerCartQuery['viewer']>['cart'] | null> {
  try {
    const { data } = await client.query({ query: ViewerCartDocument, fetchPolicy: 'network-only' });
    return data?.viewer?.cart ?? null;
  } catch {
    return null;
  }
}

// A line's unit price and total follow its product live (the cache's policies, app/cache.ts): what the cart shows
// is what checkout charges. What the shopper saw before is remembered here, so that a change can be pointed out.
const seenPrices = new Map<string, Money>();

/** The price this line showed when the shopper last looked at the cart, when it differs from the price now. */
export function priceBefore(line: CartLine): Money | null {
  const seen = line.product ? seenPrices.get(line.product.id) : undefined;
  return seen !== undefined && !sameMoney(seen, line.unitPrice) ? seen : null;
}

/** Lines shown for the first time: their price is the one seen. */
export function notePricesShown(lines: readonly CartLine[]): void {
  for (const line of lines)
    if (line.product && !seenPrices.has(line.product.id)) seenPrices.set(line.product.id, line.unitPrice);
}

/** The shopper has seen the cart as it is (they leave it): changed prices are no longer pointed out. */
export function notePricesSeen(lines: readonly CartLine[]): void {
  for (const line of lines) if (line.product) seenPrices.set(line.product.id, line.unitPrice);
}

/** Names of products taken out of this person's cart because an admin deleted them, until the cart says so. */
export const removedFromCart = makeVar<readonly string[]>([]);

/** The session ended (or another one began): what this file remembers was about that person's cart. */
export function forgetCartNotes(): void {
  seenPrices.clear();
  removedFromCart([]);
}

/** A cart line as the cache stores it: the line inline, its product a reference. */
interface StoredLine {
  productName: string;
  quantity: number;
  lineTotal: MoneyObject;
  product: { __ref: string } | null;
}

interface StoredCart {
  itemCount: number;
  total: MoneyObject;
  items: readonly StoredLine[];
}

/**
 * A product left the catalogue (productRemoved): the shop took it out of every cart, so the cached cart drops
 * its line (its count and total follow) and the cart says which one went; listings drop it with the product.
 */
export function removeProductFromCache(cache: ApolloCache, productId: string): void {
  const productRef = cache.identify({ __typename: 'Product', id: productId });
  const cartId = cache.readQuery({ query: ViewerCartIdDocument })?.viewer?.cart.id;
  const cartRef = cartId ? cache.identify({ __typename: 'Cart', id: cartId }) : undefined;
  let removed: string | undefined;
  if (cartRef) {
    cache.modify<StoredCart>({
      id: cartRef,
      fields: {
        items(stored) {
          const items = stored as readonly StoredLine[];
          const gone = items.find((item) => item.product?.__ref === productRef);
          if (!gone) return stored;
          removed = gone.productName;
          return items.filter((item) => item !== gone);
        },
      },
    });
  }
  if (cartRef && removed) {
    // Read after the line went: what is left is what counts.
    cache.modify<StoredCart>({
      id: cartRef,
      fields: {
        itemCount: (count, { readField }) =>
          (readField<StoredCart['items']>('items') ?? []).reduce((sum, item) => sum + item.quantity, 0),
        total: (total, { readField, isReference }) =>
          isReference(total)
            ? total
            : sumOf(
                (readField<StoredCart['items']>('items') ?? []).map((item) => item.lineTotal),
                total.currencyCode,
              ),
      },
    });
    removedFromCart([...removedFromCart(), removed]);
  }
  if (productRef) {
    cache.evict({ id: productRef });
    cache.gc();
  }
}

/** What Order Again (features/orders) hands the cart page in the navigation's state: the order, and each line short. */
export interface OrderedAgain {
  number: number;
  /** Why each line that did not go in whole did not, as the buyer reads it. */
  notAdded: string[];
}
