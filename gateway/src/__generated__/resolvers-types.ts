import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { RestProduct, RestCategory, RestPreferences, RestChatUser, RestCart, RestCartItem, RestOrder, RestOrderItem, RestOrderEvent, RestNotAddedLine, RestAddress, RestShippingMethod, RestShippingRate, RestShippingOption, RestTaxRate, RestTaxGroup, RestCartCharges, RestOrderPayment, RestPaymentSettings, RestStaffRole, RestStaffMember, RestChatRoom, RestMessage, RestCallerReport, RestQueuedReport, RestQuotedMessage } from '../rest/contract.js';
import type { ViewerModel } from '../resolver-parents.js';
import type { GatewayContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO-8601 date and time in UTC, e.g. 2026-11-22T09:36:04.309Z. */
  DateTime: { input: string; output: string; }
  /**
   * An exact decimal amount, written as text: "19.98", "12.5", "7". How money is sent to the graph, in the shop's currency:
   * a client sends back exactly the `amount` of a Money it was shown, and no binary float comes between (19.98 as a Float
   * is not 19.98). Digits, optionally a point and more digits, optionally a leading minus: no exponent, no grouping, at
   * most 40 characters; anything else, a number instead of text included, is refused as the request's error
   * (BAD_USER_INPUT). Which amounts a field then takes (at least 0, whole cents, at most a bound) are the shop's rules, as
   * userErrors.
   */
  Decimal: { input: string; output: string; }
};

/** A product to put in the viewer's cart, and how many (added to what is there, up to the stock). */
export type AddToCartInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The product's global id. */
  productId: Scalars['ID']['input'];
  /** At least 1. */
  quantity?: Scalars['Int']['input'];
};

/** The outcome of `addToCart`: the cart as it is now. */
export type AddToCartPayload = {
  __typename?: 'AddToCartPayload';
  /** The whole cart as it is now; null when nothing was added. */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why nothing was added; empty when it was. */
  userErrors: Array<UserError>;
};

/** An address of the viewer's address book, in parts, with the text an order keeps. */
export type Address = Node & {
  __typename?: 'Address';
  /** The city. */
  city: Scalars['String']['output'];
  /** The country. */
  country: Country;
  /** The address's global id. */
  id: Scalars['ID']['output'];
  /** When an order last went there; null when none has. */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Street and number. */
  line1: Scalars['String']['output'];
  /** Apartment, floor, company; null when none. */
  line2?: Maybe<Scalars['String']['output']>;
  /** Who receives it. */
  name: Scalars['String']['output'];
  /** A phone number for the carrier; null when none. */
  phone?: Maybe<Scalars['String']['output']>;
  /** The postal code; null where there is none. */
  postalCode?: Maybe<Scalars['String']['output']>;
  /**
   * The address as an order keeps it: the name, the lines, the postal code and city, the country's name, the phone, one
   * per line. Give it as `checkout`'s `shippingAddress` to ship there (it becomes the last used).
   */
  printed: Scalars['String']['output'];
};

/** The account a bank transfer pays into, as the order stated it. */
export type BankAccount = {
  __typename?: 'BankAccount';
  /** Whose account it is. */
  accountHolder: Scalars['String']['output'];
  /** The bank's BIC; null where the IBAN is enough. */
  bic?: Maybe<Scalars['String']['output']>;
  /** The IBAN, without spaces, in capitals. */
  iban: Scalars['String']['output'];
};

/** The account bank transfers pay into, as an admin types it. */
export type BankTransferInput = {
  /** 1 to 70 characters. */
  accountHolder: Scalars['String']['input'];
  /** 8 or 11 letters and digits; null or empty: none. */
  bic?: InputMaybe<Scalars['String']['input']>;
  /** How many days an order waits for its transfer, 1 to 30; 7 without it. */
  days?: InputMaybe<Scalars['Int']['input']>;
  /** An IBAN whose check digits are right; spaces and case aside. */
  iban: Scalars['String']['input'];
};

/** The account bank transfers pay into, and how long an order waits for its transfer. */
export type BankTransferSettings = {
  __typename?: 'BankTransferSettings';
  /** Whose account it is, as the bank knows it. */
  accountHolder: Scalars['String']['output'];
  /** The bank's BIC; null where the IBAN is enough. */
  bic?: Maybe<Scalars['String']['output']>;
  /** How many days an order waits for its transfer, its stock held (1 to 30). */
  days: Scalars['Int']['output'];
  /** The IBAN, without spaces, in capitals. */
  iban: Scalars['String']['output'];
};

/** Whom to block. */
export type BlockUserInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Their username, in any case. */
  username: Scalars['String']['input'];
};

/** The outcome of `blockUser`. */
export type BlockUserPayload = {
  __typename?: 'BlockUserPayload';
  /** Whom the viewer blocked; null when it was refused. */
  blockedUser?: Maybe<BlockedUser>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
  /** The viewer, read after the change (`blockedUsers`, `unreadMessageCount`). */
  viewer?: Maybe<User>;
};

/** Someone the viewer blocked in chat (`User.blockedUsers`); known by the username. */
export type BlockedUser = {
  __typename?: 'BlockedUser';
  /** When the viewer blocked them. */
  blockedAt: Scalars['DateTime']['output'];
  /** Their username. */
  username: Scalars['String']['output'];
};

/** The buyer's own order to cancel. */
export type CancelOrderInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The order's global id. */
  orderId: Scalars['ID']['input'];
};

/** The outcome of `cancelOrder`: the order as it is now. */
export type CancelOrderPayload = {
  __typename?: 'CancelOrderPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The order as it is now; null when it was not cancelled. */
  order?: Maybe<Order>;
  /** Why the order was not cancelled; empty when it was (or already had been). */
  userErrors: Array<UserError>;
};

/** The viewer's cart: the lines they mean to buy, kept until checkout or until they remove them. */
export type Cart = Node & {
  __typename?: 'Cart';
  /**
   * What the cart would cost placed now, shipped by `shippingMethodId` to `shippingCountry`: its lines, shipping and tax
   * as checkout computes them, and so the total `expectedTotalAmount` must be. Refused as checkout refuses (an error on
   * this field: BAD_USER_INPUT for a method that does not ship there, a country that names none, or none given while
   * one is needed; NOT_FOUND for a method no longer offered). Where the shop's REST service keeps no shipping nor tax
   * (the plain contract): the lines alone.
   */
  charges: CartCharges;
  /** The cart's global id: one cart per user, the same in every session. */
  id: Scalars['ID']['output'];
  /** The sum of the quantities. */
  itemCount: Scalars['Int']['output'];
  /** The lines, one per product. */
  items: Array<CartItem>;
  /**
   * Each shipping method offered, with what it costs this cart going to `country` (free from its rate's amount on), or
   * why it cannot take the order. Empty where the shop offers no methods (or keeps none: the plain contract).
   */
  shippingOptions: Array<ShippingOption>;
  /** What the cart costs: the sum of its lines. */
  total: Money;
  /**
   * What the cart costs in the shop's currency, at most two decimals.
   * @deprecated Use total: exact, and it names its currency.
   */
  totalPrice: Scalars['Float']['output'];
};


/** The viewer's cart: the lines they mean to buy, kept until checkout or until they remove them. */
export type CartChargesArgs = {
  shippingCountry?: InputMaybe<Scalars['String']['input']>;
  shippingMethodId?: InputMaybe<Scalars['ID']['input']>;
};


/** The viewer's cart: the lines they mean to buy, kept until checkout or until they remove them. */
export type CartShippingOptionsArgs = {
  country: Scalars['String']['input'];
};

/** What a cart would cost placed now, part by part (`Cart.charges`). */
export type CartCharges = {
  __typename?: 'CartCharges';
  /** Whether the prices include the tax, or it is added on top. */
  pricesIncludeTax: Scalars['Boolean']['output'];
  /** What shipping would cost: zero when free, or without a method. */
  shippingCost: Money;
  /** The shipping method's name; null without one. */
  shippingMethodName?: Maybe<Scalars['String']['output']>;
  /** Its lines together, at today's prices. */
  subtotal: Money;
  /** The tax in the total: the part of the prices that is tax, or what is added on top (`pricesIncludeTax`). */
  tax: Money;
  /** The tax by rate, the highest first; empty where no rate applies. */
  taxLines: Array<TaxLine>;
  /** What the order would cost: the lines and shipping, and the tax where prices are without it. */
  total: Money;
};

/** A line of the cart: a product and how many of it. */
export type CartItem = {
  __typename?: 'CartItem';
  /** The unit price times the quantity. */
  lineTotal: Money;
  /**
   * The product's price now for one unit, in the shop's currency, at most two decimals.
   * @deprecated Use unitPrice: exact, and it names its currency.
   */
  price: Scalars['Float']['output'];
  /** The product; null if it was deleted meanwhile. */
  product?: Maybe<Product>;
  /** The product's name. */
  productName: Scalars['String']['output'];
  /** How many units: at least 1. It can exceed the stock once others bought the product; checkout then answers CONFLICT. */
  quantity: Scalars['Int']['output'];
  /**
   * The unit price times the quantity, in the shop's currency, at most two decimals.
   * @deprecated Use lineTotal: exact, and it names its currency.
   */
  subtotal: Scalars['Float']['output'];
  /** The product's price now, for one unit. */
  unitPrice: Money;
};

/**
 * A category of the catalogue: a tree admins manage (at most 4 levels), each product in any number of categories. Its
 * products are those of `products(filter: { category })`, which counts those of every category under it too.
 */
export type Category = Node & {
  __typename?: 'Category';
  /** The categories under it, by name. */
  children: Array<Category>;
  /** The category's global id. */
  id: Scalars['ID']['output'];
  /** Its name: at most 60 characters, once among its siblings in any case. */
  name: Scalars['String']['output'];
  /** The category it is under; null at the top level. */
  parent?: Maybe<Category>;
  /** From the top-level category down to this one: a breadcrumb. */
  path: Array<Category>;
};

/** A category beside a product list, and how many of the list's products it holds. */
export type CategoryFacet = {
  __typename?: 'CategoryFacet';
  /** The category. */
  category: Category;
  /** How many of the list's products are in it or in a category under it. */
  count: Scalars['Int']['output'];
};

/** The outcome of `createCategory` and `updateCategory`. */
export type CategoryPayload = {
  __typename?: 'CategoryPayload';
  /** The category as saved; null when refused. */
  category?: Maybe<Category>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why nothing was saved; empty when it was. */
  userErrors: Array<UserError>;
};

/** The current password, and the new one twice. */
export type ChangePasswordInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The new password again: it must match. */
  confirmPassword: Scalars['String']['input'];
  /** The password the account has now. */
  currentPassword: Scalars['String']['input'];
  /** The new password: 3 to 128 characters. */
  newPassword: Scalars['String']['input'];
};

/** The outcome of `changePassword`: a new token, as the old ones stop working. */
export type ChangePasswordPayload = {
  __typename?: 'ChangePasswordPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** A fresh token: the one used for this call no longer works. */
  token?: Maybe<Scalars['String']['output']>;
  /** Why the password was not changed; empty when it was. */
  userErrors: Array<UserError>;
  /** The viewer, now acting with the new token; null when the change was refused. */
  viewer?: Maybe<User>;
};

/** The viewer's report of a message (`Message.viewerReport`): part of the message, with nothing of its own to identify. */
export type ChatReport = {
  __typename?: 'ChatReport';
  /** Why they reported it. */
  reason: ChatReportReason;
  /** OPEN until a moderator decides; then what they decided. */
  status: ChatReportStatus;
};

/** What a moderator decides about a report. */
export type ChatReportDecision =
  /** No action: the message stays. */
  | 'DISMISS'
  /** The message shows as removed to both people. */
  | 'REMOVE_MESSAGE'
  /** The message is removed and its sender's chat suspended for `hours`. */
  | 'SUSPEND_SENDER';

/** Why a message is reported. */
export type ChatReportReason =
  /** Harassment or threats. */
  | 'HARASSMENT'
  /** Offensive or inappropriate. */
  | 'INAPPROPRIATE'
  /** Something else: the report's note says what. */
  | 'OTHER'
  /** Spam or advertising. */
  | 'SPAM';

/** Where a report stands. */
export type ChatReportStatus =
  /** A moderator looked at it and took no action. */
  | 'DISMISSED'
  /** A moderator removed the message. */
  | 'MESSAGE_REMOVED'
  /** Waiting for a moderator. */
  | 'OPEN'
  /** A moderator removed the message and suspended its sender's chat for a time. */
  | 'SENDER_SUSPENDED';

/** A one-to-one conversation. */
export type ChatRoom = Node & {
  __typename?: 'ChatRoom';
  /**
   * When the conversation was started (before its first message, it is ordered by this); null where the contract does
   * not say.
   */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The room's global id. */
  id: Scalars['ID']['output'];
  /** The text of the latest message; null before the first. */
  lastMessage?: Maybe<Scalars['String']['output']>;
  /** When the latest message was sent; null before the first. */
  lastMessageTime?: Maybe<Scalars['DateTime']['output']>;
  /**
   * The history, oldest first within a page. Read from the newest end: `last` messages before `before` (the newest 50
   * when no argument is given); or forward: `first` messages after `after` (with no `after`, the room's first ones).
   * Each at most 100, one direction at a time.
   */
  messages: MessageConnection;
  /** Both participants' usernames, the viewer's too; "Deleted user" for an account that is gone. */
  participantUsernames: Array<Scalars['String']['output']>;
  /** The participants other than the viewer. */
  participants: Array<ChatUser>;
  /** The other participant's username ("Deleted user" once their account is gone). */
  roomName: Scalars['String']['output'];
  /** Messages from the other participant the viewer has not read. */
  unreadCount: Scalars['Int']['output'];
};


/** A one-to-one conversation. */
export type ChatRoomMessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of the viewer's chat rooms (Relay), most recently active first. */
export type ChatRoomConnection = {
  __typename?: 'ChatRoomConnection';
  /** Most recently active first. */
  edges: Array<ChatRoomEdge>;
  /** Whether there are rooms after this page (and before it, once paged on), and the cursors to ask for them. */
  pageInfo: PageInfo;
  /** How many rooms the viewer has (with `unreadOnly`: how many have unread messages), on every page. */
  totalCount: Scalars['Int']['output'];
};

/** A chat room in a page of rooms, with its cursor. */
export type ChatRoomEdge = {
  __typename?: 'ChatRoomEdge';
  /** The room's place in the list: pass it as `after`. Opaque: keep it, do not build one. */
  cursor: Scalars['String']['output'];
  /** The room. */
  node: ChatRoom;
};

/** Another user, as the chat knows them. */
export type ChatUser = Node & {
  __typename?: 'ChatUser';
  /** The first name; null when not set. */
  firstName?: Maybe<Scalars['String']['output']>;
  /** The user's global id in the chat (not the same as their `User` id). */
  id: Scalars['ID']['output'];
  /** Whether the user is an administrator (`roles` holds ADMIN). */
  isAdmin: Scalars['Boolean']['output'];
  /** The last name; null when not set. */
  lastName?: Maybe<Scalars['String']['output']>;
  /** USER, and ADMIN for administrators. */
  roles: Array<Scalars['String']['output']>;
  /** The name to start a chat with (`createChatRoom`). */
  username: Scalars['String']['output'];
};

/** Placing the viewer's cart as an order: where it goes, how, and what the buyer reviewed. */
export type CheckoutInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /**
   * The cart's total as the buyer reviewed it, in the shop's currency, as a binary float; give `expectedTotalAmount`
   * instead (not both).
   * @deprecated Use expectedTotalAmount: the exact amount as text, as Money.amount gives it.
   */
  expectedTotal?: InputMaybe<Scalars['Float']['input']>;
  /**
   * The cart's total as the buyer reviewed it, exactly as the graph showed it (`cart.total.amount`: "19.98"; at least 0,
   * whole cents). When the cart's total is another by the time the order would be placed (a price or a quantity
   * changed), nothing is ordered: the payload answers a PRICE_CHANGED user error on this field, with the cart as it is
   * now.
   */
  expectedTotalAmount?: InputMaybe<Scalars['Decimal']['input']>;
  /**
   * A key the client makes once per checkout attempt (a UUID; 1 to 200 visible ASCII characters) and sends again when
   * it retries that attempt: the same key from the same user within 24 hours answers the order it placed, and never
   * places a second one. Honoured where the REST service offers it (the shop's own does; see the gateway's README).
   */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /**
   * How the buyer pays (one of `paymentSettings.methods`): required while there are any (INVALID_INPUT on it otherwise),
   * and INVALID_INPUT on it for one the shop does not take. A bank transfer's order waits for its payment, its stock held
   * `bankTransfer.days` days: its `payment` says where to pay and what to quote. A card's waits 30 minutes, paid on
   * Stripe's page (`startCardPayment`).
   */
  paymentMethod?: InputMaybe<PaymentMethod>;
  /** Where the order goes: trimmed, 1 to 500 characters. */
  shippingAddress: Scalars['String']['input'];
  /**
   * Where the order ships, ISO 3166-1 alpha-2 (DE, US): required with `shippingMethodId`, and while the shop has tax
   * rates (INVALID_INPUT on it otherwise): the order is taxed by it.
   */
  shippingCountry?: InputMaybe<Scalars['String']['input']>;
  /**
   * The shipping method (one of `shippingMethods`): required while the shop offers any (INVALID_INPUT on it otherwise).
   * Its price for `shippingCountry` and the cart is added to the total the order costs, which `expectedTotalAmount`
   * must then be. NOT_FOUND when it is no longer offered; INVALID_INPUT on `shippingCountry` when it does not ship there.
   */
  shippingMethodId?: InputMaybe<Scalars['ID']['input']>;
};

/** The outcome of `checkout`: the order, and the cart (now empty). */
export type CheckoutPayload = {
  __typename?: 'CheckoutPayload';
  /** The emptied cart; with a PRICE_CHANGED user error, the cart as it is now. */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The order placed (for a retried idempotencyKey, the one that attempt placed); null when nothing was ordered. */
  order?: Maybe<Order>;
  /** Why nothing was ordered; empty when the order was placed. */
  userErrors: Array<UserError>;
};

/** Emptying the viewer's cart. */
export type ClearCartInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `clearCart`: the empty cart. */
export type ClearCartPayload = {
  __typename?: 'ClearCartPayload';
  /** The cart, now empty; null when it was not emptied. */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why the cart was not emptied; empty when it was. */
  userErrors: Array<UserError>;
};

/** A country of ISO 3166-1. */
export type Country = {
  __typename?: 'Country';
  /** Its two-letter code (alpha-2), upper-case. */
  code: Scalars['String']['output'];
  /** Its name in English. */
  name: Scalars['String']['output'];
};

/** A new category: its name, and the category it goes under. */
export type CreateCategoryInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Its name: trimmed, 1 to 60 characters on one line, not a sibling's in any case. */
  name: Scalars['String']['input'];
  /** The category it goes under, by global id; null or left out: the top level. */
  parentId?: InputMaybe<Scalars['ID']['input']>;
};

/** Who to talk with: the room of the two of them is answered, made the first time. */
export type CreateChatRoomInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The other user's username, in any case; spaces around it are ignored. */
  participantUsername: Scalars['String']['input'];
};

/** The outcome of `createChatRoom`. */
export type CreateChatRoomPayload = {
  __typename?: 'CreateChatRoomPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The room of the two, new or as it was; null when it was refused. */
  room?: Maybe<ChatRoom>;
  /** Why there is no room; empty when there is. */
  userErrors: Array<UserError>;
};

/** A new product (admins only), with the shop's rules for names, descriptions, prices, stock and images. */
export type CreateProductInput = {
  /**
   * The categories it is in, by global id, each an existing category; at most 10. Null or empty: none; left out of an
   * update: unchanged. INVALID_INPUT where the shop's REST service keeps no categories (the plain contract).
   */
  categoryIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Trimmed: 1 to 5,000 characters. */
  description: Scalars['String']['input'];
  /**
   * What each picture shows, for people who cannot see it: for an image of the product (by its URL, as in imageUrl or
   * imageUrls, once), one line of at most 250 characters; a blank text: none. Null or empty: none for any image; left
   * out of an update: each image kept keeps its own. INVALID_INPUT where the shop's REST service keeps no alt texts (the
   * plain contract).
   */
  imageAlts?: InputMaybe<Array<ImageAltInput>>;
  /**
   * The main image: an absolute http(s) URL, or a path on the shop starting with / (not //); at most 2,048 characters.
   * Null or blank: none.
   */
  imageUrl?: InputMaybe<Scalars['String']['input']>;
  /** Further images, at most 20, each as imageUrl; trimmed, blanks and duplicates dropped, imageUrl first. */
  imageUrls?: InputMaybe<Array<Scalars['String']['input']>>;
  /**
   * Low in stock at this many units or fewer: a whole number from 0 to 1,000,000. Null: the shop's threshold
   * (`shopSettings`); left out of an update: unchanged. INVALID_INPUT where the shop's REST service keeps no thresholds
   * (the plain contract).
   */
  lowStockThreshold?: InputMaybe<Scalars['Int']['input']>;
  /** Trimmed: 1 to 200 characters. */
  name: Scalars['String']['input'];
  /**
   * The price of one unit in the shop's currency, as a binary float; give `unitPriceAmount` instead (not both).
   * @deprecated Use unitPriceAmount: the exact amount as text, as Money.amount gives it.
   */
  price?: InputMaybe<Scalars['Float']['input']>;
  /** Units in stock: a whole number from 0 to 1,000,000. */
  quantity: Scalars['Int']['input'];
  /**
   * The stock-keeping unit: trimmed, at most 64 letters, digits and - _ . / (starting with a letter or digit), not
   * another product's in any case (CONFLICT). Null or blank: none. INVALID_INPUT where the shop's REST service keeps no
   * SKUs (the plain contract).
   */
  sku?: InputMaybe<Scalars['String']['input']>;
  /**
   * The price of one unit in the shop's currency, exact: "12.50". 0 to 1,000,000, whole cents (INVALID_INPUT on this
   * field otherwise). Required, unless the deprecated `price` is given.
   */
  unitPriceAmount?: InputMaybe<Scalars['Decimal']['input']>;
};

/** The outcome of `createProduct`. */
export type CreateProductPayload = {
  __typename?: 'CreateProductPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The new product, with its id; null when it was refused. */
  product?: Maybe<Product>;
  /** Why nothing was created; empty when it was. */
  userErrors: Array<UserError>;
};

/** A staff role to make. */
export type CreateStaffRoleInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** 3 to 30 capital letters, digits and underscores, starting with a letter: NIGHT_SHIFT. */
  name: Scalars['String']['input'];
  /** What it allows: at least one. */
  permissions: Array<Permission>;
};

/** A moderator's decision about a report. */
export type DecideChatReportInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** What to do. */
  decision: ChatReportDecision;
  /** How long to suspend the sender's chat, 1 to 8760 hours; only with SUSPEND_SENDER, and needed there. */
  hours?: InputMaybe<Scalars['Int']['input']>;
  /** The report's global id (a `ReportedMessage.id`). */
  reportId: Scalars['ID']['input'];
};

