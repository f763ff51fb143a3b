// User (the viewer, fetched lazily, with their orders and chat rooms a page at a time), Preferences and ChatUser.
import type {
  ChatUserResolvers,
  PreferencesResolvers,
  StaffMemberResolvers,
  UserResolvers,
} from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { roomCursor, roomPlaceFromCursor, toGlobalId } from '../global-id.js';
import type { RestChatUser, RestUser } from '../rest/contract.js';
import { END, type RoomPlace, countRooms, loadRoomPage, roomPlaceOf } from '../rest/plain-contract/room-pages.js';
import { unreadMessageCount } from '../rest/plain-contract/unread-counts.js';
import { DEFAULT_PAGE_SIZE } from '../page-size.js';
import { badArgument, offsetConnection, offsetWindow, pageSize, pagesBackward } from './connections.js';
import { requestedFields } from './requested-fields.js';
import { permissionsOfProfile } from '../permissions.js';
import { MAX_RECENT_ADDRESSES, RECENT_ORDERS_READ, distinctAddresses } from '../../../shop-rules/order-rules.js';

export const userGlobalId = (profile: RestUser) => toGlobalId('User', profile.id ?? profile.username);
export const chatUserGlobalId = (user: RestChatUser) => toGlobalId('ChatUser', user.id ?? user.username);

const rolesOf = (roles: string[] | null | undefined) => (roles?.length ? roles : ['USER']);

const profile = (context: GatewayContext) => context.loaders.profile.get();

