// Mutations of two-factor sign-in (extension two-factor): the viewer sets it up, turns it on with the app's first code,
// turns it off or renews the recovery codes with the password; a staff manager resets someone's. Where the shop
// requires it of staff, turning it on or a reset changes what the person may do: their sockets reconnect
// (ROLES_CHANGED), as after a change of roles, so that their subscriptions follow.
import { checkAuthenticatorCode } from '../../../../shop-rules/two-factor-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputProblem, refuseAll } from '../../errors.js';
import { VIEWER } from '../../resolver-parents.js';
import { withUserErrors } from './user-errors.js';

const PASSWORD_REQUIRED = new InputProblem('Enter your password', 'password');

/** The viewer's sockets reconnect where the shop's rule made their permissions change with their second factor. */
async function reconnectIfRequired(context: GatewayContext): Promise<void> {
  context.loaders.profile.clear();
  const status = await context.api.twoFactor.status();
  if (!status?.required) return;
  const profile = await context.loaders.profile.get();
  await context.pubsub.publish('ROLES_CHANGED', { username: profile.username, userId: profile.id ?? undefined });
}

export const twoFactorMutations: Pick<
  MutationResolvers,
  'startTwoFactorSetup' | 'enableTwoFactor' | 'disableTwoFactor' | 'regenerateRecoveryCodes' | 'resetTwoFactor'
> = {
  startTwoFactorSetup: (_root, { input }, context) =>
    withUserErrors(input, {}, async () => context.api.twoFactor.startSetup()),

  enableTwoFactor: (_root, { input }, context) =>
    withUserErrors(
      input,
      { fields: ['code'], codeByRestCode: { INVALID_SECOND_FACTOR: 'INVALID_CREDENTIALS' } },
      async () => {
        refuseAll(checkAuthenticatorCode(input.code));
        const recoveryCodes = await context.api.twoFactor.enable(input.code.trim());
        await reconnectIfRequired(context);
        return { recoveryCodes, viewer: VIEWER };
      },
    ),

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
