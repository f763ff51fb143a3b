// The User of spec §3 on the wire, and the bodies that change it.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../shared/schemas.js';

export const Preferences = Type.Object({
  emailNotifications: Type.Boolean(),
  smsNotifications: Type.Boolean(),
  language: Type.String(),
  timezone: Type.String(),
});

export const UserAnswer = (extensions: boolean) =>
  Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    roles: Type.Array(Type.String(), {
      description: 'USER, and the staff roles the account holds (ADMIN: the owner, every permission)',
    }),
    email: Nullable(Type.String()),
    ...(extensions
      ? {
          permissions: Type.Array(Type.String(), {
            description:
              'What the caller’s roles allow (extension staff-roles): MANAGE_CATALOGUE, MANAGE_ORDERS, RECORD_PAYMENTS, MANAGE_SETTINGS, MODERATE_CHAT, READ_AUDIT, MANAGE_STAFF; none for a shopper, every one for ADMIN',
          }),
          permissionsAwaitTwoFactor: Type.Boolean({
            description:
              'Whether STAFF_TWO_FACTOR_REQUIRED withholds the permissions of the caller’s roles (extension two-factor): its roles hold some, its second factor is off, and `permissions` is empty until it is on',
          }),
          chatSuspendedUntil: Nullable(Timestamp, {
            description:
              'Until when a moderator suspended the account’s chat (extension chat-reports): it reads its rooms and sends nothing; null when it may send',
          }),
          emailVerified: Type.Boolean({
            description:
              'Whether the owner of `email` opened the link sent to it (extension); false without an address. The shop sends nothing but that link to an address not verified.',
          }),
        }
      : {}),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    phoneNumber: Nullable(Type.String()),
    address: Nullable(Type.String()),
    createdAt: Timestamp,
    preferences: Preferences,
  });
export interface UserAnswer extends Static<ReturnType<typeof UserAnswer>> {
  emailVerified: boolean;
  permissions: string[];
  permissionsAwaitTwoFactor: boolean;
  chatSuspendedUntil: string | null;
}

const optionalText = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));

export const ProfileUpdate = Type.Object(
  {
    email: optionalText(254),
    firstName: optionalText(100),
    lastName: optionalText(100),
    phoneNumber: optionalText(30),
    address: optionalText(500),
    preferences: Type.Optional(
      Type.Object({
        emailNotifications: Type.Optional(Type.Boolean()),
        // Its own message: the generic one would say "Sms notifications".
        smsNotifications: Type.Optional(Type.Boolean({ errorMessage: 'SMS notifications must be true or false' })),
        language: Type.Optional(Type.String({ maxLength: 20 })),
        timezone: Type.Optional(Type.String({ maxLength: 64 })),
      }),
    ),
  },
  { description: 'Only the fields sent are changed; null or an empty string clears a field.' },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const PasswordChange = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPassword: Type.String({ maxLength: 128 }),
  confirmPassword: Type.String({ maxLength: 128 }),
});
export type PasswordChange = Static<typeof PasswordChange>;

export const AvailableChatUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
});
export type AvailableChatUser = Static<typeof AvailableChatUser>;
