// Profile Information (spec §2 tab 1): the viewer's details and preferences, and their editing with Edit Profile,
// Save Changes or Cancel. Saved changes come back in the payload; 'Profile updated successfully' shows for 3 s.
// The time zone and language say what they do: every time in the shop is in that zone, and dates and numbers are
// written as that language writes them, the words staying English. SMS notifications are stored but not sent yet:
// shown as such, and never changed here.
// Viewing and editing lay the details out alike (same order, same columns), so switching does not move them;
// the focus goes to the first field when editing starts, and back to Edit Profile when it ends.
import { roleLabel } from '@/lib/viewer';
import { StaffScreens } from './staff-screens';
import { gql, type FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/field';
import { INVALID_PHONE_NUMBER, LANGUAGE_PATTERN, PHONE_PATTERN } from '@shop-rules/account-rules';
import { isSingleLine, notSingleLine } from '@shop-rules/text-rules';
import {
  ProfileInformation_ViewerFragmentDoc,
  UpdateProfileDocument,
  type ProfileInformation_ViewerFragment,
  type UpdateProfileInput,
} from '@/gql/graphql';
import { DEFAULT_TIME_ZONE, knownLocale, knownTimeZone } from '@/lib/format';
import { LANGUAGES } from '@/lib/languages';
import { useFormats } from '@/lib/use-formats';
import { useTransientMessage } from '@/lib/use-transient-message';
import { EmailDetail } from './email-detail';
import { showUserErrors } from '@/lib/user-errors';
import styles from './profile.module.css';

if (false) {
  gql`
    fragment ProfileInformation_viewer on User {
      id
      username
      isAdmin
      permissions
      email
      emailVerified
      firstName
      lastName
      phoneNumber
      address
      createdAt
      preferences {
        emailNotifications
        smsNotifications
        language
        timezone
      }
    }

    mutation UpdateProfile($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        user {
          id
          ...ProfileInformation_viewer
        }
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

/** Email notifications on for an account without an address: read with their label, 'Email notifications: Need…'. */
export const NOTIFICATIONS_NEED_ADDRESS = 'Need an email address';
export const NOTIFICATIONS_NEED_ADDRESS_HINT = 'Add one with Edit Profile to get order updates by email.';

export const PROFILE_MESSAGE_MS = 3000;
export const PROFILE_UPDATED = 'Profile updated successfully';

// The shop's rule for phone numbers (shop-rules), checked here too, so a typo is pointed out before anything is sent.
export { INVALID_PHONE_NUMBER };

/**
 * A name is one line, as the shop keeps it (shop-rules' text rules): a pasted tab or line break is pointed out here.
 */
const oneLine = (label: string) => (value: string) => isSingleLine(value.trim()) || notSingleLine(label);

/** The longest language code the shop stores (the REST contract's preferences.language). */
const MAX_LANGUAGE_LENGTH = 20;
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The language of a code in English, without its region: "English" for en-GB; the code when it is none. */
function baseLanguageName(code: string): string {
  try {
    const { language } = new Intl.Locale(code);
    return languageNames.of(language) ?? language;
  } catch {
    return code;
  }
}

/** "English (en)", "English, United Kingdom (en-GB)", "German, Austria (de-AT)"; the code alone when it is none. */
export function languageName(code: string): string {
  try {
    const { region } = new Intl.Locale(code);
    const regionName = region ? regionNames.of(region) : undefined;
    return `${baseLanguageName(code)}${regionName ? `, ${regionName}` : ''} (${code})`;
  } catch {
    return code;
  }
}

const choiceNames = new Intl.DisplayNames(['en'], { type: 'language', style: 'short', languageDisplay: 'standard' });

/** A choice of the list as it reads: "English", "English (UK)", "German (Switzerland)"; the code when it is none. */
function choiceName(code: string): string {
  try {
    return choiceNames.of(code) ?? code;
  } catch {
    return code;
  }
}

interface LanguageChoice {
  code: string;
  /**
   * What the list (and the closed field) shows: Intl's short name, which a 320 px phone shows whole (the full name
   * with its code, 'English, United Kingdom (en-GB)', was cut at 'English, United Kingdom'); the code is added only
   * where two choices would read alike (a saved 'en-gb' beside en-GB).
   */
  label: string;
}

/**
 * The choices, one group a language in the list's order: the codes offered, the browser's own languages (a British
 * browser's en-GB is there even where the list lacks it) and the code saved, each once.
 */
function languageGroups(saved: string): { name: string; choices: LanguageChoice[] }[] {
  const browser =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages.filter((code) => LANGUAGE_PATTERN.test(code) && code.length <= MAX_LANGUAGE_LENGTH);
  const codes = [...new Set([...LANGUAGES, ...browser, saved])];
  const names = codes.map(choiceName);
  const groups = new Map<string, LanguageChoice[]>();
  codes.forEach((code, index) => {
    const name = names[index]!;
    const label = names.indexOf(name) === names.lastIndexOf(name) ? name : `${name} (${code})`;
    const group = baseLanguageName(code);
    groups.set(group, [...(groups.get(group) ?? []), { code, label }]);
  });
  return [...groups].map(([name, choices]) => ({ name, choices }));
}

/** Which zone the shop's times are in: the preference, or UTC where this browser does not know it. */
function timeZoneHint(timezone: string): string {
  const inUse = knownTimeZone(timezone);
  if (inUse || !timezone) return `Times in the shop are shown in ${inUse ?? DEFAULT_TIME_ZONE}.`;
  return `Times in the shop are shown in ${DEFAULT_TIME_ZONE}: this browser does not know ${timezone}.`;
}

/** What the language does (and does not do); said too when this browser does not know it. */
function languageHint(language: string): string {
  const hint = "Sets how dates and numbers are written; the shop's words stay in English.";
  return knownLocale(language)
    ? hint
    : `${hint} This browser does not know ${language}: they are written as in English.`;
}

const SMS_NOT_AVAILABLE = 'SMS notifications are not available yet';

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...zones])];
}

interface ProfileForm {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: string;
  // SMS notifications are not part of the form: they cannot be changed yet, so what is stored stays.
  preferences: { emailNotifications: boolean; language: string; timezone: string };
}

/**
 * Only the fields this form changed: another tab (or device) may have saved other fields since this one was loaded,
 * and sending every field as it was loaded would undo those.
 */
function changedFields(values: ProfileForm, dirty: Partial<Record<keyof ProfileForm, unknown>>): UpdateProfileInput {
  const input: UpdateProfileInput = {};
  for (const field of ['email', 'firstName', 'lastName', 'phoneNumber', 'address'] as const)
    if (dirty[field]) input[field] = values[field];
  const dirtyPreferences = (dirty.preferences ?? {}) as Partial<Record<keyof ProfileForm['preferences'], boolean>>;
  const preferences = Object.fromEntries(
    (Object.keys(values.preferences) as (keyof ProfileForm['preferences'])[])
      .filter((key) => dirtyPreferences[key])
      .map((key) => [key, values.preferences[key]]),
  );
  if (Object.keys(preferences).length > 0) input.preferences = preferences;
  return input;
}

const FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'preferences.emailNotifications',
  'preferences.language',
  'preferences.timezone',
] as const;

function Detail({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ? value : <span className={styles.unset}>Not set</span>}</dd>
      {hint && <dd className={styles.hint}>{hint}</dd>}
    </div>
  );
}

/** A detail that editing does not change, shown in its place among the fields. */
function FixedDetail({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fixed}>
      <span className={styles.fixedLabel}>{label}</span>
      <span>{value}</span>
    </div>
  );
}

export function ProfileInformation({ viewer }: { viewer: FragmentType<typeof ProfileInformation_ViewerFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: ProfileInformation_ViewerFragmentDoc, from: viewer });
  const [editing, setEditing] = useState(false);
  const [message, showMessage] = useTransientMessage();
  const editButton = useRef<HTMLButtonElement>(null);
  const formats = useFormats();
  // Set when editing ends: the form (and the focus in it) is gone, so Edit Profile takes the focus, in the very
  // commit that shows it (a layout effect), never leaving it on the page's body in between.
  const focusEditButton = useRef(false);
  useLayoutEffect(() => {
    if (editing || !focusEditButton.current) return;
    focusEditButton.current = false;
    editButton.current?.focus();
  }, [editing]);
  if (!complete) return null;

  if (editing) {
    return (
      <ProfileEditor
        profile={data}
        onDone={(saved) => {
          focusEditButton.current = true;
          setEditing(false);
          if (saved) showMessage({ text: PROFILE_UPDATED, tone: 'success', durationMs: PROFILE_MESSAGE_MS });
        }}
      />
    );
  }

  const name = [data.firstName, data.lastName].filter(Boolean).join(' ');
  return (
    <div>
      {message && (
        <div className={styles.message}>
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
      <div className={styles.panelHeader}>
        <h2>{name || data.username}</h2>
        <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
          Edit Profile
        </Button>
      </div>
      <dl className={styles.details}>
        <Detail label="Username" value={data.username} />
        <Detail label="Role" value={roleLabel(data)} />
        <EmailDetail email={data.email} verified={data.emailVerified} onMessage={showMessage} />
        <Detail label="Phone number" value={data.phoneNumber} />
        <Detail label="First name" value={data.firstName} />
        <Detail label="Last name" value={data.lastName} />
        <Detail label="Address" value={data.address} />
        <Detail label="Member since" value={formats.longDate(data.createdAt)} />
      </dl>
      <StaffScreens permissions={data.permissions} />
      <h3 className={styles.groupTitle}>Preferences</h3>
      <dl className={styles.details}>
        {data.preferences.emailNotifications && !data.email ? (
          // On, with nowhere to send them: what is missing, not a promise.
          <Detail
            label="Email notifications"
            value={NOTIFICATIONS_NEED_ADDRESS}
            hint={NOTIFICATIONS_NEED_ADDRESS_HINT}
          />
        ) : (
          <Detail label="Email notifications" value={data.preferences.emailNotifications ? 'On' : 'Off'} />
        )}
        <Detail
          label="SMS notifications"
          value={
            <>
              {data.preferences.smsNotifications ? 'On' : 'Off'}{' '}
              <span className={styles.unavailable}>(not available yet)</span>
            </>
          }
        />
        <Detail
          label="Language"
          value={languageName(data.preferences.language)}
          hint={languageHint(data.preferences.language)}
        />
        <Detail label="Time zone" value={data.preferences.timezone} hint={timeZoneHint(data.preferences.timezone)} />
      </dl>
    </div>
  );
}

function ProfileEditor({
  profile,
  onDone,
}: {
  profile: ProfileInformation_ViewerFragment;
  onDone(saved: boolean): void;
}) {
  const [failure, setFailure] = useState<string>();
  const [updateProfile] = useMutation(UpdateProfileDocument);
  const formats = useFormats();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProfileForm>({
    defaultValues: {
      email: profile.email ?? '',
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phoneNumber: profile.phoneNumber ?? '',
      address: profile.address ?? '',
      preferences: {
        emailNotifications: profile.preferences.emailNotifications,
        language: profile.preferences.language,
        timezone: profile.preferences.timezone,
      },
    },
  });
  // Edit Profile is gone with the view it was in: the first field takes the focus.
  useEffect(() => setFocus('email'), [setFocus]);

  const save = handleSubmit(async (values) => {
    setFailure(undefined);
    // Nothing changed is saved too (nothing is written): the answer brings the profile as it is now.
    const input = changedFields(values, dirtyFields);
    try {
      const { data } = await updateProfile({ variables: { input } });
      const userErrors = data?.updateProfile.userErrors ?? [];
      if (userErrors.length === 0) return onDone(true);
      const banner = showUserErrors(userErrors, setError, FIELDS);
      if (banner) setFailure(banner);
    } catch {
      setFailure('Failed to update profile');
    }
  });

  // The hints follow the choice: what the shop will do with it once saved.
  const [language, timezone] = useWatch({ control, name: ['preferences.language', 'preferences.timezone'] });
  return (
    <form className={styles.form} onSubmit={save} noValidate aria-labelledby="edit-profile-title">
      <div className={styles.panelHeader}>
        <h2 id="edit-profile-title">Edit Profile</h2>
      </div>
      {failure && (
        <div className={styles.message}>
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
      <div className={styles.details}>
        <FixedDetail label="Username" value={profile.username} />
        <FixedDetail label="Role" value={roleLabel(profile)} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber', {
            validate: (value) => !value.trim() || PHONE_PATTERN.test(value.trim()) || INVALID_PHONE_NUMBER,
          })}
        />
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName', { validate: oneLine('First name') })}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName', { validate: oneLine('Last name') })}
        />
        <TextAreaField
          label="Address"
          autoComplete="street-address"
          rows={3}
          error={errors.address?.message}
          {...register('address')}
        />
        <FixedDetail label="Member since" value={formats.longDate(profile.createdAt)} />
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Preferences</legend>
        <div className={styles.details}>
          <CheckboxField label="Email notifications" {...register('preferences.emailNotifications')} />
          <CheckboxField
            label="SMS notifications"
            name="preferences.smsNotifications"
            checked={profile.preferences.smsNotifications}
            disabled
            readOnly
            hint={SMS_NOT_AVAILABLE}
          />
          <SelectField
            label="Language"
            hint={languageHint(language)}
            error={errors.preferences?.language?.message}
            {...register('preferences.language')}
          >
            {languageGroups(profile.preferences.language).map((group) => (
              <optgroup key={group.name} label={group.name}>
                {group.choices.map(({ code, label }) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <SelectField
            label="Time zone"
            hint={timeZoneHint(timezone)}
            error={errors.preferences?.timezone?.message}
            {...register('preferences.timezone')}
          >
            {timeZones(profile.preferences.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
