// Who is logged in, for any screen that needs to know: read from the cache only, where the app shell's session
// query put it before any screen shows (so a reconnect's catch-up does not ask the gateway for it twice).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { CurrentViewerDocument } from '../gql/graphql';

if (false) {
  gql`
    query CurrentViewer {
      viewer {
        id
        username
        isAdmin
      }
    }
  `;
}

export interface Viewer {
  id: string;
  username: string;
  isAdmin: boolean;
}

export function useViewer(): Viewer | null {
  const { data } = useQuery(CurrentViewerDocument, { fetchPolicy: 'cache-only' });
  return data?.viewer ?? null;
}
