// Reporting and moderation through the gateway (extension chat-reports): `reportMessage` (the message answered with its
// `viewerReport`; refusals as userErrors), the moderators' `chatReports` with the message quoted in its context, and
// `decideChatReport`: a removal reaches both people's sockets at once through `messageRemoved` (the reporter's with
// their report as decided), a suspension shows as `viewer.chatSuspendedUntil` and refuses `sendMessage`. A shopper's
// `chatReports` is FORBIDDEN on that field alone. Against the plain contract there is no reporting: NOT_SUPPORTED, and
// every message is not removed and unreported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, ask } from '../../tests/helpers/socket-feed.js';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let admin: string;
let counter = 0;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const USER_ERRORS = 'userErrors { message field code } clientMutationId';

async function mutate(name: string, input: Record<string, unknown>, selection: string, token: string): Promise<any> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  const answer = await shop.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

/** Two people in a room, and a message from the second to the first. */
async function conversation(content: string) {
  const anna = `anna-r-${++counter}`;
  const sam = `sam-r-${counter}`;
  const annaToken = await shop.user(anna);
  const samToken = await shop.user(sam);
  const { room } = await mutate('createChatRoom', { participantUsername: anna }, 'room { id }', samToken);
  const { message } = await mutate('sendMessage', { roomId: room.id, content }, 'message { id }', samToken);
  return { anna, sam, annaToken, samToken, roomId: room.id as string, messageId: message.id as string };
}

const QUEUE = `query ($status: ChatReportStatus) {
  chatReports(status: $status, first: 100) {
    totalCount
    edges { node { id reason note status reporterUsername decidedBy decidedAt senderSuspendedUntil
      message { messageId senderUsername content removed reported }
      context { content reported } } }
  }
}`;

