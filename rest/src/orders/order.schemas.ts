// The Order of spec §3 on the wire, checkout and status bodies, and the listing parameters.
import { Type, type Static } from 'typebox';
import { PageQuery, PageSchema } from '../shared/paging.js';
import { MAX_DATABASE_ID, Nullable, Timestamp } from '../shared/schemas.js';
import { lineProduct } from '../products/line-products.js';
import { CartAnswerSchema } from '../cart/cart.schemas.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shop-rules/payment-rules.js';
import type { PaymentAnswer } from './order.service.js';

import {
  INVALID_EXPECTED_TOTAL,
  MAX_ORDER_SEARCH_LENGTH,
  ORDER_STATUSES,
  type OrderStatus,
  SHIPPING_ADDRESS_REQUIRED,
} from '../../../shop-rules/order-rules.js';

export { ORDER_STATUSES, type OrderStatus };

const itemFields = {
  id: Type.Integer(),
  productId: Type.Integer({ description: 'The product bought; it may since have been deleted' }),
  productName: Type.String({ description: 'The name when ordered' }),
  price: Type.Number({ description: 'The unit price when ordered' }),
  quantity: Type.Integer(),
  subtotal: Type.Number(),
};
const itemSku = {
  sku: Nullable(
    Type.String({ description: 'The product’s SKU when ordered; null when it had none (extension: product-sku)' }),
  ),
};

const orderFields = (extensions: boolean) => ({
  id: Type.Integer(),
  orderDate: Timestamp,
  totalAmount: Type.Number(),
  status: Type.String({ enum: [...ORDER_STATUSES] }),
  shippingAddress: Type.String(),
  username: Nullable(Type.String({ description: 'The buyer; null once they deleted their account' })),
  items: Type.Array(Type.Object(extensions ? { ...itemFields, ...itemSku, ...lineProduct('order') } : itemFields)),
});
/** What shipping added to the order (extension: shipping). */
const orderShipping = {
  subtotal: Type.Number({
    description:
      'The lines together; totalAmount is this and shippingCost, and tax where prices are without it (extension: shipping)',
  }),
  shippingCost: Type.Number({ description: 'What shipping cost; 0 when free, or placed without a method (extension)' }),
  shippingMethod: Nullable(
    Type.String({ description: 'The shipping method’s name when ordered; null when placed without one (extension)' }),
  ),
  shippingCountry: Nullable(
    Type.String({ description: 'Where it ships, ISO 3166-1 alpha-2; null when placed without a country (extension)' }),
  ),
};
/** A rate's share of an order's tax. */
export const TaxGroupSchema = Type.Object({
  rate: Type.Number({ description: 'Percent: 19, 7.5' }),
  amount: Type.Number({ description: 'What is taxed at this rate: lines and shipping' }),
  tax: Type.Number({ description: 'Its tax, rounded half up to the cent' }),
});
/** What tax added to the order, or what of it was tax (extension: tax). */
export const chargesTax = {
  tax: Type.Number({
    description:
      'The tax in the order: the part of the prices that is tax, or what was added on top (pricesIncludeTax); 0 where no rate applied (extension: tax)',
  }),
  taxGroups: Type.Array(TaxGroupSchema, { description: 'The tax by rate, the highest first (extension: tax)' }),
  pricesIncludeTax: Type.Boolean({
    description: 'Whether the lines’ and shipping’s prices included the tax, or it was added on top (extension: tax)',
  }),
};
/** How the order is paid and where its payment stands (extension: payment). */
const orderPayment = {
  payment: Nullable(
    Type.Object({
      method: Type.Enum([...PAYMENT_METHODS]),
      status: Type.Enum([...PAYMENT_STATUSES], {
        description: 'AWAITING_PAYMENT: its stock held until reservedUntil; PAID; REFUNDED: cancelled once paid',
      }),
      reference: Nullable(
        Type.String({ description: 'What a bank transfer quotes (ISO 11649 creditor reference); null for a card' }),
      ),
      account: Nullable(
        Type.Object(
          { accountHolder: Type.String(), iban: Type.String(), bic: Nullable(Type.String()) },
          { description: 'The account a bank transfer pays into, as the order stated it; null for a card' },
        ),
      ),
      reservedUntil: Nullable(Timestamp),
      paidAt: Nullable(Timestamp),
    }),
    {
      description:
        'How the order is paid; null for one placed while the shop took no payment (extension: payment). Until it is paid it cannot move beyond PENDING, and when reservedUntil passes it is cancelled, its stock back',
    },
  ),
};
const buyerId = {
  userId: Nullable(
    Type.Integer({ description: 'The buyer’s user id; null once they deleted their account (extension)' }),
  ),
};

