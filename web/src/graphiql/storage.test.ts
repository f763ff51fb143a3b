// What the explorer writes down: its tabs and history, never a header (a token pasted there is a session token).
import { beforeEach, describe, expect, it } from 'vitest';
import { explorerStorage } from './storage';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.signature';
const HEADERS = `{ "authorization": "Bearer ${TOKEN}" }`;

beforeEach(() => sessionStorage.clear());

describe('the explorer’s storage', () => {
  it('keeps the history’s operations and variables, without the headers they ran with', () => {
    const storage = explorerStorage(sessionStorage);
    const entry = { query: '{ viewer { username } }', variables: '{}', headers: HEADERS, operationName: null };
    storage.setItem('graphiql:queries', JSON.stringify({ queries: [entry] }));
    storage.setItem('graphiql:favorites', JSON.stringify({ favorites: [{ ...entry, favorite: true }] }));
    expect(JSON.parse(sessionStorage.getItem('graphiql:queries')!)).toEqual({ queries: [{ ...entry, headers: null }] });
    expect(JSON.parse(sessionStorage.getItem('graphiql:favorites')!)).toEqual({
      favorites: [{ ...entry, headers: null, favorite: true }],
    });
  });

  it('keeps tabs as GraphiQL reads them back (headers null), and never the headers editor’s content', () => {
    const storage = explorerStorage(sessionStorage);
    const tab = {
      id: 't1',
      title: 'Viewer',
      query: '{ viewer { id } }',
      variables: null,
      headers: HEADERS,
      operationName: 'Viewer',
      response: null,
    };
    storage.setItem('graphiql:tabState', JSON.stringify({ activeTabIndex: 0, tabs: [tab] }));
    storage.setItem('graphiql:headers', HEADERS);
    expect(JSON.parse(storage.getItem('graphiql:tabState')!)).toEqual({
      activeTabIndex: 0,
      tabs: [{ ...tab, headers: null }],
    });
    expect(storage.getItem('graphiql:headers')).toBeNull();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(TOKEN);
  });

  it('writes other values as they are', () => {
    const storage = explorerStorage(sessionStorage);
    storage.setItem('graphiql:query', 'query Headers { viewer { id } }');
    storage.setItem('graphiql:editorFlex', '0.5');
    expect([storage.getItem('graphiql:query'), storage.getItem('graphiql:editorFlex'), storage.length]).toEqual([
      'query Headers { viewer { id } }',
      '0.5',
      2,
    ]);
    storage.removeItem('graphiql:query');
    expect(storage.key(0)).toBe('graphiql:editorFlex');
  });
});
