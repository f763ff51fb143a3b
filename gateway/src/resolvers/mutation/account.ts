// Mutations of the account: register, login, a forgotten password, an address verified, profile, password, deletion.
import { GraphQLError } from 'graphql';
import {
  checkEmailVerification,
  checkPasswordChange,
  checkPasswordReset,
  checkPasswordResetRequest,
  checkProfileChange,
  checkRegistration,
} from '../../../../shop-rules/account-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputProblem, UpstreamRejection, refuseAll } from '../../errors.js';
import { checkSecondFactor } from '../../../../shop-rules/two-factor-rules.js';
import { VIEWER } from '../../resolver-parents.js';
import type { RestUser } from '../../rest/contract.js';
import { NO_VALID_TOKEN, type ProfileBody } from '../../rest/users-api.js';
import { userGlobalId } from '../user.js';
import { withUserErrors } from './user-errors.js';

const PREFERENCE_FIELDS = [
  'preferences.emailNotifications',
  'preferences.smsNotifications',
  'preferences.language',
  'preferences.timezone',
];

const noValidToken = () => new GraphQLError(NO_VALID_TOKEN, { extensions: { code: 'UPSTREAM_UNAVAILABLE' } });

/** The user's earlier tokens no longer work: their open sockets, on every gateway instance, are closed. */
export async function endSessions(context: GatewayContext, user: Pick<RestUser, 'username' | 'id'>): Promise<void> {
  try {
    await context.pubsub.publish('SESSION_ENDED', { username: user.username, userId: user.id ?? undefined });
  } catch (error) {
    // The periodic re-check of socket tokens still ends them, later.
    context.log.error({ err: error }, 'could not publish the end of a session');
  }
}

/** A login's token: the payload's viewer, and anything after it in this request, is the user who just logged in. */
function loggedIn(context: GatewayContext, token: string | undefined) {
  if (!token) throw noValidToken();
  context.actAs(token);
  return { token, viewer: VIEWER };
}

/** Only what the input carries: an omitted field stays as it is, null clears it. */
function definedEntries<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([key, entry]) => entry !== undefined && key !== 'clientMutationId'),
  ) as Partial<T>;
}

export const accountMutations: Pick<
  MutationResolvers,
  | 'register'
  | 'login'
  | 'loginSecondFactor'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'verifyEmail'
  | 'resendEmailVerification'
  | 'updateProfile'
  | 'changePassword'
  | 'deleteAccount'
