// REST calls per screen (DESIGN §8): each screen's own route query, imported from the web app's generated
// documents, sent to a real gateway over a real REST service that counts what it receives. The shop is filled
// so that lists are long: 32 products (24 on the listing's first page), a cart of 3 lines, 3 orders, 50 chat rooms.
import type { DocumentNode } from 'graphql';
import { asTheWebSendsIt } from './web-documents.js';
import {
  CartPageDocument,
  ChatPageDocument,
  ChatRoomMessagesDocument,
  CheckoutPageDocument,
  EditProductDocument,
  OrderSuccessDocument,
  ProfilePageDocument,
  OrderDeskDocument,
  OrdersPageDocument,
  ProductDetailDocument,
  ProductListingDocument,
} from '../web/src/gql/graphql.js';
import { startShop } from '../tests/helpers/shop.js';
import { toGlobalId } from '../gateway/src/global-id.js';

export interface UpstreamCalls {
  listing: number;
  product: number;
  cart: number;
  orders: number;
  chat_sidebar_50_rooms: number;
  chat_room: number;
  checkout: number;
  order_confirmation: number;
  profile: number;
  order_desk: number;
  edit_product: number;
}

// The page sizes the screens ask for (web/src/features/*: PAGE_SIZE, ORDERS_PAGE_SIZE, DESK_PAGE_SIZE).
const LISTING_PAGE = 24;
const ORDERS_PAGE = 10;
const DESK_PAGE = 20;
const ROOMS = 50;
/** The chat sidebar's page, as the web app asks for it (web/src/features/chat). */
const SIDEBAR_PAGE = 20;
/** An opened room's first page of messages (MESSAGES_PAGE_SIZE in web/src/features/chat/message-window.tsx). */
const MESSAGES_PAGE = 30;

export async function countUpstreamCalls(): Promise<UpstreamCalls> {
  const shop = await startShop({ rest: { seedDemo: true } });
  try {
    const shopper = await shop.user('bench-screens');
    const admin = await shop.adminToken();
    for (const productId of [1, 2, 3]) {
      await shop.rest.request('POST', '/api/cart/items', { token: shopper, body: { productId, quantity: 1 } });
      await shop.rest.request('POST', '/api/orders/checkout', {
        token: shopper,
        body: { shippingAddress: '1 Bench Street' },
      });
    }
    for (const productId of [4, 5, 6])
      await shop.rest.request('POST', '/api/cart/items', { token: shopper, body: { productId, quantity: 2 } });
    for (let index = 0; index < ROOMS; index += 1) {
      const other = `bench-partner-${index}`;
      await shop.rest.register(other);
      await shop.rest.request('POST', `/api/chat/rooms/${other}/messages`, {
        token: shopper,
        body: { content: `Hello ${index}` },
      });
    }

    const callsOf = async (document: DocumentNode, variables: Record<string, unknown>, token: string) => {
      shop.resetCalls();
      const answer = await shop.graphql(asTheWebSendsIt(document), variables, token);
      if (answer.errors) throw new Error(`${JSON.stringify(answer.errors)}`);
      return shop.calls.length;
    };
    const roomsAnswer = await shop.rest.request('GET', '/api/chat/rooms', { token: shopper });
    const openedRoomId = toGlobalId('ChatRoom', roomsAnswer.body[0].id);
    const ordersAnswer = await shop.rest.request('GET', '/api/orders', { token: shopper });
    const placedOrderId = toGlobalId('Order', ordersAnswer.body[0].id);
    return {
      listing: await callsOf(ProductListingDocument, { first: LISTING_PAGE }, shopper),
      product: await callsOf(ProductDetailDocument, { id: toGlobalId('Product', 7) }, shopper),
      cart: await callsOf(CartPageDocument, {}, shopper),
      orders: await callsOf(OrdersPageDocument, { first: ORDERS_PAGE }, shopper),
      chat_sidebar_50_rooms: await callsOf(ChatPageDocument, { first: SIDEBAR_PAGE }, shopper),
      // One call: the latest messages carrying their room (messages-room).
      chat_room: await callsOf(ChatRoomMessagesDocument, { roomId: openedRoomId, last: MESSAGES_PAGE }, shopper),
      checkout: await callsOf(CheckoutPageDocument, {}, shopper),
      order_confirmation: await callsOf(OrderSuccessDocument, { id: placedOrderId }, shopper),
      profile: await callsOf(ProfilePageDocument, {}, shopper),
      order_desk: await callsOf(OrderDeskDocument, { first: DESK_PAGE, status: null }, admin),
      edit_product: await callsOf(EditProductDocument, { id: toGlobalId('Product', 7) }, admin),
    };
  } finally {
    await shop.close();
  }
}
