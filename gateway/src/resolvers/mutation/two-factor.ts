// Mutations of two-factor sign-in (extension two-factor): the viewer sets it up, turns it on with the app's first code
// and the password (every other session ends: their sockets close, as after a password change), turns it off or renews
// the recovery codes with the password; a staff manager resets someone's (where the shop requires it of staff, that
// changes what the person may do: their sockets reconnect, ROLES_CHANGED, as after a change of roles).
import { checkAuthenticatorCode } from '../../../../shop-rules/two-factor-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputProblem, refuseAll } from '../../errors.js';
import { VIEWER } from '../../resolver-parents.js';
import { endSessions } from './account.js';
import { withUserErrors } from './user-errors.js';

const PASSWORD_REQUIRED = new InputProblem('Enter your password', 'password');

export const twoFactorMutations: Pick<
  MutationResolvers,
  'startTwoFactorSetup' | 'enableTwoFactor' | 'disableTwoFactor' | 'regenerateRecoveryCodes' | 'resetTwoFactor'
> = {
  startTwoFactorSetup: (_root, { input }, context) =>
    withUserErrors(input, {}, async () => context.api.twoFactor.startSetup()),

  enableTwoFactor: async (_root, { input }, context) => {
    // Read before the change: afterwards the token of this request no longer works.
    const profile = await context.loaders.profile.get();
    return withUserErrors(
      input,
      { fields: ['code', 'password'], codeByRestCode: { INVALID_SECOND_FACTOR: 'INVALID_CREDENTIALS' } },
      async () => {
        refuseAll([...checkAuthenticatorCode(input.code), ...(input.password ? [] : [PASSWORD_REQUIRED])]);
        const { recoveryCodes, token } = await context.api.twoFactor.enable(input.code.trim(), input.password);
        // Every earlier session of the viewer ended at the REST service: their sockets close, on every gateway; the
        // rest of this request (the payload's viewer) acts with the new token.
        await endSessions(context, profile);
        context.actAs(token);
        return { recoveryCodes, token, viewer: VIEWER };
      },
    );
  },

  disableTwoFactor: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['password'] }, async () => {
      if (!input.password) throw PASSWORD_REQUIRED;
      await context.api.twoFactor.disable(input.password);
      context.loaders.profile.clear();
      return { viewer: VIEWER };
    }),

  regenerateRecoveryCodes: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['password'] }, async () => {
      if (!input.password) throw PASSWORD_REQUIRED;
      return { recoveryCodes: await context.api.twoFactor.regenerateRecoveryCodes(input.password), viewer: VIEWER };
    }),

  resetTwoFactor: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username'] }, async () => {
      if (!input.username.trim()) throw new InputProblem('Username is required', 'username');
      const staffMember = await context.api.staff.resetTwoFactor(input.username.trim());
      // Where the shop requires a second factor of staff, theirs was what their permissions stood on.
      await context.pubsub.publish('ROLES_CHANGED', { username: staffMember.username, userId: staffMember.id });
      return { staffMember };
    }),
};
