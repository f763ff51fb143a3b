// The REST contract's answers (spec §3, §7) as the gateway reads them. Written loosely on purpose: the gateway
// must work against any implementation of the contract, so fields our own service always sends may be missing.
import type { ValidAddress } from '../../../shop-rules/address-rules.js';
import type { ProductContractFields, ProductFieldName } from '../../../shop-rules/product-fields.js';

/**
 * A product: every editable field of shop-rules' PRODUCT_FIELDS, any of them possibly missing or null but the ones
 * the contract has always answered.
 */
export type RestProduct = { id: number } & Pick<ProductContractFields, 'name' | 'price' | 'quantity'> & {
    [Name in ProductFieldName]?: ProductContractFields[Name] | null;
  } & {
    /** Extension product-search: where a search's words are in the product's text (on a search's page only). */
    highlight?: RestProductHighlight;
  };

/** Extension product-categories: a category of the tree (GET /api/categories). */
export interface RestCategory {
  id: number;
  name: string;
  parentId: number | null;
}

/** The counts beside a product list (extension product-facets: GET /api/products/facets). */
export interface RestProductFacets {
  totalElements: number;
  categories: { id: number; count: number }[];
  priceBands: { minPrice: number; maxPrice: number | null; count: number }[];
  inStock: number;
}

export interface RestTextPart {
  text: string;
  match: boolean;
}

export interface RestProductHighlight {
  name: RestTextPart[];
  excerpt: RestTextPart[] | null;
}

/** Extension product-search: how a search was read, on each page it answers. */
export interface RestSearchSummary {
  words: string[];
  corrections: { typed: string; suggested: string }[];
}

export interface RestPreferences {
  emailNotifications?: boolean | null;
  smsNotifications?: boolean | null;
  language?: string | null;
  timezone?: string | null;
}

/** Extension (address-book): an address of the caller's address book: its parts as kept, and more. */
export type RestAddress = ValidAddress & { id: number; printed: string; createdAt: string; lastUsedAt: string | null };

/** Extension (shipping): what a shipping method costs to some countries, in dollars. */
export interface RestShippingRate {
  countries: string[];
  price: number;
  freeFrom: number | null;
}

/** Extension (shipping): a way the shop ships orders. */
export interface RestShippingMethod {
  id: number;
  name: string;
  description: string | null;
  minDays: number;
  maxDays: number;
  estimate: string;
  active: boolean;
  rates: RestShippingRate[];
  createdAt: string;
}

/** Extension (shipping): a method for the caller's cart going to a country: its price, or why not (dollars). */
export interface RestShippingOption {
  method: RestShippingMethod;
  available: boolean;
  price: number | null;
  reason: string | null;
}

export interface RestUser {
  id?: number | null;
  username: string;
  roles?: string[] | null;
  /** Extension (staff-roles): what the roles allow; absent in the plain contract (ADMIN is all there is). */
  permissions?: string[] | null;
  email?: string | null;
  /**
   * Extension (email-verification): whether the owner of `email` opened the link sent to it; absent in the plain
   * contract.
   */
  emailVerified?: boolean | null;
  /**
   * Extension (two-factor): STAFF_TWO_FACTOR_REQUIRED withholds the account's permissions until its second factor is
   * on; absent in the plain contract.
   */
  permissionsAwaitTwoFactor?: boolean | null;
  /** Extension (chat-reports): until when a moderator suspended the account's chat; null when it may send. */
  chatSuspendedUntil?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  address?: string | null;
  createdAt?: string | null;
  preferences?: RestPreferences | null;
}

export interface RestCartItem {
  productId: number;
  productName: string;
  /** Extension (line-products): the product as it is now; absent in the plain contract. */
  product?: RestProduct;
  price: number;
  quantity: number;
  subtotal: number;
}

export interface RestCart {
  id?: number | null;
  items?: RestCartItem[] | null;
  totalPrice?: number | null;
}

/** Extension (order-again): a line of an old order that did not go into the cart whole. */
export interface RestNotAddedLine {
  productId: number | null;
  productName: string;
  wanted: number;
  added: number;
  reason: 'NO_LONGER_SOLD' | 'OUT_OF_STOCK' | 'LIMITED_STOCK' | 'CART_FULL';
  message: string;
}

export interface RestOrderItem {
  productId?: number | null;
  productName: string;
  /** Extension (product-sku): the product's SKU when ordered; absent in the plain contract. */
  sku?: string | null;
  /** Extension (line-products): the product as it is now, null once deleted; absent in the plain contract. */
  product?: RestProduct | null;
  price?: number | null;
  quantity: number;
  subtotal: number;
}

export interface RestOrder {
  id: number;
  orderDate: string;
  totalAmount: number;
  status: string;
  shippingAddress: string;
  items?: RestOrderItem[] | null;
  /** The buyer; null once their account is deleted. */
  username?: string | null;
  /** Extension (DESIGN §4): the buyer's user id. */
  userId?: number | null;
  /** Extension (shipping): the lines together, what shipping cost, by which method to which country. */
  subtotal?: number;
  shippingCost?: number;
  shippingMethod?: string | null;
  shippingCountry?: string | null;
  /** Extension (tax): the tax in it, by rate, and whether its prices included it. */
  tax?: number;
  taxGroups?: RestTaxGroup[];
  pricesIncludeTax?: boolean;
  /** How it is paid (extension payment); null for an order placed while the shop took no payment. */
  payment?: RestOrderPayment | null;
}