/** An order as answered: with the buyer's id where the extensions are on. */
export const OrderAnswerSchema = (extensions: boolean) =>
  Type.Object(
    extensions
      ? { ...orderFields(true), ...buyerId, ...orderShipping, ...chargesTax, ...orderPayment }
      : orderFields(false),
  );
/** What the caller's cart would cost placed now (extension: tax): as an order would carry it. */
export const ChargesAnswerSchema = Type.Object({
  ...orderShipping,
  ...chargesTax,
  total: Type.Number({ description: 'What the order would cost: the amount its expectedTotal must be' }),
});
export const ChargesQuery = Type.Object({
  shippingCountry: Type.Optional(
    Type.String({ description: 'Where it would ship, ISO 3166-1 alpha-2, any case: as at checkout' }),
  ),
  shippingMethodId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_DATABASE_ID, description: 'As at checkout' }),
  ),
});
/**
 * The service's answer carries the buyer's id and the lines' SKUs always; the plain contract's schema leaves them out
 * of the JSON.
 */
export type OrderAnswer = Static<ReturnType<typeof OrderAnswerSchema>> & {
  userId: number | null;
  subtotal: number;
  shippingCost: number;
  shippingMethod: string | null;
  shippingCountry: string | null;
  tax: number;
  taxGroups: { rate: number; amount: number; tax: number }[];
  pricesIncludeTax: boolean;
  payment: PaymentAnswer | null;
  items: { sku: string | null }[];
};

const checkoutFields = {
  // Missing, not text or blank: the same message as the spec's form (§5).
  // Its length is checked after trimming, by the rule shared with the gateway (shop-rules).
  shippingAddress: Type.String({
    errorMessage: { required: SHIPPING_ADDRESS_REQUIRED, type: SHIPPING_ADDRESS_REQUIRED },
  }),
};

/** The checkout body; with the extensions, the total the buyer reviewed too. */
export const CheckoutBodySchema = (extensions: boolean) =>
  Type.Object(
    extensions
      ? {
          ...checkoutFields,
          expectedTotal: Type.Optional(
            Type.Number({
              description:
                'The total the buyer reviewed (extension): when the cart’s total is another, nothing is ordered and the answer is 409 PRICE_CHANGED',
              errorMessage: { type: INVALID_EXPECTED_TOTAL },
            }),
          ),
          shippingMethodId: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_DATABASE_ID,
              description:
                'The shipping method (extension: shipping): required while the shop offers any (400 SHIPPING_METHOD_REQUIRED); one gone or retired is 400 SHIPPING_METHOD_NOT_FOUND, one that does not ship to shippingCountry 400 SHIPPING_NOT_AVAILABLE',
            }),
          ),
          shippingCountry: Type.Optional(
            Type.String({
              description:
                'Where the order ships, ISO 3166-1 alpha-2, any case (extension: shipping): what the method is priced for and the order taxed by (extension: tax); required with shippingMethodId, and while the shop has tax rates (400 SHIPPING_COUNTRY_REQUIRED)',
            }),
          ),
          paymentMethod: Type.Optional(
            Type.String({
              description:
                'How the buyer pays (extension: payment): one of GET /settings/payment’s methods, required while there are any (400 PAYMENT_METHOD_REQUIRED); one the shop does not take is 400 PAYMENT_METHOD_NOT_OFFERED',
            }),
          ),
        }
      : checkoutFields,
  );