export const User: UserResolvers = {
  id: async (_viewer, _args, context) => userGlobalId(await profile(context)),
  username: async (_viewer, _args, context) => (await profile(context)).username,
  roles: async (_viewer, _args, context) => rolesOf((await profile(context)).roles),
  // An owner whose permissions the shop withholds (a second factor it requires is off) acts as a shopper until then.
  isAdmin: async (_viewer, _args, context) => {
    const viewer = await profile(context);
    return rolesOf(viewer.roles).includes('ADMIN') && permissionsOfProfile(viewer).length > 0;
  },
  permissions: async (_viewer, _args, context) => permissionsOfProfile(await profile(context)),
  permissionsAwaitTwoFactor: async (_viewer, _args, context) =>
    (await profile(context)).permissionsAwaitTwoFactor ?? false,
  twoFactor: (_viewer, _args, context) => context.api.twoFactor.status(),
  blockedUsers: (_viewer, _args, context) => context.api.chatBlocks.list(),
  // The REST service answers a suspension only while it lasts (and the plain contract none).
  chatSuspendedUntil: async (_viewer, _args, context) => (await profile(context)).chatSuspendedUntil ?? null,
  email: async (_viewer, _args, context) => (await profile(context)).email ?? null,
  // The plain contract says nothing of it: null, not a guess.
  emailVerified: async (_viewer, _args, context) => {
    const { email, emailVerified } = await profile(context);
    return typeof emailVerified === 'boolean' ? emailVerified && !!email : null;
  },
  firstName: async (_viewer, _args, context) => (await profile(context)).firstName ?? null,
  lastName: async (_viewer, _args, context) => (await profile(context)).lastName ?? null,
  phoneNumber: async (_viewer, _args, context) => (await profile(context)).phoneNumber ?? null,
  address: async (_viewer, _args, context) => (await profile(context)).address ?? null,
  createdAt: async (_viewer, _args, context) => (await profile(context)).createdAt ?? null,
  preferences: async (_viewer, _args, context) => (await profile(context)).preferences ?? {},
  cart: (_viewer, _args, context) => context.loaders.cart.get(),
  addresses: (_viewer, _args, context) => context.api.users.addresses(),
  recentShippingAddresses: async (_viewer, { first }, context) => {
    const count = first ?? 3;
    if (!Number.isInteger(count) || count < 1 || count > MAX_RECENT_ADDRESSES)
      throw badArgument(`first must be between 1 and ${MAX_RECENT_ADDRESSES}`);
    // One page of the latest orders (the whole list where the contract does not page it).
    const { items } = await context.api.orders.window({ offset: 0, limit: RECENT_ORDERS_READ });
    return distinctAddresses(items.map((order) => order.shippingAddress)).slice(0, count);
  },
  orders: async (_viewer, paging, context) => {
    const window = await offsetWindow(
      paging,
      async () => (await context.api.orders.window({ offset: 0, limit: 1 })).totalCount,
    );
    const slice = await context.api.orders.window(window);
    context.loaders.primeOrders(slice.items);
    return offsetConnection(slice, window);
  },
  // Unbounded, for clients of the plain contract's list; screens page with chatRoomConnection.
  chatRooms: (_viewer, _args, context) => context.loaders.rooms.get(),
  chatRoomConnection: async (_viewer, args, context, info) => {
    const { first, after, last, before } = args;
    const unreadOnly = args.unreadOnly ?? false;
    const backward = pagesBackward(args);
    const size = backward ? pageSize('last', last, DEFAULT_PAGE_SIZE) : pageSize('first', first, DEFAULT_PAGE_SIZE);
    const placeOf = (argument: 'after' | 'before', cursor: string | null | undefined): RoomPlace | undefined => {
      if (cursor == null) return undefined;
      const place = roomPlaceFromCursor(cursor);
      if (!place) throw badArgument(`${argument} is not a cursor of this list`);
      return place;
    };
    const afterPlace = placeOf('after', after);
    const beforePlace = placeOf('before', before);
    const page = await loadRoomPage(context.api, context.loaders, {
      size,
      after: afterPlace,
      before: backward ? (beforePlace ?? END) : undefined,
      unreadOnly,
    });
    // The page's rooms answer roomById in this request (a message's room, a mutation's payload) without the whole list.
    for (const room of page.rooms) context.loaders.primeRoom(room);
    const totalCount =
      page.totalCount ??
      (requestedFields(info).has('totalCount') ? await countRooms(context.api, context.loaders, unreadOnly) : 0);
    const edges = page.rooms.map((node) => ({ cursor: roomCursor(roomPlaceOf(node)), node }));
    return {
      edges,
      totalCount,
      pageInfo: {
        // Read back from a place, its room (at least) lies after the page; read on from one, it lies before.
        hasNextPage: backward ? beforePlace !== undefined : page.hasMore,
        hasPreviousPage: backward ? page.hasMore : afterPlace !== undefined,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  },
  // One call where the contract counts every room's unread messages (extension); else every room and its count.
  unreadMessageCount: (_viewer, _args, context) => unreadMessageCount(context.api, context.loaders),
  chatUsers: async (_viewer, { search }, context) => {
    const users = await context.loaders.chatUsers.get();
    const needle = search?.trim().toLowerCase();
    const matching = needle
      ? users.filter((user) =>
          [user.username, user.firstName, user.lastName, `${user.firstName ?? ''} ${user.lastName ?? ''}`].some(
            (text) => text?.toLowerCase().includes(needle),
          ),
        )
      : users;
    return [...matching].sort((a, b) => a.username.localeCompare(b.username));
  },
};

// Defaults of spec §9 where an implementation leaves a preference out.
export const Preferences: PreferencesResolvers = {
  emailNotifications: (preferences) => preferences.emailNotifications ?? true,
  smsNotifications: (preferences) => preferences.smsNotifications ?? false,
  language: (preferences) => preferences.language ?? 'en',
  timezone: (preferences) => preferences.timezone ?? 'UTC',
};

export const ChatUser: ChatUserResolvers = {
  id: chatUserGlobalId,
  roles: (user) => rolesOf(user.roles),
  isAdmin: (user) => rolesOf(user.roles).includes('ADMIN'),
  firstName: (user) => user.firstName ?? null,
  lastName: (user) => user.lastName ?? null,
};

export const StaffMember: StaffMemberResolvers = {
  id: (member) => toGlobalId('User', member.id),
  twoFactorEnabled: (member) => member.twoFactorEnabled === true,
};
