// The Relay client's chat: a room's history read from its newest end (`last`), older pages loaded before it, and
// new messages appended to the same connection, whether they come from this client's own sendMessage or from
// messageAdded (Relay's @appendNode adds a message it already holds only once).
import { graphql } from 'relay-runtime';

export const chatHistoryFragment = graphql`
  fragment ChatHistory_room on ChatRoom
  @argumentDefinitions(count: { type: "Int", defaultValue: 5 }, cursor: { type: "String" })
  @refetchable(queryName: "ChatHistoryPaginationQuery") {
    roomName
    messages(last: $count, before: $cursor) @connection(key: "ChatHistory_messages") {
      __id
      edges {
        node {
          id
          content
          senderUsername
          isMine
        }
      }
    }
  }
`;

export const chatHistoryQuery = graphql`
  query ChatHistoryQuery($roomId: ID!) {
    node(id: $roomId) {
      ...ChatHistory_room @alias(as: "room")
    }
  }
`;

export const sendMessageMutation = graphql`
  mutation ChatHistorySendMessageMutation($input: SendMessageInput!, $connections: [ID!]!) {
    sendMessage(input: $input) {
      message @appendNode(connections: $connections, edgeTypeName: "MessageEdge") {
        id
        content
        senderUsername
        isMine
      }
      userErrors {
        message
        field
        code
      }
    }
  }
`;

export const messageAddedSubscription = graphql`
  subscription ChatHistoryMessageAddedSubscription($connections: [ID!]!) {
    messageAdded @appendNode(connections: $connections, edgeTypeName: "MessageEdge") {
      id
      content
      senderUsername
      isMine
    }
  }
`;