export type CheckoutBody = Static<ReturnType<typeof CheckoutBodySchema>> & {
  expectedTotal?: number;
  shippingMethodId?: number;
  shippingCountry?: string;
  paymentMethod?: string;
};

/** The Idempotency-Key header of a checkout (extension). */
export const CheckoutHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'One per checkout attempt (a UUID, say): the same key from the same user within 24 hours answers the order it created (with `Idempotent-Replayed: true`), and never places a second one (extension)',
    }),
  ),
});

export const OrderHistoryAnswer = Type.Array(
  Type.Object({
    status: Type.String({ enum: [...ORDER_STATUSES], description: 'The status the order reached (PENDING: placed)' }),
    at: Timestamp,
    by: Type.Optional(
      Type.String({ description: 'Who moved it there (an admin, or the buyer who cancelled it): for admins only' }),
    ),
  }),
  {
    description:
      'What happened to the order, oldest first: placed, then each move of its status (extension: order-history)',
  },
);

/** What ordering an old order again answers (extension: order-again). */
export const OrderAgainAnswer = Type.Object({
  cart: CartAnswerSchema(true),
  notAdded: Type.Array(
    Type.Object({
      productId: Nullable(Type.Integer({ description: 'The product; null when it is no longer sold' })),
      productName: Type.String({ description: 'The product’s name as the order has it' }),
      wanted: Type.Integer({ description: 'The units the order had' }),
      added: Type.Integer({ description: 'The units that went into the cart (0 to `wanted` − 1)' }),
      reason: Type.Enum(['NO_LONGER_SOLD', 'OUT_OF_STOCK', 'LIMITED_STOCK', 'CART_FULL']),
      message: Type.String({ description: 'Why, as the buyer reads it' }),
    }),
    { description: 'Each line of the order that did not go into the cart whole, in the order’s order' },
  ),
});

export const StatusBody = Type.Object({
  status: Type.Enum(['CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED']),
});

export const OrderListQuery = (extensions: boolean) =>
  extensions
    ? Type.Intersect([
        PageQuery,
        Type.Object({
          scope: Type.Optional(
            Type.Enum(['mine', 'all'], { description: 'all: every customer’s orders, for admins (extension)' }),
          ),
          status: Type.Optional(
            Type.Enum([...ORDER_STATUSES], { description: 'Only the orders in this status (extension)' }),
          ),
          // Its length is checked after trimming, by the rule shared with the gateway and the web app (shop-rules).
          search: Type.Optional(
            Type.String({
              description: `Only the orders found by this text, trimmed, at most ${MAX_ORDER_SEARCH_LENGTH} characters (extension): digits, optionally after #, find the order with that number; any other text finds the orders of buyers whose username contains it, in any case (% and _ are plain characters). Blank searches nothing`,
            }),
          ),
        }),
      ])
    : Type.Object({});

export const OrderListAnswer = (extensions: boolean) =>
  extensions
    ? Type.Union(
        [
          Type.Array(OrderAnswerSchema(true)),
          Type.Intersect([
            PageSchema(OrderAnswerSchema(true)),
            Type.Object({
              countsByStatus: Type.Optional(
                Type.Record(Type.String(), Type.Integer(), {
                  description:
                    'With scope=all: how many orders each status has (of those `search` finds), whatever `status` narrows (extension)',
                }),
              ),
              search: Type.Optional(
                Type.String({
                  description:
                    'With `search`: the text searched for, trimmed (extension). A client that asked for a search and finds no `search` here is talking to an implementation that ignored it',
                }),
              ),
            }),
          ]),
        ],
        { description: 'Newest first; a page object when page or size is given' },
      )
    : Type.Array(OrderAnswerSchema(false));
