// Table types as Kysely sees them. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
// Timestamps are ISO-8601 strings in UTC and money is integer cents, identical on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ValidAddress } from '../../../shop-rules/address-rules.js';
import type { ValidProduct } from '../../../shop-rules/product-fields.js';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: usernames are unique regardless of case. */
  usernameKey: string;
  passwordHash: string;
  /** Comma-separated roles, e.g. "USER" or "USER,ADMIN". */
  roles: Generated<string>;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  address: string | null;
  /** 0 or 1: SQLite has no boolean type. Defaults of spec §9 come from the schema. */
  emailNotifications: Generated<number>;
  smsNotifications: Generated<number>;
  language: Generated<string>;
  timezone: Generated<string>;
  /**
   * When the owner of `email` opened the link sent to it (migration 0009); null while it is not proven, and again once
   * the address changes. The shop sends nothing but that link to an address not proven.
   */
  emailVerifiedAt: string | null;
  /** Part of every token; raised on a password change so older tokens stop working. */
  tokenVersion: Generated<number>;
  createdAt: string;
  updatedAt: string;
  /** The authenticator app's secret (base32), from the start of a setup on (migration 0027); null without one. */
  twoFactorSecret: string | null;
  /** When the second factor was turned on; null while it is off (a setup under way has a secret and no date). */
  twoFactorEnabledAt: string | null;
  /** The TOTP time step of the last code accepted: a code at or before it is refused (it was used, or is older). */
  twoFactorLastStep: number | null;
  /** Until when a moderator suspended the account's chat (migration 0030): it reads, and sends nothing. */
  chatSuspendedUntil: string | null;
}

/** A recovery code (migration 0027): its SHA-256, deleted when it is used. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  createdAt: string;
}

/**
 * A product's editable fields as their columns hold them (shop-rules' PRODUCT_FIELDS): a list as JSON text; a list of
 * ids, or of alt texts, too, with the empty list as its default (migrations 0013, 0016), so a row may be written
 * without it.
 */
type ProductFieldColumns = {
  [Column in keyof ValidProduct]: ValidProduct[Column] extends string[]
    ? string
    : ValidProduct[Column] extends unknown[]
      ? Generated<string>
      : ValidProduct[Column];
};

export type ProductsTable = ProductFieldColumns & {
  id: Generated<number>;
  /** Lower-cased name (full Unicode, done in JS) so the name filter is case-insensitive on both databases. */
  nameKey: string;
  createdAt: string;
  updatedAt: string;
};

/** The catalogue's categories (migration 0013): a tree, a name once among its siblings in any case. */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name, for the siblings' unique index. */
  nameKey: string;
  /** null: a top-level category. */
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
}
export type CategoryRow = Selectable<CategoriesTable>;

/**
 * How many products each category (0: the whole catalogue) holds by price band and stock (migration 0017; kept by
 * db/catalogue-counts.ts).
 */
export interface CatalogueCountsTable {
  categoryId: number;
  /** The index of one of shop-rules' PRICE_BANDS. */
  priceBand: number;
  /** 1: in stock; 0: not. */
  inStock: number;
  count: number;
}

/** Which categories each product is in. */
export interface ProductCategoriesTable {
  productId: number;
  categoryId: number;
}

export interface CartItemsTable {
  userId: number;
  productId: number;
  quantity: number;
  addedAt: string;
}

export interface OrdersTable {
  id: Generated<number>;
  /** null once the buyer deleted their account: the order is kept, anonymised. */
  userId: number | null;
  orderDate: string;
  status: string;
  shippingAddress: string;
  /** Lines and shipping together. */
  totalCents: number;
  /** What shipping cost (migration 0020): 0 for a method free there, and for orders placed without one. */
  shippingCents: Generated<number>;
  /** The shipping method's name when ordered; null for an order placed without one. */
  shippingMethod: string | null;
  /** Where it ships (ISO 3166-1 alpha-2); null for an order placed without a country. */
  shippingCountry: string | null;
  /** The tax in the order (migration 0021): 0 where none applied. */
  taxCents: Generated<number>;
  /** Its tax by rate: shop-rules' TaxGroup[] as JSON text; null for an order without tax. */
  taxGroups: string | null;
  /** 1: the lines' and shipping's prices included the tax; 0: it was added on top. */
  pricesIncludeTax: Generated<number>;
  /** How it is paid (migration 0022): shop-rules' PaymentMethod; null where the shop took no payment. */
  paymentMethod: string | null;
  /** shop-rules' PaymentStatus; null with no payment method. */
  paymentStatus: string | null;
  /** Until when its stock is held while it waits for its payment; null once paid, or with no payment method. */
  reservedUntil: string | null;
  paidAt: string | null;
  /** The account a bank transfer pays into, as the order stated it: shop-rules' BankAccount as JSON text. */
  paymentAccount: string | null;
  /** A card's open Stripe Checkout Session (migration 0023): its id, its page, and when it expires; else null. */
  paymentSession: string | null;
  paymentSessionUrl: string | null;
  paymentSessionExpires: string | null;
  /** The Stripe payment intent that paid a card order; null until paid. */
  paidBy: string | null;
}

