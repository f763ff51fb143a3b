// Who is logged in, for any screen that needs to know: read from the cache only, where the app shell's session
// query put it before any screen shows (so a reconnect's catch-up does not ask the gateway for it twice).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { CurrentViewerDocument, type CurrentViewerQuery } from '../gql/graphql';

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

/** The logged-in person as the CurrentViewer query selects them: generated, so it follows the document. */
export type Viewer = NonNullable<CurrentViewerQuery['viewer']>;

export function useViewer(): Viewer | null {
  const { data } = useQuery(CurrentViewerDocument, { fetchPolicy: 'cache-only' });
  return data?.viewer ?? null;
}
