import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { RestProduct, RestPreferences, RestChatUser, RestCart, RestCartItem, RestOrder, RestOrderItem, RestOrderEvent, RestChatRoom, RestMessage } from '../rest/contract.js';
import type { ViewerModel } from '../models.js';
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
};

/** A product to put in the viewer's cart, and how many (added to what is there, up to the stock). */
export type AddToCartInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  productId: Scalars['ID']['input'];
  /** At least 1. */
  quantity?: Scalars['Int']['input'];
};

/** The outcome of `addToCart`: the cart as it is now. */
export type AddToCartPayload = {
  __typename?: 'AddToCartPayload';
  cart?: Maybe<Cart>;
  clientMutationId?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
};

/** The viewer's cart: the lines they mean to buy, kept until checkout or until they remove them. */
export type Cart = Node & {
  __typename?: 'Cart';
  id: Scalars['ID']['output'];
  /** The sum of the quantities. */
  itemCount: Scalars['Int']['output'];
  items: Array<CartItem>;
  /** What the cart costs: the sum of its lines. */
  total: Money;
  /** @deprecated Use total: exact, and it names its currency. */
  totalPrice: Scalars['Float']['output'];
};

/** A line of the cart: a product and how many of it. */
export type CartItem = {
  __typename?: 'CartItem';
  /** The unit price times the quantity. */
  lineTotal: Money;
  /**
   * Unit price in dollars.
   * @deprecated Use unitPrice: exact, and it names its currency.
   */
  price: Scalars['Float']['output'];
  /** The product; null if it was deleted meanwhile. */
  product?: Maybe<Product>;
  productName: Scalars['String']['output'];
  quantity: Scalars['Int']['output'];
  /** @deprecated Use lineTotal: exact, and it names its currency. */
  subtotal: Scalars['Float']['output'];
  /** The product's price now, for one unit. */
  unitPrice: Money;
};

/** The current password, and the new one twice. */
export type ChangePasswordInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  confirmPassword: Scalars['String']['input'];
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
};

/** The outcome of `changePassword`: a new token, as the old ones stop working. */
export type ChangePasswordPayload = {
  __typename?: 'ChangePasswordPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** A fresh token: the one used for this call no longer works. */
  token?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
  viewer?: Maybe<User>;
};

/** A one-to-one conversation. */
export type ChatRoom = Node & {
  __typename?: 'ChatRoom';
  /**
   * When the conversation was started (before its first message, it is ordered by this); null where the contract does
   * not say.
   */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** The text of the latest message; null before the first. */
  lastMessage?: Maybe<Scalars['String']['output']>;
  lastMessageTime?: Maybe<Scalars['DateTime']['output']>;
  /**
   * The history, oldest first within a page. Read from the newest end: `last` messages before `before` (the newest 50
   * when no argument is given); or forward: `first` messages after `after` (with no `after`, the room's first ones).
   * Each at most 100, one direction at a time.
   */
  messages: MessageConnection;
  participantUsernames: Array<Scalars['String']['output']>;
  /** The participants other than the viewer. */
  participants: Array<ChatUser>;
  /** The other participant's username. */
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
  pageInfo: PageInfo;
  /** How many rooms the viewer has (with `unreadOnly`: how many have unread messages), on every page. */
  totalCount: Scalars['Int']['output'];
};

/** A chat room in a page of rooms, with its cursor. */
export type ChatRoomEdge = {
  __typename?: 'ChatRoomEdge';
  cursor: Scalars['String']['output'];
  node: ChatRoom;
};

/** Another user, as the chat knows them. */
export type ChatUser = Node & {
  __typename?: 'ChatUser';
  firstName?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  isAdmin: Scalars['Boolean']['output'];
  lastName?: Maybe<Scalars['String']['output']>;
  roles: Array<Scalars['String']['output']>;
  username: Scalars['String']['output'];
};

/** Placing the viewer's cart as an order: where it goes, and what the buyer reviewed. */
export type CheckoutInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /**
   * The cart's total as the buyer reviewed it. When the cart's total is another by the time the order would be placed
   * (a price or a quantity changed), nothing is ordered: the payload answers a PRICE_CHANGED user error on this field,
   * with the cart as it is now.
   */
  expectedTotal?: InputMaybe<Scalars['Float']['input']>;
  /**
   * A key the client makes once per checkout attempt (a UUID) and sends again when it retries that attempt: the same
   * key from the same user within 24 hours answers the order it placed, and never places a second one. Honoured where
   * the REST service offers it (the shop's own does; see the gateway's README).
   */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  shippingAddress: Scalars['String']['input'];
};

/** The outcome of `checkout`: the order, and the cart (now empty). */
export type CheckoutPayload = {
  __typename?: 'CheckoutPayload';
  /** The emptied cart; with a PRICE_CHANGED user error, the cart as it is now. */
  cart?: Maybe<Cart>;
  clientMutationId?: Maybe<Scalars['String']['output']>;
  order?: Maybe<Order>;
  userErrors: Array<UserError>;
};

/** Emptying the viewer's cart. */
export type ClearCartInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `clearCart`: the empty cart. */
export type ClearCartPayload = {
  __typename?: 'ClearCartPayload';
  cart?: Maybe<Cart>;
  clientMutationId?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
};