> = {
  register: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username', 'password', 'confirmPassword', 'email'] }, async () => {
      refuseAll(checkRegistration(input));
      const token = await context.api.users.register(
        input.username,
        input.password,
        input.confirmPassword,
        input.email?.trim() || undefined,
      );
      return { token: token ?? null };
    }),

  login: async (_root, { input }, context) => {
    let secondFactorChallenge: string | null = null;
    const payload = await withUserErrors(
      input,
      {
        fields: ['username', 'password'],
        codeByStatus: { 401: 'INVALID_CREDENTIALS' },
        codeByRestCode: { SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED' },
      },
      async () => {
        refuseAll([
          ...(input.username.trim() ? [] : [new InputProblem('Username is required', 'username')]),
          ...(input.password ? [] : [new InputProblem('Password is required', 'password')]),
        ]);
        try {
          return loggedIn(context, await context.api.users.login(input.username.trim(), input.password));
        } catch (error) {
          // The password was right; the login wants its second step, which takes this challenge.
          if (error instanceof UpstreamRejection && error.restCode === 'SECOND_FACTOR_REQUIRED')
            secondFactorChallenge = error.challenge ?? null;
          throw error;
        }
      },
    );
    return { ...payload, secondFactorChallenge };
  },

  loginSecondFactor: (_root, { input }, context) =>
    withUserErrors(
      input,
      {
        fields: ['challenge', 'code', 'recoveryCode'],
        codeByStatus: { 401: 'INVALID_CREDENTIALS' },
      },
      async () => {
        refuseAll([
          ...(input.challenge.trim() ? [] : [new InputProblem('The login’s challenge is required', 'challenge')]),
          ...checkSecondFactor(input),
        ]);
        const secondFactor = input.code?.trim()
          ? { code: input.code.trim() }
          : { recoveryCode: (input.recoveryCode ?? '').trim() };
        return loggedIn(context, await context.api.users.loginSecondFactor(input.challenge.trim(), secondFactor));
      },
    ),

  requestPasswordReset: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['usernameOrEmail'] }, async () => {
      refuseAll(checkPasswordResetRequest(input));
      return { message: (await context.api.users.requestPasswordReset(input.usernameOrEmail.trim())) ?? null };
    }),

  resetPassword: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['token', 'newPassword', 'confirmPassword'] }, async () => {
      refuseAll(checkPasswordReset(input));
      const account = await context.api.users.resetPassword(
        input.token.trim(),
        input.newPassword,
        input.confirmPassword,
      );
      // Every session of the account has ended at the REST service: its sockets, on every gateway, close now.
      await endSessions(context, account);
      return { username: account.username };
    }),

  verifyEmail: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['token'] }, async () => {
      refuseAll(checkEmailVerification(input));
      const verified = await context.api.users.verifyEmail(input.token.trim());
      // The viewer, when there is one, is read after the change: their emailVerified is the new one.
      context.loaders.profile.clear();
      return { email: verified.email, viewer: context.token ? VIEWER : null };
    }),

  resendEmailVerification: (_root, { input }, context) =>
    withUserErrors(input, {}, async () => {
      const message = await context.api.users.resendEmailVerification();
      return { message: message ?? null, user: VIEWER };
    }),

  updateProfile: (_root, { input }, context) =>
    withUserErrors(
      input,
      {
        fields: ['email', 'firstName', 'lastName', 'phoneNumber', 'address', 'preferences', ...PREFERENCE_FIELDS],
        // The REST service names a preference by its own key; in the input it sits inside `preferences`.
        restFields: Object.fromEntries(PREFERENCE_FIELDS.map((field) => [field.slice('preferences.'.length), field])),
      },
      async () => {
        // Checked here, all at once: an implementation of the contract answers one field's problem at a time.
        refuseAll(checkProfileChange(input));
        const body: ProfileBody = definedEntries(input);
        if (input.preferences) body.preferences = definedEntries(input.preferences);
        const user = await context.api.users.updateProfile(body);
        if (user && typeof user === 'object') context.loaders.profile.prime(user);
        else context.loaders.profile.clear();
        return { user: VIEWER };
      },
    ),

  changePassword: async (_root, { input }, context) => {
    // Read before the change: afterwards the token of this request no longer works.
    const profile = await context.loaders.profile.get();
    const { username } = profile;
    return withUserErrors(
      input,
      {
        fields: ['currentPassword', 'newPassword', 'confirmPassword'],
        // Some implementations answer a wrong current password with 401; it is not the session's end.
        codeByStatus: { 401: 'INVALID_CREDENTIALS' },
      },
      async () => {
        refuseAll(checkPasswordChange(input));
        const renewed = await context.api.users.changePassword(
          input.currentPassword,
          input.newPassword,
          input.confirmPassword,
        );
        await endSessions(context, profile);
        // Our REST service answers the new session (an account with a second factor could not log in with the
        // password alone); another implementation is logged in to again.
        const token = renewed ?? (await context.api.users.login(username, input.newPassword));
        if (!token) throw noValidToken();
        context.actAs(token);
        return { token, viewer: VIEWER };
      },
    );
  },

  deleteAccount: async (_root, { input }, context) => {
    const profile = await context.loaders.profile.get();
    return withUserErrors(input, {}, async () => {
      await context.api.users.deleteAccount();
      await endSessions(context, profile);
      return { deletedUserId: userGlobalId(profile) };
    });
  },
};