/** The account a bank transfer pays into (extension payment). */
export interface RestBankAccount {
  accountHolder: string;
  iban: string;
  bic: string | null;
}

/** An order's payment (extension payment). */
export interface RestOrderPayment {
  method: 'BANK_TRANSFER' | 'CARD';
  status: 'AWAITING_PAYMENT' | 'PAID' | 'REFUNDED';
  reference: string | null;
  account: RestBankAccount | null;
  reservedUntil: string | null;
  paidAt: string | null;
}

/** GET /api/settings/payment (extension payment). */
export interface RestPaymentSettings {
  methods: ('BANK_TRANSFER' | 'CARD')[];
  bankTransfer: (RestBankAccount & { days: number }) | null;
}

/** POST /api/orders/{id}/card-payment (extension payment, where the shop takes cards): Stripe's page for the order. */
export interface RestCardSession {
  url: string;
  /** When the page stops taking the payment (ISO 8601). */
  expiresAt: string;
}

/** Extension (tax): a rate's share of an order's tax (dollars; rate in percent). */
export interface RestTaxGroup {
  rate: number;
  amount: number;
  tax: number;
}

/** Extension (tax): a tax rate. */
export interface RestTaxRate {
  id: number;
  country: string;
  categoryId: number | null;
  categoryName: string | null;
  rate: number;
}

/** Extension (tax): what the caller's cart would cost placed now (GET /api/cart/charges). */
export interface RestCartCharges {
  subtotal: number;
  shippingCost: number;
  shippingMethod: string | null;
  shippingCountry: string | null;
  tax: number;
  taxGroups: RestTaxGroup[];
  pricesIncludeTax: boolean;
  total: number;
}

/** Extension (order-history): one step of an order's history; `by` (who moved it) for admins only. */
export interface RestOrderEvent {
  status: string;
  at: string;
  by?: string;
}

/**
 * Extension: a page of every customer's orders (scope=all) also counts each status; a searched page says what it
 * searched for (an implementation that ignores `search` leaves it out).
 */
export type RestOrderPage = RestPage<RestOrder> & { countsByStatus?: Record<string, number>; search?: string };

export interface RestChatRoom {
  id: number;
  roomName: string;
  participantUsernames?: string[] | null;
  /** Extension (DESIGN §4): the user ids of participantUsernames, in order; null for a deleted account. */
  participantIds?: (number | null)[] | null;
  lastMessage?: string | null;
  lastMessageTime?: string | null;
  createdAt?: string | null;
  /** Extension (DESIGN §4): absent on the plain contract. */
  unreadCount?: number | null;
  /**
   * Extension (DESIGN §4): the latest message's time, or the creation before the first; what the rooms are ordered by.
   */
  lastActivityAt?: string | null;
}

export interface RestMessage {
  id: number;
  chatRoomId: number;
  senderUsername: string;
  content: string;
  timestamp: string;
  /** Extension (chat-links): false when its web addresses show as plain text (its sender's account was new). */
  linksAllowed?: boolean | null;
  /** Extension (chat-reports): a moderator removed it (its content is then empty). */
  removed?: boolean | null;
  /** Extension (chat-reports): the caller's report of it. */
  report?: RestCallerReport | null;
}

/** A report as moderators see it. */
export interface RestQueuedReport {
  id: number;
  messageId: number;
  reason: string;
  note: string | null;
  status: string;
  createdAt: string;
  decidedAt: string | null;
  reporterUsername: string;
  decidedBy: string | null;
  /** With its text, even removed. */
  message: RestMessage;
  context: RestMessage[];
  participants: { id: number | null; username: string }[];
  senderSuspendedUntil: string | null;
}

/** A message as a report quotes it to moderators: `reported` marks the one reported among its context. */
export type RestQuotedMessage = RestMessage & { reported: boolean };

/** The caller's own report of a message (extension chat-reports). */
export interface RestCallerReport {
  id: number;
  reason: string;
  status: string;
}

export interface RestChatUser {
  id?: number | null;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  roles?: string[] | null;
}

/** Spring Data's page object, which the contract uses for messages and our extensions for lists. */
export interface RestPage<T> {
  content: T[];
  totalElements?: number;
  totalPages?: number;
  number?: number;
  size?: number;
}

/** A page of a room's messages; with `include=room` where the answer says `messages-room`, the room too. */
export type RestMessagePage = RestPage<RestMessage> & { room?: RestChatRoom };

export const isPage = <T>(answer: unknown): answer is RestPage<T> =>
  typeof answer === 'object' && answer !== null && Array.isArray((answer as RestPage<T>).content);

/** A staff role (extension staff-roles: /api/staff/roles). */
export interface RestStaffRole {
  name: string;
  permissions: string[];
  builtIn: boolean;
  holders: number;
}

/** Someone holding a staff role (extension staff-roles: /api/staff/members). */
export interface RestStaffMember {
  id: number;
  username: string;
  roles: string[];
  permissions: string[];
  /** Extension two-factor: whether they sign in with a second factor. */
  twoFactorEnabled?: boolean;
}

/** GET /api/users/two-factor (extension two-factor). */
export interface RestTwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
}
