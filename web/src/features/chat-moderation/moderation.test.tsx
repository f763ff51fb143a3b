import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatReportsDocument, DecideChatReportDocument, LiftChatSuspensionDocument } from '@/gql/graphql';
import { sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const line = (n: number, senderUsername: string, content: string, reported = false, removed = false) => ({
  __typename: 'QuotedMessage' as const,
  messageId: `TWVzc2FnZToxLj${n}`,
  senderUsername,
  content,
  timestamp: `2026-11-22T14:0${n}:00.000Z`,
  removed,
  reported,
});

const report = (status: string, fields: Record<string, unknown> = {}) => ({
  __typename: 'ReportedMessage' as const,
  id: 'Q2hhdFJlcG9ydDox',
  reason: 'HARASSMENT',
  note: 'He insults me',
  status,
  reportedAt: '2026-11-22T14:05:00.000Z',
  reporterUsername: 'anna',
  decidedBy: null,
  decidedAt: null,
  senderSuspendedUntil: null,
  message: { __typename: 'QuotedMessage' as const, messageId: 'TWVzc2FnZToxLjI', senderUsername: 'sam' },
  context: [line(1, 'anna', 'Hello'), line(2, 'sam', 'You idiot', true), line(3, 'anna', 'Excuse me?')],
  ...fields,
});

const page = (status: string, nodes: ReturnType<typeof report>[]) => ({
  request: { query: ChatReportsDocument, variables: { status } },
  result: {
    data: {
      chatReports: {
        __typename: 'ReportedMessageConnection',
        totalCount: nodes.length,
        edges: nodes.map((node) => ({ __typename: 'ReportedMessageEdge', node })),
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  },
});

describe('the reported messages screen', () => {
  it('shows an open report in its context, and a suspension asked first takes it off the list', async () => {
    let sent: unknown;
    const { user } = renderApp({
      path: '/admin/reports',
      mocks: [
        sessionMock({ permissions: ['MODERATE_CHAT', 'READ_AUDIT'] }),
        page('OPEN', [report('OPEN')]),
        {
          request: {
            query: DecideChatReportDocument,
            variables: (variables: unknown) => {
              sent = variables;
              return true;
            },
          },
          result: {
            data: {
              decideChatReport: {
                __typename: 'DecideChatReportPayload',
                report: {
                  __typename: 'ReportedMessage',
                  id: 'Q2hhdFJlcG9ydDox',
                  status: 'SENDER_SUSPENDED',
                  decidedBy: 'mod',
                  decidedAt: '2026-11-22T15:00:00.000Z',
                  senderSuspendedUntil: '2026-11-29T15:00:00.000Z',
                },
                userErrors: [],
              },
            },
          },
        },
        page('OPEN', []),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Report of a message from sam' });
    expect(within(card).getByRole('heading', { name: 'Harassment or threats' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Reported by anna on');
    expect(within(card).getByText('He insults me')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'The message among those around it' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'anna Nov 22, 2026, 2:01 PMHello',
      'sam Nov 22, 2026, 2:02 PMReportedYou idiot',
      'anna Nov 22, 2026, 2:03 PMExcuse me?',
    ]);

    await user.click(within(card).getByRole('button', { name: 'Suspend Sender…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend sam’s chat?' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'For how long' }), '7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('No reports waiting')).toBeInTheDocument();
    expect(sent).toEqual({ input: { reportId: 'Q2hhdFJlcG9ydDox', decision: 'SUSPEND_SENDER', hours: 168 } });
    // Its card is gone: focus is on the count, which says what is left.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('0 reports'));
  });

  it('says what was decided, by whom, under the outcome’s tab', async () => {
    const { user } = renderApp({
      path: '/admin/reports',
      mocks: [
        sessionMock({ permissions: ['MODERATE_CHAT'] }),
        page('OPEN', []),
        page('DISMISSED', [
          report('DISMISSED', { decidedBy: 'mod', decidedAt: '2026-11-22T15:00:00.000Z', reason: 'SPAM', note: null }),
        ]),
      ],
    });
    expect(await screen.findByText('No reports waiting')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Dismissed' }));
    const card = await screen.findByRole('article', { name: 'Report of a message from sam' });
    expect(within(card).getByRole('heading', { name: 'Spam or advertising' })).toBeInTheDocument();
    expect(card).toHaveTextContent('mod looked at it and took no action on');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('lifts a suspension that still lasts, asked first', async () => {
    const suspended = report('SENDER_SUSPENDED', {
      decidedBy: 'mod',
      decidedAt: '2026-11-22T15:00:00.000Z',
      senderSuspendedUntil: '2099-11-29T15:00:00.000Z',
    });
    let sent: unknown;
    const { user } = renderApp({
      path: '/admin/reports',
      mocks: [
        sessionMock({ permissions: ['MODERATE_CHAT'] }),
        page('OPEN', []),
        page('SENDER_SUSPENDED', [suspended]),
        {
          request: {
            query: LiftChatSuspensionDocument,
            variables: (variables: unknown) => {
              sent = variables;
              return true;
            },
          },
          result: {
            data: {
              liftChatSuspension: { __typename: 'LiftChatSuspensionPayload', liftedUsername: 'sam', userErrors: [] },
            },
          },
        },
        page('SENDER_SUSPENDED', [{ ...suspended, senderSuspendedUntil: null }]),
      ],
    });
    await screen.findByText('No reports waiting');
    await user.click(screen.getByRole('tab', { name: 'Suspended' }));
    const card = await screen.findByRole('article', { name: 'Report of a message from sam' });
    expect(card).toHaveTextContent('mod removed the message and suspended the sender’s chat on');
    expect(card).toHaveTextContent('(until Nov 29, 2099, 3:00 PM).');
    await user.click(within(card).getByRole('button', { name: 'Lift Suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift sam’s suspension?' });
    expect(dialog).toHaveTextContent('sam can send messages again at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift Suspension' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Read again: the suspension is over, and so is the way to lift it.
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Report of a message from sam' })).not.toHaveTextContent('until'),
    );
    expect(screen.queryByRole('button', { name: 'Lift Suspension' })).toBeNull();
    expect(sent).toEqual({ input: { username: 'sam' } });
  });

  it('adds the next reports under the first ones', async () => {
    const second = report('OPEN', { id: 'UmVwb3J0ZWRNZXNzYWdlOjI', reporterUsername: 'ben', note: 'Spam again' });
    const { user } = renderApp({
      path: '/admin/reports',
      mocks: [
        sessionMock({ permissions: ['MODERATE_CHAT'] }),
        {
          ...page('OPEN', [report('OPEN')]),
          result: {
            data: {
              chatReports: {
                ...page('OPEN', [report('OPEN')]).result.data.chatReports,
                totalCount: 2,
                pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: 'first-page-end' },
              },
            },
          },
        },
        {
          request: { query: ChatReportsDocument, variables: { status: 'OPEN', after: 'first-page-end' } },
          result: {
            data: {
              chatReports: {
                ...page('OPEN', [second]).result.data.chatReports,
                totalCount: 2,
              },
            },
          },
        },
      ],
    });
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show more reports' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText('Spam again')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more reports' })).toBeNull();
  });

  it('is not for a shopper: the screen sends them home', async () => {
    renderApp({ path: '/admin/reports', mocks: [sessionMock()] });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
