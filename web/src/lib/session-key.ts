/** The storage key of the session's token; apart from session.ts, whose hooks need React and the DOM, for the build. */
export const TOKEN_STORAGE_KEY = 'medshop.token';
