// The graph's objects as the gateway answers them, with every field the screens read, and the mocked answers of
// the queries every logged-in screen makes. Values are exact: tests assert what people would see of them.
import { PERMISSIONS, type Permission } from '@shop-rules/staff-rules';
import type { MockLink } from '@apollo/client/testing';
import {
  CategoriesDocument,
  ListingFacetsDocument,
  ProductListingDocument,
  SessionDocument,
  StartCardPaymentDocument,
  ViewerCartDocument,
} from '../gql/graphql';
import { PAGE_SIZE } from '../features/product-listing/listing-page';
import { transferReference } from '@shop-rules/payment-rules';
import { type MoneyObject, moneyOf, sumOf, timesQuantity } from '../lib/money';

export const productId = (n: number) => `UHJvZHVjdDo${n}`;
export const roomId = (n: number) => `Q2hhdFJvb206${n}`;
export const messageId = (room: number, n: number) => `TWVzc2FnZTo${room}.${n}`;
export const orderId = (n: number) => `T3JkZXI6${n}`;
export const CART_ID = 'Q2FydDox';

/** An amount as the gateway answers it, in the shop's default currency: money('12.50'). */
export function money(amount: string): MoneyObject {
  const exact = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!exact) throw new Error(`money('${amount}'): write the amount as the graph does, with two decimals`);
  return moneyOf(Number(exact[1]) * 100 + Number(exact[2]), 'USD');
}

export interface ProductFixture {
  __typename: 'Product';
  id: string;
  name: string;
  description: string;
  unitPrice: MoneyObject;
  quantity: number;
  inStock: boolean;
  imageUrl: string | null;
  imageUrls: string[];
  /** Each image with its alt text (null: none given); by default those of imageUrls, without any. */
  images: { __typename: 'ProductImage'; url: string; alt: string | null }[];
  sku: string | null;
  /** Its own low-stock threshold; null: the shop's. */
  lowStockThreshold: number | null;
  /** The categories it is in, by global id (what the product form reads). */
  categories: { __typename: 'Category'; id: string }[];
}

export function product(n: number, fields: Partial<Omit<ProductFixture, '__typename' | 'id'>> = {}): ProductFixture {
  const imageUrls = fields.imageUrls ?? [`/images/products/item-${n}.svg`];
  const quantity = fields.quantity ?? 10 * n;
  return {
    __typename: 'Product',
    id: productId(n),
    name: `Product ${n}`,
    description: `Description of product ${n}`,
    unitPrice: money(`${5 * n}.99`),
    quantity,
    inStock: quantity > 0,
    imageUrl: imageUrls[0] ?? null,
    imageUrls,
    images: imageUrls.map((url) => ({ __typename: 'ProductImage', url, alt: null })),
    sku: null,
    lowStockThreshold: null,
    categories: [],
    ...fields,
  };
}

export const categoryId = (n: number) => btoa(`Category:${n}`).replace(/=+$/, '');

/** A category as the Categories query answers it. */
export const category = (n: number, name: string, parent?: number) => ({
  __typename: 'Category',
  id: categoryId(n),
  name,
  parent: parent ? { __typename: 'Category', id: categoryId(parent) } : null,
});

export interface RoomFixture {
  __typename: 'ChatRoom';
  id: string;
  roomName: string;
  participantUsernames: string[];
  lastMessage: string | null;
  lastMessageTime: string | null;
  createdAt: string | null;
  unreadCount: number;
}

interface ListingPageOptions {
  offset?: number;
  totalCount?: number;
  hasNextPage?: boolean;
  /** What each cursor starts with, before the product's place in the list. */
  cursorPrefix?: string;
  /** The search's summary, on a search's page (each product's highlight then comes with it in `highlights`). */
  search?: { words: string[]; corrections: { typed: string; suggested: string }[] } | null;
  highlights?: ({ name: TextPartFixture[]; excerpt: TextPartFixture[] | null } | null)[];
}

export interface TextPartFixture {
  text: string;
  match: boolean;
}

