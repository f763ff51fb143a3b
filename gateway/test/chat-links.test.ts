// A new account's links through the gateway (extension chat-links): Message.linksAllowed is false for a message its
// sender sent while their account was younger than CHAT_LINKS_AFTER_HOURS, in the mutation's answer and in the history
// read again. Over the plain contract (restExtensions false) every message's addresses are links, as its client shows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

it('a new account’s message keeps its addresses as plain text (links over the plain contract)', async () => {
  const sender = await shop.user('links-sender');
  await shop.user('links-receiver');
  const sent = await shop.graphql(
    `mutation ($input: SendMessageInput!) {
      sendMessage(input: $input) { message { content linksAllowed room { id } } userErrors { message } }
    }`,
    { input: { roomId: await roomWith(sender, 'links-receiver'), content: 'Deals: https://bargains.example' } },
    sender,
  );
  expect(sent.errors).toBeUndefined();
  expect(sent.data.sendMessage.message).toMatchObject({
    content: 'Deals: https://bargains.example',
    linksAllowed: !restExtensions,
  });
  const history = await shop.graphql(
    `query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(last: 5) { edges { node { linksAllowed } } } } } }`,
    { id: sent.data.sendMessage.message.room.id },
    sender,
  );
  expect(history.errors).toBeUndefined();
  expect(history.data.node.messages.edges).toEqual([{ node: { linksAllowed: !restExtensions } }]);
});

async function roomWith(token: string, username: string): Promise<string> {
  const answer = await shop.graphql(
    'mutation ($name: String!) { createChatRoom(input: { participantUsername: $name }) { room { id } } }',
    { name: username },
    token,
  );
  return answer.data.createChatRoom.room.id;
}