/**
 * Each paid order's invoice (migration 0024), numbered without gaps in the order the orders were paid: the number is
 * taken from `invoice_counter` in the transaction that marks the order paid, so a transaction rolled back takes none.
 */
export interface InvoicesTable {
  number: number;
  orderId: number;
  issuedAt: string;
}

/** The last invoice number given (one row, id 1): its UPDATE … RETURNING makes concurrent payments wait in turn. */
export interface InvoiceCounterTable {
  id: number;
  last: number;
}

/**
 * Each Stripe event the shop acted on (migration 0023), once: the same event delivered again changes nothing. Written
 * in the transaction of what it did.
 */
export interface PaymentEventsTable {
  eventId: string;
  type: string;
  orderId: number | null;
  receivedAt: string;
}

/**
 * Card payments to give back (migration 0023), one per payment: a paid order cancelled, a payment that came after its
 * order was cancelled, a second payment of one order. Written with the decision, sent to Stripe after it (and by the
 * sweep until Stripe has taken it): a crash between the two loses none, Stripe's idempotency keys send none twice.
 */
export interface PaymentRefundsTable {
  /** The Stripe payment intent given back. */
  paymentIntent: string;
  orderId: number;
  amountCents: number;
  createdAt: string;
  /** Stripe's refund id once it took the refund; null while it is still to be sent. */
  refundId: string | null;
  refundedAt: string | null;
  attempts: Generated<number>;
  lastError: string | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  orderId: number;
  /** No foreign key: the line keeps its snapshot when the product is deleted. */
  productId: number;
  productName: string;
  /** The product's SKU when ordered (migration 0010); null when it had none. */
  sku: string | null;
  priceCents: number;
  quantity: number;
  subtotalCents: number;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  /** "smallerUserId:largerUserId": one room per pair of users, enforced by a unique index. */
  pairKey: string;
  createdAt: string;
  lastMessageId: number | null;
}

export interface ChatParticipantsTable {
  id: Generated<number>;
  roomId: number;
  /** null once the participant deleted their account. */
  userId: number | null;
  lastReadMessageId: number;
  /**
   * The room's latest activity: its last message's time, or its creation before the first (what the rooms are ordered
   * by). Kept by triggers (migration 0005), never written by the service.
   */
  lastActivityAt: Generated<string>;
  /** 1: the participant blocked the other one, and the room is not in their list (migration 0028). */
  hidden: Generated<number>;
  /** The newest message of the room an e-mailed digest told this participant of (migration 0029); 0 before any. */
  digestedMessageId: Generated<number>;
}

/** Who blocked whom in chat (migration 0028): each pair once. */
export interface ChatBlocksTable {
  id: Generated<number>;
  blockerId: number;
  blockedId: number;
  createdAt: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  roomId: number;
  /** null once the sender deleted their account. */
  senderId: number | null;
  content: string;
  /** 1: its web addresses show as plain text (its sender's account was new; migration 0026). */
  plainLinks: Generated<number>;
  createdAt: string;
  /** When a moderator removed it (migration 0030): its text is kept for their record, and shown to nobody else. */
  removedAt: string | null;
}

/** A participant's report of a message of the other one, and what a moderator decided (migration 0030). */
export interface ChatReportsTable {
  id: Generated<number>;
  messageId: number;
  /** null once the reporter deleted their account: the report stands. */
  reporterId: number | null;
  reason: string;
  note: string | null;
  /** OPEN, DISMISSED, MESSAGE_REMOVED or SENDER_SUSPENDED (shop-rules/chat-report-rules.ts). */
  status: Generated<string>;
  createdAt: string;
  decidedById: number | null;
  decidedAt: string | null;
}

/** A checkout's idempotency key and the order it created (null only inside the checkout's own transaction). */
export interface CheckoutRequestsTable {
  userId: number;
  idempotencyKey: string;
  orderId: number | null;
  createdAt: string;
}

/** What was loaded into this database once (the demo catalogue), and when. */
export interface SeedRunsTable {
  name: string;
  ranAt: string;
}

/**
 * Counts kept by triggers (migration 0004) so that no request counts rows: 'products' (the catalogue's size) and
 * 'orders:<STATUS>' (every customer's orders in a status).
 */
export interface RowCountsTable {
  name: string;
  count: number;
}

/** SQLite only: the trigram index of product names (an FTS5 table over products.name_key). */
export interface ProductsNameSearchTable {
  rowid: number;
  nameKey: string;
}

/**
 * What admins did (migration 0006), written in the same transaction as the change: who (the id, and the name as it
 * was, which stays when the account goes), when, to what, and what changed (JSON: field → { from, to }).
 */
export interface AuditEventsTable {
  id: Generated<number>;
  occurredAt: string;
  actorId: number;
  actorUsername: string;
  /** product.created, product.updated, product.deleted, order.status_changed */
  action: string;
  /** product, order */
  subjectType: string;
  subjectId: number;
  changes: string;
}