/** Who to talk with: the room of the two of them is answered, made the first time. */
export type CreateChatRoomInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  participantUsername: Scalars['String']['input'];
};

/** The outcome of `createChatRoom`. */
export type CreateChatRoomPayload = {
  __typename?: 'CreateChatRoomPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  room?: Maybe<ChatRoom>;
  userErrors: Array<UserError>;
};

/** A new product (admins only), with the shop's rules for names, descriptions, prices, stock and images. */
export type CreateProductInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  description: Scalars['String']['input'];
  imageUrl?: InputMaybe<Scalars['String']['input']>;
  /** Further images; trimmed, blanks and duplicates dropped, imageUrl first. */
  imageUrls?: InputMaybe<Array<Scalars['String']['input']>>;
  name: Scalars['String']['input'];
  price: Scalars['Float']['input'];
  quantity: Scalars['Int']['input'];
};

/** The outcome of `createProduct`. */
export type CreateProductPayload = {
  __typename?: 'CreateProductPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  product?: Maybe<Product>;
  userErrors: Array<UserError>;
};

/** Deleting the viewer's account: its personal data and cart go, its orders stay without a buyer's name. */
export type DeleteAccountInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

/** The outcome of `deleteAccount`. */
export type DeleteAccountPayload = {
  __typename?: 'DeleteAccountPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  deletedUserId?: Maybe<Scalars['ID']['output']>;
  userErrors: Array<UserError>;
};

/** The product to delete (admins only); it leaves every cart, orders keep their snapshot. */
export type DeleteProductInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
};

/** The outcome of `deleteProduct`. */
export type DeleteProductPayload = {
  __typename?: 'DeleteProductPayload';
  /** The viewer's cart: a deleted product leaves every cart. */
  cart?: Maybe<Cart>;
  clientMutationId?: Maybe<Scalars['String']['output']>;
  deletedProductId?: Maybe<Scalars['ID']['output']>;
  userErrors: Array<UserError>;
};

/** The username (any case) and password of an account. */
export type LoginInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

/** The outcome of `login`: the token to send as `Authorization: Bearer <token>`, and who it is for. */
export type LoginPayload = {
  __typename?: 'LoginPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  token?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
  viewer?: Maybe<User>;
};

/** The room whose messages the viewer has now read. */
export type MarkRoomReadInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  roomId: Scalars['ID']['input'];
};

/** The outcome of `markRoomRead`. */
export type MarkRoomReadPayload = {
  __typename?: 'MarkRoomReadPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  room?: Maybe<ChatRoom>;
  userErrors: Array<UserError>;
  /** The viewer, whose unreadMessageCount dropped by what the room had. */
  viewer?: Maybe<User>;
};

/** A chat message: who sent it, what it says, and when. */
export type Message = Node & {
  __typename?: 'Message';
  content: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Whether the viewer sent it. */
  isMine: Scalars['Boolean']['output'];
  room: ChatRoom;
  senderUsername: Scalars['String']['output'];
  timestamp: Scalars['DateTime']['output'];
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
  cursor: Scalars['String']['output'];
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
  /** The amount in the currency's minor unit (cents for USD): 1250. */
  minorUnits: Scalars['Int']['output'];
};

