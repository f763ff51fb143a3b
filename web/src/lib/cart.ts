// The cart as the whole app keeps it: one selection (CartContents) that every operation answering with the cart
// spreads, so that a field added for one screen reaches them all; what stands between each line and checkout,
// from the product it refers to (kept live by productUpdated); prices that changed since the shopper looked; and
// the products a deletion took out of the cart.
import { gql, type ApolloCache, makeVar } from '@apollo/client';
import { ViewerCartIdDocument } from '../gql/graphql';
import { type Money, type MoneyObject, sameMoney, sumOf } from './money';

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

    fragment CartContents on Cart {
      id
      itemCount
      total {
        amount
        currencyCode
        minorUnits
      }
      items {
        productName
        unitPrice {
          amount
          currencyCode
          minorUnits
        }
        quantity
        lineTotal {
          amount
          currencyCode
          minorUnits
        }
        product {
          id
          name
          unitPrice {
            amount
            currencyCode
            minorUnits
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
  for (const line of lines) if (line.product && !seenPrices.has(line.product.id)) seenPrices.set(line.product.id, line.unitPrice);
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
        itemCount: (count, { readField }) => (readField<StoredCart['items']>('items') ?? []).reduce((sum, item) => sum + item.quantity, 0),
        total: (total, { readField, isReference }) =>
          isReference(total) ? total : sumOf((readField<StoredCart['items']>('items') ?? []).map((item) => item.lineTotal), total.currencyCode),
      },
    });
    removedFromCart([...removedFromCart(), removed]);
  }
  if (productRef) {
    cache.evict({ id: productRef });
    cache.gc();
  }
}
