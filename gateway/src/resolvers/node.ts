// Relay's node(id): every Node type found by its global id; null for what does not exist or is not the viewer's.
import type { GraphQLResolveInfo } from 'graphql';
import type { NodeResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { type NodeType, fromGlobalId, numericIdOf } from '../global-id.js';
import { VIEWER } from '../resolver-parents.js';
import { PRODUCT_CATEGORIES } from '../rest/categories-api.js';
import { cartGlobalId } from './cart.js';
import { startMessagesEarly } from './chat.js';
import { chatUserGlobalId, userGlobalId } from './user.js';

// The objects node() answers are plain REST answers; this remembers which type each one is.
const typeOfNode = new WeakMap<object, NodeType>();

function tagged<T extends object>(value: T | null | undefined, type: NodeType): T | null {
  if (!value) return null;
  typeOfNode.set(value, type);
  return value;
}

async function findMessage(context: GatewayContext, localId: string) {
  const match = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,15})$/.exec(localId);
  if (!match) return null;
  return context.loaders.messageByKey.load(`${match[1]}.${match[2]}`);
}

export async function resolveNode(
  globalId: string,
  context: GatewayContext,
  info: GraphQLResolveInfo,
): Promise<object | null> {
  const decoded = fromGlobalId(globalId);
  if (!decoded) return null;
  switch (decoded.type) {
    case 'Product': {
      const id = numericIdOf(globalId, 'Product');
      return id === undefined ? null : tagged(await context.loaders.productById.load(id), 'Product');
    }
    case 'Order': {
      const id = numericIdOf(globalId, 'Order');
      return id === undefined ? null : tagged(await context.loaders.orderById.load(id), 'Order');
    }
    case 'ChatRoom': {
      const id = numericIdOf(globalId, 'ChatRoom');
      if (id === undefined) return null;
      startMessagesEarly(id, context, info);
      return tagged(await context.loaders.roomById(id), 'ChatRoom');
    }
    case 'Category': {
      const id = numericIdOf(globalId, 'Category');
      if (id === undefined) return null;
      // None where the shop keeps no categories (the plain contract).
      if (!(await context.api.products.offers(PRODUCT_CATEGORIES))) return null;
      const found = (await context.loaders.categories.get()).find((category) => category.id === id);
      return tagged(found ? { ...found } : null, 'Category');
    }
    case 'Message':
      return tagged(await findMessage(context, decoded.localId), 'Message');
    case 'Cart': {
      const cart = await context.loaders.cart.get();
      return cartGlobalId(cart) === globalId ? tagged(cart, 'Cart') : null;
    }
    case 'User': {
      const profile = await context.loaders.profile.get();
      return userGlobalId(profile) === globalId ? tagged({ ...VIEWER }, 'User') : null;
    }
    case 'Address': {
      const id = numericIdOf(globalId, 'Address');
      // The viewer's own only; none where the shop keeps no address books (the plain contract).
      if (id === undefined || !(await context.api.users.keepsAddresses())) return null;
      return tagged(
        (await context.api.users.addresses()).find((address) => address.id === id),
        'Address',
      );
    }
    case 'ShippingMethod': {
      const id = numericIdOf(globalId, 'ShippingMethod');
      // One the viewer may see: an offered one, or for an admin any (none over the plain contract).
      if (id === undefined) return null;
      return tagged(
        (await context.api.shipping.list()).find((method) => method.id === id),
        'ShippingMethod',
      );
    }
    case 'TaxRate': {
      const id = numericIdOf(globalId, 'TaxRate');
      if (id === undefined) return null;
      return tagged(
        (await context.api.tax.rates()).find((rate) => rate.id === id),
        'TaxRate',
      );
    }
    case 'ReportedMessage': {
      // For moderators; anyone else finds none (the REST service refuses them), as where there are no reports.
      const id = numericIdOf(globalId, 'ReportedMessage');
      if (id === undefined) return null;
      return tagged(await context.api.chatReports.one(id), 'ReportedMessage');
    }
    case 'ChatUser': {
      const users = await context.loaders.chatUsers.get();
      return tagged(
        users.find((user) => chatUserGlobalId(user) === globalId),
        'ChatUser',
      );
    }
  }
}

export const Node: NodeResolvers = {
  __resolveType: (value) => typeOfNode.get(value) ?? null,
};