/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds units; the same product's line grows. The quantity in the cart cannot exceed the stock. */
  addToCart: AddToCartPayload;
  /** Every earlier token stops working; the payload carries a new one. */
  changePassword: ChangePasswordPayload;
  /** Turns the cart into an order: stock taken, prices fixed, cart emptied. */
  checkout: CheckoutPayload;
  clearCart: ClearCartPayload;
  /** The room with another user; the same pair always gets the same room. */
  createChatRoom: CreateChatRoomPayload;
  /** Admins only. */
  createProduct: CreateProductPayload;
  /** Deletes personal data and cart; orders are kept anonymised; every token stops working. */
  deleteAccount: DeleteAccountPayload;
  /** Admins only. */
  deleteProduct: DeleteProductPayload;
  login: LoginPayload;
  markRoomRead: MarkRoomReadPayload;
  /** Create an account (always a regular user). Log in afterwards. */
  register: RegisterPayload;
  removeCartItem: RemoveCartItemPayload;
  sendMessage: SendMessagePayload;
  updateCartItem: UpdateCartItemPayload;
  /** Admins only. */
  updateOrderStatus: UpdateOrderStatusPayload;
  /** Admins only. */
  updateProduct: UpdateProductPayload;
  /** Change the fields given; null or an empty string clears one. */
  updateProfile: UpdateProfilePayload;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationAddToCartArgs = {
  input: AddToCartInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationChangePasswordArgs = {
  input: ChangePasswordInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationCheckoutArgs = {
  input: CheckoutInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationClearCartArgs = {
  input: ClearCartInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationCreateChatRoomArgs = {
  input: CreateChatRoomInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationCreateProductArgs = {
  input: CreateProductInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationDeleteAccountArgs = {
  input: DeleteAccountInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationDeleteProductArgs = {
  input: DeleteProductInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationLoginArgs = {
  input: LoginInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationMarkRoomReadArgs = {
  input: MarkRoomReadInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationRegisterArgs = {
  input: RegisterInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationRemoveCartItemArgs = {
  input: RemoveCartItemInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationSendMessageArgs = {
  input: SendMessageInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationUpdateCartItemArgs = {
  input: UpdateCartItemInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationUpdateOrderStatusArgs = {
  input: UpdateOrderStatusInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationUpdateProductArgs = {
  input: UpdateProductInput;
};


/**
 * Everything that changes the shop. Each takes one `input` and answers a payload with what it changed and `userErrors`
 * for what it refused (nothing is written then).
 */
export type MutationUpdateProfileArgs = {
  input: UpdateProfileInput;
};

/** An object with a globally unique, opaque id. */
export type Node = {
  id: Scalars['ID']['output'];
};

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
  id: Scalars['ID']['output'];
  items: Array<OrderItem>;
  /** The order's number as people quote it (Order #42); the id is for the graph. */
  number: Scalars['Int']['output'];
  orderDate: Scalars['DateTime']['output'];
  shippingAddress: Scalars['String']['output'];
  /** PENDING, CONFIRMED, SHIPPED, DELIVERED or CANCELLED (text: another shop's contract may know more). */
  status: Scalars['String']['output'];
  /** What the order cost: the sum of its lines, as they were priced when ordered. */
  total: Money;
  /** @deprecated Use total: exact, and it names its currency. */
  totalAmount: Scalars['Float']['output'];
};

/** A page of orders (Relay), newest first, with the total the whole list holds. */
export type OrderConnection = {
  __typename?: 'OrderConnection';
  /**
   * In the admins' list (Query.orders): how many orders each status has (of those `search` finds), whatever `status`
   * narrows; null elsewhere.
   */
  countsByStatus?: Maybe<Array<OrderStatusCount>>;
  edges: Array<OrderEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

/** An order in a page of orders, with its cursor. */
export type OrderEdge = {
  __typename?: 'OrderEdge';
  cursor: Scalars['String']['output'];
  node: Order;
};

/** One step of an order's history. */
export type OrderEvent = {
  __typename?: 'OrderEvent';
  at: Scalars['DateTime']['output'];
  /** The admin who moved it there, shown to admins only; null for the buyer and for the placing. */
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
   * Unit price in dollars when ordered.
   * @deprecated Use unitPrice: exact, and it names its currency.
   */
  price: Scalars['Float']['output'];
  /** The product bought; null if it was deleted since. */
  product?: Maybe<Product>;
  productName: Scalars['String']['output'];
  quantity: Scalars['Int']['output'];
  /** @deprecated Use lineTotal: exact, and it names its currency. */
  subtotal: Scalars['Float']['output'];
  /** The price of one unit when it was ordered. */
  unitPrice: Money;
};

/** Where an order is. Admins move orders forward, or cancel them before they ship. */
export type OrderStatus =
  | 'CANCELLED'
  | 'CONFIRMED'
  | 'DELIVERED'
  | 'PENDING'
  | 'SHIPPED';

/** How many orders one status holds (the order desk's tabs). */
export type OrderStatusCount = {
  __typename?: 'OrderStatusCount';
  count: Scalars['Int']['output'];
  status: OrderStatus;
};

/**
 * Where a page sits in its list (Relay): whether there are items after and before it, and the cursors of its first and
 * last.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** The viewer's preferences: notifications, language and time zone. */
export type Preferences = {
  __typename?: 'Preferences';
  emailNotifications: Scalars['Boolean']['output'];
  /** A language code such as en. */
  language: Scalars['String']['output'];
  smsNotifications: Scalars['Boolean']['output'];
  /** A time zone such as UTC or Europe/Berlin. */
  timezone: Scalars['String']['output'];
};

/** The preferences to save; an unset field keeps its value. */
export type PreferencesInput = {
  emailNotifications?: InputMaybe<Scalars['Boolean']['input']>;
  language?: InputMaybe<Scalars['String']['input']>;
  smsNotifications?: InputMaybe<Scalars['Boolean']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
};

/** A product of the catalogue: what shoppers browse, buy and follow live. */
export type Product = Node & {
  __typename?: 'Product';
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The main image: an absolute http(s) URL or a path on the shop; null when the product has none. */
  imageUrl?: Maybe<Scalars['String']['output']>;
  /** Every image, the main one first. */
  imageUrls: Array<Scalars['String']['output']>;
  inStock: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /**
   * Price in dollars, at most two decimals.
   * @deprecated Use unitPrice: exact, and it names its currency.
   */
  price: Scalars['Float']['output'];
  /** Units in stock. */
  quantity: Scalars['Int']['output'];
  /** The price of one unit. */
  unitPrice: Money;
};

/** A page of products (Relay), with the total the whole list holds. */
export type ProductConnection = {
  __typename?: 'ProductConnection';
  edges: Array<ProductEdge>;
  pageInfo: PageInfo;
  /** How many products match, on every page. */
  totalCount: Scalars['Int']['output'];
};

/** A product in a page of products, with its cursor. */
export type ProductEdge = {
  __typename?: 'ProductEdge';
  cursor: Scalars['String']['output'];
  node: Product;
};

/** Narrows the catalogue. Every bound is inclusive; an unset field does not filter. */
export type ProductFilter = {
  maxPrice?: InputMaybe<Scalars['Float']['input']>;
  maxQuantity?: InputMaybe<Scalars['Int']['input']>;
  minPrice?: InputMaybe<Scalars['Float']['input']>;
  minQuantity?: InputMaybe<Scalars['Int']['input']>;
  /** Part of the name, in any case. */
  name?: InputMaybe<Scalars['String']['input']>;
};

/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order.
 */
export type Query = {
  __typename?: 'Query';
  /** Any object by its global id; null when it does not exist or is not yours to see. */
  node?: Maybe<Node>;
  /** Several objects by their global ids, in the same order; null for each one that cannot be seen. */
  nodes: Array<Maybe<Node>>;
  /**
   * Every customer's orders, newest first: for admins only (null with a FORBIDDEN error otherwise, the rest of the
   * answer intact). `status` narrows them. Pages both ways like `products`.
   * `search` finds orders as the order desk does: digits, optionally after #, find the order with that number
   * ("12", "#12"); any other text finds the orders of buyers whose username contains it, in any case. It is trimmed,
   * at most 100 characters (BAD_USER_INPUT beyond), and blank searches nothing; `countsByStatus` then counts what
   * it finds. NOT_SUPPORTED when the shop's REST service cannot search (it lacks that extension).
   */
  orders?: Maybe<OrderConnection>;
  /** One product; null when it does not exist. */
  product?: Maybe<Product>;
  /**
   * The catalogue by id, optionally filtered. Pages forward with `first` and `after`, or backward with `last` and
   * `before` (`last` alone: the end of the list); 20 when neither `first` nor `last` is given, at most 100.
   */
  products?: Maybe<ProductConnection>;
  /** The logged-in user; null without a token. */
  viewer?: Maybe<User>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order.
 */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order.
 */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order.
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
 * every order.
 */
export type QueryProductArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The graph's entry points for reading: the catalogue, the logged-in user, any object by its global id, and for admins
 * every order.
 */
export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ProductFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A new account: the username and the password twice. */
export type RegisterInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  confirmPassword: Scalars['String']['input'];
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

/** The outcome of `register`. */
export type RegisterPayload = {
  __typename?: 'RegisterPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The new account's token; the shop's own client logs in afresh instead. */
  token?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
};

/** The product whose line leaves the cart. */
export type RemoveCartItemInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  productId: Scalars['ID']['input'];
};

/** The outcome of `removeCartItem`: the cart as it is now. */
export type RemoveCartItemPayload = {
  __typename?: 'RemoveCartItemPayload';
  cart?: Maybe<Cart>;
  clientMutationId?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
};

/** A message to send in one of the viewer's rooms. */
export type SendMessageInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  content: Scalars['String']['input'];
  roomId: Scalars['ID']['input'];
};

/** The outcome of `sendMessage`: the message as sent. */
export type SendMessagePayload = {
  __typename?: 'SendMessagePayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  /** The message; its room carries the new lastMessage. */
  message?: Maybe<Message>;
  userErrors: Array<UserError>;
};

/** What changes live, over graphql-ws on /graphql (the token in the connection's parameters). */
export type Subscription = {
  __typename?: 'Subscription';
  /** Every new message in the viewer's rooms, including the viewer's own (from other tabs). */
  messageAdded: Message;
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

/** A cart line's new quantity. */
export type UpdateCartItemInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  productId: Scalars['ID']['input'];
  /** At least 1 and at most the stock. */
  quantity: Scalars['Int']['input'];
};

/** The outcome of `updateCartItem`: the cart as it is now. */
export type UpdateCartItemPayload = {
  __typename?: 'UpdateCartItemPayload';
  cart?: Maybe<Cart>;
  clientMutationId?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
};

/** An order's next status (admins only): confirmed, shipped, delivered, or cancelled before it ships. */
export type UpdateOrderStatusInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  orderId: Scalars['ID']['input'];
  status: OrderStatus;
};

/** The outcome of `updateOrderStatus`: the order as it is now. */
export type UpdateOrderStatusPayload = {
  __typename?: 'UpdateOrderStatusPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  order?: Maybe<Order>;
  userErrors: Array<UserError>;
};

/** A product's fields as they should be (admins only): every field is replaced. */
export type UpdateProductInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  description: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  imageUrl?: InputMaybe<Scalars['String']['input']>;
  imageUrls?: InputMaybe<Array<Scalars['String']['input']>>;
  name: Scalars['String']['input'];
  price: Scalars['Float']['input'];
  quantity: Scalars['Int']['input'];
};

/** The outcome of `updateProduct`. */
export type UpdateProductPayload = {
  __typename?: 'UpdateProductPayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  product?: Maybe<Product>;
  userErrors: Array<UserError>;
};

/** The profile as it should be; an unset field keeps its value. */
export type UpdateProfileInput = {
  address?: InputMaybe<Scalars['String']['input']>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  phoneNumber?: InputMaybe<Scalars['String']['input']>;
  preferences?: InputMaybe<PreferencesInput>;
};

/** The outcome of `updateProfile`. */
export type UpdateProfilePayload = {
  __typename?: 'UpdateProfilePayload';
  clientMutationId?: Maybe<Scalars['String']['output']>;
  user?: Maybe<User>;
  userErrors: Array<UserError>;
};

/** The logged-in user (`viewer`): their profile and preferences, cart, orders and chat. */
export type User = Node & {
  __typename?: 'User';
  address?: Maybe<Scalars['String']['output']>;
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
  /** People to start a chat with (everyone but the viewer); `search` matches username or name, any case. */
  chatUsers: Array<ChatUser>;
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  isAdmin: Scalars['Boolean']['output'];
  lastName?: Maybe<Scalars['String']['output']>;
  /** Newest first. Pages both ways like `Query.products`. */
  orders: OrderConnection;
  phoneNumber?: Maybe<Scalars['String']['output']>;
  preferences: Preferences;
  /** USER, and ADMIN for administrators. */
  roles: Array<Scalars['String']['output']>;
  /** Unread messages over all rooms: the chat badge, exact however few of the rooms are loaded. */
  unreadMessageCount: Scalars['Int']['output'];
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

/** An expected failure, for people: show `message`, next to `field` when it names one. */
export type UserError = {
  __typename?: 'UserError';
  code: UserErrorCode;
  /** The input field at fault, when it is one; a dotted path inside nested inputs, e.g. preferences.language. */
  field?: Maybe<Scalars['String']['output']>;
  message: Scalars['String']['output'];
};

/** What kind of expected failure a user error is. */
export type UserErrorCode =
  /** The input clashes with the shop's state: a taken username, stock that ran out, an order that cannot move so. */
  | 'CONFLICT'
  /** The viewer may not do this. */
  | 'FORBIDDEN'
  /** Wrong username or password. */
  | 'INVALID_CREDENTIALS'
  /** The input breaks a rule; `message` says which. */
  | 'INVALID_INPUT'
  /** Something the input names does not exist. */
  | 'NOT_FOUND'
  /** The cart's total is no longer the expectedTotal the buyer reviewed: show the cart again and ask. */
  | 'PRICE_CHANGED'
  /** Too many attempts in a short time (logins for one username): wait a moment and try again. */
  | 'TOO_MANY_ATTEMPTS';

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
    | ( RestCart )
    | ( RestChatRoom )
    | ( RestChatUser )
    | ( RestMessage )
    | ( RestOrder )
    | ( RestProduct )
    | ( ViewerModel )
  ;
}>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AddToCartInput: AddToCartInput;
  AddToCartPayload: ResolverTypeWrapper<Omit<AddToCartPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Cart: ResolverTypeWrapper<RestCart>;
  CartItem: ResolverTypeWrapper<RestCartItem>;
  ChangePasswordInput: ChangePasswordInput;
  ChangePasswordPayload: ResolverTypeWrapper<Omit<ChangePasswordPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  ChatRoom: ResolverTypeWrapper<RestChatRoom>;
  ChatRoomConnection: ResolverTypeWrapper<Omit<ChatRoomConnection, 'edges'> & { edges: Array<ResolversTypes['ChatRoomEdge']> }>;
  ChatRoomEdge: ResolverTypeWrapper<Omit<ChatRoomEdge, 'node'> & { node: ResolversTypes['ChatRoom'] }>;
  ChatUser: ResolverTypeWrapper<RestChatUser>;
  CheckoutInput: CheckoutInput;
  CheckoutPayload: ResolverTypeWrapper<Omit<CheckoutPayload, 'cart' | 'order'> & { cart?: Maybe<ResolversTypes['Cart']>, order?: Maybe<ResolversTypes['Order']> }>;
  ClearCartInput: ClearCartInput;
  ClearCartPayload: ResolverTypeWrapper<Omit<ClearCartPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  CreateChatRoomInput: CreateChatRoomInput;
  CreateChatRoomPayload: ResolverTypeWrapper<Omit<CreateChatRoomPayload, 'room'> & { room?: Maybe<ResolversTypes['ChatRoom']> }>;
  CreateProductInput: CreateProductInput;
  CreateProductPayload: ResolverTypeWrapper<Omit<CreateProductPayload, 'product'> & { product?: Maybe<ResolversTypes['Product']> }>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DeleteAccountInput: DeleteAccountInput;
  DeleteAccountPayload: ResolverTypeWrapper<DeleteAccountPayload>;
  DeleteProductInput: DeleteProductInput;
  DeleteProductPayload: ResolverTypeWrapper<Omit<DeleteProductPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  LoginInput: LoginInput;
  LoginPayload: ResolverTypeWrapper<Omit<LoginPayload, 'viewer'> & { viewer?: Maybe<ResolversTypes['User']> }>;
  MarkRoomReadInput: MarkRoomReadInput;
  MarkRoomReadPayload: ResolverTypeWrapper<Omit<MarkRoomReadPayload, 'room' | 'viewer'> & { room?: Maybe<ResolversTypes['ChatRoom']>, viewer?: Maybe<ResolversTypes['User']> }>;
  Message: ResolverTypeWrapper<RestMessage>;
  MessageConnection: ResolverTypeWrapper<Omit<MessageConnection, 'edges'> & { edges: Array<ResolversTypes['MessageEdge']> }>;
  MessageEdge: ResolverTypeWrapper<Omit<MessageEdge, 'node'> & { node: ResolversTypes['Message'] }>;
  Money: ResolverTypeWrapper<Money>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  Order: ResolverTypeWrapper<RestOrder>;
  OrderConnection: ResolverTypeWrapper<Omit<OrderConnection, 'edges'> & { edges: Array<ResolversTypes['OrderEdge']> }>;
  OrderEdge: ResolverTypeWrapper<Omit<OrderEdge, 'node'> & { node: ResolversTypes['Order'] }>;
  OrderEvent: ResolverTypeWrapper<RestOrderEvent>;
  OrderItem: ResolverTypeWrapper<RestOrderItem>;
  OrderStatus: OrderStatus;
  OrderStatusCount: ResolverTypeWrapper<OrderStatusCount>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Preferences: ResolverTypeWrapper<RestPreferences>;
  PreferencesInput: PreferencesInput;
  Product: ResolverTypeWrapper<RestProduct>;
  ProductConnection: ResolverTypeWrapper<Omit<ProductConnection, 'edges'> & { edges: Array<ResolversTypes['ProductEdge']> }>;
  ProductEdge: ResolverTypeWrapper<Omit<ProductEdge, 'node'> & { node: ResolversTypes['Product'] }>;
  ProductFilter: ProductFilter;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RegisterInput: RegisterInput;
  RegisterPayload: ResolverTypeWrapper<RegisterPayload>;
  RemoveCartItemInput: RemoveCartItemInput;
  RemoveCartItemPayload: ResolverTypeWrapper<Omit<RemoveCartItemPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: ResolverTypeWrapper<Omit<SendMessagePayload, 'message'> & { message?: Maybe<ResolversTypes['Message']> }>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  UpdateCartItemInput: UpdateCartItemInput;
  UpdateCartItemPayload: ResolverTypeWrapper<Omit<UpdateCartItemPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  UpdateOrderStatusInput: UpdateOrderStatusInput;
  UpdateOrderStatusPayload: ResolverTypeWrapper<Omit<UpdateOrderStatusPayload, 'order'> & { order?: Maybe<ResolversTypes['Order']> }>;
  UpdateProductInput: UpdateProductInput;
  UpdateProductPayload: ResolverTypeWrapper<Omit<UpdateProductPayload, 'product'> & { product?: Maybe<ResolversTypes['Product']> }>;
  UpdateProfileInput: UpdateProfileInput;
  UpdateProfilePayload: ResolverTypeWrapper<Omit<UpdateProfilePayload, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  User: ResolverTypeWrapper<ViewerModel>;
  UserError: ResolverTypeWrapper<UserError>;
  UserErrorCode: UserErrorCode;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AddToCartInput: AddToCartInput;
  AddToCartPayload: Omit<AddToCartPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  Boolean: Scalars['Boolean']['output'];
  Cart: RestCart;
  CartItem: RestCartItem;
  ChangePasswordInput: ChangePasswordInput;
  ChangePasswordPayload: Omit<ChangePasswordPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  ChatRoom: RestChatRoom;
  ChatRoomConnection: Omit<ChatRoomConnection, 'edges'> & { edges: Array<ResolversParentTypes['ChatRoomEdge']> };
  ChatRoomEdge: Omit<ChatRoomEdge, 'node'> & { node: ResolversParentTypes['ChatRoom'] };
  ChatUser: RestChatUser;
  CheckoutInput: CheckoutInput;
  CheckoutPayload: Omit<CheckoutPayload, 'cart' | 'order'> & { cart?: Maybe<ResolversParentTypes['Cart']>, order?: Maybe<ResolversParentTypes['Order']> };
  ClearCartInput: ClearCartInput;
  ClearCartPayload: Omit<ClearCartPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  CreateChatRoomInput: CreateChatRoomInput;
  CreateChatRoomPayload: Omit<CreateChatRoomPayload, 'room'> & { room?: Maybe<ResolversParentTypes['ChatRoom']> };
  CreateProductInput: CreateProductInput;
  CreateProductPayload: Omit<CreateProductPayload, 'product'> & { product?: Maybe<ResolversParentTypes['Product']> };
  DateTime: Scalars['DateTime']['output'];
  DeleteAccountInput: DeleteAccountInput;
  DeleteAccountPayload: DeleteAccountPayload;
  DeleteProductInput: DeleteProductInput;
  DeleteProductPayload: Omit<DeleteProductPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  Float: Scalars['Float']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  LoginInput: LoginInput;
  LoginPayload: Omit<LoginPayload, 'viewer'> & { viewer?: Maybe<ResolversParentTypes['User']> };
  MarkRoomReadInput: MarkRoomReadInput;
  MarkRoomReadPayload: Omit<MarkRoomReadPayload, 'room' | 'viewer'> & { room?: Maybe<ResolversParentTypes['ChatRoom']>, viewer?: Maybe<ResolversParentTypes['User']> };
  Message: RestMessage;
  MessageConnection: Omit<MessageConnection, 'edges'> & { edges: Array<ResolversParentTypes['MessageEdge']> };
  MessageEdge: Omit<MessageEdge, 'node'> & { node: ResolversParentTypes['Message'] };
  Money: Money;
  Mutation: Record<PropertyKey, never>;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  Order: RestOrder;
  OrderConnection: Omit<OrderConnection, 'edges'> & { edges: Array<ResolversParentTypes['OrderEdge']> };
  OrderEdge: Omit<OrderEdge, 'node'> & { node: ResolversParentTypes['Order'] };
  OrderEvent: RestOrderEvent;
  OrderItem: RestOrderItem;
  OrderStatusCount: OrderStatusCount;
  PageInfo: PageInfo;
  Preferences: RestPreferences;
  PreferencesInput: PreferencesInput;
  Product: RestProduct;
  ProductConnection: Omit<ProductConnection, 'edges'> & { edges: Array<ResolversParentTypes['ProductEdge']> };
  ProductEdge: Omit<ProductEdge, 'node'> & { node: ResolversParentTypes['Product'] };
  ProductFilter: ProductFilter;
  Query: Record<PropertyKey, never>;
  RegisterInput: RegisterInput;
  RegisterPayload: RegisterPayload;
  RemoveCartItemInput: RemoveCartItemInput;
  RemoveCartItemPayload: Omit<RemoveCartItemPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  SendMessageInput: SendMessageInput;
  SendMessagePayload: Omit<SendMessagePayload, 'message'> & { message?: Maybe<ResolversParentTypes['Message']> };
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  UpdateCartItemInput: UpdateCartItemInput;
  UpdateCartItemPayload: Omit<UpdateCartItemPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  UpdateOrderStatusInput: UpdateOrderStatusInput;
  UpdateOrderStatusPayload: Omit<UpdateOrderStatusPayload, 'order'> & { order?: Maybe<ResolversParentTypes['Order']> };
  UpdateProductInput: UpdateProductInput;
  UpdateProductPayload: Omit<UpdateProductPayload, 'product'> & { product?: Maybe<ResolversParentTypes['Product']> };
  UpdateProfileInput: UpdateProfileInput;
  UpdateProfilePayload: Omit<UpdateProfilePayload, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  User: ViewerModel;
  UserError: UserError;
}>;

export type AddToCartPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AddToCartPayload'] = ResolversParentTypes['AddToCartPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type CartResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Cart'] = ResolversParentTypes['Cart']> = ResolversObject<{
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  itemCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['CartItem']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
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

export type ChangePasswordPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ChangePasswordPayload'] = ResolversParentTypes['ChangePasswordPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
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

export type DeleteAccountPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteAccountPayload'] = ResolversParentTypes['DeleteAccountPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedUserId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type DeleteProductPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteProductPayload'] = ResolversParentTypes['DeleteProductPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deletedProductId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type LoginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LoginPayload'] = ResolversParentTypes['LoginPayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
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
  room?: Resolver<ResolversTypes['ChatRoom'], ParentType, ContextType>;
  senderUsername?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timestamp?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
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
  changePassword?: Resolver<ResolversTypes['ChangePasswordPayload'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'input'>>;
  checkout?: Resolver<ResolversTypes['CheckoutPayload'], ParentType, ContextType, RequireFields<MutationCheckoutArgs, 'input'>>;
  clearCart?: Resolver<ResolversTypes['ClearCartPayload'], ParentType, ContextType, RequireFields<MutationClearCartArgs, 'input'>>;
  createChatRoom?: Resolver<ResolversTypes['CreateChatRoomPayload'], ParentType, ContextType, RequireFields<MutationCreateChatRoomArgs, 'input'>>;
  createProduct?: Resolver<ResolversTypes['CreateProductPayload'], ParentType, ContextType, RequireFields<MutationCreateProductArgs, 'input'>>;
  deleteAccount?: Resolver<ResolversTypes['DeleteAccountPayload'], ParentType, ContextType, RequireFields<MutationDeleteAccountArgs, 'input'>>;
  deleteProduct?: Resolver<ResolversTypes['DeleteProductPayload'], ParentType, ContextType, RequireFields<MutationDeleteProductArgs, 'input'>>;
  login?: Resolver<ResolversTypes['LoginPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'input'>>;
  markRoomRead?: Resolver<ResolversTypes['MarkRoomReadPayload'], ParentType, ContextType, RequireFields<MutationMarkRoomReadArgs, 'input'>>;
  register?: Resolver<ResolversTypes['RegisterPayload'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  removeCartItem?: Resolver<ResolversTypes['RemoveCartItemPayload'], ParentType, ContextType, RequireFields<MutationRemoveCartItemArgs, 'input'>>;
  sendMessage?: Resolver<ResolversTypes['SendMessagePayload'], ParentType, ContextType, RequireFields<MutationSendMessageArgs, 'input'>>;
  updateCartItem?: Resolver<ResolversTypes['UpdateCartItemPayload'], ParentType, ContextType, RequireFields<MutationUpdateCartItemArgs, 'input'>>;
  updateOrderStatus?: Resolver<ResolversTypes['UpdateOrderStatusPayload'], ParentType, ContextType, RequireFields<MutationUpdateOrderStatusArgs, 'input'>>;
  updateProduct?: Resolver<ResolversTypes['UpdateProductPayload'], ParentType, ContextType, RequireFields<MutationUpdateProductArgs, 'input'>>;
  updateProfile?: Resolver<ResolversTypes['UpdateProfilePayload'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
}>;

export type NodeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Cart' | 'ChatRoom' | 'ChatUser' | 'Message' | 'Order' | 'Product' | 'User', ParentType, ContextType>;
}>;

export type OrderResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = ResolversObject<{
  customerUsername?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  history?: Resolver<Maybe<Array<ResolversTypes['OrderEvent']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['OrderItem']>, ParentType, ContextType>;
  number?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  orderDate?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  shippingAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalAmount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
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
  subtotal?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
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

export type PreferencesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Preferences'] = ResolversParentTypes['Preferences']> = ResolversObject<{
  emailNotifications?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  smsNotifications?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ProductResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imageUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  imageUrls?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  inStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ProductConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductConnection'] = ResolversParentTypes['ProductConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ProductEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ProductEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProductEdge'] = ResolversParentTypes['ProductEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Product'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Array<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  orders?: Resolver<Maybe<ResolversTypes['OrderConnection']>, ParentType, ContextType, Partial<QueryOrdersArgs>>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryProductArgs, 'id'>>;
  products?: Resolver<Maybe<ResolversTypes['ProductConnection']>, ParentType, ContextType, Partial<QueryProductsArgs>>;
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

export type SendMessagePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SendMessagePayload'] = ResolversParentTypes['SendMessagePayload']> = ResolversObject<{
  clientMutationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  messageAdded?: SubscriptionResolver<ResolversTypes['Message'], "messageAdded", ParentType, ContextType>;
  orderUpdated?: SubscriptionResolver<ResolversTypes['Order'], "orderUpdated", ParentType, ContextType>;
  productRemoved?: SubscriptionResolver<ResolversTypes['ID'], "productRemoved", ParentType, ContextType, Partial<SubscriptionProductRemovedArgs>>;
  productUpdated?: SubscriptionResolver<ResolversTypes['Product'], "productUpdated", ParentType, ContextType, Partial<SubscriptionProductUpdatedArgs>>;
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

export type UserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cart?: Resolver<ResolversTypes['Cart'], ParentType, ContextType>;
  chatRoomConnection?: Resolver<ResolversTypes['ChatRoomConnection'], ParentType, ContextType, RequireFields<UserChatRoomConnectionArgs, 'unreadOnly'>>;
  chatRooms?: Resolver<Array<ResolversTypes['ChatRoom']>, ParentType, ContextType>;
  chatUsers?: Resolver<Array<ResolversTypes['ChatUser']>, ParentType, ContextType, Partial<UserChatUsersArgs>>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isAdmin?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['OrderConnection'], ParentType, ContextType, Partial<UserOrdersArgs>>;
  phoneNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  preferences?: Resolver<ResolversTypes['Preferences'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  unreadMessageCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserErrorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = ResolversObject<{
  code?: Resolver<ResolversTypes['UserErrorCode'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GatewayContext> = ResolversObject<{
  AddToCartPayload?: AddToCartPayloadResolvers<ContextType>;
  Cart?: CartResolvers<ContextType>;
  CartItem?: CartItemResolvers<ContextType>;
  ChangePasswordPayload?: ChangePasswordPayloadResolvers<ContextType>;
  ChatRoom?: ChatRoomResolvers<ContextType>;
  ChatRoomConnection?: ChatRoomConnectionResolvers<ContextType>;
  ChatRoomEdge?: ChatRoomEdgeResolvers<ContextType>;
  ChatUser?: ChatUserResolvers<ContextType>;
  CheckoutPayload?: CheckoutPayloadResolvers<ContextType>;
  ClearCartPayload?: ClearCartPayloadResolvers<ContextType>;
  CreateChatRoomPayload?: CreateChatRoomPayloadResolvers<ContextType>;
  CreateProductPayload?: CreateProductPayloadResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DeleteAccountPayload?: DeleteAccountPayloadResolvers<ContextType>;
  DeleteProductPayload?: DeleteProductPayloadResolvers<ContextType>;
  LoginPayload?: LoginPayloadResolvers<ContextType>;
  MarkRoomReadPayload?: MarkRoomReadPayloadResolvers<ContextType>;
  Message?: MessageResolvers<ContextType>;
  MessageConnection?: MessageConnectionResolvers<ContextType>;
  MessageEdge?: MessageEdgeResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderConnection?: OrderConnectionResolvers<ContextType>;
  OrderEdge?: OrderEdgeResolvers<ContextType>;
  OrderEvent?: OrderEventResolvers<ContextType>;
  OrderItem?: OrderItemResolvers<ContextType>;
  OrderStatusCount?: OrderStatusCountResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Preferences?: PreferencesResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductConnection?: ProductConnectionResolvers<ContextType>;
  ProductEdge?: ProductEdgeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RegisterPayload?: RegisterPayloadResolvers<ContextType>;
  RemoveCartItemPayload?: RemoveCartItemPayloadResolvers<ContextType>;
  SendMessagePayload?: SendMessagePayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  UpdateCartItemPayload?: UpdateCartItemPayloadResolvers<ContextType>;
  UpdateOrderStatusPayload?: UpdateOrderStatusPayloadResolvers<ContextType>;
  UpdateProductPayload?: UpdateProductPayloadResolvers<ContextType>;
  UpdateProfilePayload?: UpdateProfilePayloadResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
}>;

