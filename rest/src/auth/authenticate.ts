// Who is calling: every route but /api/auth/* needs a valid bearer token (DESIGN §3). A token is valid while
// its signature and expiry hold, its user still exists, and its version matches (a password change raises it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../../config/server.js';
import { HttpError, forbidden, unauthorized } from '../shared/http-errors.js';
import type { UserRow } from '../db/schema.js';
import { type AuthenticatedUser, can, customRolesOf, toAuthenticatedUser } from './authenticated-user.js';
import type { Permission } from '../../../shop-rules/staff-rules.js';

/** Where a token's user is looked up (the users' repository): auth needs no more of the users than this. */
export interface UserLookup {
  findById(id: number): Promise<UserRow | undefined>;
}

/** Where the permissions of the shop's own roles are read (the staff repository); none without the extension. */
export interface RoleLookup {
  permissionsOf(names: readonly string[]): Promise<Map<string, Permission[]>>;
}

interface TokenClaims {
  sub: string;
  ver: number;
  username: string;
  /** Set on tokens that are not a session's: a login's second-factor challenge. Such a token opens no route. */
  purpose?: string;
}

/** What a login's second step is sent: the password was right, a second factor is wanted (five minutes). */
interface ChallengeClaims {
  sub: string;
  ver: number;
  purpose: typeof SECOND_FACTOR_PURPOSE;
}

const SECOND_FACTOR_PURPOSE = 'second-factor';
/** How long a login's second step may take after the password. */
export const CHALLENGE_LIFETIME_SECONDS = 5 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: AuthenticatedUser | null;
  }
}

const INVALID_TOKEN = 'Invalid or expired token';

export function issueToken(
  app: FastifyInstance,
  user: Pick<AuthenticatedUser, 'id' | 'tokenVersion' | 'username'>,
): string {
  const claims: TokenClaims = { sub: String(user.id), ver: user.tokenVersion, username: user.username };
  return app.jwt.sign(claims);
}

/** The challenge a login answers when the account has a second factor: it proves the password, for five minutes. */
export function issueChallenge(app: FastifyInstance, user: { id: number; tokenVersion: number }): string {
  const claims: ChallengeClaims = { sub: String(user.id), ver: user.tokenVersion, purpose: SECOND_FACTOR_PURPOSE };
  return app.jwt.sign(claims, { expiresIn: CHALLENGE_LIFETIME_SECONDS });
}

export const CHALLENGE_EXPIRED = 'The sign-in took too long: enter your password again';

/**
 * The account a challenge is for, while it holds (signature, five minutes, and the password not changed since);
 * else 401 INVALID_TOKEN.
 */
export async function challengedUser(app: FastifyInstance, users: UserLookup, challenge: string): Promise<UserRow> {
  const expired = () => new HttpError(401, CHALLENGE_EXPIRED, 'INVALID_TOKEN', 'challenge');
  let claims: Partial<ChallengeClaims>;
  try {
    claims = app.jwt.verify<Partial<ChallengeClaims>>(challenge);
  } catch {
    throw expired();
  }
  const userId = Number(claims.sub);
  if (claims.purpose !== SECOND_FACTOR_PURPOSE || !Number.isSafeInteger(userId)) throw expired();
  const user = await users.findById(userId);
  if (!user || user.tokenVersion !== claims.ver) throw expired();
  return user;
}

/**
 * Checks each request's token and reads its caller, and what their roles allow, afresh: a role given or taken away
 * counts from the next request on. A shopper's request, or one of built-in roles only, reads one row.
 */
export function createAuthenticate(
  app: FastifyInstance,
  users: UserLookup,
  roles?: RoleLookup,
  staffTwoFactorRequired = false,
) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Authentication required');
    const token = bearerToken(header);
    if (!token) throw unauthorized(INVALID_TOKEN, 'INVALID_TOKEN');
    let claims: TokenClaims;
    try {
      claims = app.jwt.verify<TokenClaims>(token);
    } catch {
      throw unauthorized(INVALID_TOKEN, 'INVALID_TOKEN');
    }
    const userId = Number(claims.sub);
    // A challenge (or any token made for one purpose) is not a session: it proves a password, not a login.
    if (!Number.isSafeInteger(userId) || claims.purpose !== undefined)
      throw unauthorized(INVALID_TOKEN, 'INVALID_TOKEN');
    const user = await users.findById(userId);
    if (!user || user.tokenVersion !== claims.ver) throw unauthorized(INVALID_TOKEN, 'INVALID_TOKEN');
    const custom = roles ? customRolesOf(user.roles.split(',')) : [];
    request.currentUser = toAuthenticatedUser(
      user,
      custom.length > 0 ? await roles!.permissionsOf(custom) : undefined,
      staffTwoFactorRequired,
    );
  };
}

/** The caller of an authenticated route. */
export function viewerOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** A route's guard: the caller's roles must allow `permission`; else 403 FORBIDDEN with `message`. */
export function requirePermission(permission: Permission, message: string) {
  return async function requirePermissionOf(request: FastifyRequest): Promise<void> {
    if (!can(viewerOf(request), permission)) throw forbidden(message);
  };
}