/** The outcome of `decideChatReport`. */
export type DecideChatReportPayload = {
  __typename?: 'DecideChatReportPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The report as decided; null when it was refused. */
  report?: Maybe<ReportedMessage>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
};

/** Deleting the viewer's account: its personal data and cart go, its orders stay without a buyer's name. */
export type DeleteAccountInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `deleteAccount`. */
export type DeleteAccountPayload = {
  __typename?: 'DeleteAccountPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The deleted user's global id, so caches can drop it; null when the deletion was refused. */
  deletedUserId?: Maybe<Scalars['ID']['output']>;
  /** Why the account was not deleted; empty when it was. */
  userErrors: Array<UserError>;
};

/** One of the viewer's addresses to forget. */
export type DeleteAddressInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The address's global id. */
  id: Scalars['ID']['input'];
};

/** The outcome of `deleteAddress`. */
export type DeleteAddressPayload = {
  __typename?: 'DeleteAddressPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The forgotten address's global id; null when it was refused. */
  deletedAddressId?: Maybe<Scalars['ID']['output']>;
  /** Why it was refused; empty when it was forgotten. */
  userErrors: Array<UserError>;
};

/** A category to delete, and where its products go. */
export type DeleteCategoryInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The category's global id. */
  id: Scalars['ID']['input'];
  /** The category its products go to first; needed when it holds any. */
  moveProductsTo?: InputMaybe<Scalars['ID']['input']>;
};

/** The outcome of `deleteCategory`. */
export type DeleteCategoryPayload = {
  __typename?: 'DeleteCategoryPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The deleted category's global id, so caches can drop it; null when the deletion was refused. */
  deletedCategoryId?: Maybe<Scalars['ID']['output']>;
  /** The products moved to `moveProductsTo`, as they are now. */
  movedProducts: Array<Product>;
  /** Why the category was not deleted; empty when it was. */
  userErrors: Array<UserError>;
};

/** The product to delete (admins only); it leaves every cart, orders keep their snapshot. */
export type DeleteProductInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The product's global id. */
  id: Scalars['ID']['input'];
};

/** The outcome of `deleteProduct`. */
export type DeleteProductPayload = {
  __typename?: 'DeleteProductPayload';
  /** The viewer's cart: a deleted product leaves every cart. */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The deleted product's global id, so caches can drop it; null when the deletion was refused. */
  deletedProductId?: Maybe<Scalars['ID']['output']>;
  /** Why the product was not deleted; empty when it was. */
  userErrors: Array<UserError>;
};

/** A shipping method to delete. */
export type DeleteShippingMethodInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The method's global id. */
  id: Scalars['ID']['input'];
};

/** The outcome of `deleteShippingMethod`. */
export type DeleteShippingMethodPayload = {
  __typename?: 'DeleteShippingMethodPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The deleted method's global id; null when it was refused. */
  deletedShippingMethodId?: Maybe<Scalars['ID']['output']>;
  /** Why it was refused; empty when it was deleted. */
  userErrors: Array<UserError>;
};

/** A role of the shop's own to delete. */
export type DeleteStaffRoleInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The role's name. */
  name: Scalars['String']['input'];
};

/** The outcome of `deleteStaffRole`. */
export type DeleteStaffRolePayload = {
  __typename?: 'DeleteStaffRolePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The deleted role's name; null when it was refused. */
  deletedStaffRoleName?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was deleted. */
  userErrors: Array<UserError>;
};

/** A tax rate to delete. */
export type DeleteTaxRateInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The rate's global id. */
  id: Scalars['ID']['input'];
};

/** The outcome of `deleteTaxRate`. */
export type DeleteTaxRatePayload = {
  __typename?: 'DeleteTaxRatePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The deleted rate's global id; null when it was refused. */
  deletedTaxRateId?: Maybe<Scalars['ID']['output']>;
  /** Why it was refused; empty when it was deleted. */
  userErrors: Array<UserError>;
};

/** The viewer's password. */
export type DisableTwoFactorInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The viewer's password. */
  password: Scalars['String']['input'];
};

/** The outcome of `disableTwoFactor`. */
export type DisableTwoFactorPayload = {
  __typename?: 'DisableTwoFactorPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
  /** The viewer, read after the change; null when it was refused. */
  viewer?: Maybe<User>;
};

/** The app's first code, and the viewer's password. */
export type EnableTwoFactorInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The authenticator app's 6-digit code (spaces are ignored). */
  code: Scalars['String']['input'];
  /** The viewer's password: a session alone cannot put an app on an account. */
  password: Scalars['String']['input'];
};

/** The outcome of `enableTwoFactor`. */
export type EnableTwoFactorPayload = {
  __typename?: 'EnableTwoFactorPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Ten single-use codes (xxxxx-xxxxx), shown this once: the shop keeps only their hashes. Null when refused. */
  recoveryCodes?: Maybe<Array<Scalars['String']['output']>>;
  /** The viewer's token from now on (every earlier one stopped working); null when refused. */
  token?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
  /** The viewer, read after the change (`twoFactor`, and `permissions` where the shop requires it of staff). */
  viewer?: Maybe<User>;
};

/** What one of a product's pictures shows. */
export type ImageAltInput = {
  /** Its alt text: one line of at most 250 characters; blank: none. */
  alt: Scalars['String']['input'];
  /** The picture: one of the product's images, by its URL. */
  url: Scalars['String']['input'];
};

/** Whose suspension to lift. */
export type LiftChatSuspensionInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Their username, in any case (a `ReportedMessage`'s sender). */
  username: Scalars['String']['input'];
};

/** The outcome of `liftChatSuspension`. */
export type LiftChatSuspensionPayload = {
  __typename?: 'LiftChatSuspensionPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Whose suspension was lifted; null when it was refused. */
  liftedUsername?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
};

/** The username (any case) and password of an account. */
export type LoginInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The account's password. */
  password: Scalars['String']['input'];
  /** The account's username, in any case; spaces around it are ignored. */
  username: Scalars['String']['input'];
};

/** The outcome of `login`: the token to send as `Authorization: Bearer <token>`, and who it is for. */
export type LoginPayload = {
  __typename?: 'LoginPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /**
   * Set when the password was right and the account signs in with a second factor (userError SECOND_FACTOR_REQUIRED):
   * what `loginSecondFactor` takes with the code, for five minutes. It is no token: it opens nothing else.
   */
  secondFactorChallenge?: Maybe<Scalars['String']['output']>;
  /** The token, valid for 24 hours; null when the login was refused. */
  token?: Maybe<Scalars['String']['output']>;
  /** Why the login was refused; empty when it succeeded. */
  userErrors: Array<UserError>;
  /** The user who logged in (the rest of this request acts as them); null when the login was refused. */
  viewer?: Maybe<User>;
};

/** A login's second step: its challenge, and the app's code or a recovery code. */
export type LoginSecondFactorInput = {
  /** The payload's `secondFactorChallenge` of the login that asked for it. */
  challenge: Scalars['String']['input'];
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The authenticator app's 6-digit code (spaces are ignored); or else `recoveryCode`. */
  code?: InputMaybe<Scalars['String']['input']>;
  /** One of the account's recovery codes (xxxxx-xxxxx, any case), used up by it; or else `code`. */
  recoveryCode?: InputMaybe<Scalars['String']['input']>;
};

/** The room whose messages the viewer has now read. */
export type MarkRoomReadInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The global id of one of the viewer's rooms. */
  roomId: Scalars['ID']['input'];
};

/** The outcome of `markRoomRead`. */
export type MarkRoomReadPayload = {
  __typename?: 'MarkRoomReadPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The room, its unreadCount now 0; null when it was refused. */
  room?: Maybe<ChatRoom>;
  /** Why the room was not marked read; empty when it was. */
  userErrors: Array<UserError>;
  /** The viewer, whose unreadMessageCount dropped by what the room had. */
  viewer?: Maybe<User>;
};

/** A chat message: who sent it, what it says, and when. */
export type Message = Node & {
  __typename?: 'Message';
  /** The text, trimmed: 1 to 2,000 characters (an emoji counts as one). */
  content: Scalars['String']['output'];
  /** The message's global id. */
  id: Scalars['ID']['output'];
  /** Whether the viewer sent it. */
  isMine: Scalars['Boolean']['output'];
  /**
   * Whether its web addresses may show as links: false when its sender's account was younger than the shop's
   * CHAT_LINKS_AFTER_HOURS as they sent it (a new account's links stay plain text). True where the shop's REST service
   * does not tell (the plain contract).
   */
  linksAllowed: Scalars['Boolean']['output'];
  /**
   * Whether a moderator removed it: its `content` is then empty (say 'This message was removed by a moderator.'). False
   * where the shop's REST service takes no reports (the plain contract).
   */
  removed: Scalars['Boolean']['output'];
  /** The room it was sent in. */
  room: ChatRoom;
  /** Who sent it ("Deleted user" once their account is gone). */
  senderUsername: Scalars['String']['output'];
  /** When it was sent. */
  timestamp: Scalars['DateTime']['output'];
  /**
   * The viewer's report of it, and where it stands (what a moderator decided); null when they made none, and where the
   * shop's REST service takes no reports.
   */
  viewerReport?: Maybe<ChatReport>;
};

/** A page of a room's history (Relay), oldest first within the page. */
export type MessageConnection = {
  __typename?: 'MessageConnection';
  /** Oldest first. */
  edges: Array<MessageEdge>;
  /** hasPreviousPage: older messages exist before startCursor; hasNextPage: newer ones after endCursor. */
  pageInfo: PageInfo;
  /** How many messages the room has, on every page. */
  totalCount: Scalars['Int']['output'];
};

/** A message in a page of a room's history, with its cursor. */
export type MessageEdge = {
  __typename?: 'MessageEdge';
  /** The message's place in the history: pass it as `before`. Opaque: keep it, do not build one. */
  cursor: Scalars['String']['output'];
  /** The message. */
  node: Message;
};

/**
 * An amount of money, exact, in the shop's currency (SHOP_CURRENCY, USD by default), as Shopify's MoneyV2 and Saleor's
 * Money give it: the decimal amount as text, the ISO 4217 code, and the amount in the currency's minor unit.
 */
export type Money = {
  __typename?: 'Money';
  /** The amount as an exact decimal, with the currency's two minor digits: "12.50". */
  amount: Scalars['String']['output'];
  /** The ISO 4217 code of the currency: "USD". */
  currencyCode: Scalars['String']['output'];
  /**
   * The amount in the currency's minor unit (cents for USD): 1250. A GraphQL Int, so at most 2147483647
   * ($21,474,836.47): the shop's limits keep every amount it accepts within it (a price at most $1,000,000.00, a cart
   * and an order at most $10,000,000.00). An amount beyond (stored before those limits, or a cart whose prices rose
   * after it was filled) answers 2147483647 here (-2147483648 below the smallest), never an error: compute from
   * `minorUnits` while it is inside those bounds, and read `amount`, always exact, when it is at one.
   */
  minorUnits: Scalars['Int']['output'];
};