/** The listing's answer (ProductListing's data) holding these products: a page of a list not searched, unless said. */
export function listingData(
  products: ProductFixture[],
  {
    offset = 0,
    totalCount = products.length,
    hasNextPage = false,
    cursorPrefix = 'c',
    search = null,
    highlights = [],
  }: ListingPageOptions = {},
) {
  const cursor = (index: number) => `${cursorPrefix}${offset + index}`;
  return {
    products: {
      __typename: 'ProductConnection',
      totalCount,
      search: search && {
        __typename: 'ProductSearchSummary',
        words: search.words,
        corrections: search.corrections.map((correction) => ({ __typename: 'SearchCorrection', ...correction })),
      },
      edges: products.map((node, index) => {
        const highlight = highlights[index];
        const parts = (list: TextPartFixture[]) => list.map((part) => ({ __typename: 'TextPart', ...part }));
        return {
          __typename: 'ProductEdge',
          cursor: cursor(index),
          highlight: highlight
            ? {
                __typename: 'ProductHighlight',
                name: parts(highlight.name),
                excerpt: highlight.excerpt && parts(highlight.excerpt),
              }
            : null,
          node,
        };
      }),
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage,
        endCursor: products.length ? cursor(products.length - 1) : null,
      },
    },
  };
}

/** The listing's first page for these variables (the whole catalogue without them), answered with these products. */
export function listingMock(
  products: ProductFixture[],
  variables: Record<string, unknown> = {},
  options: ListingPageOptions & { maxUsageCount?: number; delay?: number } = {},
): MockLink.MockedResponse {
  const { maxUsageCount, delay, ...page } = options;
  return {
    request: { query: ProductListingDocument, variables: { first: PAGE_SIZE, ...variables } },
    result: { data: listingData(products, page) },
    ...(maxUsageCount === undefined ? {} : { maxUsageCount }),
    ...(delay === undefined ? {} : { delay }),
  };
}

/**
 * What the listing asks for beside its products, for a test about something else: no categories, and no product
 * counted in any facet, for any filter. Unanswered, each would fail at once, and a failure while a navigation renders
 * makes the listing ask again (Apollo reobserves in render, for the old address and the new in turn) until the test
 * times out.
 */
export function listingSideMocks(): MockLink.MockedResponse[] {
  return [
    {
      request: { query: CategoriesDocument },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: { data: { categories: [] } },
    },
    {
      request: { query: ListingFacetsDocument, variables: () => true },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: {
        data: { productFacets: { __typename: 'ProductFacets', inStockCount: 0, categories: [], priceBands: [] } },
      },
    },
  ];
}

export function room(n: number, fields: Partial<Omit<RoomFixture, '__typename' | 'id'>> = {}): RoomFixture {
  const roomName = fields.roomName ?? `friend${n}`;
  return {
    __typename: 'ChatRoom',
    id: roomId(n),
    roomName,
    participantUsernames: ['alice', roomName],
    lastMessage: null,
    lastMessageTime: null,
    createdAt: `2026-11-0${Math.min(n, 9)}T08:00:00.000Z`,
    unreadCount: 0,
    ...fields,
  };
}

export interface CartLineFixture {
  __typename: 'CartItem';
  productName: string;
  unitPrice: MoneyObject;
  quantity: number;
  lineTotal: MoneyObject;
  /** The product as it is now (null: deleted): its stock and price are what the cart checks a line against. */
  product: {
    __typename: 'Product';
    id: string;
    name: string;
    unitPrice: MoneyObject;
    quantity: number;
    imageUrls: string[];
  } | null;
}

/** A line of `quantity` of product n at `price` ('4.50'); the product has 50 in stock at that price unless told. */
export function cartLine(n: number, quantity: number, price = `${5 * n}.99`, stock = 50): CartLineFixture {
  const unitPrice = money(price);
  return {
    __typename: 'CartItem',
    productName: `Product ${n}`,
    unitPrice,
    quantity,
    lineTotal: timesQuantity(unitPrice, quantity),
    product: {
      __typename: 'Product',
      id: productId(n),
      name: `Product ${n}`,
      unitPrice,
      quantity: stock,
      imageUrls: [`/images/product-${n}.svg`],
    },
  };
}

export function cart(lines: CartLineFixture[]) {
  return {
    __typename: 'Cart' as const,
    id: CART_ID,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: sumOf(
      lines.map((line) => line.lineTotal),
      'USD',
    ),
    items: lines,
  };
}

/** The viewer's cart (lib/cart.ts' ViewerCart: the product page reads it, and a screen asks again after a refusal). */
export function viewerCartMock(lines: CartLineFixture[] = []): MockLink.MockedResponse {
  return {
    request: { query: ViewerCartDocument },
    result: { data: { viewer: { __typename: 'User', id: 'VXNlcjoy', cart: cart(lines) } } },
  };
}