describe.runIf(restExtensions)('reporting and moderating', () => {
  let moderator: string;
  beforeAll(async () => {
    const name = `moderator-r-${++counter}`;
    moderator = await shop.user(name);
    const given = await shop.graphql(
      'mutation ($input: SetStaffRolesInput!) { setStaffRoles(input: $input) { userErrors { message } } }',
      { input: { username: name, roles: ['SUPPORT'] } },
      admin,
    );
    // Roles are read on every request: the same token moderates now.
    expect(given.data.setStaffRoles.userErrors).toEqual([]);
  });

  /** The open report of a message, found in the moderators' queue. */
  async function reportIdOf(messageId: string): Promise<string> {
    const queue = await shop.graphql(QUEUE, {}, moderator);
    return queue.data.chatReports.edges.find(
      (edge: { node: { message: { messageId: string } } }) => edge.node.message.messageId === messageId,
    ).node.id;
  }

  it('reports a message, queues it in context, and a removal reaches both sockets at once', async () => {
    const talk = await conversation('You are an idiot');
    const reported = await mutate(
      'reportMessage',
      { messageId: talk.messageId, reason: 'HARASSMENT', note: 'Insults', clientMutationId: 'r1' },
      'message { id content removed viewerReport { reason status } } report { reason status }',
      talk.annaToken,
    );
    expect(reported).toEqual({
      message: {
        id: talk.messageId,
        content: 'You are an idiot',
        removed: false,
        viewerReport: { reason: 'HARASSMENT', status: 'OPEN' },
      },
      report: { reason: 'HARASSMENT', status: 'OPEN' },
      userErrors: [],
      clientMutationId: 'r1',
    });

    const queue = await shop.graphql(QUEUE, {}, moderator);
    expect(queue.errors).toBeUndefined();
    const entry = queue.data.chatReports.edges
      .map((edge: { node: { message: { messageId: string } } }) => edge.node)
      .find((node: { message: { messageId: string } }) => node.message.messageId === talk.messageId);
    const reportId = entry.id as string;
    expect(entry).toEqual({
      id: expect.any(String),
      reason: 'HARASSMENT',
      note: 'Insults',
      status: 'OPEN',
      reporterUsername: talk.anna,
      decidedBy: null,
      decidedAt: null,
      senderSuspendedUntil: null,
      message: {
        messageId: talk.messageId,
        senderUsername: talk.sam,
        content: 'You are an idiot',
        removed: false,
        reported: true,
      },
      context: [{ content: 'You are an idiot', reported: true }],
    });

    // node(id) finds it for moderators alone.
    const NODE = 'query ($id: ID!) { node(id: $id) { ... on ReportedMessage { id status reporterUsername } } }';
    expect((await shop.graphql(NODE, { id: reportId }, moderator)).data.node).toEqual({
      id: reportId,
      status: 'OPEN',
      reporterUsername: talk.anna,
    });
    const asReporter = await shop.graphql(NODE, { id: reportId }, talk.annaToken);
    expect(asReporter).toMatchObject({ data: { node: null } });
    expect(asReporter.errors).toBeUndefined();

    // Both people's sockets listen; the sender's hears the removal without a report, the reporter's with hers.
    const FEED = `subscription { messageRemoved { id content removed viewerReport { status } room { id lastMessage } } }`;
    const sockets = [shop.gateway.socket(talk.annaToken), shop.gateway.socket(talk.samToken)];
    try {
      const [annaFeed, samFeed] = sockets.map((socket) => listen(socket, FEED));
      await Promise.all(sockets.map((socket) => ask(socket, '{ viewer { username } }')));
      const decided = await mutate(
        'decideChatReport',
        { reportId: reportId, decision: 'REMOVE_MESSAGE' },
        'report { status decidedBy message { content removed } }',
        moderator,
      );
      expect(decided.report).toEqual({
        status: 'MESSAGE_REMOVED',
        decidedBy: expect.stringMatching(/^moderator-r-/),
        message: { content: 'You are an idiot', removed: true },
      });
      const room = { id: talk.roomId, lastMessage: 'This message was removed by a moderator.' };
      expect((await annaFeed!.next()).data.messageRemoved).toEqual({
        id: talk.messageId,
        content: '',
        removed: true,
        viewerReport: { status: 'MESSAGE_REMOVED' },
        room,
      });
      expect((await samFeed!.next()).data.messageRemoved).toEqual({
        id: talk.messageId,
        content: '',
        removed: true,
        viewerReport: null,
        room,
      });
    } finally {
      for (const socket of sockets) await socket.dispose();
    }
    // Read afresh, the message is removed for both.
    const history = await shop.graphql(
      `query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(last: 5) { edges { node { content removed viewerReport { status } } } } } } }`,
      { id: talk.roomId },
      talk.annaToken,
    );
    expect(history.data.node.messages.edges).toEqual([
      { node: { content: '', removed: true, viewerReport: { status: 'MESSAGE_REMOVED' } } },
    ]);
  });

  it('suspends the sender: the viewer says until when, and sending is FORBIDDEN', async () => {
    const talk = await conversation('Threat');
    await mutate(
      'reportMessage',
      { messageId: talk.messageId, reason: 'HARASSMENT' },
      'report { status }',
      talk.annaToken,
    );
    const report = { id: await reportIdOf(talk.messageId) };
    expect(
      (
        await mutate(
          'decideChatReport',
          { reportId: report.id, decision: 'SUSPEND_SENDER' },
          'report { id }',
          moderator,
        )
      ).userErrors,
    ).toEqual([{ message: 'Say for how long to suspend the sender’s chat', field: 'hours', code: 'INVALID_INPUT' }]);
    const decided = await mutate(
      'decideChatReport',
      { reportId: report.id, decision: 'SUSPEND_SENDER', hours: 48 },
      'report { status senderSuspendedUntil }',
      moderator,
    );
    expect(decided.report.status).toBe('SENDER_SUSPENDED');
    const until = decided.report.senderSuspendedUntil as string;
    expect(
      (await shop.graphql('{ viewer { chatSuspendedUntil } }', {}, talk.samToken)).data.viewer.chatSuspendedUntil,
    ).toBe(until);
    expect(
      (await shop.graphql('{ viewer { chatSuspendedUntil } }', {}, talk.annaToken)).data.viewer.chatSuspendedUntil,
    ).toBeNull();
    const refused = await mutate(
      'sendMessage',
      { roomId: talk.roomId, content: 'Hi' },
      'message { id }',
      talk.samToken,
    );
    expect(refused.userErrors).toEqual([
      {
        message: `A moderator suspended your chat until ${until.slice(0, 16).replace('T', ' ')} UTC: you can read your messages, not send any`,
        field: null,
        code: 'FORBIDDEN',
      },
    ]);
    // Lifted before its time, he sends again; lifting it again is a CONFLICT.
    const lifted = await mutate('liftChatSuspension', { username: talk.sam }, 'liftedUsername', moderator);
    expect(lifted).toEqual({ liftedUsername: talk.sam, userErrors: [], clientMutationId: null });
    expect(
      (await shop.graphql('{ viewer { chatSuspendedUntil } }', {}, talk.samToken)).data.viewer.chatSuspendedUntil,
    ).toBeNull();
    expect(
      (await mutate('sendMessage', { roomId: talk.roomId, content: 'Sorry' }, 'message { id }', talk.samToken))
        .userErrors,
    ).toEqual([]);
    expect(
      (await mutate('liftChatSuspension', { username: talk.sam }, 'liftedUsername', moderator)).userErrors,
    ).toEqual([{ message: `${talk.sam}'s chat is not suspended`, field: 'username', code: 'CONFLICT' }]);
    // Decided once.
    expect(
      (await mutate('decideChatReport', { reportId: report.id, decision: 'DISMISS' }, 'report { id }', moderator))
        .userErrors,
    ).toEqual([
      {
        message: 'This report was decided already: a moderator removed the message and suspended the sender’s chat',
        field: null,
        code: 'CONFLICT',
      },
    ]);
  });

  it('refuses bad reports as userErrors, and the queue to a shopper on that field alone', async () => {
    const talk = await conversation('Hello');
    const own = await mutate('sendMessage', { roomId: talk.roomId, content: 'Mine' }, 'message { id }', talk.annaToken);
    const attempt = (input: Record<string, unknown>) =>
      mutate('reportMessage', input, 'report { status }', talk.annaToken);
    expect((await attempt({ messageId: own.message.id, reason: 'SPAM' })).userErrors).toEqual([
      { message: 'You cannot report your own message', field: 'messageId', code: 'INVALID_INPUT' },
    ]);
    expect((await attempt({ messageId: talk.roomId, reason: 'SPAM' })).userErrors).toEqual([
      { message: 'Message not found', field: 'messageId', code: 'NOT_FOUND' },
    ]);
    expect((await attempt({ messageId: talk.messageId, reason: 'OTHER' })).userErrors).toEqual([
      { message: 'Say in a few words what is wrong with it', field: 'note', code: 'INVALID_INPUT' },
    ]);
    expect((await attempt({ messageId: talk.messageId, reason: 'SPAM' })).userErrors).toEqual([]);
    expect((await attempt({ messageId: talk.messageId, reason: 'SPAM' })).userErrors).toEqual([
      { message: 'You reported this message already', field: 'messageId', code: 'CONFLICT' },
    ]);

    const asShopper = await shop.graphql('{ viewer { username } chatReports { totalCount } }', {}, talk.annaToken);
    expect(asShopper.data).toEqual({ viewer: { username: talk.anna }, chatReports: null });
    expect(asShopper.errors).toMatchObject([
      {
        message: 'Only staff who moderate chat can see or decide reports',
        path: ['chatReports'],
        extensions: { code: 'FORBIDDEN' },
      },
    ]);
  });
});

describe.runIf(!restExtensions)('over the plain contract', () => {
  it('takes no reports: NOT_SUPPORTED, and messages are neither removed nor reported', async () => {
    const talk = await conversation('Hello');
    const answer = await shop.graphql(
      'mutation ($id: ID!) { reportMessage(input: { messageId: $id, reason: SPAM }) { report { status } } }',
      { id: talk.messageId },
      talk.annaToken,
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: "The shop's REST service takes no reports of messages (it lacks the chat-reports extension)",
      extensions: { code: 'NOT_SUPPORTED' },
    });
    const history = await shop.graphql(
      `query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(last: 5) { edges { node { removed viewerReport { status } } } } } } }`,
      { id: talk.roomId },
      talk.annaToken,
    );
    expect(history.data.node.messages.edges).toEqual([{ node: { removed: false, viewerReport: null } }]);
    expect(
      (await shop.graphql('{ viewer { chatSuspendedUntil } }', {}, talk.annaToken)).data.viewer.chatSuspendedUntil,
    ).toBeNull();
  });
});
