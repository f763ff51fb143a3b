// Who is logged in, for any screen that needs to know: read from the cache only, where the app shell's session
// query put it before any screen shows (so a reconnect's catch-up does not ask the gateway for it twice).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { Permission } from '@shop-rules/staff-rules';
import { CurrentViewerDocument, type CurrentViewerQuery } from '../gql/graphql';

if (false) {
  gql`
    query CurrentViewer {
      viewer {
        id
        username
        isAdmin
        permissions
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

/** Whether the viewer's roles allow any of these (the shop checks on every call: this only decides what shows). */
export const mayDo = (viewer: Pick<Viewer, 'permissions'> | null, ...anyOf: Permission[]): boolean =>
  !!viewer && anyOf.some((permission) => viewer.permissions.includes(permission));

export function useCan(...anyOf: Permission[]): boolean {
  return mayDo(useViewer(), ...anyOf);
}

/** How a person's role is shown beside their name: Admin (the owner), Staff (any other role), or User. */
export const roleLabel = (viewer: Pick<Viewer, 'isAdmin' | 'permissions'>): string =>
  viewer.isAdmin ? 'Admin' : viewer.permissions.length > 0 ? 'Staff' : 'User';