/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Adds units; the same product's line grows. The quantity in the cart cannot exceed the stock, and a cart holds at
   * most 100 products and costs at most $10,000,000.00. userErrors: INVALID_INPUT on `quantity` (below 1, beyond the
   * stock, or a cart total beyond its limit) or on `productId` (a 101st product), NOT_FOUND on `productId`.
   */
  addToCart: AddToCartPayload;
  /**
   * Blocks someone: they can no longer start a room with the viewer or write to them (they are told only that they
   * cannot), nor the viewer to them; their room leaves the viewer's `chatRooms` and `unreadMessageCount`, and they leave
   * `chatUsers`. Blocking again changes nothing. userErrors: INVALID_INPUT on `username` (blank, or the viewer),
   * NOT_FOUND on `username`. NOT_SUPPORTED where the shop's REST service has no blocking.
   */
  blockUser: BlockUserPayload;
  /**
   * The buyer cancels their own order while it waits for the shop to confirm it (PENDING), which returns its stock;
   * asking again once it is cancelled changes nothing. The buyer and every admin hear of it through `orderUpdated`.
   * userErrors: CONFLICT on `orderId` (the shop has confirmed it: only an admin can cancel it now), NOT_FOUND on
   * `orderId` (no order of the viewer's: admins cancel others' orders through `updateOrderStatus`). NOT_SUPPORTED where
   * the shop's REST service does not let buyers cancel (the plain contract).
   */
  cancelOrder: CancelOrderPayload;
  /**
   * Every earlier token stops working; the payload carries a new one. userErrors: INVALID_INPUT on the field at fault (a
   * wrong current password, a new one of the wrong length, a confirmation that differs): the session goes on.
   */
  changePassword: ChangePasswordPayload;
  /**
   * Turns the cart into an order: stock taken, prices fixed, cart emptied; admins hear of it through `orderUpdated`.
   * userErrors: INVALID_INPUT (an empty cart, or a cart costing more than the $10,000,000.00 an order may cost, with no
   * field; a field that breaks a rule), CONFLICT (the stock ran out meanwhile), PRICE_CHANGED (on `expectedTotalAmount`,
   * or on `expectedTotal` when that was sent). Once an order is placed the answer is never an error.
   */
  checkout: CheckoutPayload;
  /** Takes every line out of the viewer's cart. */
  clearCart: ClearCartPayload;
  /**
   * Admins only: a new category, at the top level or under another. userErrors: INVALID_INPUT on `name` (empty, over 60
   * characters, not one line) or `parentId` (no such category, or a fifth level), CONFLICT on `name` (a sibling has it in
   * any case), FORBIDDEN for anyone but an admin; NOT_SUPPORTED where the shop keeps no categories.
   */
  createCategory: CategoryPayload;
  /**
   * The room with another user; the same pair always gets the same room. userErrors on `participantUsername`:
   * NOT_FOUND (no such user), INVALID_INPUT (blank, or the viewer themselves), CONFLICT (the viewer blocked them); and
   * FORBIDDEN, no field, when they blocked the viewer ("You cannot send messages to anna", and no more).
   */
  createChatRoom: CreateChatRoomPayload;
  /**
   * Admins only. Publishes the product to `productUpdated`. userErrors: INVALID_INPUT on every field that breaks a rule,
   * FORBIDDEN for anyone but an admin.
   */
  createProduct: CreateProductPayload;
  /**
   * Makes a staff role of the shop's own (MANAGE_STAFF; audited). userErrors: INVALID_INPUT on `name` (3 to 30 capital
   * letters, digits and underscores, starting with a letter) or `permissions` (at least one), CONFLICT on `name` (a role
   * has it already, built-in ones included), FORBIDDEN without MANAGE_STAFF. NOT_SUPPORTED as `staffRoles`.
   */
  createStaffRole: StaffRolePayload;
  /**
   * Staff whose roles allow MODERATE_CHAT decide a report (audited; the reporter is told by e-mail and by the message's
   * `viewerReport`): DISMISS, REMOVE_MESSAGE (both people see it removed at once, through `messageRemoved`), or
   * SUSPEND_SENDER for `hours` (the message removed too; the sender sends nothing until then). userErrors: INVALID_INPUT
   * on `hours`, NOT_FOUND on `reportId`, FORBIDDEN (no MODERATE_CHAT, or a report of the viewer's own message), CONFLICT
   * (decided already; a sender whose account is gone cannot be suspended). NOT_SUPPORTED as `reportMessage`.
   */
  decideChatReport: DecideChatReportPayload;
  /** Deletes personal data and cart; orders are kept anonymised; every token stops working. Cannot be undone. */
  deleteAccount: DeleteAccountPayload;
  /**
   * Forgets one of the viewer's addresses; orders sent there keep it. userErrors: NOT_FOUND on `id`. NOT_SUPPORTED where
   * the shop's REST service keeps no address books.
   */
  deleteAddress: DeleteAddressPayload;
  /**
   * Admins only: deletes a category without subcategories; one that holds products only with `moveProductsTo`, where its
   * products go first (each keeps its other categories; each moved one is published to productUpdated). userErrors:
   * CONFLICT when it has subcategories, or products and no `moveProductsTo` (on that field), NOT_FOUND on `id` or
   * `moveProductsTo`.
   */
  deleteCategory: DeleteCategoryPayload;
  /**
   * Admins only. The product leaves every cart (`productRemoved` tells the shoppers); orders keep their lines.
   * userErrors: NOT_FOUND on `id`, FORBIDDEN for anyone but an admin.
   */
  deleteProduct: DeleteProductPayload;
  /**
   * Deletes a shipping method; orders placed with it keep its name and what they paid (to stop offering one and keep it,
   * save it with `active: false`). Admins only. userErrors: NOT_FOUND on `id`. NOT_SUPPORTED as `saveShippingMethod`.
   */
  deleteShippingMethod: DeleteShippingMethodPayload;
  /**
   * Deletes a role of the shop's own that nobody holds (MANAGE_STAFF; audited). userErrors: NOT_FOUND on `name`, CONFLICT
   * on `name` (built in, or still held: take it from its holders first), FORBIDDEN. NOT_SUPPORTED as `staffRoles`.
   */
  deleteStaffRole: DeleteStaffRolePayload;
  /** Deletes a tax rate; orders keep the tax they were charged. Admins only. userErrors: NOT_FOUND on `id`. */
  deleteTaxRate: DeleteTaxRatePayload;
  /**
   * Turns two-factor sign-in off, with the password. userErrors: INVALID_INPUT on `password` (wrong; the session goes
   * on), CONFLICT (it is off; or the shop requires it of the viewer's staff roles). NOT_SUPPORTED as
   * `startTwoFactorSetup`.
   */
  disableTwoFactor: DisableTwoFactorPayload;
  /**
   * Turns two-factor sign-in on with the app's first code and the password: answers ten single-use recovery codes, shown
   * this once, and a new token: every other session of the viewer ends (their sockets close), so none signed in with
   * the password alone goes on. userErrors: INVALID_INPUT on `code` (not 6 digits) or `password` (wrong),
   * INVALID_CREDENTIALS on `code` (wrong: try the app's next), CONFLICT (no setup started, or it is on already).
   * NOT_SUPPORTED as `startTwoFactorSetup`.
   */
  enableTwoFactor: EnableTwoFactorPayload;
  /**
   * Staff whose roles allow MODERATE_CHAT lift a suspension before its time (audited): the person sends again at once.
   * userErrors: NOT_FOUND on `username`, CONFLICT on `username` (their chat is not suspended), FORBIDDEN (no
   * MODERATE_CHAT, or one's own). NOT_SUPPORTED as `reportMessage`.
   */
  liftChatSuspension: LiftChatSuspensionPayload;
  /**
   * Log in: a token, valid for 24 hours, and the viewer. userErrors: INVALID_INPUT (a blank field), INVALID_CREDENTIALS
   * (a wrong username or password, no field named), TOO_MANY_ATTEMPTS (too many failed logins: wait and try again),
   * SECOND_FACTOR_REQUIRED (the password was right and the account signs in with a second factor: the payload's
   * `secondFactorChallenge` goes to `loginSecondFactor` with the code, within five minutes).
   */
  login: LoginPayload;
  /**
   * A login's second step, after `login` answered SECOND_FACTOR_REQUIRED: its challenge and the authenticator app's code
   * (each works once) or one of the account's recovery codes (each works once). Answers as `login` does. userErrors:
   * INVALID_INPUT on `code` or `recoveryCode` (neither, both, or not of the form), INVALID_CREDENTIALS on `code` or
   * `recoveryCode` (wrong, or used already), INVALID_CREDENTIALS on `challenge` (five minutes passed, or the password
   * changed: log in again), TOO_MANY_ATTEMPTS (wrong codes are counted per account as failed passwords are). No login
   * needed. NOT_SUPPORTED (an error) where the shop's REST service has no second factors.
   */
  loginSecondFactor: LoginPayload;
  /**
   * Marks every message of a room read for the viewer. userErrors: NOT_FOUND on `roomId`, or FORBIDDEN for a room of
   * others.
   */
  markRoomRead: MarkRoomReadPayload;
  /**
   * Puts the lines of one of the viewer's orders into their cart, each as many units as it had, beside what the cart
   * holds, within the stock and the cart's limits; `notAdded` says which lines did not go in whole, and why (a product
   * no longer sold, out of stock, with less stock, or a full cart). userErrors: NOT_FOUND on `orderId` (no order of the
   * viewer's). NOT_SUPPORTED where the shop's REST service cannot (the plain contract).
   */
  orderAgain: OrderAgainPayload;
  /**
   * Admins only. Records that an order's bank transfer arrived: it is paid and may move on; asked again once paid, the
   * order as it is. The buyer and every admin hear of it through `orderUpdated`. userErrors: CONFLICT on `orderId` (the
   * order takes no payment through the shop, or it was cancelled: the money is returned instead), NOT_FOUND on
   * `orderId`, FORBIDDEN for anyone but an admin. NOT_SUPPORTED as `updatePaymentSettings`.
   */
  recordPayment: RecordPaymentPayload;
  /**
   * Ten new recovery codes, with the password; the earlier ones stop working. userErrors: INVALID_INPUT on `password`,
   * CONFLICT (two-factor sign-in is off). NOT_SUPPORTED as `startTwoFactorSetup`.
   */
  regenerateRecoveryCodes: RecoveryCodesPayload;
  /**
   * Create an account (always a regular user). Log in afterwards. An e-mail address given is sent a link to verify it,
   * and nothing else until it is opened (`verifyEmail`). userErrors: INVALID_INPUT (a rule of the username, password or
   * email address), CONFLICT (the username is taken, in any case), TOO_MANY_ATTEMPTS (too many new accounts from one
   * address).
   */
  register: RegisterPayload;
  /** Takes a product's line out of the cart. userErrors: NOT_FOUND on `productId` (not in the cart). */
  removeCartItem: RemoveCartItemPayload;
  /**
   * Reports a message the other person of a room sent the viewer, once, for moderators to decide; `viewerReport` then
   * tells where it stands. userErrors: INVALID_INPUT on `messageId` (the viewer's own message), `reason` or `note` (needed
   * with OTHER; at most 500 characters), NOT_FOUND on `messageId` (not in a room of the viewer's), CONFLICT on
   * `messageId` (reported already, or removed). NOT_SUPPORTED where the shop's REST service takes no reports.
   */
  reportMessage: ReportMessagePayload;
  /**
   * A forgotten password: the account with that username, or every account with that e-mail address (any case), is
   * e-mailed a link to `/reset-password?token=…` that works once, for 30 minutes. Answered alike whether or not an account
   * matches, so that nobody learns from it who has an account; an account without an e-mail address gets nothing, and
   * one gets a few such e-mails an hour at most. No login needed. userErrors: INVALID_INPUT on `usernameOrEmail` (blank,
   * or over 254 characters), TOO_MANY_ATTEMPTS (too many resets from one address). NOT_SUPPORTED (an error) when the
   * shop's REST service lacks password resets.
   */
  requestPasswordReset: RequestPasswordResetPayload;
  /**
   * E-mails the link that verifies the viewer's address once more, to the address as it is now; earlier links to it keep
   * working until one is opened. One address gets a few such links an hour at most (EMAILS_PER_RECIPIENT_PER_HOUR, 5 by
   * default), whatever accounts have it. userErrors: INVALID_INPUT (the profile has no address), CONFLICT (the address is
   * verified already), TOO_MANY_ATTEMPTS (the address had its links for this hour: the message says how long to wait).
   * NOT_SUPPORTED (an error) when the shop's REST service does not verify addresses (the plain contract).
   */
  resendEmailVerification: ResendEmailVerificationPayload;
  /**
   * Sets a new password with the token of an e-mailed reset link. The link is then used up, and every session of the
   * account ends (its tokens stop working, its subscription sockets close); log in afresh with the new password. No login
   * needed. userErrors: INVALID_INPUT on `token` (unknown, used, expired, or made before the password last changed: ask
   * for a new link), on `newPassword` (3 to 128 characters) or on `confirmPassword` (it differs); TOO_MANY_ATTEMPTS.
   * NOT_SUPPORTED (an error) when the shop's REST service lacks password resets.
   */
  resetPassword: ResetPasswordPayload;
  /**
   * Turns off a person's second factor, for a lost phone (MANAGE_STAFF; audited): they log in with the password alone
   * until they set it up again. userErrors: NOT_FOUND on `username`, INVALID_INPUT on `username` (one's own: turn it off
   * with `disableTwoFactor`), FORBIDDEN (without MANAGE_STAFF; an owner's is reset by owners only), CONFLICT on
   * `username` (theirs is off). NOT_SUPPORTED as `staffRoles`.
   */
  resetTwoFactor: ResetTwoFactorPayload;
  /**
   * Keeps an address in the viewer's address book (without `id`; 20 at most) or changes one of theirs (with it), every
   * part as given. userErrors: INVALID_INPUT on the first part at fault, CONFLICT when the book is full, NOT_FOUND on
   * `id` (no address of the viewer's). NOT_SUPPORTED where the shop's REST service keeps no address books.
   */
  saveAddress: SaveAddressPayload;
  /**
   * Creates a shipping method (without `id`) or changes one (with it), every field as given; admins only (FORBIDDEN).
   * Orders placed keep what they were charged. userErrors: INVALID_INPUT on the field at fault (a rate's by its place:
   * `rates[1].priceAmount`), CONFLICT on `name` (taken, in any case), NOT_FOUND on `id`. NOT_SUPPORTED where the shop's
   * REST service keeps no shipping methods (the plain contract).
   */
  saveShippingMethod: SaveShippingMethodPayload;
  /**
   * Sets a tax rate (without `id`) or changes one (with it), every field as given; admins only (FORBIDDEN). Orders placed
   * keep the tax they were charged. userErrors: INVALID_INPUT on the field at fault, CONFLICT on `country` (it has a
   * standard rate already) or `categoryId` (it has a rate for that category already), NOT_FOUND on `id`. NOT_SUPPORTED
   * where the shop's REST service keeps no tax (the plain contract).
   */
  saveTaxRate: SaveTaxRatePayload;
  /**
   * Sends a message in one of the viewer's rooms, published to both participants' `messageAdded`. userErrors:
   * INVALID_INPUT on `content`, NOT_FOUND on `roomId` (no room of the viewer's), TOO_MANY_ATTEMPTS (too many messages
   * a minute), CONFLICT on `roomId` (the viewer blocked the other person), FORBIDDEN (the other person blocked the
   * viewer: "You cannot send messages to anna").
   */
  sendMessage: SendMessagePayload;
  /**
   * Gives a person exactly these staff roles; none makes them a shopper again (MANAGE_STAFF; audited). Effective from
   * their next request; their open subscriptions are closed (4409 is not used: they reconnect as they would after a
   * network fault) so that they follow what they may see now. userErrors: NOT_FOUND on `username`, INVALID_INPUT on
   * `roles` (a role the shop has not), FORBIDDEN (without MANAGE_STAFF; and giving or taking ADMIN is for owners only),
   * CONFLICT on `roles` (the shop's last owner). NOT_SUPPORTED as `staffRoles`.
   */
  setStaffRoles: SetStaffRolesPayload;
  /**
   * Where the buyer pays their own card order: Stripe Checkout's page (`url`: send the browser there) and until when it
   * takes the payment; asked again while it is open, the same page, so two clicks open no second way to pay. Stripe's page
   * sends the buyer back to the shop's `/orders?order={number}&card=paid` (or `card=cancelled`), which proves nothing: the
   * order's `payment.status` becomes PAID once Stripe's signed webhook says so, and no `orderUpdated` is sent for it (read
   * the order again). userErrors: NOT_FOUND on `orderId` (not the viewer's order), CONFLICT on `orderId` (paid another
   * way, paid already, cancelled, or the shop takes no card payments). UPSTREAM_UNAVAILABLE when Stripe does not answer:
   * nothing changed, try again. NOT_SUPPORTED as `updatePaymentSettings`.
   */
  startCardPayment: StartCardPaymentPayload;
  /**
   * Starts setting up two-factor sign-in for the viewer: a secret and the otpauth URI to show as a QR code. Nothing
   * changes at login until `enableTwoFactor` gets the app's first code; asking again replaces a setup not finished.
   * userErrors: CONFLICT (it is on already). NOT_SUPPORTED where the shop's REST service has no second factors.
   */
  startTwoFactorSetup: StartTwoFactorSetupPayload;
  /**
   * Ends a block: the room comes back to the viewer's list (someone not blocked: nothing changes). userErrors: NOT_FOUND
   * on `username`. NOT_SUPPORTED as `blockUser`.
   */
  unblockUser: UnblockUserPayload;
  /**
   * Sets how many units a line of the cart holds. userErrors: INVALID_INPUT on `quantity` (below 1, beyond the stock,
   * or a cart total beyond $10,000,000.00; lowering a quantity is always allowed), NOT_FOUND on `productId` (not in the
   * cart).
   */
  updateCartItem: UpdateCartItemPayload;
  /**
   * Admins only: renames a category or moves it (with its subcategories and products) under another, or to the top
   * level. userErrors as createCategory's, and INVALID_INPUT on `parentId` for a move under itself or one of its own,
   * NOT_FOUND on `id`.
   */
  updateCategory: CategoryPayload;
  /**
   * Admins only. Moves an order forward (steps may be skipped), or cancels it before it ships, which returns its stock;
   * asking for the status it has changes nothing. The buyer and every admin hear of it through `orderUpdated`.
   * userErrors: CONFLICT on `status` (a move the order cannot make, or it changed meanwhile), NOT_FOUND on `orderId`,
   * FORBIDDEN for anyone but an admin.
   */
  updateOrderStatus: UpdateOrderStatusPayload;
  /**
   * Sets the account bank transfers pay into (checkout then offers BANK_TRANSFER), or with `bankTransfer: null` stops
   * taking them (orders waiting for one still wait); admins only (FORBIDDEN). userErrors: INVALID_INPUT on the field at
   * fault (`bankTransfer.iban`: its check digits wrong). NOT_SUPPORTED where the shop's REST service keeps no payment
   * (the plain contract).
   */
  updatePaymentSettings: UpdatePaymentSettingsPayload;
  /**
   * Admins only. Publishes the product to `productUpdated`. userErrors: INVALID_INPUT on every field that breaks a rule,
   * NOT_FOUND on `id`, FORBIDDEN for anyone but an admin.
   */
  updateProduct: UpdateProductPayload;
  /**
   * Change the fields given; null or an empty string clears one. A new email address (not the same one in another case)
   * is unverified (`User.emailVerified` false): the shop e-mails it a link to verify it and nothing else until the link is
   * opened, and every earlier link ends. userErrors: INVALID_INPUT on each field that breaks a rule (an email address,
   * phone number, language or time zone that is none; a field too long).
   */
  updateProfile: UpdateProfilePayload;
  /**
   * Change the shop's settings (admins only; audited). userErrors: INVALID_INPUT (a threshold that is not a whole
   * number from 0 to 1,000,000), FORBIDDEN. NOT_SUPPORTED where the shop's REST service keeps none (the plain contract).
   */
  updateShopSettings: UpdateShopSettingsPayload;
  /**
   * Changes what a role of the shop's own allows (MANAGE_STAFF; audited): its holders have it from their next request on.
   * userErrors: NOT_FOUND on `name`, CONFLICT on `name` (a built-in role: they cannot change), INVALID_INPUT on
   * `permissions`, FORBIDDEN. NOT_SUPPORTED as `staffRoles`.
   */
  updateStaffRole: StaffRolePayload;
  /** Says whether the shop's prices include tax; admins only. NOT_SUPPORTED as `saveTaxRate`. */
  updateTaxSettings: UpdateTaxSettingsPayload;
  /**
   * Verifies an e-mail address with the token of the link the shop e-mailed to it (`/verify-email?token=…`): from now on
   * the shop writes to it (order e-mails, password resets). The link works once, for 24 hours, and only while the account
   * still has that address; every other link of the account ends with it. No login needed: the token is the proof. With
   * one, the payload's `viewer` is the logged-in user as they are now. userErrors: INVALID_INPUT on `token` (unknown,
   * used, expired, or sent to an address the account no longer has: ask for a new one), TOO_MANY_ATTEMPTS (too many
   * links opened from one client address). NOT_SUPPORTED (an error) when the shop's REST service does not verify
   * addresses (the plain contract).
   */
  verifyEmail: VerifyEmailPayload;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationAddToCartArgs = {
  input: AddToCartInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationBlockUserArgs = {
  input: BlockUserInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationCancelOrderArgs = {
  input: CancelOrderInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationChangePasswordArgs = {
  input: ChangePasswordInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationCheckoutArgs = {
  input: CheckoutInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationClearCartArgs = {
  input: ClearCartInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationCreateCategoryArgs = {
  input: CreateCategoryInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationCreateChatRoomArgs = {
  input: CreateChatRoomInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationCreateProductArgs = {
  input: CreateProductInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationCreateStaffRoleArgs = {
  input: CreateStaffRoleInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDecideChatReportArgs = {
  input: DecideChatReportInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteAccountArgs = {
  input: DeleteAccountInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteAddressArgs = {
  input: DeleteAddressInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteCategoryArgs = {
  input: DeleteCategoryInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteProductArgs = {
  input: DeleteProductInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteShippingMethodArgs = {
  input: DeleteShippingMethodInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteStaffRoleArgs = {
  input: DeleteStaffRoleInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDeleteTaxRateArgs = {
  input: DeleteTaxRateInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationDisableTwoFactorArgs = {
  input: DisableTwoFactorInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationEnableTwoFactorArgs = {
  input: EnableTwoFactorInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationLiftChatSuspensionArgs = {
  input: LiftChatSuspensionInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationLoginArgs = {
  input: LoginInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationLoginSecondFactorArgs = {
  input: LoginSecondFactorInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationMarkRoomReadArgs = {
  input: MarkRoomReadInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationOrderAgainArgs = {
  input: OrderAgainInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationRecordPaymentArgs = {
  input: RecordPaymentInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationRegenerateRecoveryCodesArgs = {
  input: RegenerateRecoveryCodesInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationRegisterArgs = {
  input: RegisterInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationRemoveCartItemArgs = {
  input: RemoveCartItemInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationReportMessageArgs = {
  input: ReportMessageInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationRequestPasswordResetArgs = {
  input: RequestPasswordResetInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationResendEmailVerificationArgs = {
  input: ResendEmailVerificationInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationResetPasswordArgs = {
  input: ResetPasswordInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationResetTwoFactorArgs = {
  input: ResetTwoFactorInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationSaveAddressArgs = {
  input: SaveAddressInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationSaveShippingMethodArgs = {
  input: SaveShippingMethodInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationSaveTaxRateArgs = {
  input: SaveTaxRateInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationSendMessageArgs = {
  input: SendMessageInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationSetStaffRolesArgs = {
  input: SetStaffRolesInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationStartCardPaymentArgs = {
  input: StartCardPaymentInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationStartTwoFactorSetupArgs = {
  input: StartTwoFactorSetupInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUnblockUserArgs = {
  input: UnblockUserInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateCartItemArgs = {
  input: UpdateCartItemInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateCategoryArgs = {
  input: UpdateCategoryInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateOrderStatusArgs = {
  input: UpdateOrderStatusInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdatePaymentSettingsArgs = {
  input: UpdatePaymentSettingsInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateProductArgs = {
  input: UpdateProductInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateProfileArgs = {
  input: UpdateProfileInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateShopSettingsArgs = {
  input: UpdateShopSettingsInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateStaffRoleArgs = {
  input: UpdateStaffRoleInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationUpdateTaxSettingsArgs = {
  input: UpdateTaxSettingsInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then). All but `register`, `login`, `requestPasswordReset`, `resetPassword` and
 * `verifyEmail` need a login: without a token they answer UNAUTHENTICATED.
 */
export type MutationVerifyEmailArgs = {
  input: VerifyEmailInput;
};

/** An object with a globally unique, opaque id. */
export type Node = {
  /** The object's global id: opaque and stable. Pass it back as it is; do not build or read one. */
  id: Scalars['ID']['output'];
};

/** A line of an order that did not go into the cart whole when the order was ordered again. */
export type NotAddedLine = {
  __typename?: 'NotAddedLine';
  /** The units that went into the cart (fewer than `wanted`). */
  added: Scalars['Int']['output'];
  /** Why, as the buyer reads it ("2 of 4 Sterile Gauze added: only 5 in stock and your cart already held 3"). */
  message: Scalars['String']['output'];
  /** The product; null when it is no longer sold. */
  product?: Maybe<Product>;
  /** The product's name as the order has it. */
  productName: Scalars['String']['output'];
  /** Why not all of them. */
  reason: NotAddedReason;
  /** The units the order had. */
  wanted: Scalars['Int']['output'];
};

/** Why a line of an old order did not go into the cart whole. */
export type NotAddedReason =
  /** The cart holds as many products, or costs as much, as a cart may. */
  | 'CART_FULL'
  /** The product has fewer units than the line had, beside what the cart already held. */
  | 'LIMITED_STOCK'
  /** The product was deleted from the catalogue. */
  | 'NO_LONGER_SOLD'
  /** The product has no stock. */
  | 'OUT_OF_STOCK';

/** An order placed at checkout: its lines as they were priced then, where it goes, and where it is. */
export type Order = Node & {
  __typename?: 'Order';
  /** Who ordered it; null once their account is deleted. */
  customerUsername?: Maybe<Scalars['String']['output']>;
  /**
   * What happened to the order, oldest first: placed (PENDING, at its order date), then each move of its status with
   * its time. Null when the shop's REST service keeps no history (the plain contract).
   */
  history?: Maybe<Array<OrderEvent>>;
  /** The order's global id. */
  id: Scalars['ID']['output'];
  /** The lines, with the names and prices they had when ordered. */
  items: Array<OrderItem>;
  /** The order's number as people quote it (Order #42); the id is for the graph. */
  number: Scalars['Int']['output'];
  /** When the order was placed. */
  orderDate: Scalars['DateTime']['output'];
  /**
   * How the order is paid and where its payment stands; null for one placed while the shop took no payment (and over the
   * plain contract). While it awaits its payment the order cannot move beyond PENDING, and when `reservedUntil` passes
   * it is cancelled, its stock back.
   */
  payment?: Maybe<OrderPayment>;
  /** Whether its prices included the tax, or it was added on top. */
  pricesIncludeTax: Scalars['Boolean']['output'];
  /** Where the order goes, as the buyer gave it at checkout: at most 500 characters. */
  shippingAddress: Scalars['String']['output'];
  /** What shipping cost: zero when it was free, or the order was placed without a method. */
  shippingCost: Money;
  /** The country it ships to, as checkout priced and taxed it; null when it was placed without one. */
  shippingCountry?: Maybe<Country>;
  /** The shipping method's name when the order was placed; null when it was placed without one. */
  shippingMethodName?: Maybe<Scalars['String']['output']>;
  /** PENDING, CONFIRMED, SHIPPED, DELIVERED or CANCELLED (text: another shop's contract may know more). */
  status: Scalars['String']['output'];
  /** Its lines together, as they were priced when ordered. */
  subtotal: Money;
  /** The tax in the order: the part of its prices that was tax, or what was added on top (`pricesIncludeTax`). */
  tax: Money;
  /** The tax by rate, the highest first; empty where none applied. */
  taxLines: Array<TaxLine>;
  /** What the order cost: its lines as they were priced when ordered, its shipping, and tax added on top. */
  total: Money;
  /**
   * What the order cost in the shop's currency, at most two decimals.
   * @deprecated Use total: exact, and it names its currency.
   */
  totalAmount: Scalars['Float']['output'];
  /**
   * Whether the viewer may cancel this order now with `cancelOrder`: it is their own and still PENDING (waiting for the
   * shop to confirm it), and the shop's REST service lets buyers cancel (never over the plain contract).
   */
  viewerCanCancel: Scalars['Boolean']['output'];
  /**
   * Whether the viewer may put this order's lines into their cart again with `orderAgain`: it is their own, and the
   * shop's REST service offers it (never over the plain contract).
   */
  viewerCanOrderAgain: Scalars['Boolean']['output'];
};

/** One of the viewer's orders, to put into their cart again. */
export type OrderAgainInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The order's global id. */
  orderId: Scalars['ID']['input'];
};

/** The outcome of `orderAgain`: the cart as it is now, and what did not go into it whole. */
export type OrderAgainPayload = {
  __typename?: 'OrderAgainPayload';
  /** The viewer's cart with the order's lines in it; null when nothing was done (see userErrors). */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Each line of the order that did not go into the cart whole, in the order's order; empty when all did. */
  notAdded: Array<NotAddedLine>;
  /** Why nothing was done; empty when it was. */
  userErrors: Array<UserError>;
};

/** A page of orders (Relay), newest first, with the total the whole list holds. */
export type OrderConnection = {
  __typename?: 'OrderConnection';
  /**
   * In the admins' list (Query.orders): how many orders each status has (of those `search` finds), whatever `status`
   * narrows; null elsewhere.
   */
  countsByStatus?: Maybe<Array<OrderStatusCount>>;
  /** The page's orders, newest first. */
  edges: Array<OrderEdge>;
  /** Whether there are orders before and after this page, and the cursors to ask for them. */
  pageInfo: PageInfo;
  /** How many orders the list holds (those `status` and `search` narrow it to), on every page. */
  totalCount: Scalars['Int']['output'];
};

/** An order in a page of orders, with its cursor. */
export type OrderEdge = {
  __typename?: 'OrderEdge';
  /** Where the order sits in the list: pass it as `after` or `before`. Opaque: keep it, do not build one. */
  cursor: Scalars['String']['output'];
  /** The order. */
  node: Order;
};

/** One step of an order's history. */
export type OrderEvent = {
  __typename?: 'OrderEvent';
  /** When the order reached it. */
  at: Scalars['DateTime']['output'];
  /**
   * Who moved it there (an admin, or the buyer who cancelled it), shown to admins only; null for the buyer and for the
   * placing.
   */
  by?: Maybe<Scalars['String']['output']>;
  /** The status the order reached: PENDING when it was placed. */
  status: Scalars['String']['output'];
};

/** A line of an order, as it was when ordered. */
export type OrderItem = {
  __typename?: 'OrderItem';
  /** The unit price times the quantity, as ordered. */
  lineTotal: Money;
  /**
   * The price of one unit when ordered, in the shop's currency, at most two decimals.
   * @deprecated Use unitPrice: exact, and it names its currency.
   */
  price: Scalars['Float']['output'];
  /** The product bought; null if it was deleted since. */
  product?: Maybe<Product>;
  /** The product's name when it was ordered. */
  productName: Scalars['String']['output'];
  /** How many units were ordered. */
  quantity: Scalars['Int']['output'];
  /**
   * The product's SKU when it was ordered; null when it had none, and always where the shop's REST service keeps no
   * SKUs (the plain contract).
   */
  sku?: Maybe<Scalars['String']['output']>;
  /**
   * The unit price times the quantity, as ordered, in the shop's currency, at most two decimals.
   * @deprecated Use lineTotal: exact, and it names its currency.
   */
  subtotal: Scalars['Float']['output'];
  /** The price of one unit when it was ordered. */
  unitPrice: Money;
};

/** How an order is paid and where its payment stands. */
export type OrderPayment = {
  __typename?: 'OrderPayment';
  /** The account a bank transfer pays into, as the order stated it; null for a card. */
  account?: Maybe<BankAccount>;
  /** How it is paid. */
  method: PaymentMethod;
  /** When it was paid; null until then. */
  paidAt?: Maybe<Scalars['DateTime']['output']>;
  /** What a bank transfer quotes: an ISO 11649 creditor reference ("RF83MS42"); null for a card. */
  reference?: Maybe<Scalars['String']['output']>;
  /** Until when its stock is held for its payment; null once paid. */
  reservedUntil?: Maybe<Scalars['DateTime']['output']>;
  /** Where its payment stands. */
  status: PaymentStatus;
};

/** Where an order is. Admins move orders forward, or cancel them before they ship. */
export type OrderStatus =
  /** Cancelled before it shipped; its units went back into stock. Final. */
  | 'CANCELLED'
  /** Accepted by the shop, not yet shipped. */
  | 'CONFIRMED'
  /** Arrived. Final. */
  | 'DELIVERED'
  /** Placed at checkout, and not yet confirmed: every order starts here. */
  | 'PENDING'
  /** On its way to the buyer: it can no longer be cancelled. */
  | 'SHIPPED';

/** How many orders one status holds (the order desk's tabs). */
export type OrderStatusCount = {
  __typename?: 'OrderStatusCount';
  /** How many orders are in it. */
  count: Scalars['Int']['output'];
  /** The status counted: every status has its count, 0 included. */
  status: OrderStatus;
};

/**
 * Where a page sits in its list (Relay): whether there are items after and before it, and the cursors of its first and
 * last.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor of the page's last item; null when the page is empty. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether the list goes on after this page's last item: ask for more with `after: endCursor`. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Whether the list has items before this page's first item: ask for them with `before: startCursor`. */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The cursor of the page's first item; null when the page is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** How an order is paid. */
export type PaymentMethod =
  /** An invoice paid by bank transfer, quoting the order's reference; an admin records its arrival. */
  | 'BANK_TRANSFER'
  /** A card, on Stripe's page. */
  | 'CARD';

/** How the shop takes payment (`paymentSettings`, `updatePaymentSettings`). */
export type PaymentSettings = {
  __typename?: 'PaymentSettings';
  /** The account bank transfers pay into, and the days an order waits for one; null while the shop takes none. */
  bankTransfer?: Maybe<BankTransferSettings>;
  /** What checkout offers as `paymentMethod`, in this order; empty where the shop takes no payment. */
  methods: Array<PaymentMethod>;
};

/** Where an order's payment stands. */
export type PaymentStatus =
  /** Not paid yet: its stock is held until `reservedUntil`, then it is cancelled. */
  | 'AWAITING_PAYMENT'
  /** Paid: it may move on. */
  | 'PAID'
  /** Cancelled once paid: the payment is returned. */
  | 'REFUNDED';

/** What a staff member may be allowed; roles group them (`staffRoles`). */
export type Permission =
  /** Products, their pictures and stock, categories, CSV import and export, the low-stock threshold. */
  | 'MANAGE_CATALOGUE'
  /** See every order and move it on: confirm, ship, cancel. */
  | 'MANAGE_ORDERS'
  /** Shipping methods, tax rates and the bank account transfers pay into. */
  | 'MANAGE_SETTINGS'
  /** Make roles, and give people roles or take them away. */
  | 'MANAGE_STAFF'
  /** Handle reported chat messages. */
  | 'MODERATE_CHAT'
  /** Read the audit trail: what staff changed, and when. */
  | 'READ_AUDIT'
  /** See every order and record a bank transfer as paid. */
  | 'RECORD_PAYMENTS';

/** The viewer's preferences: notifications, language and time zone. */
export type Preferences = {
  __typename?: 'Preferences';
  /** Whether the user wants notifications by email; true until they turn it off. */
  emailNotifications: Scalars['Boolean']['output'];
  /** A language code such as en. */
  language: Scalars['String']['output'];
  /** Whether the user wants notifications by SMS; false until they turn it on. */
  smsNotifications: Scalars['Boolean']['output'];
  /** A time zone such as UTC or Europe/Berlin. */
  timezone: Scalars['String']['output'];
};

/** The preferences to save; an unset field keeps its value. */
export type PreferencesInput = {
  /** Whether to be notified by email. */
  emailNotifications?: InputMaybe<Scalars['Boolean']['input']>;
  /** A language code such as en or de-CH. It cannot be cleared. */
  language?: InputMaybe<Scalars['String']['input']>;
  /** Whether to be notified by SMS. */
  smsNotifications?: InputMaybe<Scalars['Boolean']['input']>;
  /** A time zone such as UTC or Europe/Berlin. It cannot be cleared. */
  timezone?: InputMaybe<Scalars['String']['input']>;
};

/** A band of unit prices, and how many of a list's products are in it (the list's price bounds set aside). */
export type PriceBandFacet = {
  __typename?: 'PriceBandFacet';
  /** How many of the list's products are priced within the band. */
  count: Scalars['Int']['output'];
  /** The band's highest price; null for the last band, which has no upper end. */
  maxPrice?: Maybe<Money>;
  /** The band's lowest price. */
  minPrice: Money;
};

/** A product of the catalogue: what shoppers browse, buy and follow live. */
export type Product = Node & {
  __typename?: 'Product';
  /**
   * The categories the product is in, each level by name; empty where the shop's REST service keeps no categories (the
   * plain contract).
   */
  categories: Array<Category>;
  /** What the product is, as text: at most 5,000 characters. */
  description: Scalars['String']['output'];
  /** The product's global id. */
  id: Scalars['ID']['output'];
  /** The main image: an absolute http(s) URL or a path on the shop; null when the product has none. */
  imageUrl?: Maybe<Scalars['String']['output']>;
  /** Every image, the main one first. */
  imageUrls: Array<Scalars['String']['output']>;
  /** Every image, the main one first, each with what it shows. */
  images: Array<ProductImage>;
  /** Whether at least one unit is in stock. */
  inStock: Scalars['Boolean']['output'];
  /**
   * The product's own low-stock threshold: it is low in stock at this many units or fewer. Null: the shop's threshold
   * applies (`shopSettings.lowStockThreshold`), and where the shop's REST service keeps none (the plain contract).
   */
  lowStockThreshold?: Maybe<Scalars['Int']['output']>;
  /** The product's name: at most 200 characters. */
  name: Scalars['String']['output'];
  /**
   * The price of one unit in the shop's currency, at most two decimals.
   * @deprecated Use unitPrice: exact, and it names its currency.
   */
  price: Scalars['Float']['output'];
  /** Units in stock. */
  quantity: Scalars['Int']['output'];
  /**
   * The stock-keeping unit: unique among products in any case; null when the product has none, and always where the
   * shop's REST service keeps no SKUs (the plain contract, which lacks the product-sku extension).
   */
  sku?: Maybe<Scalars['String']['output']>;
  /** The price of one unit. */
  unitPrice: Money;
};

/** A page of products (Relay), with the total the whole list holds. */
export type ProductConnection = {
  __typename?: 'ProductConnection';
  /** The page's products, in the list's order. */
  edges: Array<ProductEdge>;
  /** Whether there are products before and after this page, and the cursors to ask for them. */
  pageInfo: PageInfo;
  /** How the search was read, on every page; null when the list is not a search's. */
  search?: Maybe<ProductSearchSummary>;
  /** How many products match, on every page. */
  totalCount: Scalars['Int']['output'];
};

/** A product in a page of products, with its cursor. */
export type ProductEdge = {
  __typename?: 'ProductEdge';
  /** Where the product sits in the list: pass it as `after` or `before`. Opaque: keep it, do not build one. */
  cursor: Scalars['String']['output'];
  /** Where the search's words are in the product's text; null when the list is not a search's. */
  highlight?: Maybe<ProductHighlight>;
  /** The product. */
  node: Product;
};

/** The counts beside each way of narrowing a product list (`productFacets`). */
export type ProductFacets = {
  __typename?: 'ProductFacets';
  /**
   * Each category one level under the filter's category (the top level without one), by name, with how many of the
   * matching products it and the categories under it hold, each once; 0 included.
   */
  categories: Array<CategoryFacet>;
  /**
   * How many of the matching products have at least 1 unit in stock, the filter's stock bounds set aside: choose it with
   * `minQuantity: 1`.
   */
  inStockCount: Scalars['Int']['output'];
  /**
   * The shop's price bands, cheapest first, each counted with the filter's price bounds set aside. Choose one by giving
   * its `minPrice` and `maxPrice` amounts as the filter's (the last band has no `maxPrice`).
   */
  priceBands: Array<PriceBandFacet>;
  /** How many products the filter and search match. */
  totalCount: Scalars['Int']['output'];
};

/** Narrows the catalogue. Every bound is inclusive; an unset field does not filter. */
export type ProductFilter = {
  /**
   * Only the products in this category or any category under it (none for a category that does not exist). Where the
   * shop's REST service keeps no categories (the plain contract), NOT_SUPPORTED.
   */
  category?: InputMaybe<Scalars['ID']['input']>;
  /** The highest unit price, in the shop's currency: 0 to 1,000,000, and not below `minPrice`. */
  maxPrice?: InputMaybe<Scalars['Float']['input']>;
  /** The most units in stock: a whole number from 0 to 1,000,000, and not below `minQuantity`. */
  maxQuantity?: InputMaybe<Scalars['Int']['input']>;
  /** The lowest unit price, in the shop's currency: 0 to 1,000,000. */
  minPrice?: InputMaybe<Scalars['Float']['input']>;
  /** The fewest units in stock: a whole number from 0 to 1,000,000. */
  minQuantity?: InputMaybe<Scalars['Int']['input']>;
  /**
   * Part of the name, or a product's whole SKU, in any case; at most 200 characters. Blank does not filter. Where the
   * shop's REST service keeps no SKUs (the plain contract), only names are searched.
   */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** Where a search's words are in a product's text, each text in parts to show as they come. */
export type ProductHighlight = {
  __typename?: 'ProductHighlight';
  /**
   * The part of the description around the first word found (… where it is cut), in parts; null when no word was
   * found in the description.
   */
  excerpt?: Maybe<Array<TextPart>>;
  /** The name, in parts. */
  name: Array<TextPart>;
};

/** One of a product's pictures. */
export type ProductImage = {
  __typename?: 'ProductImage';
  /**
   * What it shows, for people who cannot see it (its alt text); null when the shop was given none (the product's name
   * says it best then), and always where the shop's REST service keeps none (the plain contract).
   */
  alt?: Maybe<Scalars['String']['output']>;
  /** Its address: an absolute http(s) URL or a path on the shop. */
  url: Scalars['String']['output'];
};

/** How a search was read: the words looked for, and the typing mistakes corrected. */
export type ProductSearchSummary = {
  __typename?: 'ProductSearchSummary';
  /** Each word typed that no product has, and the catalogue's word looked for instead. */
  corrections: Array<SearchCorrection>;
  /** The words looked for, in any case folded, each corrected one as suggested. */
  words: Array<Scalars['String']['output']>;
};

/** The orders the catalogue can be read in, besides its own. */
export type ProductSort =
  /** Products in stock first, then those out of stock; each part in the order they were added. */
  | 'IN_STOCK_FIRST'
  /** By name, in any case; equal names in the order they were added. */
  | 'NAME'
  /** The latest added first. */
  | 'NEWEST'
  /** The lowest unit price first; equal prices in the order they were added. */
  | 'PRICE_ASCENDING'
  /** The highest unit price first; equal prices the latest added first. */
  | 'PRICE_DESCENDING'
  /**
   * With `search` only (BAD_USER_INPUT without it), and its order when none is given: the products with the most of
   * its words in the name, then the SKU, then the description first; equals in the order they were added.
   */
  | 'RELEVANCE';

/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type Query = {
  __typename?: 'Query';
  /**
   * Every category of the catalogue, each level by name (a parent before its children is not promised: build the tree
   * from `parent`). NOT_SUPPORTED where the shop's REST service keeps no categories (the plain contract).
   */
  categories: Array<Category>;
  /**
   * Reports of chat messages, for staff whose roles allow MODERATE_CHAT (null with FORBIDDEN otherwise): the open ones
   * first come first (the queue), a decided status newest first. Each shows the message with its text, even removed, among
   * the messages around it. Pages like `orders`. NOT_SUPPORTED where the shop's REST service takes no reports (the plain
   * contract).
   */
  chatReports?: Maybe<ReportedMessageConnection>;
  /**
   * The products at or under their low-stock threshold (their own, else the shop's), the fewest units first: for admins
   * only (null with FORBIDDEN otherwise). Pages both ways like `orders`. NOT_SUPPORTED where the shop's REST service keeps
   * no thresholds (the plain contract).
   */
  lowStockProducts?: Maybe<ProductConnection>;
  /** Any object by its global id; null when it does not exist or is not yours to see. */
  node?: Maybe<Node>;
  /** Several objects by their global ids, in the same order; null for each one that cannot be seen. */
  nodes: Array<Maybe<Node>>;
  /**
   * Every customer's orders, newest first: for admins only (null with a FORBIDDEN error otherwise, the rest of the
   * answer intact). `status` and `search` narrow them, and `countsByStatus` counts what `search` finds. Pages both ways
   * like `products`. NOT_SUPPORTED when the shop's REST service cannot list every customer's orders, or cannot search
   * them (it lacks those extensions).
   */
  orders?: Maybe<OrderConnection>;
  /**
   * How the shop takes payment: the methods checkout offers, and the account bank transfers pay into; every signed-in user
   * reads it. Where the shop takes none, and where its REST service keeps none (the plain contract): no methods, and
   * checkout takes no `paymentMethod` (orders are paid outside the shop).
   */
  paymentSettings: PaymentSettings;
  /** One product; null when it does not exist. */
  product?: Maybe<Product>;
  /**
   * The counts a listing shows beside its ways of narrowing the products `filter` and `search` match: each category one
   * level under `filter.category`, each price band and "in stock", each counted as if its own choice were not made, so a
   * shopper sees what choosing another gives. BAD_USER_INPUT as `products` for the same filter and search; NOT_SUPPORTED
   * where the shop's REST service cannot count them (the plain contract).
   */
  productFacets: ProductFacets;
  /**
   * The catalogue by id, optionally filtered, searched or sorted. Pages forward with `first` and `after`, or backward
   * with `last` and `before` (`last` alone: the end of the list); 20 when neither `first` nor `last` is given, at most
   * 100.
   */
  products?: Maybe<ProductConnection>;
  /**
   * The ways the shop ships orders, the fastest first: the ones offered to shoppers, and for admins every one, the
   * retired ones too. Empty where the shop offers none, and where its REST service keeps none (the plain contract):
   * checkout then takes no method, and charges no shipping.
   */
  shippingMethods: Array<ShippingMethod>;
  /**
   * The shop's settings that admins change while it runs: for admins only (null with FORBIDDEN otherwise).
   * NOT_SUPPORTED where the shop's REST service keeps none (the plain contract).
   */
  shopSettings?: Maybe<ShopSettings>;
  /** Everyone who holds a staff role, by name; as `staffRoles`, for MANAGE_STAFF only. */
  staffMembers?: Maybe<Array<StaffMember>>;
  /**
   * Every staff role, the built-in ones first, with what each allows and how many hold it: for those whose roles allow
   * MANAGE_STAFF (null with FORBIDDEN otherwise). NOT_SUPPORTED where the shop's REST service keeps no staff roles (the
   * plain contract: ADMIN is its only role).
   */
  staffRoles?: Maybe<Array<StaffRole>>;
  /**
   * The shop's tax rates, by country (each country's standard rate first, then its categories' by name); every signed-in
   * user reads them. Empty where the shop sets none, and where its REST service keeps none (the plain contract).
   */
  taxRates: Array<TaxRate>;
  /**
   * Whether the shop's prices include tax; every signed-in user reads it. Where the shop's REST service keeps no tax (the
   * plain contract): prices include it, and there is none.
   */
  taxSettings: TaxSettings;
  /**
   * The logged-in user; null without a token. With a token the shop no longer accepts, its fields answer
   * UNAUTHENTICATED.
   */
  viewer?: Maybe<User>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryChatReportsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<ChatReportStatus>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryLowStockProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryProductArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryProductFacetsArgs = {
  filter?: InputMaybe<ProductFilter>;
  search?: InputMaybe<Scalars['String']['input']>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order. Every field but `viewer` needs a login: without a token it answers UNAUTHENTICATED.
 */
export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ProductFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<ProductSort>;
};

/**
 * A message as a report quotes it to moderators: with its text, even removed. Part of its report (a client's cache keeps it
 * there, apart from the participants' `Message`).
 */
export type QuotedMessage = {
  __typename?: 'QuotedMessage';
  /** The text as it was sent, kept for the moderators' record even once removed. */
  content: Scalars['String']['output'];
  /** The quoted message's global id (its `Message.id`). */
  messageId: Scalars['ID']['output'];
  /** Whether a moderator removed it. */
  removed: Scalars['Boolean']['output'];
  /** Whether it is the message the report is about (among `ReportedMessage.context`). */
  reported: Scalars['Boolean']['output'];
  /** Who sent it ("Deleted user" once their account is gone). */
  senderUsername: Scalars['String']['output'];
  /** When it was sent. */
  timestamp: Scalars['DateTime']['output'];
};

/** An order whose bank transfer arrived. */
export type RecordPaymentInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The order's global id. */
  orderId: Scalars['ID']['input'];
};

/** The outcome of `recordPayment`. */
export type RecordPaymentPayload = {
  __typename?: 'RecordPaymentPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The order, paid; null when refused. */
  order?: Maybe<Order>;
  /** Why it was refused; empty when it was recorded. */
  userErrors: Array<UserError>;
};

/** The outcome of `regenerateRecoveryCodes`. */
export type RecoveryCodesPayload = {
  __typename?: 'RecoveryCodesPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Ten single-use codes (xxxxx-xxxxx), shown this once: the shop keeps only their hashes. Null when refused. */
  recoveryCodes?: Maybe<Array<Scalars['String']['output']>>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
  /** The viewer, read after the change (`twoFactor`, and `permissions` where the shop requires it of staff). */
  viewer?: Maybe<User>;
};

/** The viewer's password. */
export type RegenerateRecoveryCodesInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The viewer's password. */
  password: Scalars['String']['input'];
};

/** A new account: the username and the password twice. */
export type RegisterInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The password again: it must match. */
  confirmPassword: Scalars['String']['input'];
  /**
   * An e-mail address for the account, or none: it is sent a link to verify it (`verifyEmail`), and nothing else until
   * the link is opened. A REST service that does not verify addresses (the plain contract) takes none at registration:
   * set it with `updateProfile`.
   */
  email?: InputMaybe<Scalars['String']['input']>;
  /** 3 to 128 characters. */
  password: Scalars['String']['input'];
  /** 3 to 50 letters, digits, dots, hyphens and underscores, at least one a letter; not taken, in any case. */
  username: Scalars['String']['input'];
};

/** The outcome of `register`. */
export type RegisterPayload = {
  __typename?: 'RegisterPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The new account's token; the shop's own client logs in afresh instead. */
  token?: Maybe<Scalars['String']['output']>;
  /** Why the account was not made; empty when it was. */
  userErrors: Array<UserError>;
};

/** The product whose line leaves the cart. */
export type RemoveCartItemInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The global id of a product in the cart. */
  productId: Scalars['ID']['input'];
};

/** The outcome of `removeCartItem`: the cart as it is now. */
export type RemoveCartItemPayload = {
  __typename?: 'RemoveCartItemPayload';
  /** The whole cart as it is now; null when the removal was refused. */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why the line was not removed; empty when it was. */
  userErrors: Array<UserError>;
};

/** A message to report, and why. */
export type ReportMessageInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The message's global id (a `Message.id`). */
  messageId: Scalars['ID']['input'];
  /** What is wrong with it, up to 500 characters; needed with OTHER. */
  note?: InputMaybe<Scalars['String']['input']>;
  /** Why. */
  reason: ChatReportReason;
};

/** The outcome of `reportMessage`. */
export type ReportMessagePayload = {
  __typename?: 'ReportMessagePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The message, with its `viewerReport`; null when it was refused. */
  message?: Maybe<Message>;
  /** The report made; null when it was refused. */
  report?: Maybe<ChatReport>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
};

/** A report of a chat message, as moderators see it (`Query.chatReports`; `node(id)` finds it for them alone). */
export type ReportedMessage = Node & {
  __typename?: 'ReportedMessage';
  /** Up to 3 messages before it, it, and up to 3 after it in its room, oldest first. */
  context: Array<QuotedMessage>;
  /** When it was decided; null while OPEN. */
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The moderator who decided it; null while OPEN. */
  decidedBy?: Maybe<Scalars['String']['output']>;
  /** The report's global id. */
  id: Scalars['ID']['output'];
  /** The message reported. */
  message: QuotedMessage;
  /** The reporter's note, up to 500 characters; null without one. */
  note?: Maybe<Scalars['String']['output']>;
  /** Why it was reported. */
  reason: ChatReportReason;
  /** When it was reported. */
  reportedAt: Scalars['DateTime']['output'];
  /** Who reported it ("Deleted user" once their account is gone). */
  reporterUsername: Scalars['String']['output'];
  /** Until when its sender's chat is suspended, if a moderator ever did; null otherwise. */
  senderSuspendedUntil?: Maybe<Scalars['DateTime']['output']>;
  /** OPEN until decided. */
  status: ChatReportStatus;
};

/** A page of reports (Relay). */
export type ReportedMessageConnection = {
  __typename?: 'ReportedMessageConnection';
  /** The page's reports, in the list's order. */
  edges: Array<ReportedMessageEdge>;
  /** Whether there are more before or after this page. */
  pageInfo: PageInfo;
  /** How many reports have this status. */
  totalCount: Scalars['Int']['output'];
};

/** A report in `chatReports`, with its cursor. */
export type ReportedMessageEdge = {
  __typename?: 'ReportedMessageEdge';
  /** Its place in the list: pass it as `after` or `before`. Opaque: keep it, do not build one. */
  cursor: Scalars['String']['output'];
  /** The report. */
  node: ReportedMessage;
};

/** Who forgot their password: a username or an e-mail address. */
export type RequestPasswordResetInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** A username (any case), or the e-mail address of an account (any case); spaces around it are ignored. */
  usernameOrEmail: Scalars['String']['input'];
};

/** The outcome of `requestPasswordReset`: the same whether or not an account matched. */
export type RequestPasswordResetPayload = {
  __typename?: 'RequestPasswordResetPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** What happens next, for people; null when the request was refused. */
  message?: Maybe<Scalars['String']['output']>;
  /** Why the request was refused (a blank field, too many requests); empty when it was taken. */
  userErrors: Array<UserError>;
};

/** Asking for the link that verifies the viewer's address once more. */
export type ResendEmailVerificationInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `resendEmailVerification`. */
export type ResendEmailVerificationPayload = {
  __typename?: 'ResendEmailVerificationPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Where the link went and how long it works, for people; null when it was refused. */
  message?: Maybe<Scalars['String']['output']>;
  /** The viewer as they are now (their address and whether it is verified); null when refused. */
  user?: Maybe<User>;
  /** Why no link was sent; empty when one was. */
  userErrors: Array<UserError>;
};

/** A new password, with the token of the e-mailed link that allows it. */
export type ResetPasswordInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The new password again: it must match. */
  confirmPassword: Scalars['String']['input'];
  /** The new password: 3 to 128 characters. */
  newPassword: Scalars['String']['input'];
  /** The `token` of the link `/reset-password?token=…`, as it came. */
  token: Scalars['String']['input'];
};

/** The outcome of `resetPassword`. */
export type ResetPasswordPayload = {
  __typename?: 'ResetPasswordPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why the password was not reset; empty when it was. */
  userErrors: Array<UserError>;
  /** The account's username, to log in with the new password; null when the reset was refused. */
  username?: Maybe<Scalars['String']['output']>;
};

/** Whose second factor to turn off. */
export type ResetTwoFactorInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The name they log in with, in any case. */
  username: Scalars['String']['input'];
};

/** The outcome of `resetTwoFactor`. */
export type ResetTwoFactorPayload = {
  __typename?: 'ResetTwoFactorPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The person as they now are (`twoFactorEnabled` false); null when it was refused. */
  staffMember?: Maybe<StaffMember>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
};

/** An address's parts: each one line, trimmed; a blank optional part is none. */
export type SaveAddressInput = {
  /** 1 to 80 characters. */
  city: Scalars['String']['input'];
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2, any case: DE, US… */
  country: Scalars['String']['input'];
  /** The viewer's address to change; a new one without it. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Street and number: 1 to 120 characters. */
  line1: Scalars['String']['input'];
  /** Apartment, floor, company: up to 120 characters. */
  line2?: InputMaybe<Scalars['String']['input']>;
  /** Who receives it: 1 to 80 characters. */
  name: Scalars['String']['input'];
  /** Digits, spaces, +, -, ( and ): up to 24. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Up to 16 characters. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `saveAddress`. */
export type SaveAddressPayload = {
  __typename?: 'SaveAddressPayload';
  /** The address as kept; null when it was refused. */
  address?: Maybe<Address>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was kept. */
  userErrors: Array<UserError>;
};

/** A shipping method as admins set it: every field, as given. */
export type SaveShippingMethodInput = {
  /** Offered to shoppers; true when left out. */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Up to 200 characters; none when blank. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The method to change; a new one without it. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Business days at the latest: minDays to 90. */
  maxDays: Scalars['Int']['input'];
  /** Business days at the soonest: 0 to 90. */
  minDays: Scalars['Int']['input'];
  /** 1 to 60 characters on one line; once in the shop in any case. */
  name: Scalars['String']['input'];
  /** 1 to 50 rates; a country in one of them at most. */
  rates: Array<ShippingRateInput>;
};

/** The outcome of `saveShippingMethod`. */
export type SaveShippingMethodPayload = {
  __typename?: 'SaveShippingMethodPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The method as kept; null when it was refused. */
  shippingMethod?: Maybe<ShippingMethod>;
  /** Why it was refused; empty when it was kept. */
  userErrors: Array<UserError>;
};

/** A tax rate as admins set it: every field, as given. */
export type SaveTaxRateInput = {
  /** The category it is for (a Category's global id); the country's standard rate without it. */
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2, any case. */
  country: Scalars['String']['input'];
  /** The rate to change; a new one without it. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Percent, 0 to 100, at most two decimals: 19, 7.5. */
  rate: Scalars['Float']['input'];
};

/** The outcome of `saveTaxRate`. */
export type SaveTaxRatePayload = {
  __typename?: 'SaveTaxRatePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The rate as kept; null when it was refused. */
  taxRate?: Maybe<TaxRate>;
  /** Why it was refused; empty when it was kept. */
  userErrors: Array<UserError>;
};

/** A word typed that no product has, and the catalogue's most similar word, looked for instead. */
export type SearchCorrection = {
  __typename?: 'SearchCorrection';
  /** The catalogue's word looked for instead. */
  suggested: Scalars['String']['output'];
  /** The word as typed (in any case folded). */
  typed: Scalars['String']['output'];
};

/** A message to send in one of the viewer's rooms. */
export type SendMessageInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The text: trimmed, 1 to 2,000 characters (an emoji counts as one). */
  content: Scalars['String']['input'];
  /** The global id of one of the viewer's rooms. */
  roomId: Scalars['ID']['input'];
};

/** The outcome of `sendMessage`: the message as sent. */
export type SendMessagePayload = {
  __typename?: 'SendMessagePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The message; its room carries the new lastMessage. */
  message?: Maybe<Message>;
  /** Why the message was not sent; empty when it was. */
  userErrors: Array<UserError>;
};

/** A person, and the staff roles they should hold. */
export type SetStaffRolesInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Exactly the roles they should hold; none makes them a shopper again. */
  roles: Array<Scalars['String']['input']>;
  /** The name they log in with, in any case. */
  username: Scalars['String']['input'];
};

/** The outcome of `setStaffRoles`. */
export type SetStaffRolesPayload = {
  __typename?: 'SetStaffRolesPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The person as they now are (with no roles once they are a shopper again); null when it was refused. */
  staffMember?: Maybe<StaffMember>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
};

/** A way the shop ships orders (Standard, Express, Pick-up): its rates by destination country. */
export type ShippingMethod = Node & {
  __typename?: 'ShippingMethod';
  /** Offered to shoppers; a retired method is seen by admins alone, and orders keep its name. */
  active: Scalars['Boolean']['output'];
  /** What the shopper should know of it; null when none. */
  description?: Maybe<Scalars['String']['output']>;
  /** How long it takes in words: "Same day", "1 business day", "2–4 business days". */
  estimate: Scalars['String']['output'];
  /** The method's global id. */
  id: Scalars['ID']['output'];
  /** Business days at the latest. */
  maxDays: Scalars['Int']['output'];
  /** Business days at the soonest. */
  minDays: Scalars['Int']['output'];
  /** Its name, once in the shop in any case. */
  name: Scalars['String']['output'];
  /** Its price for each group of countries it serves; a country is in one rate at most. */
  rates: Array<ShippingRate>;
};

/** A shipping method for the viewer's cart going to one country: what it costs there, or why it cannot take it. */
export type ShippingOption = {
  __typename?: 'ShippingOption';
  /** The method. */
  method: ShippingMethod;
  /** What it costs this cart there (zero when free); null when it does not ship there. */
  price?: Maybe<Money>;
  /** Why it cannot take the order ("Express does not ship to Latvia"); null when it can. */
  unavailableReason?: Maybe<Scalars['String']['output']>;
};

/** What a shipping method costs to some countries. */
export type ShippingRate = {
  __typename?: 'ShippingRate';
  /** The countries this rate serves. */
  countries: Array<Country>;
  /** Free for an order whose lines cost this much or more; null when it is never free. */
  freeFrom?: Maybe<Money>;
  /** What shipping costs an order there. */
  price: Money;
};

/** What a shipping method costs to some countries. */
export type ShippingRateInput = {
  /** ISO 3166-1 alpha-2 codes, any case: at least one. */
  countries: Array<Scalars['String']['input']>;
  /** Free for an order whose lines cost this much or more (over 0, whole cents); none when left out. */
  freeFromAmount?: InputMaybe<Scalars['Decimal']['input']>;
  /** What shipping costs an order there: 0 to 10000, whole cents, as text ("4.90"). */
  priceAmount: Scalars['Decimal']['input'];
};

/** The shop's settings that admins change while it runs (`shopSettings`, `updateShopSettings`). */
export type ShopSettings = {
  __typename?: 'ShopSettings';
  /** A product with no threshold of its own is low in stock at this many units or fewer: 5 until an admin sets it. */
  lowStockThreshold: Scalars['Int']['output'];
};

/** Someone who holds a staff role. */
export type StaffMember = {
  __typename?: 'StaffMember';
  /** Their user id (a `User` global id). */
  id: Scalars['ID']['output'];
  /** What those roles allow them. */
  permissions: Array<Permission>;
  /** The staff roles they hold (USER, which everyone holds, left out). */
  roles: Array<Scalars['String']['output']>;
  /** Whether they sign in with a second factor (a staff manager may reset it: `resetTwoFactor`). */
  twoFactorEnabled: Scalars['Boolean']['output'];
  /** The name they log in with. */
  username: Scalars['String']['output'];
};

/** A staff role: a name for a set of permissions. */
export type StaffRole = {
  __typename?: 'StaffRole';
  /** One of the shop's built-in roles: it cannot be changed or deleted. */
  builtIn: Scalars['Boolean']['output'];
  /** How many people hold it. */
  holders: Scalars['Int']['output'];
  /** Its name, capital letters, digits and underscores: ADMIN (the owner, every permission), ORDER_CLERK… */
  name: Scalars['String']['output'];
  /** What it allows, in a fixed order. */
  permissions: Array<Permission>;
};

/** The outcome of `createStaffRole` and `updateStaffRole`. */
export type StaffRolePayload = {
  __typename?: 'StaffRolePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The role as kept; null when it was refused. */
  staffRole?: Maybe<StaffRole>;
  /** Why it was refused; empty when it was kept. */
  userErrors: Array<UserError>;
};

/** The viewer's card order, to be paid on Stripe's page. */
export type StartCardPaymentInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The order's global id. */
  orderId: Scalars['ID']['input'];
};

/** The outcome of `startCardPayment`. */
export type StartCardPaymentPayload = {
  __typename?: 'StartCardPaymentPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** When the page stops taking the payment; null when refused. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** Stripe Checkout's page where the buyer pays the order: send the browser there. Null when refused. */
  url?: Maybe<Scalars['String']['output']>;
  /** Why there is no page; empty when there is. */
  userErrors: Array<UserError>;
};

/** Nothing to give: the setup is for the viewer. */
export type StartTwoFactorSetupInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `startTwoFactorSetup`. */
export type StartTwoFactorSetupPayload = {
  __typename?: 'StartTwoFactorSetupPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The secret (base32), for typing into an app by hand; null when it was refused. */
  secret?: Maybe<Scalars['String']['output']>;
  /** The otpauth:// URI an app scans as a QR code; null when it was refused. */
  uri?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
};

/** What changes live, over graphql-ws on /graphql (the token in the connection's parameters). */
export type Subscription = {
  __typename?: 'Subscription';
  /** Every new message in the viewer's rooms, including the viewer's own (from other tabs). */
  messageAdded: Message;
  /**
   * A message of the viewer's rooms a moderator removed: the same message (by id), now `removed` with empty `content`,
   * so a shown chat replaces its text at once; its `room` answers the room as it is now (its `lastMessage`).
   */
  messageRemoved: Message;
  /** An order whose status moved: to its buyer and to every admin; and, for admins, every new order at checkout. */
  orderUpdated: Order;
  /**
   * The id of a product an admin took out of the catalogue (it leaves every cart with it), so carts and listings drop
   * it; `ids` narrows it.
   */
  productRemoved: Scalars['ID']['output'];
  /** A product whose price, stock or details changed (or a new one), so listings stay live; `ids` narrows it. */
  productUpdated: Product;
};


/** What changes live, over graphql-ws on /graphql (the token in the connection's parameters). */
export type SubscriptionProductRemovedArgs = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
};


/** What changes live, over graphql-ws on /graphql (the token in the connection's parameters). */
export type SubscriptionProductUpdatedArgs = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** A rate's share of an order's tax. */
export type TaxLine = {
  __typename?: 'TaxLine';
  /** The rate in percent: 19, 7.5. */
  rate: Scalars['Float']['output'];
  /** Its tax, rounded half up to the cent. */
  tax: Money;
  /** What is taxed at it: lines, and shipping at the standard rate. */
  taxed: Money;
};

/**
 * A rate of tax: a country's standard rate, or its reduced rate for a category (and every category under it). A line is
 * taxed at the lowest rate of its product's categories, else at the standard rate, else not at all.
 */
export type TaxRate = Node & {
  __typename?: 'TaxRate';
  /** The category it is for (a Category's global id); null for the country's standard rate. */
  categoryId?: Maybe<Scalars['ID']['output']>;
  /** That category's name; null for the standard rate. */
  categoryName?: Maybe<Scalars['String']['output']>;
  /** The country whose orders it taxes (by where they ship). */
  country: Country;
  /** The rate's global id. */
  id: Scalars['ID']['output'];
  /** Percent: 19, 7.5. */
  rate: Scalars['Float']['output'];
};

/** Whether the shop's prices include tax (`taxSettings`, `updateTaxSettings`). */
export type TaxSettings = {
  __typename?: 'TaxSettings';
  /**
   * True: the prices entered (products, shipping) include tax, and an order's tax is the part of them that is tax. False:
   * tax is added on top at checkout. True until an admin sets it.
   */
  pricesIncludeTax: Scalars['Boolean']['output'];
};

/** A run of text, and whether it is a word the search found (to show marked). */
export type TextPart = {
  __typename?: 'TextPart';
  /** Whether it is a word the search found. */
  match: Scalars['Boolean']['output'];
  /** The run of text, as written. */
  text: Scalars['String']['output'];
};

/** The viewer's two-factor sign-in (`User.twoFactor`). */
export type TwoFactorStatus = {
  __typename?: 'TwoFactorStatus';
  /** Whether logins ask for an authenticator app's code after the password. */
  enabled: Scalars['Boolean']['output'];
  /** When it was turned on; null while it is off. */
  enabledAt?: Maybe<Scalars['DateTime']['output']>;
  /** How many of their recovery codes are not used yet (0 while it is off). */
  recoveryCodesLeft: Scalars['Int']['output'];
  /**
   * Whether the shop requires it of them (STAFF_TWO_FACTOR_REQUIRED, and they hold a staff role): while it is off their
   * permissions count as none; once on, it cannot be turned off.
   */
  required: Scalars['Boolean']['output'];
};

/** Whom to unblock. */
export type UnblockUserInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Their username, in any case. */
  username: Scalars['String']['input'];
};

/** The outcome of `unblockUser`. */
export type UnblockUserPayload = {
  __typename?: 'UnblockUserPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The username no longer blocked; null when it was refused. */
  unblockedUsername?: Maybe<Scalars['String']['output']>;
  /** Why it was refused; empty when it was done. */
  userErrors: Array<UserError>;
  /** The viewer, read after the change (`blockedUsers`, `unreadMessageCount`). */
  viewer?: Maybe<User>;
};

/** A cart line's new quantity. */
export type UpdateCartItemInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The global id of a product in the cart. */
  productId: Scalars['ID']['input'];
  /** At least 1 and at most the stock. */
  quantity: Scalars['Int']['input'];
};

/** The outcome of `updateCartItem`: the cart as it is now. */
export type UpdateCartItemPayload = {
  __typename?: 'UpdateCartItemPayload';
  /** The whole cart as it is now; null when the change was refused. */
  cart?: Maybe<Cart>;
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** Why the line was not changed; empty when it was. */
  userErrors: Array<UserError>;
};

/** A category renamed or moved: its name and the category it goes under, both as they are to be. */
export type UpdateCategoryInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The category's global id. */
  id: Scalars['ID']['input'];
  /** Its name: trimmed, 1 to 60 characters on one line, not a sibling's in any case. */
  name: Scalars['String']['input'];
  /** The category it goes under, by global id; null or left out: the top level. */
  parentId?: InputMaybe<Scalars['ID']['input']>;
};

/** An order's next status (admins only): confirmed, shipped, delivered, or cancelled before it ships. */
export type UpdateOrderStatusInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The order's global id. */
  orderId: Scalars['ID']['input'];
  /** The status it moves to. */
  status: OrderStatus;
};

/** The outcome of `updateOrderStatus`: the order as it is now. */
export type UpdateOrderStatusPayload = {
  __typename?: 'UpdateOrderStatusPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The order as it is now; null when the move was refused. */
  order?: Maybe<Order>;
  /** Why the order did not move; empty when it did (or already had that status). */
  userErrors: Array<UserError>;
};

/** How the shop takes payment, as it should be. */
export type UpdatePaymentSettingsInput = {
  /** The account bank transfers pay into; null: the shop stops taking them. */
  bankTransfer?: InputMaybe<BankTransferInput>;
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `updatePaymentSettings`. */
export type UpdatePaymentSettingsPayload = {
  __typename?: 'UpdatePaymentSettingsPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The settings as saved; null when refused. */
  paymentSettings?: Maybe<PaymentSettings>;
  /** Why nothing was saved; empty when it was. */
  userErrors: Array<UserError>;
};

/**
 * A product's fields as they should be (admins only): every field is replaced, but `sku`, `categoryIds`,
 * `lowStockThreshold` and `imageAlts`, which stay as they are when left out (so a client written before them keeps
 * them).
 */
export type UpdateProductInput = {
  /**
   * The categories it is in, by global id, each an existing category; at most 10. Null or empty: none; left out of an
   * update: unchanged. INVALID_INPUT where the shop's REST service keeps no categories (the plain contract).
   */
  categoryIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Trimmed: 1 to 5,000 characters. */
  description: Scalars['String']['input'];
  /** The product to change. */
  id: Scalars['ID']['input'];
  /**
   * What each picture shows, for people who cannot see it: for an image of the product (by its URL, as in imageUrl or
   * imageUrls, once), one line of at most 250 characters; a blank text: none. Null or empty: none for any image; left
   * out of an update: each image kept keeps its own. INVALID_INPUT where the shop's REST service keeps no alt texts (the
   * plain contract).
   */
  imageAlts?: InputMaybe<Array<ImageAltInput>>;
  /**
   * The main image: an absolute http(s) URL, or a path on the shop starting with / (not //); at most 2,048 characters.
   * Null or blank: none.
   */
  imageUrl?: InputMaybe<Scalars['String']['input']>;
  /** Further images, at most 20, each as imageUrl; trimmed, blanks and duplicates dropped, imageUrl first. */
  imageUrls?: InputMaybe<Array<Scalars['String']['input']>>;
  /**
   * Low in stock at this many units or fewer: a whole number from 0 to 1,000,000. Null: the shop's threshold
   * (`shopSettings`); left out of an update: unchanged. INVALID_INPUT where the shop's REST service keeps no thresholds
   * (the plain contract).
   */
  lowStockThreshold?: InputMaybe<Scalars['Int']['input']>;
  /** Trimmed: 1 to 200 characters. */
  name: Scalars['String']['input'];
  /**
   * The price of one unit in the shop's currency, as a binary float; give `unitPriceAmount` instead (not both).
   * @deprecated Use unitPriceAmount: the exact amount as text, as Money.amount gives it.
   */
  price?: InputMaybe<Scalars['Float']['input']>;
  /** Units in stock: a whole number from 0 to 1,000,000. */
  quantity: Scalars['Int']['input'];
  /**
   * The stock-keeping unit: trimmed, at most 64 letters, digits and - _ . / (starting with a letter or digit), not
   * another product's in any case (CONFLICT). Null or blank: none. INVALID_INPUT where the shop's REST service keeps no
   * SKUs (the plain contract).
   */
  sku?: InputMaybe<Scalars['String']['input']>;
  /**
   * The price of one unit in the shop's currency, exact: "12.50". 0 to 1,000,000, whole cents (INVALID_INPUT on this
   * field otherwise). Required, unless the deprecated `price` is given.
   */
  unitPriceAmount?: InputMaybe<Scalars['Decimal']['input']>;
};

/** The outcome of `updateProduct`. */
export type UpdateProductPayload = {
  __typename?: 'UpdateProductPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The product as saved; null when the change was refused. */
  product?: Maybe<Product>;
  /** Why nothing was changed; empty when it was saved. */
  userErrors: Array<UserError>;
};

/** The profile as it should be; an unset field keeps its value. */
export type UpdateProfileInput = {
  /** The postal address: at most 500 characters. */
  address?: InputMaybe<Scalars['String']['input']>;
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** An email address: at most 254 characters. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** At most 100 characters. */
  firstName?: InputMaybe<Scalars['String']['input']>;
  /** At most 100 characters. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Digits, spaces, +, -, ( and ): at most 30 characters. */
  phoneNumber?: InputMaybe<Scalars['String']['input']>;
  /** The preferences to change; unset, they all stay. */
  preferences?: InputMaybe<PreferencesInput>;
};

/** The outcome of `updateProfile`. */
export type UpdateProfilePayload = {
  __typename?: 'UpdateProfilePayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The viewer as saved; null when the change was refused. */
  user?: Maybe<User>;
  /** Why nothing was changed; empty when it was saved. */
  userErrors: Array<UserError>;
};

/** The shop's settings as they should be. */
export type UpdateShopSettingsInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** A product with no threshold of its own is low in stock at this many units or fewer: 0 to 1,000,000. */
  lowStockThreshold: Scalars['Int']['input'];
};

/** The outcome of `updateShopSettings`. */
export type UpdateShopSettingsPayload = {
  __typename?: 'UpdateShopSettingsPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The settings as saved; null when refused. */
  shopSettings?: Maybe<ShopSettings>;
  /** Why nothing was saved; empty when it was. */
  userErrors: Array<UserError>;
};

/** A role of the shop's own, and what it should allow. */
export type UpdateStaffRoleInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The role's name. */
  name: Scalars['String']['input'];
  /** What it should allow: at least one. */
  permissions: Array<Permission>;
};

/** The tax settings as they should be. */
export type UpdateTaxSettingsInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Whether the prices entered include tax. */
  pricesIncludeTax: Scalars['Boolean']['input'];
};

/** The outcome of `updateTaxSettings`. */
export type UpdateTaxSettingsPayload = {
  __typename?: 'UpdateTaxSettingsPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The settings as saved; null when refused. */
  taxSettings?: Maybe<TaxSettings>;
  /** Why nothing was saved; empty when it was. */
  userErrors: Array<UserError>;
};

/** The logged-in user (`viewer`): their profile and preferences, cart, orders and chat. */
export type User = Node & {
  __typename?: 'User';
  /** The postal address; null when not set. */
  address?: Maybe<Scalars['String']['output']>;
  /**
   * The user's address book, the last used first (an address an order went to), then the newest. NOT_SUPPORTED where
   * the shop's REST service keeps no address books (the plain contract).
   */
  addresses: Array<Address>;
  /**
   * The people the viewer blocked in chat, the latest first; null where the shop's REST service has no blocking (the
   * plain contract).
   */
  blockedUsers?: Maybe<Array<BlockedUser>>;
  /** The user's cart: one per account, the same on every device, perhaps empty. */
  cart: Cart;
  /**
   * The viewer's rooms a page at a time, most recently active first: by the latest message, or by when the room was
   * started before its first; among rooms equally recent, the newer room first. Pages both ways: `first` rooms after
   * `after` (the first 20 when no argument is given), or `last` rooms before `before` (with no `before`, the list's
   * last ones); each at most 100, one direction at a time. A cursor is a place in that order, so a room that becomes
   * active while the pages are read moves above it (the client hears of it through `messageAdded`), and no room comes
   * twice. `unreadOnly`: only rooms with messages the viewer has not read; its first is the room with the newest
   * unread message. Over a REST service without room paging (the plain contract), the gateway reads the whole list and
   * cuts the page itself.
   */
  chatRoomConnection: ChatRoomConnection;
  /**
   * Every room, most recently active first, in one list however many there are: unbounded, kept for clients written
   * against the plain contract's list. A screen that shows rooms pages them with `chatRoomConnection`.
   */
  chatRooms: Array<ChatRoom>;
  /**
   * Until when a moderator suspended the viewer's chat: they read their rooms and send nothing (sendMessage and
   * createChatRoom answer FORBIDDEN). Null when they may send, and where the shop's REST service takes no reports.
   */
  chatSuspendedUntil?: Maybe<Scalars['DateTime']['output']>;
  /**
   * People to start a chat with (everyone but the viewer, and but whom they blocked), by username; `search` matches
   * username or name, any case.
   */
  chatUsers: Array<ChatUser>;
  /** When the account was made; null where the shop's REST service does not say. */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The email address; null when not set. */
  email?: Maybe<Scalars['String']['output']>;
  /**
   * Whether the owner of `email` verified it by opening the link the shop e-mailed to it: false until then, and without
   * an address; null where the shop's REST service does not verify addresses (the plain contract). The shop sends an
   * address that is not verified nothing but that link: no order e-mails, no password reset.
   */
  emailVerified?: Maybe<Scalars['Boolean']['output']>;
  /** The first name; null when not set. */
  firstName?: Maybe<Scalars['String']['output']>;
  /** The user's global id (not the same as their `ChatUser` id). */
  id: Scalars['ID']['output'];
  /** Whether the user is an administrator (`roles` holds ADMIN). */
  isAdmin: Scalars['Boolean']['output'];
  /** The last name; null when not set. */
  lastName?: Maybe<Scalars['String']['output']>;
  /** Newest first. Pages both ways like `Query.products`. */
  orders: OrderConnection;
  /**
   * What the user's roles allow them, in a fixed order: none for a shopper, every one for an owner (ADMIN). Screens show
   * what these open; the REST service checks them on every call. Where the shop's REST service keeps no staff roles (the
   * plain contract): every one but MANAGE_STAFF for ADMIN (there are no roles to give), none for anyone else.
   */
  permissions: Array<Permission>;
  /**
   * Whether the shop holds back what their staff roles allow until they turn on two-factor sign-in (the REST service's
   * STAFF_TWO_FACTOR_REQUIRED): `permissions` is empty meanwhile, and comes back the moment they do. Read from the same
   * profile as `permissions`, so a screen can say so on every page without asking for `twoFactor`. False where the shop's
   * REST service has no second factors (the plain contract).
   */
  permissionsAwaitTwoFactor: Scalars['Boolean']['output'];
  /** The phone number (digits, spaces, +, -, ( and )); null when not set. */
  phoneNumber?: Maybe<Scalars['String']['output']>;
  /** Notifications, language and time zone, with the defaults for what the user never set. */
  preferences: Preferences;
  /**
   * The shipping addresses of the user's latest orders, the most recently used first, each once (two that differ only
   * in spaces and line breaks are one): what checkout offers to ship to again. At most `first` (1 to 10, BAD_USER_INPUT
   * otherwise), read from the 50 latest orders.
   */
  recentShippingAddresses: Array<Scalars['String']['output']>;
  /** USER, and ADMIN for administrators. */
  roles: Array<Scalars['String']['output']>;
  /**
   * Whether they sign in with a second factor, and whether the shop requires it of them; null where the shop's REST
   * service has no second factors (the plain contract).
   */
  twoFactor?: Maybe<TwoFactorStatus>;
  /** Unread messages over all rooms: the chat badge, exact however few of the rooms are loaded. */
  unreadMessageCount: Scalars['Int']['output'];
  /** The name they log in with: 3 to 50 letters, digits, dots, hyphens and underscores; unique in any case. */
  username: Scalars['String']['output'];
};


/** The logged-in user (`viewer`): their profile and preferences, cart, orders and chat. */
export type UserChatRoomConnectionArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  unreadOnly?: InputMaybe<Scalars['Boolean']['input']>;
};


/** The logged-in user (`viewer`): their profile and preferences, cart, orders and chat. */
export type UserChatUsersArgs = {
  search?: InputMaybe<Scalars['String']['input']>;
};


/** The logged-in user (`viewer`): their profile and preferences, cart, orders and chat. */
export type UserOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** The logged-in user (`viewer`): their profile and preferences, cart, orders and chat. */
export type UserRecentShippingAddressesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** An expected failure, for people: show `message`, next to `field` when it names one. */
export type UserError = {
  __typename?: 'UserError';
  /** What kind of failure it is, for programs to act on. */
  code: UserErrorCode;
  /** The input field at fault, when it is one; a dotted path inside nested inputs, e.g. preferences.language. */
  field?: Maybe<Scalars['String']['output']>;
  /** What went wrong, in the shop's own words for people: show it as it is. */
  message: Scalars['String']['output'];
  /**
   * With TOO_MANY_ATTEMPTS: the seconds to wait before trying again, as the shop's limit counts them (the REST service's
   * Retry-After); null with every other code, and where the limit did not say.
   */
  retryAfterSeconds?: Maybe<Scalars['Int']['output']>;
};

/** What kind of expected failure a user error is. */
export type UserErrorCode =
  /** The input clashes with the shop's state: a taken username, stock that ran out, an order that cannot move so. */
  | 'CONFLICT'
  /** The viewer may not do this. */
  | 'FORBIDDEN'
  /** Wrong username or password; or a wrong (or used) second-factor code, or a login's challenge that expired. */
  | 'INVALID_CREDENTIALS'
  /** The input breaks a rule; `message` says which. */
  | 'INVALID_INPUT'
  /** Something the input names does not exist. */
  | 'NOT_FOUND'
  /** The cart's total is no longer the expectedTotal the buyer reviewed: show the cart again and ask. */
  | 'PRICE_CHANGED'
  /** The password was right; the account signs in with a second factor: `loginSecondFactor` with the payload's challenge. */
  | 'SECOND_FACTOR_REQUIRED'
  /** Too many attempts in a short time (logins for one username): wait a moment and try again. */
  | 'TOO_MANY_ATTEMPTS';

/** The token of the link that verifies an e-mail address. */
export type VerifyEmailInput = {
  /** Any text, answered unchanged in the payload to match it with this call (Relay). */
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The `token` of the link `/verify-email?token=…`, as it came. */
  token: Scalars['String']['input'];
};

/** The outcome of `verifyEmail`. */
export type VerifyEmailPayload = {
  __typename?: 'VerifyEmailPayload';
  /** The input's clientMutationId, unchanged; null without one. */
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The address verified; null when the link was refused. */
  email?: Maybe<Scalars['String']['output']>;
  /** Why the address was not verified; empty when it was. */
  userErrors: Array<UserError>;
  /** The logged-in user as they are now (their `emailVerified` with it); null without a login, or when refused. */
  viewer?: Maybe<User>;
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;




/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  Node:
    | ( RestAddress )
    | ( RestCart )
    | ( RestCategory )
    | ( RestChatRoom )
    | ( RestChatUser )
    | ( RestMessage )
    | ( RestOrder )
    | ( RestProduct )
    | ( RestQueuedReport )
    | ( RestShippingMethod )
    | ( RestTaxRate )
    | ( ViewerModel )
  ;
}>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AddToCartInput: AddToCartInput;
  AddToCartPayload: ResolverTypeWrapper<Omit<AddToCartPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  Address: ResolverTypeWrapper<RestAddress>;
  BankAccount: ResolverTypeWrapper<BankAccount>;
  BankTransferInput: BankTransferInput;
  BankTransferSettings: ResolverTypeWrapper<BankTransferSettings>;
  BlockUserInput: BlockUserInput;
  BlockUserPayload: ResolverTypeWrapper<Omit<BlockUserPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  BlockedUser: ResolverTypeWrapper<BlockedUser>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CancelOrderInput: CancelOrderInput;
  CancelOrderPayload: ResolverTypeWrapper<Omit<CancelOrderPayload, 'order'> & { order?: Maybe<ResolversTypes['Order']> }>;
  Cart: ResolverTypeWrapper<RestCart>;
  CartCharges: ResolverTypeWrapper<RestCartCharges>;
  CartItem: ResolverTypeWrapper<RestCartItem>;
  Category: ResolverTypeWrapper<RestCategory>;
  CategoryFacet: ResolverTypeWrapper<Omit<CategoryFacet, 'category'> & { category: ResolversTypes['Category'] }>;
  CategoryPayload: ResolverTypeWrapper<Omit<CategoryPayload, 'category'> & { category?: Maybe<ResolversTypes['Category']> }>;
  ChangePasswordInput: ChangePasswordInput;
  ChangePasswordPayload: ResolverTypeWrapper<Omit<ChangePasswordPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  ChatReport: ResolverTypeWrapper<RestCallerReport>;
  ChatReportDecision: ChatReportDecision;
  ChatReportReason: ChatReportReason;
  ChatReportStatus: ChatReportStatus;
  ChatRoom: ResolverTypeWrapper<RestChatRoom>;
  ChatRoomConnection: ResolverTypeWrapper<Omit<ChatRoomConnection, 'edges'> & { edges: Array<ResolversTypes['ChatRoomEdge']> }>;
  ChatRoomEdge: ResolverTypeWrapper<Omit<ChatRoomEdge, 'node'> & { node: ResolversTypes['ChatRoom'] }>;
  ChatUser: ResolverTypeWrapper<RestChatUser>;
  CheckoutInput: CheckoutInput;
  CheckoutPayload: ResolverTypeWrapper<Omit<CheckoutPayload, 'cart' | 'order'> & { cart?: Maybe<ResolversTypes['Cart']>, order?: Maybe<ResolversTypes['Order']> }>;
  ClearCartInput: ClearCartInput;
  ClearCartPayload: ResolverTypeWrapper<Omit<ClearCartPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  Country: ResolverTypeWrapper<Country>;
  CreateCategoryInput: CreateCategoryInput;
  CreateChatRoomInput: CreateChatRoomInput;
  CreateChatRoomPayload: ResolverTypeWrapper<Omit<CreateChatRoomPayload, 'room'> & { room?: Maybe<ResolversTypes['ChatRoom']> }>;
  CreateProductInput: CreateProductInput;
  CreateProductPayload: ResolverTypeWrapper<Omit<CreateProductPayload, 'product'> & { product?: Maybe<ResolversTypes['Product']> }>;
  CreateStaffRoleInput: CreateStaffRoleInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DecideChatReportInput: DecideChatReportInput;
  DecideChatReportPayload: ResolverTypeWrapper<Omit<DecideChatReportPayload, 'report'> & { report?: Maybe<ResolversTypes['ReportedMessage']> }>;
  Decimal: ResolverTypeWrapper<Scalars['Decimal']['output']>;
  DeleteAccountInput: DeleteAccountInput;
  DeleteAccountPayload: ResolverTypeWrapper<DeleteAccountPayload>;
  DeleteAddressInput: DeleteAddressInput;
  DeleteAddressPayload: ResolverTypeWrapper<DeleteAddressPayload>;
  DeleteCategoryInput: DeleteCategoryInput;
  DeleteCategoryPayload: ResolverTypeWrapper<Omit<DeleteCategoryPayload, 'movedProducts'> & { movedProducts: Array<ResolversTypes['Product']> }>;
  DeleteProductInput: DeleteProductInput;
  DeleteProductPayload: ResolverTypeWrapper<Omit<DeleteProductPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  DeleteShippingMethodInput: DeleteShippingMethodInput;
  DeleteShippingMethodPayload: ResolverTypeWrapper<DeleteShippingMethodPayload>;
  DeleteStaffRoleInput: DeleteStaffRoleInput;
  DeleteStaffRolePayload: ResolverTypeWrapper<DeleteStaffRolePayload>;
  DeleteTaxRateInput: DeleteTaxRateInput;
  DeleteTaxRatePayload: ResolverTypeWrapper<DeleteTaxRatePayload>;
  DisableTwoFactorInput: DisableTwoFactorInput;
  DisableTwoFactorPayload: ResolverTypeWrapper<Omit<DisableTwoFactorPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  EnableTwoFactorInput: EnableTwoFactorInput;
  EnableTwoFactorPayload: ResolverTypeWrapper<Omit<EnableTwoFactorPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  ImageAltInput: ImageAltInput;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  LiftChatSuspensionInput: LiftChatSuspensionInput;
  LiftChatSuspensionPayload: ResolverTypeWrapper<LiftChatSuspensionPayload>;
  LoginInput: LoginInput;
  LoginPayload: ResolverTypeWrapper<Omit<LoginPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  LoginSecondFactorInput: LoginSecondFactorInput;
  MarkRoomReadInput: MarkRoomReadInput;
  MarkRoomReadPayload: ResolverTypeWrapper<Omit<MarkRoomReadPayload, 'room' | 'viewer'> & { room?: Maybe<ResolversTypes['ChatRoom']>, viewer?: Maybe<ResolversTypes['User']> }>;
  Message: ResolverTypeWrapper<RestMessage>;
  MessageConnection: ResolverTypeWrapper<Omit<MessageConnection, 'edges'> & { edges: Array<ResolversTypes['MessageEdge']> }>;
  MessageEdge: ResolverTypeWrapper<Omit<MessageEdge, 'node'> & { node: ResolversTypes['Message'] }>;
  Money: ResolverTypeWrapper<Money>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  NotAddedLine: ResolverTypeWrapper<RestNotAddedLine>;
  NotAddedReason: NotAddedReason;
  Order: ResolverTypeWrapper<RestOrder>;
  OrderAgainInput: OrderAgainInput;
  OrderAgainPayload: ResolverTypeWrapper<Omit<OrderAgainPayload, 'cart' | 'notAdded'> & { cart?: Maybe<ResolversTypes['Cart']>, notAdded: Array<ResolversTypes['NotAddedLine']> }>;
  OrderConnection: ResolverTypeWrapper<Omit<OrderConnection, 'edges'> & { edges: Array<ResolversTypes['OrderEdge']> }>;
  OrderEdge: ResolverTypeWrapper<Omit<OrderEdge, 'node'> & { node: ResolversTypes['Order'] }>;
  OrderEvent: ResolverTypeWrapper<RestOrderEvent>;
  OrderItem: ResolverTypeWrapper<RestOrderItem>;
  OrderPayment: ResolverTypeWrapper<RestOrderPayment>;
  OrderStatus: OrderStatus;
  OrderStatusCount: ResolverTypeWrapper<OrderStatusCount>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PaymentMethod: PaymentMethod;
  PaymentSettings: ResolverTypeWrapper<RestPaymentSettings>;
  PaymentStatus: PaymentStatus;
  Permission: Permission;
  Preferences: ResolverTypeWrapper<RestPreferences>;
  PreferencesInput: PreferencesInput;
  PriceBandFacet: ResolverTypeWrapper<PriceBandFacet>;
  Product: ResolverTypeWrapper<RestProduct>;
  ProductConnection: ResolverTypeWrapper<Omit<ProductConnection, 'edges'> & { edges: Array<ResolversTypes['ProductEdge']> }>;
  ProductEdge: ResolverTypeWrapper<Omit<ProductEdge, 'node'> & { node: ResolversTypes['Product'] }>;
  ProductFacets: ResolverTypeWrapper<Omit<ProductFacets, 'categories'> & { categories: Array<ResolversTypes['CategoryFacet']> }>;
  ProductFilter: ProductFilter;
  ProductHighlight: ResolverTypeWrapper<ProductHighlight>;
  ProductImage: ResolverTypeWrapper<ProductImage>;
  ProductSearchSummary: ResolverTypeWrapper<ProductSearchSummary>;
  ProductSort: ProductSort;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  QuotedMessage: ResolverTypeWrapper<RestQuotedMessage>;
  RecordPaymentInput: RecordPaymentInput;
  RecordPaymentPayload: ResolverTypeWrapper<Omit<RecordPaymentPayload, 'order'> & { order?: Maybe<ResolversTypes['Order']> }>;
  RecoveryCodesPayload: ResolverTypeWrapper<Omit<RecoveryCodesPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  RegenerateRecoveryCodesInput: RegenerateRecoveryCodesInput;
  RegisterInput: RegisterInput;
  RegisterPayload: ResolverTypeWrapper<RegisterPayload>;
  RemoveCartItemInput: RemoveCartItemInput;
  RemoveCartItemPayload: ResolverTypeWrapper<Omit<RemoveCartItemPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  ReportMessageInput: ReportMessageInput;
  ReportMessagePayload: ResolverTypeWrapper<Omit<ReportMessagePayload, 'message' | 'report'> & { message?: Maybe<ResolversTypes['Message']>, report?: Maybe<ResolversTypes['ChatReport']> }>;
  ReportedMessage: ResolverTypeWrapper<RestQueuedReport>;
  ReportedMessageConnection: ResolverTypeWrapper<Omit<ReportedMessageConnection, 'edges'> & { edges: Array<ResolversTypes['ReportedMessageEdge']> }>;
  ReportedMessageEdge: ResolverTypeWrapper<Omit<ReportedMessageEdge, 'node'> & { node: ResolversTypes['ReportedMessage'] }>;
  RequestPasswordResetInput: RequestPasswordResetInput;
  RequestPasswordResetPayload: ResolverTypeWrapper<RequestPasswordResetPayload>;
  ResendEmailVerificationInput: ResendEmailVerificationInput;
  ResendEmailVerificationPayload: ResolverTypeWrapper<Omit<ResendEmailVerificationPayload, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  ResetPasswordInput: ResetPasswordInput;
  ResetPasswordPayload: ResolverTypeWrapper<ResetPasswordPayload>;
  ResetTwoFactorInput: ResetTwoFactorInput;
  ResetTwoFactorPayload: ResolverTypeWrapper<Omit<ResetTwoFactorPayload, 'staffMember'> & { staffMember?: Maybe<ResolversTypes['StaffMember']> }>;
  SaveAddressInput: SaveAddressInput;
  SaveAddressPayload: ResolverTypeWrapper<Omit<SaveAddressPayload, 'address'> & { address?: Maybe<ResolversTypes['Address']> }>;
  SaveShippingMethodInput: SaveShippingMethodInput;
  SaveShippingMethodPayload: ResolverTypeWrapper<Omit<SaveShippingMethodPayload, 'shippingMethod'> & { shippingMethod?: Maybe<ResolversTypes['ShippingMethod']> }>;
  SaveTaxRateInput: SaveTaxRateInput;
  SaveTaxRatePayload: ResolverTypeWrapper<Omit<SaveTaxRatePayload, 'taxRate'> & { taxRate?: Maybe<ResolversTypes['TaxRate']> }>;
  SearchCorrection: ResolverTypeWrapper<SearchCorrection>;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: ResolverTypeWrapper<Omit<SendMessagePayload, 'message'> & { message?: Maybe<ResolversTypes['Message']> }>;
  SetStaffRolesInput: SetStaffRolesInput;
  SetStaffRolesPayload: ResolverTypeWrapper<Omit<SetStaffRolesPayload, 'staffMember'> & { staffMember?: Maybe<ResolversTypes['StaffMember']> }>;
  ShippingMethod: ResolverTypeWrapper<RestShippingMethod>;
  ShippingOption: ResolverTypeWrapper<RestShippingOption>;
  ShippingRate: ResolverTypeWrapper<RestShippingRate>;
  ShippingRateInput: ShippingRateInput;
  ShopSettings: ResolverTypeWrapper<ShopSettings>;
  StaffMember: ResolverTypeWrapper<RestStaffMember>;
  StaffRole: ResolverTypeWrapper<RestStaffRole>;
  StaffRolePayload: ResolverTypeWrapper<Omit<StaffRolePayload, 'staffRole'> & { staffRole?: Maybe<ResolversTypes['StaffRole']> }>;
  StartCardPaymentInput: StartCardPaymentInput;
  StartCardPaymentPayload: ResolverTypeWrapper<StartCardPaymentPayload>;
  StartTwoFactorSetupInput: StartTwoFactorSetupInput;
  StartTwoFactorSetupPayload: ResolverTypeWrapper<StartTwoFactorSetupPayload>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TaxLine: ResolverTypeWrapper<RestTaxGroup>;
  TaxRate: ResolverTypeWrapper<RestTaxRate>;
  TaxSettings: ResolverTypeWrapper<TaxSettings>;
  TextPart: ResolverTypeWrapper<TextPart>;
  TwoFactorStatus: ResolverTypeWrapper<TwoFactorStatus>;
  UnblockUserInput: UnblockUserInput;
  UnblockUserPayload: ResolverTypeWrapper<Omit<UnblockUserPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  UpdateCartItemInput: UpdateCartItemInput;
  UpdateCartItemPayload: ResolverTypeWrapper<Omit<UpdateCartItemPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  UpdateCategoryInput: UpdateCategoryInput;
  UpdateOrderStatusInput: UpdateOrderStatusInput;
  UpdateOrderStatusPayload: ResolverTypeWrapper<Omit<UpdateOrderStatusPayload, 'order'> & { order?: Maybe<ResolversTypes['Order']> }>;
  UpdatePaymentSettingsInput: UpdatePaymentSettingsInput;
  UpdatePaymentSettingsPayload: ResolverTypeWrapper<Omit<UpdatePaymentSettingsPayload, 'paymentSettings'> & { paymentSettings?: Maybe<ResolversTypes['PaymentSettings']> }>;
  UpdateProductInput: UpdateProductInput;
  UpdateProductPayload: ResolverTypeWrapper<Omit<UpdateProductPayload, 'product'> & { product?: Maybe<ResolversTypes['Product']> }>;
  UpdateProfileInput: UpdateProfileInput;
  UpdateProfilePayload: ResolverTypeWrapper<Omit<UpdateProfilePayload, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  UpdateShopSettingsInput: UpdateShopSettingsInput;
  UpdateShopSettingsPayload: ResolverTypeWrapper<UpdateShopSettingsPayload>;
  UpdateStaffRoleInput: UpdateStaffRoleInput;
  UpdateTaxSettingsInput: UpdateTaxSettingsInput;
  UpdateTaxSettingsPayload: ResolverTypeWrapper<UpdateTaxSettingsPayload>;
  User: ResolverTypeWrapper<ViewerModel>;
  UserError: ResolverTypeWrapper<UserError>;
  UserErrorCode: UserErrorCode;
  VerifyEmailInput: VerifyEmailInput;
  VerifyEmailPayload: ResolverTypeWrapper<Omit<VerifyEmailPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AddToCartInput: AddToCartInput;
  AddToCartPayload: Omit<AddToCartPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  Address: RestAddress;
  BankAccount: BankAccount;
  BankTransferInput: BankTransferInput;
  BankTransferSettings: BankTransferSettings;
  BlockUserInput: BlockUserInput;
  BlockUserPayload: Omit<BlockUserPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  BlockedUser: BlockedUser;
  Boolean: Scalars['Boolean']['output'];
  CancelOrderInput: CancelOrderInput;
  CancelOrderPayload: Omit<CancelOrderPayload, 'order'> & { order?: Maybe<ResolversParentTypes['Order']> };
  Cart: RestCart;
  CartCharges: RestCartCharges;
  CartItem: RestCartItem;
  Category: RestCategory;
  CategoryFacet: Omit<CategoryFacet, 'category'> & { category: ResolversParentTypes['Category'] };
  CategoryPayload: Omit<CategoryPayload, 'category'> & { category?: Maybe<ResolversParentTypes['Category']> };
  ChangePasswordInput: ChangePasswordInput;
  ChangePasswordPayload: Omit<ChangePasswordPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  ChatReport: RestCallerReport;
  ChatRoom: RestChatRoom;
  ChatRoomConnection: Omit<ChatRoomConnection, 'edges'> & { edges: Array<ResolversParentTypes['ChatRoomEdge']> };
  ChatRoomEdge: Omit<ChatRoomEdge, 'node'> & { node: ResolversParentTypes['ChatRoom'] };
  ChatUser: RestChatUser;
  CheckoutInput: CheckoutInput;
  CheckoutPayload: Omit<CheckoutPayload, 'cart' | 'order'> & { cart?: Maybe<ResolversParentTypes['Cart']>, order?: Maybe<ResolversParentTypes['Order']> };
  ClearCartInput: ClearCartInput;
  ClearCartPayload: Omit<ClearCartPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  Country: Country;
  CreateCategoryInput: CreateCategoryInput;
  CreateChatRoomInput: CreateChatRoomInput;
  CreateChatRoomPayload: Omit<CreateChatRoomPayload, 'room'> & { room?: Maybe<ResolversParentTypes['ChatRoom']> };
  CreateProductInput: CreateProductInput;
  CreateProductPayload: Omit<CreateProductPayload, 'product'> & { product?: Maybe<ResolversParentTypes['Product']> };
  CreateStaffRoleInput: CreateStaffRoleInput;
  DateTime: Scalars['DateTime']['output'];
  DecideChatReportInput: DecideChatReportInput;
  DecideChatReportPayload: Omit<DecideChatReportPayload, 'report'> & { report?: Maybe<ResolversParentTypes['ReportedMessage']> };
  Decimal: Scalars['Decimal']['output'];
  DeleteAccountInput: DeleteAccountInput;
  DeleteAccountPayload: DeleteAccountPayload;
  DeleteAddressInput: DeleteAddressInput;
  DeleteAddressPayload: DeleteAddressPayload;
  DeleteCategoryInput: DeleteCategoryInput;
  DeleteCategoryPayload: Omit<DeleteCategoryPayload, 'movedProducts'> & { movedProducts: Array<ResolversParentTypes['Product']> };
  DeleteProductInput: DeleteProductInput;
  DeleteProductPayload: Omit<DeleteProductPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  DeleteShippingMethodInput: DeleteShippingMethodInput;
  DeleteShippingMethodPayload: DeleteShippingMethodPayload;
  DeleteStaffRoleInput: DeleteStaffRoleInput;
  DeleteStaffRolePayload: DeleteStaffRolePayload;
  DeleteTaxRateInput: DeleteTaxRateInput;
  DeleteTaxRatePayload: DeleteTaxRatePayload;
  DisableTwoFactorInput: DisableTwoFactorInput;
  DisableTwoFactorPayload: Omit<DisableTwoFactorPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  EnableTwoFactorInput: EnableTwoFactorInput;
  EnableTwoFactorPayload: Omit<EnableTwoFactorPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  Float: Scalars['Float']['output'];
  ID: Scalars['ID']['output'];
  ImageAltInput: ImageAltInput;
  Int: Scalars['Int']['output'];
  LiftChatSuspensionInput: LiftChatSuspensionInput;
  LiftChatSuspensionPayload: LiftChatSuspensionPayload;
  LoginInput: LoginInput;
  LoginPayload: Omit<LoginPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  LoginSecondFactorInput: LoginSecondFactorInput;
  MarkRoomReadInput: MarkRoomReadInput;
  MarkRoomReadPayload: Omit<MarkRoomReadPayload, 'room' | 'viewer'> & { room?: Maybe<ResolversParentTypes['ChatRoom']>, viewer?: Maybe<ResolversParentTypes['User']> };
  Message: RestMessage;
  MessageConnection: Omit<MessageConnection, 'edges'> & { edges: Array<ResolversParentTypes['MessageEdge']> };
  MessageEdge: Omit<MessageEdge, 'node'> & { node: ResolversParentTypes['Message'] };
  Money: Money;
  Mutation: Record<PropertyKey, never>;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  NotAddedLine: RestNotAddedLine;
  Order: RestOrder;
  OrderAgainInput: OrderAgainInput;
  OrderAgainPayload: Omit<OrderAgainPayload, 'cart' | 'notAdded'> & { cart?: Maybe<ResolversParentTypes['Cart']>, notAdded: Array<ResolversParentTypes['NotAddedLine']> };
  OrderConnection: Omit<OrderConnection, 'edges'> & { edges: Array<ResolversParentTypes['OrderEdge']> };
  OrderEdge: Omit<OrderEdge, 'node'> & { node: ResolversParentTypes['Order'] };
  OrderEvent: RestOrderEvent;
  OrderItem: RestOrderItem;
  OrderPayment: RestOrderPayment;
  OrderStatusCount: OrderStatusCount;
  PageInfo: PageInfo;
  PaymentSettings: RestPaymentSettings;
  Preferences: RestPreferences;
  PreferencesInput: PreferencesInput;
  PriceBandFacet: PriceBandFacet;
  Product: RestProduct;
  ProductConnection: Omit<ProductConnection, 'edges'> & { edges: Array<ResolversParentTypes['ProductEdge']> };
  ProductEdge: Omit<ProductEdge, 'node'> & { node: ResolversParentTypes['Product'] };
  ProductFacets: Omit<ProductFacets, 'categories'> & { categories: Array<ResolversParentTypes['CategoryFacet']> };
  ProductFilter: ProductFilter;
  ProductHighlight: ProductHighlight;
  ProductImage: ProductImage;
  ProductSearchSummary: ProductSearchSummary;
  Query: Record<PropertyKey, never>;
  QuotedMessage: RestQuotedMessage;
  RecordPaymentInput: RecordPaymentInput;
  RecordPaymentPayload: Omit<RecordPaymentPayload, 'order'> & { order?: Maybe<ResolversParentTypes['Order']> };
  RecoveryCodesPayload: Omit<RecoveryCodesPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  RegenerateRecoveryCodesInput: RegenerateRecoveryCodesInput;
  RegisterInput: RegisterInput;
  RegisterPayload: RegisterPayload;
  RemoveCartItemInput: RemoveCartItemInput;
  RemoveCartItemPayload: Omit<RemoveCartItemPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  ReportMessageInput: ReportMessageInput;
  ReportMessagePayload: Omit<ReportMessagePayload, 'message' | 'report'> & { message?: Maybe<ResolversParentTypes['Message']>, report?: Maybe<ResolversParentTypes['ChatReport']> };
  ReportedMessage: RestQueuedReport;
  ReportedMessageConnection: Omit<ReportedMessageConnection, 'edges'> & { edges: Array<ResolversParentTypes['ReportedMessageEdge']> };
  ReportedMessageEdge: Omit<ReportedMessageEdge, 'node'> & { node: ResolversParentTypes['ReportedMessage'] };
  RequestPasswordResetInput: RequestPasswordResetInput;
  RequestPasswordResetPayload: RequestPasswordResetPayload;
  ResendEmailVerificationInput: ResendEmailVerificationInput;
  ResendEmailVerificationPayload: Omit<ResendEmailVerificationPayload, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  ResetPasswordInput: ResetPasswordInput;
  ResetPasswordPayload: ResetPasswordPayload;
  ResetTwoFactorInput: ResetTwoFactorInput;
  ResetTwoFactorPayload: Omit<ResetTwoFactorPayload, 'staffMember'> & { staffMember?: Maybe<ResolversParentTypes['StaffMember']> };
  SaveAddressInput: SaveAddressInput;
  SaveAddressPayload: Omit<SaveAddressPayload, 'address'> & { address?: Maybe<ResolversParentTypes['Address']> };
  SaveShippingMethodInput: SaveShippingMethodInput;
  SaveShippingMethodPayload: Omit<SaveShippingMethodPayload, 'shippingMethod'> & { shippingMethod?: Maybe<ResolversParentTypes['ShippingMethod']> };
  SaveTaxRateInput: SaveTaxRateInput;
  SaveTaxRatePayload: Omit<SaveTaxRatePayload, 'taxRate'> & { taxRate?: Maybe<ResolversParentTypes['TaxRate']> };
  SearchCorrection: SearchCorrection;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: Omit<SendMessagePayload, 'message'> & { message?: Maybe<ResolversParentTypes['Message']> };
  SetStaffRolesInput: SetStaffRolesInput;
  SetStaffRolesPayload: Omit<SetStaffRolesPayload, 'staffMember'> & { staffMember?: Maybe<ResolversParentTypes['StaffMember']> };
  ShippingMethod: RestShippingMethod;
  ShippingOption: RestShippingOption;
  ShippingRate: RestShippingRate;
  ShippingRateInput: ShippingRateInput;
  ShopSettings: ShopSettings;
  StaffMember: RestStaffMember;
  StaffRole: RestStaffRole;
  StaffRolePayload: Omit<StaffRolePayload, 'staffRole'> & { staffRole?: Maybe<ResolversParentTypes['StaffRole']> };
  StartCardPaymentInput: StartCardPaymentInput;
  StartCardPaymentPayload: StartCardPaymentPayload;
  StartTwoFactorSetupInput: StartTwoFactorSetupInput;
  StartTwoFactorSetupPayload: StartTwoFactorSetupPayload;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  TaxLine: RestTaxGroup;
  TaxRate: RestTaxRate;
  TaxSettings: TaxSettings;
  TextPart: TextPart;
  TwoFactorStatus: TwoFactorStatus;
  UnblockUserInput: UnblockUserInput;
  UnblockUserPayload: Omit<UnblockUserPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  UpdateCartItemInput: UpdateCartItemInput;
  UpdateCartItemPayload: Omit<UpdateCartItemPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  UpdateCategoryInput: UpdateCategoryInput;
  UpdateOrderStatusInput: UpdateOrderStatusInput;
  UpdateOrderStatusPayload: Omit<UpdateOrderStatusPayload, 'order'> & { order?: Maybe<ResolversParentTypes['Order']> };
  UpdatePaymentSettingsInput: UpdatePaymentSettingsInput;
  UpdatePaymentSettingsPayload: Omit<UpdatePaymentSettingsPayload, 'paymentSettings'> & { paymentSettings?: Maybe<ResolversParentTypes['PaymentSettings']> };
  UpdateProductInput: UpdateProductInput;
  UpdateProductPayload: Omit<UpdateProductPayload, 'product'> & { product?: Maybe<ResolversParentTypes['Product']> };
  UpdateProfileInput: UpdateProfileInput;
  UpdateProfilePayload: Omit<UpdateProfilePayload, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  UpdateShopSettingsInput: UpdateShopSettingsInput;
  UpdateShopSettingsPayload: UpdateShopSettingsPayload;
  UpdateStaffRoleInput: UpdateStaffRoleInput;
  UpdateTaxSettingsInput: UpdateTaxSettingsInput;
  UpdateTaxSettingsPayload: UpdateTaxSettingsPayload;
  User: ViewerModel;
  UserError: UserError;
  VerifyEmailInput: VerifyEmailInput;
  VerifyEmailPayload: Omit<VerifyEmailPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
}>;

export type AddToCartPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AddToCartPayload'] = ResolversParentTypes['AddToCartPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type AddressResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Address'] = ResolversParentTypes['Address']> = ResolversObject<{
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<ResolversTypes['Country'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  line1?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  printed?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type BankAccountResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BankAccount'] = ResolversParentTypes['BankAccount']> = ResolversObject<{
  accountHolder?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bic?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  iban?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type BankTransferSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BankTransferSettings'] = ResolversParentTypes['BankTransferSettings']> = ResolversObject<{
  accountHolder?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bic?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  days?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  iban?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type BlockUserPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BlockUserPayload'] = ResolversParentTypes['BlockUserPayload']> = ResolversObject<{
  blockedUser?: Resolver<Maybe<ResolversTypes['BlockedUser']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type BlockedUserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BlockedUser'] = ResolversParentTypes['BlockedUser']> = ResolversObject<{
  blockedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type CancelOrderPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CancelOrderPayload'] = ResolversParentTypes['CancelOrderPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type CartResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Cart'] = ResolversParentTypes['Cart']> = ResolversObject<{
  charges?: Resolver<ResolversTypes['CartCharges'], ParentType, ContextType, Partial<CartChargesArgs>>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  itemCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['CartItem']>, ParentType, ContextType>;
  shippingOptions?: Resolver<Array<ResolversTypes['ShippingOption']>, ParentType, ContextType, RequireFields<CartShippingOptionsArgs, 'country'>>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CartChargesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CartCharges'] = ResolversParentTypes['CartCharges']> = ResolversObject<{
  pricesIncludeTax?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  shippingCost?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  shippingMethodName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  tax?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  taxLines?: Resolver<Array<ResolversTypes['TaxLine']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type CartItemResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CartItem'] = ResolversParentTypes['CartItem']> = ResolversObject<{
  lineTotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type CategoryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = ResolversObject<{
  children?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parent?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  path?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CategoryFacetResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CategoryFacet'] = ResolversParentTypes['CategoryFacet']> = ResolversObject<{
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type CategoryPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CategoryPayload'] = ResolversParentTypes['CategoryPayload']> = ResolversObject<{
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ChangePasswordPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChangePasswordPayload'] = ResolversParentTypes['ChangePasswordPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type ChatReportResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChatReport'] = ResolversParentTypes['ChatReport']> = ResolversObject<{
  reason?: Resolver<ResolversTypes['ChatReportReason'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ChatReportStatus'], ParentType, ContextType>;
}>;

export type ChatRoomResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChatRoom'] = ResolversParentTypes['ChatRoom']> = ResolversObject<{
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastMessageTime?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  messages?: Resolver<ResolversTypes['MessageConnection'], ParentType, ContextType, Partial<ChatRoomMessagesArgs>>;
  participantUsernames?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  participants?: Resolver<Array<ResolversTypes['ChatUser']>, ParentType, ContextType>;
  roomName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unreadCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChatRoomConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChatRoomConnection'] = ResolversParentTypes['ChatRoomConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ChatRoomEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ChatRoomEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChatRoomEdge'] = ResolversParentTypes['ChatRoomEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ChatRoom'], ParentType, ContextType>;
}>;

export type ChatUserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChatUser'] = ResolversParentTypes['ChatUser']> = ResolversObject<{
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isAdmin?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CheckoutPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CheckoutPayload'] = ResolversParentTypes['CheckoutPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ClearCartPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ClearCartPayload'] = ResolversParentTypes['ClearCartPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type CountryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Country'] = ResolversParentTypes['Country']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type CreateChatRoomPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CreateChatRoomPayload'] = ResolversParentTypes['CreateChatRoomPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  room?: Resolver<Maybe<ResolversTypes['ChatRoom']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type CreateProductPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CreateProductPayload'] = ResolversParentTypes['CreateProductPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DecideChatReportPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DecideChatReportPayload'] = ResolversParentTypes['DecideChatReportPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  report?: Resolver<Maybe<ResolversTypes['ReportedMessage']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export interface DecimalScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Decimal'], any> {
  name: 'Decimal';
}

export type DeleteAccountPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteAccountPayload'] = ResolversParentTypes['DeleteAccountPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedUserId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteAddressPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteAddressPayload'] = ResolversParentTypes['DeleteAddressPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedAddressId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteCategoryPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteCategoryPayload'] = ResolversParentTypes['DeleteCategoryPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedCategoryId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  movedProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteProductPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteProductPayload'] = ResolversParentTypes['DeleteProductPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedProductId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteShippingMethodPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteShippingMethodPayload'] = ResolversParentTypes['DeleteShippingMethodPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedShippingMethodId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteStaffRolePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteStaffRolePayload'] = ResolversParentTypes['DeleteStaffRolePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedStaffRoleName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteTaxRatePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteTaxRatePayload'] = ResolversParentTypes['DeleteTaxRatePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedTaxRateId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DisableTwoFactorPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DisableTwoFactorPayload'] = ResolversParentTypes['DisableTwoFactorPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type EnableTwoFactorPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EnableTwoFactorPayload'] = ResolversParentTypes['EnableTwoFactorPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recoveryCodes?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type LiftChatSuspensionPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LiftChatSuspensionPayload'] = ResolversParentTypes['LiftChatSuspensionPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  liftedUsername?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type LoginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LoginPayload'] = ResolversParentTypes['LoginPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  secondFactorChallenge?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type MarkRoomReadPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MarkRoomReadPayload'] = ResolversParentTypes['MarkRoomReadPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  room?: Resolver<Maybe<ResolversTypes['ChatRoom']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type MessageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Message'] = ResolversParentTypes['Message']> = ResolversObject<{
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isMine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  linksAllowed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  removed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  room?: Resolver<ResolversTypes['ChatRoom'], ParentType, ContextType>;
  senderUsername?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timestamp?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  viewerReport?: Resolver<Maybe<ResolversTypes['ChatReport']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type MessageConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MessageConnection'] = ResolversParentTypes['MessageConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['MessageEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type MessageEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MessageEdge'] = ResolversParentTypes['MessageEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Message'], ParentType, ContextType>;
}>;

export type MoneyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  minorUnits?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  addToCart?: Resolver<ResolversTypes['AddToCartPayload'], ParentType, ContextType, RequireFields<MutationAddToCartArgs, 'input'>>;
  blockUser?: Resolver<ResolversTypes['BlockUserPayload'], ParentType, ContextType, RequireFields<MutationBlockUserArgs, 'input'>>;
  cancelOrder?: Resolver<ResolversTypes['CancelOrderPayload'], ParentType, ContextType, RequireFields<MutationCancelOrderArgs, 'input'>>;
  changePassword?: Resolver<ResolversTypes['ChangePasswordPayload'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'input'>>;
  checkout?: Resolver<ResolversTypes['CheckoutPayload'], ParentType, ContextType, RequireFields<MutationCheckoutArgs, 'input'>>;
  clearCart?: Resolver<ResolversTypes['ClearCartPayload'], ParentType, ContextType, RequireFields<MutationClearCartArgs, 'input'>>;
  createCategory?: Resolver<ResolversTypes['CategoryPayload'], ParentType, ContextType, RequireFields<MutationCreateCategoryArgs, 'input'>>;
  createChatRoom?: Resolver<ResolversTypes['CreateChatRoomPayload'], ParentType, ContextType, RequireFields<MutationCreateChatRoomArgs, 'input'>>;
  createProduct?: Resolver<ResolversTypes['CreateProductPayload'], ParentType, ContextType, RequireFields<MutationCreateProductArgs, 'input'>>;
  createStaffRole?: Resolver<ResolversTypes['StaffRolePayload'], ParentType, ContextType, RequireFields<MutationCreateStaffRoleArgs, 'input'>>;
  decideChatReport?: Resolver<ResolversTypes['DecideChatReportPayload'], ParentType, ContextType, RequireFields<MutationDecideChatReportArgs, 'input'>>;
  deleteAccount?: Resolver<ResolversTypes['DeleteAccountPayload'], ParentType, ContextType, RequireFields<MutationDeleteAccountArgs, 'input'>>;
  deleteAddress?: Resolver<ResolversTypes['DeleteAddressPayload'], ParentType, ContextType, RequireFields<MutationDeleteAddressArgs, 'input'>>;
  deleteCategory?: Resolver<ResolversTypes['DeleteCategoryPayload'], ParentType, ContextType, RequireFields<MutationDeleteCategoryArgs, 'input'>>;
  deleteProduct?: Resolver<ResolversTypes['DeleteProductPayload'], ParentType, ContextType, RequireFields<MutationDeleteProductArgs, 'input'>>;
  deleteShippingMethod?: Resolver<ResolversTypes['DeleteShippingMethodPayload'], ParentType, ContextType, RequireFields<MutationDeleteShippingMethodArgs, 'input'>>;
  deleteStaffRole?: Resolver<ResolversTypes['DeleteStaffRolePayload'], ParentType, ContextType, RequireFields<MutationDeleteStaffRoleArgs, 'input'>>;
  deleteTaxRate?: Resolver<ResolversTypes['DeleteTaxRatePayload'], ParentType, ContextType, RequireFields<MutationDeleteTaxRateArgs, 'input'>>;
  disableTwoFactor?: Resolver<ResolversTypes['DisableTwoFactorPayload'], ParentType, ContextType, RequireFields<MutationDisableTwoFactorArgs, 'input'>>;
  enableTwoFactor?: Resolver<ResolversTypes['EnableTwoFactorPayload'], ParentType, ContextType, RequireFields<MutationEnableTwoFactorArgs, 'input'>>;
  liftChatSuspension?: Resolver<ResolversTypes['LiftChatSuspensionPayload'], ParentType, ContextType, RequireFields<MutationLiftChatSuspensionArgs, 'input'>>;
  login?: Resolver<ResolversTypes['LoginPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'input'>>;
  loginSecondFactor?: Resolver<ResolversTypes['LoginPayload'], ParentType, ContextType, RequireFields<MutationLoginSecondFactorArgs, 'input'>>;
  markRoomRead?: Resolver<ResolversTypes['MarkRoomReadPayload'], ParentType, ContextType, RequireFields<MutationMarkRoomReadArgs, 'input'>>;
  orderAgain?: Resolver<ResolversTypes['OrderAgainPayload'], ParentType, ContextType, RequireFields<MutationOrderAgainArgs, 'input'>>;
  recordPayment?: Resolver<ResolversTypes['RecordPaymentPayload'], ParentType, ContextType, RequireFields<MutationRecordPaymentArgs, 'input'>>;
  regenerateRecoveryCodes?: Resolver<ResolversTypes['RecoveryCodesPayload'], ParentType, ContextType, RequireFields<MutationRegenerateRecoveryCodesArgs, 'input'>>;
  register?: Resolver<ResolversTypes['RegisterPayload'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  removeCartItem?: Resolver<ResolversTypes['RemoveCartItemPayload'], ParentType, ContextType, RequireFields<MutationRemoveCartItemArgs, 'input'>>;
  reportMessage?: Resolver<ResolversTypes['ReportMessagePayload'], ParentType, ContextType, RequireFields<MutationReportMessageArgs, 'input'>>;
  requestPasswordReset?: Resolver<ResolversTypes['RequestPasswordResetPayload'], ParentType, ContextType, RequireFields<MutationRequestPasswordResetArgs, 'input'>>;
  resendEmailVerification?: Resolver<ResolversTypes['ResendEmailVerificationPayload'], ParentType, ContextType, RequireFields<MutationResendEmailVerificationArgs, 'input'>>;
  resetPassword?: Resolver<ResolversTypes['ResetPasswordPayload'], ParentType, ContextType, RequireFields<MutationResetPasswordArgs, 'input'>>;
  resetTwoFactor?: Resolver<ResolversTypes['ResetTwoFactorPayload'], ParentType, ContextType, RequireFields<MutationResetTwoFactorArgs, 'input'>>;
  saveAddress?: Resolver<ResolversTypes['SaveAddressPayload'], ParentType, ContextType, RequireFields<MutationSaveAddressArgs, 'input'>>;
  saveShippingMethod?: Resolver<ResolversTypes['SaveShippingMethodPayload'], ParentType, ContextType, RequireFields<MutationSaveShippingMethodArgs, 'input'>>;
  saveTaxRate?: Resolver<ResolversTypes['SaveTaxRatePayload'], ParentType, ContextType, RequireFields<MutationSaveTaxRateArgs, 'input'>>;
  sendMessage?: Resolver<ResolversTypes['SendMessagePayload'], ParentType, ContextType, RequireFields<MutationSendMessageArgs, 'input'>>;
  setStaffRoles?: Resolver<ResolversTypes['SetStaffRolesPayload'], ParentType, ContextType, RequireFields<MutationSetStaffRolesArgs, 'input'>>;
  startCardPayment?: Resolver<ResolversTypes['StartCardPaymentPayload'], ParentType, ContextType, RequireFields<MutationStartCardPaymentArgs, 'input'>>;
  startTwoFactorSetup?: Resolver<ResolversTypes['StartTwoFactorSetupPayload'], ParentType, ContextType, RequireFields<MutationStartTwoFactorSetupArgs, 'input'>>;
  unblockUser?: Resolver<ResolversTypes['UnblockUserPayload'], ParentType, ContextType, RequireFields<MutationUnblockUserArgs, 'input'>>;
  updateCartItem?: Resolver<ResolversTypes['UpdateCartItemPayload'], ParentType, ContextType, RequireFields<MutationUpdateCartItemArgs, 'input'>>;
  updateCategory?: Resolver<ResolversTypes['CategoryPayload'], ParentType, ContextType, RequireFields<MutationUpdateCategoryArgs, 'input'>>;
  updateOrderStatus?: Resolver<ResolversTypes['UpdateOrderStatusPayload'], ParentType, ContextType, RequireFields<MutationUpdateOrderStatusArgs, 'input'>>;
  updatePaymentSettings?: Resolver<ResolversTypes['UpdatePaymentSettingsPayload'], ParentType, ContextType, RequireFields<MutationUpdatePaymentSettingsArgs, 'input'>>;
  updateProduct?: Resolver<ResolversTypes['UpdateProductPayload'], ParentType, ContextType, RequireFields<MutationUpdateProductArgs, 'input'>>;
  updateProfile?: Resolver<ResolversTypes['UpdateProfilePayload'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
  updateShopSettings?: Resolver<ResolversTypes['UpdateShopSettingsPayload'], ParentType, ContextType, RequireFields<MutationUpdateShopSettingsArgs, 'input'>>;
  updateStaffRole?: Resolver<ResolversTypes['StaffRolePayload'], ParentType, ContextType, RequireFields<MutationUpdateStaffRoleArgs, 'input'>>;
  updateTaxSettings?: Resolver<ResolversTypes['UpdateTaxSettingsPayload'], ParentType, ContextType, RequireFields<MutationUpdateTaxSettingsArgs, 'input'>>;
  verifyEmail?: Resolver<ResolversTypes['VerifyEmailPayload'], ParentType, ContextType, RequireFields<MutationVerifyEmailArgs, 'input'>>;
}>;

export type NodeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Address' | 'Cart' | 'Category' | 'ChatRoom' | 'ChatUser' | 'Message' | 'Order' | 'Product' | 'ReportedMessage' | 'ShippingMethod' | 'TaxRate' | 'User', ParentType, ContextType>;
}>;

export type NotAddedLineResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['NotAddedLine'] = ResolversParentTypes['NotAddedLine']> = ResolversObject<{
  added?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['NotAddedReason'], ParentType, ContextType>;
  wanted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type OrderResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = ResolversObject<{
  customerUsername?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  history?: Resolver<Maybe<Array<ResolversTypes['OrderEvent']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['OrderItem']>, ParentType, ContextType>;
  number?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  orderDate?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  payment?: Resolver<Maybe<ResolversTypes['OrderPayment']>, ParentType, ContextType>;
  pricesIncludeTax?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  shippingAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  shippingCost?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  shippingCountry?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  shippingMethodName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  tax?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  taxLines?: Resolver<Array<ResolversTypes['TaxLine']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalAmount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  viewerCanCancel?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanOrderAgain?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type OrderAgainPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderAgainPayload'] = ResolversParentTypes['OrderAgainPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  notAdded?: Resolver<Array<ResolversTypes['NotAddedLine']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type OrderConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderConnection'] = ResolversParentTypes['OrderConnection']> = ResolversObject<{
  countsByStatus?: Resolver<Maybe<Array<ResolversTypes['OrderStatusCount']>>, ParentType, ContextType>;
  edges?: Resolver<Array<ResolversTypes['OrderEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type OrderEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderEdge'] = ResolversParentTypes['OrderEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
}>;

export type OrderEventResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderEvent'] = ResolversParentTypes['OrderEvent']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  by?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type OrderItemResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderItem'] = ResolversParentTypes['OrderItem']> = ResolversObject<{
  lineTotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  sku?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type OrderPaymentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderPayment'] = ResolversParentTypes['OrderPayment']> = ResolversObject<{
  account?: Resolver<Maybe<ResolversTypes['BankAccount']>, ParentType, ContextType>;
  method?: Resolver<ResolversTypes['PaymentMethod'], ParentType, ContextType>;
  paidAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reservedUntil?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PaymentStatus'], ParentType, ContextType>;
}>;

export type OrderStatusCountResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrderStatusCount'] = ResolversParentTypes['OrderStatusCount']> = ResolversObject<{
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
}>;

export type PageInfoResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PaymentSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PaymentSettings'] = ResolversParentTypes['PaymentSettings']> = ResolversObject<{
  bankTransfer?: Resolver<Maybe<ResolversTypes['BankTransferSettings']>, ParentType, ContextType>;
  methods?: Resolver<Array<ResolversTypes['PaymentMethod']>, ParentType, ContextType>;
}>;

export type PreferencesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Preferences'] = ResolversParentTypes['Preferences']> = ResolversObject<{
  emailNotifications?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  smsNotifications?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PriceBandFacetResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PriceBandFacet'] = ResolversParentTypes['PriceBandFacet']> = ResolversObject<{
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  maxPrice?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  minPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type ProductResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product']> = ResolversObject<{
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imageUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  imageUrls?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['ProductImage']>, ParentType, ContextType>;
  inStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lowStockThreshold?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  sku?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ProductConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductConnection'] = ResolversParentTypes['ProductConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ProductEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  search?: Resolver<Maybe<ResolversTypes['ProductSearchSummary']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ProductEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductEdge'] = ResolversParentTypes['ProductEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  highlight?: Resolver<Maybe<ResolversTypes['ProductHighlight']>, ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Product'], ParentType, ContextType>;
}>;

export type ProductFacetsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductFacets'] = ResolversParentTypes['ProductFacets']> = ResolversObject<{
  categories?: Resolver<Array<ResolversTypes['CategoryFacet']>, ParentType, ContextType>;
  inStockCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  priceBands?: Resolver<Array<ResolversTypes['PriceBandFacet']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ProductHighlightResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductHighlight'] = ResolversParentTypes['ProductHighlight']> = ResolversObject<{
  excerpt?: Resolver<Maybe<Array<ResolversTypes['TextPart']>>, ParentType, ContextType>;
  name?: Resolver<Array<ResolversTypes['TextPart']>, ParentType, ContextType>;
}>;

export type ProductImageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductImage'] = ResolversParentTypes['ProductImage']> = ResolversObject<{
  alt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ProductSearchSummaryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductSearchSummary'] = ResolversParentTypes['ProductSearchSummary']> = ResolversObject<{
  corrections?: Resolver<Array<ResolversTypes['SearchCorrection']>, ParentType, ContextType>;
  words?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  chatReports?: Resolver<Maybe<ResolversTypes['ReportedMessageConnection']>, ParentType, ContextType, RequireFields<QueryChatReportsArgs, 'status'>>;
  lowStockProducts?: Resolver<Maybe<ResolversTypes['ProductConnection']>, ParentType, ContextType, Partial<QueryLowStockProductsArgs>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Array<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  orders?: Resolver<Maybe<ResolversTypes['OrderConnection']>, ParentType, ContextType, Partial<QueryOrdersArgs>>;
  paymentSettings?: Resolver<ResolversTypes['PaymentSettings'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryProductArgs, 'id'>>;
  productFacets?: Resolver<ResolversTypes['ProductFacets'], ParentType, ContextType, Partial<QueryProductFacetsArgs>>;
  products?: Resolver<Maybe<ResolversTypes['ProductConnection']>, ParentType, ContextType, Partial<QueryProductsArgs>>;
  shippingMethods?: Resolver<Array<ResolversTypes['ShippingMethod']>, ParentType, ContextType>;
  shopSettings?: Resolver<Maybe<ResolversTypes['ShopSettings']>, ParentType, ContextType>;
  staffMembers?: Resolver<Maybe<Array<ResolversTypes['StaffMember']>>, ParentType, ContextType>;
  staffRoles?: Resolver<Maybe<Array<ResolversTypes['StaffRole']>>, ParentType, ContextType>;
  taxRates?: Resolver<Array<ResolversTypes['TaxRate']>, ParentType, ContextType>;
  taxSettings?: Resolver<ResolversTypes['TaxSettings'], ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type QuotedMessageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['QuotedMessage'] = ResolversParentTypes['QuotedMessage']> = ResolversObject<{
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  messageId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  removed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reported?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  senderUsername?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timestamp?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type RecordPaymentPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecordPaymentPayload'] = ResolversParentTypes['RecordPaymentPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type RecoveryCodesPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryCodesPayload'] = ResolversParentTypes['RecoveryCodesPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recoveryCodes?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type RegisterPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RegisterPayload'] = ResolversParentTypes['RegisterPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type RemoveCartItemPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RemoveCartItemPayload'] = ResolversParentTypes['RemoveCartItemPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ReportMessagePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ReportMessagePayload'] = ResolversParentTypes['ReportMessagePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  report?: Resolver<Maybe<ResolversTypes['ChatReport']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ReportedMessageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ReportedMessage'] = ResolversParentTypes['ReportedMessage']> = ResolversObject<{
  context?: Resolver<Array<ResolversTypes['QuotedMessage']>, ParentType, ContextType>;
  decidedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  decidedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['QuotedMessage'], ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['ChatReportReason'], ParentType, ContextType>;
  reportedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  reporterUsername?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  senderSuspendedUntil?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ChatReportStatus'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ReportedMessageConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ReportedMessageConnection'] = ResolversParentTypes['ReportedMessageConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ReportedMessageEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ReportedMessageEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ReportedMessageEdge'] = ResolversParentTypes['ReportedMessageEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ReportedMessage'], ParentType, ContextType>;
}>;

export type RequestPasswordResetPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RequestPasswordResetPayload'] = ResolversParentTypes['RequestPasswordResetPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ResendEmailVerificationPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ResendEmailVerificationPayload'] = ResolversParentTypes['ResendEmailVerificationPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ResetPasswordPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ResetPasswordPayload'] = ResolversParentTypes['ResetPasswordPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  username?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ResetTwoFactorPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ResetTwoFactorPayload'] = ResolversParentTypes['ResetTwoFactorPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  staffMember?: Resolver<Maybe<ResolversTypes['StaffMember']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SaveAddressPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SaveAddressPayload'] = ResolversParentTypes['SaveAddressPayload']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['Address']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SaveShippingMethodPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SaveShippingMethodPayload'] = ResolversParentTypes['SaveShippingMethodPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingMethod?: Resolver<Maybe<ResolversTypes['ShippingMethod']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SaveTaxRatePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SaveTaxRatePayload'] = ResolversParentTypes['SaveTaxRatePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxRate?: Resolver<Maybe<ResolversTypes['TaxRate']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SearchCorrectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SearchCorrection'] = ResolversParentTypes['SearchCorrection']> = ResolversObject<{
  suggested?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  typed?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type SendMessagePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SendMessagePayload'] = ResolversParentTypes['SendMessagePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SetStaffRolesPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SetStaffRolesPayload'] = ResolversParentTypes['SetStaffRolesPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  staffMember?: Resolver<Maybe<ResolversTypes['StaffMember']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type ShippingMethodResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ShippingMethod'] = ResolversParentTypes['ShippingMethod']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  estimate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  maxDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  minDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rates?: Resolver<Array<ResolversTypes['ShippingRate']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShippingOptionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ShippingOption'] = ResolversParentTypes['ShippingOption']> = ResolversObject<{
  method?: Resolver<ResolversTypes['ShippingMethod'], ParentType, ContextType>;
  price?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  unavailableReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ShippingRateResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ShippingRate'] = ResolversParentTypes['ShippingRate']> = ResolversObject<{
  countries?: Resolver<Array<ResolversTypes['Country']>, ParentType, ContextType>;
  freeFrom?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type ShopSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ShopSettings'] = ResolversParentTypes['ShopSettings']> = ResolversObject<{
  lowStockThreshold?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type StaffMemberResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StaffMember'] = ResolversParentTypes['StaffMember']> = ResolversObject<{
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  permissions?: Resolver<Array<ResolversTypes['Permission']>, ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  twoFactorEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type StaffRoleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StaffRole'] = ResolversParentTypes['StaffRole']> = ResolversObject<{
  builtIn?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  holders?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  permissions?: Resolver<Array<ResolversTypes['Permission']>, ParentType, ContextType>;
}>;

export type StaffRolePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StaffRolePayload'] = ResolversParentTypes['StaffRolePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  staffRole?: Resolver<Maybe<ResolversTypes['StaffRole']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type StartCardPaymentPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StartCardPaymentPayload'] = ResolversParentTypes['StartCardPaymentPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type StartTwoFactorSetupPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StartTwoFactorSetupPayload'] = ResolversParentTypes['StartTwoFactorSetupPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  messageAdded?: SubscriptionResolver<ResolversTypes['Message'], "messageAdded", ParentType, ContextType>;
  messageRemoved?: SubscriptionResolver<ResolversTypes['Message'], "messageRemoved", ParentType, ContextType>;
  orderUpdated?: SubscriptionResolver<ResolversTypes['Order'], "orderUpdated", ParentType, ContextType>;
  productRemoved?: SubscriptionResolver<ResolversTypes['ID'], "productRemoved", ParentType, ContextType, Partial<SubscriptionProductRemovedArgs>>;
  productUpdated?: SubscriptionResolver<ResolversTypes['Product'], "productUpdated", ParentType, ContextType, Partial<SubscriptionProductUpdatedArgs>>;
}>;

export type TaxLineResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TaxLine'] = ResolversParentTypes['TaxLine']> = ResolversObject<{
  rate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tax?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  taxed?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type TaxRateResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TaxRate'] = ResolversParentTypes['TaxRate']> = ResolversObject<{
  categoryId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  categoryName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<ResolversTypes['Country'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TaxSettings'] = ResolversParentTypes['TaxSettings']> = ResolversObject<{
  pricesIncludeTax?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type TextPartResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TextPart'] = ResolversParentTypes['TextPart']> = ResolversObject<{
  match?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type TwoFactorStatusResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TwoFactorStatus'] = ResolversParentTypes['TwoFactorStatus']> = ResolversObject<{
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  enabledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  recoveryCodesLeft?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  required?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type UnblockUserPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UnblockUserPayload'] = ResolversParentTypes['UnblockUserPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unblockedUsername?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type UpdateCartItemPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateCartItemPayload'] = ResolversParentTypes['UpdateCartItemPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateOrderStatusPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateOrderStatusPayload'] = ResolversParentTypes['UpdateOrderStatusPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdatePaymentSettingsPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdatePaymentSettingsPayload'] = ResolversParentTypes['UpdatePaymentSettingsPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  paymentSettings?: Resolver<Maybe<ResolversTypes['PaymentSettings']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateProductPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateProductPayload'] = ResolversParentTypes['UpdateProductPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateProfilePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateProfilePayload'] = ResolversParentTypes['UpdateProfilePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateShopSettingsPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateShopSettingsPayload'] = ResolversParentTypes['UpdateShopSettingsPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shopSettings?: Resolver<Maybe<ResolversTypes['ShopSettings']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UpdateTaxSettingsPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateTaxSettingsPayload'] = ResolversParentTypes['UpdateTaxSettingsPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxSettings?: Resolver<Maybe<ResolversTypes['TaxSettings']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type UserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  addresses?: Resolver<Array<ResolversTypes['Address']>, ParentType, ContextType>;
  blockedUsers?: Resolver<Maybe<Array<ResolversTypes['BlockedUser']>>, ParentType, ContextType>;
  cart?: Resolver<ResolversTypes['Cart'], ParentType, ContextType>;
  chatRoomConnection?: Resolver<ResolversTypes['ChatRoomConnection'], ParentType, ContextType, RequireFields<UserChatRoomConnectionArgs, 'unreadOnly'>>;
  chatRooms?: Resolver<Array<ResolversTypes['ChatRoom']>, ParentType, ContextType>;
  chatSuspendedUntil?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  chatUsers?: Resolver<Array<ResolversTypes['ChatUser']>, ParentType, ContextType, Partial<UserChatUsersArgs>>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  emailVerified?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isAdmin?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['OrderConnection'], ParentType, ContextType, Partial<UserOrdersArgs>>;
  permissions?: Resolver<Array<ResolversTypes['Permission']>, ParentType, ContextType>;
  permissionsAwaitTwoFactor?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  phoneNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  preferences?: Resolver<ResolversTypes['Preferences'], ParentType, ContextType>;
  recentShippingAddresses?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType, RequireFields<UserRecentShippingAddressesArgs, 'first'>>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  twoFactor?: Resolver<Maybe<ResolversTypes['TwoFactorStatus']>, ParentType, ContextType>;
  unreadMessageCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserErrorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = ResolversObject<{
  code?: Resolver<ResolversTypes['UserErrorCode'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAfterSeconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type VerifyEmailPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VerifyEmailPayload'] = ResolversParentTypes['VerifyEmailPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GatewayContext> = ResolversObject<{
  AddToCartPayload?: AddToCartPayloadResolvers<ContextType>;
  Address?: AddressResolvers<ContextType>;
  BankAccount?: BankAccountResolvers<ContextType>;
  BankTransferSettings?: BankTransferSettingsResolvers<ContextType>;
  BlockUserPayload?: BlockUserPayloadResolvers<ContextType>;
  BlockedUser?: BlockedUserResolvers<ContextType>;
  CancelOrderPayload?: CancelOrderPayloadResolvers<ContextType>;
  Cart?: CartResolvers<ContextType>;
  CartCharges?: CartChargesResolvers<ContextType>;
  CartItem?: CartItemResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  CategoryFacet?: CategoryFacetResolvers<ContextType>;
  CategoryPayload?: CategoryPayloadResolvers<ContextType>;
  ChangePasswordPayload?: ChangePasswordPayloadResolvers<ContextType>;
  ChatReport?: ChatReportResolvers<ContextType>;
  ChatRoom?: ChatRoomResolvers<ContextType>;
  ChatRoomConnection?: ChatRoomConnectionResolvers<ContextType>;
  ChatRoomEdge?: ChatRoomEdgeResolvers<ContextType>;
  ChatUser?: ChatUserResolvers<ContextType>;
  CheckoutPayload?: CheckoutPayloadResolvers<ContextType>;
  ClearCartPayload?: ClearCartPayloadResolvers<ContextType>;
  Country?: CountryResolvers<ContextType>;
  CreateChatRoomPayload?: CreateChatRoomPayloadResolvers<ContextType>;
  CreateProductPayload?: CreateProductPayloadResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DecideChatReportPayload?: DecideChatReportPayloadResolvers<ContextType>;
  Decimal?: GraphQLScalarType;
  DeleteAccountPayload?: DeleteAccountPayloadResolvers<ContextType>;
  DeleteAddressPayload?: DeleteAddressPayloadResolvers<ContextType>;
  DeleteCategoryPayload?: DeleteCategoryPayloadResolvers<ContextType>;
  DeleteProductPayload?: DeleteProductPayloadResolvers<ContextType>;
  DeleteShippingMethodPayload?: DeleteShippingMethodPayloadResolvers<ContextType>;
  DeleteStaffRolePayload?: DeleteStaffRolePayloadResolvers<ContextType>;
  DeleteTaxRatePayload?: DeleteTaxRatePayloadResolvers<ContextType>;
  DisableTwoFactorPayload?: DisableTwoFactorPayloadResolvers<ContextType>;
  EnableTwoFactorPayload?: EnableTwoFactorPayloadResolvers<ContextType>;
  LiftChatSuspensionPayload?: LiftChatSuspensionPayloadResolvers<ContextType>;
  LoginPayload?: LoginPayloadResolvers<ContextType>;
  MarkRoomReadPayload?: MarkRoomReadPayloadResolvers<ContextType>;
  Message?: MessageResolvers<ContextType>;
  MessageConnection?: MessageConnectionResolvers<ContextType>;
  MessageEdge?: MessageEdgeResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  NotAddedLine?: NotAddedLineResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderAgainPayload?: OrderAgainPayloadResolvers<ContextType>;
  OrderConnection?: OrderConnectionResolvers<ContextType>;
  OrderEdge?: OrderEdgeResolvers<ContextType>;
  OrderEvent?: OrderEventResolvers<ContextType>;
  OrderItem?: OrderItemResolvers<ContextType>;
  OrderPayment?: OrderPaymentResolvers<ContextType>;
  OrderStatusCount?: OrderStatusCountResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PaymentSettings?: PaymentSettingsResolvers<ContextType>;
  Preferences?: PreferencesResolvers<ContextType>;
  PriceBandFacet?: PriceBandFacetResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductConnection?: ProductConnectionResolvers<ContextType>;
  ProductEdge?: ProductEdgeResolvers<ContextType>;
  ProductFacets?: ProductFacetsResolvers<ContextType>;
  ProductHighlight?: ProductHighlightResolvers<ContextType>;
  ProductImage?: ProductImageResolvers<ContextType>;
  ProductSearchSummary?: ProductSearchSummaryResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  QuotedMessage?: QuotedMessageResolvers<ContextType>;
  RecordPaymentPayload?: RecordPaymentPayloadResolvers<ContextType>;
  RecoveryCodesPayload?: RecoveryCodesPayloadResolvers<ContextType>;
  RegisterPayload?: RegisterPayloadResolvers<ContextType>;
  RemoveCartItemPayload?: RemoveCartItemPayloadResolvers<ContextType>;
  ReportMessagePayload?: ReportMessagePayloadResolvers<ContextType>;
  ReportedMessage?: ReportedMessageResolvers<ContextType>;
  ReportedMessageConnection?: ReportedMessageConnectionResolvers<ContextType>;
  ReportedMessageEdge?: ReportedMessageEdgeResolvers<ContextType>;
  RequestPasswordResetPayload?: RequestPasswordResetPayloadResolvers<ContextType>;
  ResendEmailVerificationPayload?: ResendEmailVerificationPayloadResolvers<ContextType>;
  ResetPasswordPayload?: ResetPasswordPayloadResolvers<ContextType>;
  ResetTwoFactorPayload?: ResetTwoFactorPayloadResolvers<ContextType>;
  SaveAddressPayload?: SaveAddressPayloadResolvers<ContextType>;
  SaveShippingMethodPayload?: SaveShippingMethodPayloadResolvers<ContextType>;
  SaveTaxRatePayload?: SaveTaxRatePayloadResolvers<ContextType>;
  SearchCorrection?: SearchCorrectionResolvers<ContextType>;
  SendMessagePayload?: SendMessagePayloadResolvers<ContextType>;
  SetStaffRolesPayload?: SetStaffRolesPayloadResolvers<ContextType>;
  ShippingMethod?: ShippingMethodResolvers<ContextType>;
  ShippingOption?: ShippingOptionResolvers<ContextType>;
  ShippingRate?: ShippingRateResolvers<ContextType>;
  ShopSettings?: ShopSettingsResolvers<ContextType>;
  StaffMember?: StaffMemberResolvers<ContextType>;
  StaffRole?: StaffRoleResolvers<ContextType>;
  StaffRolePayload?: StaffRolePayloadResolvers<ContextType>;
  StartCardPaymentPayload?: StartCardPaymentPayloadResolvers<ContextType>;
  StartTwoFactorSetupPayload?: StartTwoFactorSetupPayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TaxLine?: TaxLineResolvers<ContextType>;
  TaxRate?: TaxRateResolvers<ContextType>;
  TaxSettings?: TaxSettingsResolvers<ContextType>;
  TextPart?: TextPartResolvers<ContextType>;
  TwoFactorStatus?: TwoFactorStatusResolvers<ContextType>;
  UnblockUserPayload?: UnblockUserPayloadResolvers<ContextType>;
  UpdateCartItemPayload?: UpdateCartItemPayloadResolvers<ContextType>;
  UpdateOrderStatusPayload?: UpdateOrderStatusPayloadResolvers<ContextType>;
  UpdatePaymentSettingsPayload?: UpdatePaymentSettingsPayloadResolvers<ContextType>;
  UpdateProductPayload?: UpdateProductPayloadResolvers<ContextType>;
  UpdateProfilePayload?: UpdateProfilePayloadResolvers<ContextType>;
  UpdateShopSettingsPayload?: UpdateShopSettingsPayloadResolvers<ContextType>;
  UpdateTaxSettingsPayload?: UpdateTaxSettingsPayloadResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  VerifyEmailPayload?: VerifyEmailPayloadResolvers<ContextType>;
}>;