export interface ViewerOptions {
  username?: string;
  isAdmin?: boolean;
  /** What the viewer's roles allow: every permission for an admin, none for a shopper, unless told. */
  permissions?: Permission[];
  /** The shop holds the viewer's staff permissions back until their second factor is on: false unless told. */
  permissionsAwaitTwoFactor?: boolean;
  itemCount?: number;
  /** Unread chat messages over every room: the navbar's badge. */
  unreadMessageCount?: number;
  /** The viewer's language and time zone, which every date, time and amount is written in: en and UTC unless told. */
  language?: string;
  timezone?: string;
}

/** The app shell's session query, answered for a logged-in person. */
export function sessionMock({
  username = 'alice',
  isAdmin = false,
  permissions = isAdmin ? [...PERMISSIONS] : [],
  permissionsAwaitTwoFactor = false,
  itemCount = 0,
  unreadMessageCount = 0,
  language = 'en',
  timezone = 'UTC',
}: ViewerOptions = {}): MockLink.MockedResponse {
  return {
    request: { query: SessionDocument },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: {
      data: {
        viewer: {
          __typename: 'User',
          id: 'VXNlcjoy',
          username,
          isAdmin,
          permissions,
          permissionsAwaitTwoFactor,
          preferences: { __typename: 'Preferences', language, timezone },
          cart: { __typename: 'Cart', id: CART_ID, itemCount },
          unreadMessageCount,
        },
      },
    },
  };
}

/** An answer with a GraphQL error, as the gateway sends for a refused token. */
export const unauthenticated = {
  errors: [{ message: 'Invalid or expired token', extensions: { code: 'UNAUTHENTICATED' } }],
};

/** The account the test shop's bank transfers pay into. */
export const SHOP_ACCOUNT = {
  __typename: 'BankAccount',
  accountHolder: 'Medshop GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
} as const;

/** An order's payment by bank transfer (Order.payment), waiting for it unless said otherwise. */
export function bankTransferPayment(
  orderNumber: number,
  status: 'AWAITING_PAYMENT' | 'PAID' | 'REFUNDED' = 'AWAITING_PAYMENT',
) {
  return {
    __typename: 'OrderPayment',
    method: 'BANK_TRANSFER',
    status,
    reference: transferReference(orderNumber),
    account: SHOP_ACCOUNT,
    reservedUntil: status === 'AWAITING_PAYMENT' ? '2026-11-29T14:30:00.000Z' : null,
    paidAt: status === 'AWAITING_PAYMENT' ? null : '2026-11-23T10:00:00.000Z',
  };
}

/** An order's payment by card (Order.payment), waiting for it unless said otherwise: its items held 30 minutes. */
export function cardPayment(status: 'AWAITING_PAYMENT' | 'PAID' | 'REFUNDED' = 'AWAITING_PAYMENT') {
  return {
    __typename: 'OrderPayment',
    method: 'CARD',
    status,
    reference: null,
    account: null,
    reservedUntil: status === 'AWAITING_PAYMENT' ? '2026-11-22T15:00:00.000Z' : null,
    paidAt: status === 'AWAITING_PAYMENT' ? null : '2026-11-22T14:41:00.000Z',
  };
}
export type PaymentFixture = ReturnType<typeof bankTransferPayment> | ReturnType<typeof cardPayment>;

/** Stripe Checkout's page for an order, as startCardPayment answers it. */
export const STRIPE_PAGE = 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4';

/**
 * startCardPayment for the order, answered with Stripe's page, the shop's refusal (a userError on orderId), or, for
 * 'unavailable', the gateway's UPSTREAM_UNAVAILABLE (Stripe did not answer).
 */
export function startCardPaymentMock(
  id: string,
  answer: { url: string } | { refusal: string; code: string } | 'unavailable',
): MockLink.MockedResponse {
  const request = { query: StartCardPaymentDocument, variables: { input: { orderId: id } } };
  if (answer === 'unavailable')
    return {
      request,
      result: {
        errors: [
          {
            message: 'The shop is temporarily unavailable. Please try again in a moment.',
            extensions: { code: 'UPSTREAM_UNAVAILABLE' },
          },
        ],
      },
    };
  return {
    request,
    result: {
      data: {
        startCardPayment: {
          __typename: 'StartCardPaymentPayload',
          url: 'url' in answer ? answer.url : null,
          userErrors:
            'url' in answer
              ? []
              : [{ __typename: 'UserError', message: answer.refusal, field: 'orderId', code: answer.code }],
        },
      },
    },
  };
}
