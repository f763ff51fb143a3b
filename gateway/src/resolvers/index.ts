// The resolver map: one module per type, mutations grouped by domain.
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { Decimal } from '../decimal.js';
import { Cart, CartItem } from './cart.js';
import { Category } from './category.js';
import { ChatReport, ChatRoom, Message, QuotedMessage, ReportedMessage } from './chat.js';
import { accountMutations } from './mutation/account.js';
import { catalogueMutations } from './mutation/catalogue.js';
import { categoryMutations } from './mutation/categories.js';
import { settingsMutations } from './mutation/settings.js';
import { chatMutations } from './mutation/chat.js';
import { shoppingMutations } from './mutation/shopping.js';
import { addressMutations } from './mutation/addresses.js';
import { shippingMutations } from './mutation/shipping.js';
import { ShippingMethod, ShippingOption, ShippingRate } from './shipping.js';
import { taxMutations } from './mutation/tax.js';
import { paymentMutations } from './mutation/payment.js';
import { staffMutations } from './mutation/staff.js';
import { twoFactorMutations } from './mutation/two-factor.js';
import { CartCharges, TaxLine, TaxRate } from './tax.js';
import { Address } from './address.js';
import { Money } from './money.js';
import { Node } from './node.js';
import { NotAddedLine, Order, OrderEvent, OrderItem } from './order.js';
import { Product, ProductEdge } from './product.js';
import { Query } from './query.js';
import { Subscription } from './subscription.js';
import { ChatUser, Preferences, StaffMember, User } from './user.js';

export const resolvers: Resolvers = {
  Decimal,
  Query,
  Mutation: {
    ...accountMutations,
    ...catalogueMutations,
    ...categoryMutations,
    ...settingsMutations,
    ...shoppingMutations,
    ...addressMutations,
    ...shippingMutations,
    ...taxMutations,
    ...paymentMutations,
    ...staffMutations,
    ...twoFactorMutations,
    ...chatMutations,
  },
  Subscription,
  Node,
  Product,
  ProductEdge,
  Category,
  User,
  Preferences,
  ChatUser,
  StaffMember,
  Money,
  Cart,
  CartItem,
  Order,
  OrderItem,
  OrderEvent,
  NotAddedLine,
  Address,
  ShippingMethod,
  ShippingRate,
  ShippingOption,
  TaxRate,
  TaxLine,
  CartCharges,
  ChatRoom,
  Message,
  ChatReport,
  ReportedMessage,
  QuotedMessage,
  DeleteCategoryPayload: {
    // A refused deletion moved nothing.
    movedProducts: (payload) => payload.movedProducts ?? [],
  },
  DeleteProductPayload: {
    // The viewer's cart after the deletion, fetched only when asked for.
    cart: (payload, _args, context) => (payload.cart === undefined ? context.loaders.cart.get() : payload.cart),
  },
};
