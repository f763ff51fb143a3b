// Mutations of the chat: start a room, send (published to messageAdded), mark read.
import { sameUsername } from '../../../../shop-rules/account-rules.js';
import { checkMessageContent } from '../../../../shop-rules/order-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputCheck, InputProblem } from '../../errors.js';
import { fromGlobalId, numericIdOf } from '../../global-id.js';
import type { GatewayContext } from '../../context.js';
import type { RestQueuedReport } from '../../rest/contract.js';
import { checkReport, checkSuspensionHours } from '../../../../shop-rules/chat-report-rules.js';
import { isRuleViolation } from '../../../../shop-rules/rule-violation.js';
import { VIEWER } from '../../resolver-parents.js';
import { userAudience } from '../../pubsub.js';
import { viewerUsername } from '../viewer.js';
import { withUserErrors } from './user-errors.js';

function roomIdOf(globalId: string): number {
  const id = numericIdOf(globalId, 'ChatRoom');
  if (id === undefined) throw new InputProblem('Chat room not found', 'roomId', 'NOT_FOUND');
  return id;
}

/** The numeric id of a message's global id (`Message:room.message`). */
function messageIdOf(globalId: string): number {
  const decoded = fromGlobalId(globalId);
  const match = decoded?.type === 'Message' ? /^[1-9][0-9]{0,15}\.([1-9][0-9]{0,15})$/.exec(decoded.localId) : null;
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw new InputProblem('Message not found', 'messageId', 'NOT_FOUND');
  return id;
}

/**
 * Tells both people of a room that a moderator removed one of its messages: the same message, removed and without
 * its text; the reporter's with their report as decided. Never fails the decision (it is written): said in the log.
 */
async function publishRemoval(context: GatewayContext, decided: RestQueuedReport): Promise<void> {
  try {
    const removed = { ...decided.message, content: '', removed: true, report: null };
    const participantUsernames = decided.participants.map((participant) => participant.username);
    const participantIds = decided.participants.map((participant) => participant.id);
    await Promise.all(
      decided.participants.flatMap((participant) => {
        // A deleted account has no channel.
        if (participant.id === null) return [];
        const reporter = sameUsername(participant.username, decided.reporterUsername);
        const message = reporter
          ? { ...removed, report: { id: decided.id, reason: decided.reason, status: decided.status } }
          : removed;
        return [
          context.pubsub.publish(
            'MESSAGE_REMOVED',
            { message, participantUsernames, participantIds },
            userAudience(participant),
          ),
        ];
      }),
    );
  } catch (error) {
    context.log.error({ err: error, messageId: decided.messageId }, 'could not publish messageRemoved');
  }
}

export const chatMutations: Pick<
  MutationResolvers,
  | 'createChatRoom'
  | 'sendMessage'
  | 'markRoomRead'
  | 'blockUser'
  | 'unblockUser'
  | 'reportMessage'
  | 'decideChatReport'
  | 'liftChatSuspension'
> = {
  reportMessage: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['messageId', 'reason', 'note'] }, async () => {
      const messageId = messageIdOf(input.messageId);
      const checked = checkReport(input);
      if (isRuleViolation(checked)) throw new InputProblem(checked.message, checked.field ?? 'note');
      const { message, ...report } = await context.api.chatReports.report(messageId, checked);
      return { message, report };
    }),

  liftChatSuspension: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username'] }, async () => {
      const username = input.username.trim();
      if (!username) throw new InputProblem('Say whose suspension to lift', 'username');
      await context.api.chatReports.liftSuspension(username);
      return { liftedUsername: username };
    }),

  decideChatReport: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['reportId', 'decision', 'hours'] }, async () => {
      const reportId = numericIdOf(input.reportId, 'ReportedMessage');
      if (reportId === undefined) throw new InputProblem('Report not found', 'reportId', 'NOT_FOUND');
      const problem = checkSuspensionHours(input.decision, input.hours);
      if (problem) throw new InputProblem(problem.message, problem.field ?? 'hours');
      const decided = await context.api.chatReports.decide(reportId, input.decision, input.hours);
      if (decided.status !== 'DISMISSED') await publishRemoval(context, decided);
      return { report: decided };
    }),

  blockUser: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username'] }, async () => {
      const username = input.username.trim();
      if (!username) throw new InputProblem('Choose someone to block', 'username');
      const blockedUser = await context.api.chatBlocks.block(username);
      // Their room left the viewer's list, and its unread messages the viewer's count.
      context.loaders.roomsChanged();
      return { blockedUser, viewer: VIEWER };
    }),

  unblockUser: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username'] }, async () => {
      const username = input.username.trim();
      if (!username) throw new InputProblem('Choose someone to unblock', 'username');
      await context.api.chatBlocks.unblock(username);
      context.loaders.roomsChanged();
      return { unblockedUsername: username, viewer: VIEWER };
    }),

  createChatRoom: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['participantUsername'] }, async () => {
      const username = input.participantUsername.trim();
      if (!username) throw new InputProblem('Choose someone to chat with', 'participantUsername');
      const room = await context.api.chat.createRoom(username);
      context.loaders.roomsChanged();
      return { room: (await context.loaders.roomById(room.id)) ?? room };
    }),

  sendMessage: (_root, { input }, context) =>
    withUserErrors(
      input,
      {
        fields: ['roomId', 'content'],
        restFields: { receiver: 'roomId' },
      },
      async () => {
        const check = new InputCheck();
        const roomId = check.attempt(() => roomIdOf(input.roomId))!;
        const content = check.value(checkMessageContent(input.content))!;
        check.done();
        const [room, me] = await Promise.all([context.loaders.roomById(roomId), viewerUsername(context)]);
        if (!room) throw new InputProblem('Chat room not found', 'roomId', 'NOT_FOUND');
        // The contract sends to a receiver by username: the participant who is not the viewer (spec §5).
        const participants = room.participantUsernames ?? [room.roomName, me];
        const receiver = participants.find((name) => !sameUsername(name, me));
        if (!receiver) throw new InputProblem('There is nobody else in this chat', 'roomId');
        const message = await context.api.chat.send(receiver, content);
        // The room's lastMessage changed: what the payload shows of it is read afresh.
        context.loaders.roomsChanged();
        try {
          const participantIds =
            room.participantUsernames && room.participantIds?.length === participants.length
              ? room.participantIds
              : undefined;
          const event = {
            message,
            participantUsernames: participants,
            participantIds,
            room: {
              id: room.id,
              participantUsernames: participants,
              lastMessage: message.content,
              lastMessageTime: message.timestamp,
              createdAt: room.createdAt,
            },
          };
          // To each participant's own channel (the sender's too: their other tabs); a deleted account has none.
          const audiences = participants.flatMap((username, index) => {
            if (!participantIds) return [userAudience({ username })];
            const id = participantIds[index];
            return id == null ? [] : [userAudience({ id, username })];
          });
          await Promise.all(audiences.map((audience) => context.pubsub.publish('MESSAGE_ADDED', event, audience)));
        } catch (error) {
          context.log.error({ err: error, messageId: message.id }, 'could not publish messageAdded');
        }
        return { message };
      },
    ),

  markRoomRead: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['roomId'] }, async () => {
      const roomId = roomIdOf(input.roomId);
      await context.api.chat.markRead(roomId);
      context.loaders.roomsChanged();
      context.loaders.unreadCountByRoomId.clear(roomId);
      const room = await context.loaders.roomById(roomId);
      // The viewer's unread total dropped with the room's: the payload answers it afresh.
      return { room: room ?? null, viewer: VIEWER };
    }),
};