export interface Database {
  users: UsersTable;
  products: ProductsTable;
  cartItems: CartItemsTable;
  orders: OrdersTable;
  orderItems: OrderItemsTable;
  chatRooms: ChatRoomsTable;
  chatParticipants: ChatParticipantsTable;
  chatMessages: ChatMessagesTable;
  seedRuns: SeedRunsTable;
  checkoutRequests: CheckoutRequestsTable;
  rowCounts: RowCountsTable;
  productsNameSearch: ProductsNameSearchTable;
  catalogueCounts: CatalogueCountsTable;
  auditEvents: AuditEventsTable;
  mailOutbox: MailOutboxTable;
  passwordResets: PasswordResetsTable;
  passwordResetRequests: PasswordResetRequestsTable;
  emailVerifications: EmailVerificationsTable;
  categories: CategoriesTable;
  productCategories: ProductCategoriesTable;
  shopSettings: ShopSettingsTable;
  paymentEvents: PaymentEventsTable;
  paymentRefunds: PaymentRefundsTable;
  invoices: InvoicesTable;
  invoiceCounter: InvoiceCounterTable;
  pictures: PicturesTable;
  pictureVariants: PictureVariantsTable;
  addresses: AddressesTable;
  shippingMethods: ShippingMethodsTable;
  taxRates: TaxRatesTable;
  staffRoles: StaffRolesTable;
  recoveryCodes: RecoveryCodesTable;
  chatBlocks: ChatBlocksTable;
  chatReports: ChatReportsTable;
}

/** The roles an owner made (migration 0025); the built-in ones are shop-rules' (staff-rules.ts). */
export interface StaffRolesTable {
  id: Generated<number>;
  name: string;
  /** Comma-separated permissions, e.g. "MANAGE_ORDERS,READ_AUDIT". */
  permissions: string;
  createdAt: string;
  updatedAt: string;
}

/** Tax rates admins set (migration 0021): a country's standard rate (no category), or its rate for a category. */
export interface TaxRatesTable {
  id: Generated<number>;
  country: string;
  categoryId: number | null;
  /** 1900: 19 %. */
  basisPoints: number;
  createdAt: string;
}

/** The shipping methods admins manage (migration 0020): `rates` is shop-rules' ValidRate[] as JSON text. */
export interface ShippingMethodsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  minDays: number;
  maxDays: number;
  /** 0 or 1: an inactive method is kept (its name stays on orders) but offered to nobody. */
  active: number;
  rates: string;
  createdAt: string;
}

/**
 * Each account's address book (migration 0019): an address's parts (shop-rules' ValidAddress), and when an order last
 * went there.
 */
export interface AddressesTable extends ValidAddress {
  id: Generated<number>;
  userId: number;
  createdAt: string;
  lastUsedAt: string | null;
}
export type AddressRow = Selectable<AddressesTable>;

/** Pictures admins uploaded (migration 0015): the id is the digest of what was uploaded. */
export interface PicturesTable {
  id: string;
  width: number;
  height: number;
  uploadedBy: number;
  uploadedAt: string;
}

/** Each picture at each width it is kept at, as WebP and as AVIF. */
export interface PictureVariantsTable {
  pictureId: string;
  width: number;
  format: string;
  bytes: Buffer;
}

/** Settings admins change at run time (migration 0014), one row a setting; a setting without a row has its default. */
export interface ShopSettingsTable {
  name: string;
  /** The value as JSON text. */
  value: string;
  updatedAt: string;
}

/** "Forgot password?" requests not carried out yet (migration 0008): what was asked for, and who is on it (a lease). */
export interface PasswordResetRequestsTable {
  id: Generated<number>;
  askedFor: string;
  requestedAt: string;
  claimedUntil: string | null;
}

/**
 * Password reset links (migration 0008): the SHA-256 of each link's token, never the token; good once (`usedAt`),
 * until `expiresAt`, and while the account's tokenVersion is still `tokenVersion` (a password change ends them all).
 */
export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  tokenVersion: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/**
 * Links that prove an e-mail address (migration 0009): only each link's SHA-256 is stored. Good once, until it ends,
 * and only while the account still has `email` (any case): a new address ends them.
 */
export interface EmailVerificationsTable {
  id: Generated<number>;
  userId: number;
  /** The address the link was sent to, and proves. */
  email: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/**
 * E-mails to send (migration 0007), each written in the transaction of the change it tells of and delivered by the
 * sender (mail/mail-sender.ts): pending until `sentAt` or `failedAt`; `claimedUntil` is the lease of the instance
 * delivering it.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What it tells of: order-placed, order-status, password-reset, email-verification. */
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: string;
  attempts: Generated<number>;
  /** Not before this time (ISO-8601 UTC): now for a new one, later after a failed attempt (back-off). */
  nextAttemptAt: string;
  claimedUntil: string | null;
  sentAt: string | null;
  /** Given up on: the mail server refused it for good, or every attempt failed. */
  failedAt: string | null;
  /** Why the last attempt failed. */
  lastError: string | null;
  /**
   * Not worth sending after this (a password reset's link has ended): given up on then. Such an e-mail carries a
   * secret, so its body is blanked once it is sent or given up on. Null for every other e-mail.
   */
  expiresAt: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
