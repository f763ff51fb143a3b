// /admin/staff (issue 36): who may do what, for those whose roles allow MANAGE_STAFF. The people who hold a staff role
// and which ones (change them, or give someone their first), and the roles: the built-in ones, fixed, and the shop's
// own, each a name and its permissions (make one, change what it allows, delete one nobody holds: asked first). The
// shop's rules are applied before sending, and its own refusals shown at the field they are about.
import { gql } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  OWNER_ROLE,
  PERMISSIONS,
  PERMISSION_TEXTS,
  type Permission,
  permissionsViolation,
  roleViolation,
} from '@shop-rules/staff-rules';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { CheckboxField, TextField } from '@/components/field';
import { Page } from '@/components/page';
import {
  CreateStaffRoleDocument,
  DeleteStaffRoleDocument,
  ResetTwoFactorDocument,
  SetStaffRolesDocument,
  StaffAdminDocument,
  type StaffAdminQuery,
  UpdateStaffRoleDocument,
} from '@/gql/graphql';
import { useConfirmedDelete } from '@/lib/use-confirmed-delete';
import { showUserErrors } from '@/lib/user-errors';
import { type Viewer, useViewer } from '@/lib/viewer';
import styles from './staff-admin.module.css';

if (false) {
  gql`
    query StaffAdmin {
      staffRoles {
        name
        permissions
        builtIn
        holders
      }
      staffMembers {
        id
        username
        roles
        permissions
        twoFactorEnabled
      }
    }

    mutation ResetTwoFactor($input: ResetTwoFactorInput!) {
      resetTwoFactor(input: $input) {
        staffMember {
          id
          username
          twoFactorEnabled
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation CreateStaffRole($input: CreateStaffRoleInput!) {
      createStaffRole(input: $input) {
        staffRole {
          name
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation UpdateStaffRole($input: UpdateStaffRoleInput!) {
      updateStaffRole(input: $input) {
        staffRole {
          name
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation DeleteStaffRole($input: DeleteStaffRoleInput!) {
      deleteStaffRole(input: $input) {
        deletedStaffRoleName
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation SetStaffRoles($input: SetStaffRolesInput!) {
      setStaffRoles(input: $input) {
        staffMember {
          id
          username
          roles
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

type StaffRole = NonNullable<StaffAdminQuery['staffRoles']>[number];
type StaffMember = NonNullable<StaffAdminQuery['staffMembers']>[number];

/** "ORDER_CLERK" as people read it: "Order clerk"; the owner's ADMIN is "Admin (owner)". */
export const roleTitle = (name: string) =>
  name === OWNER_ROLE ? 'Admin (owner)' : name.charAt(0) + name.slice(1).toLowerCase().replaceAll('_', ' ');

const permissionList = (permissions: readonly string[]) =>
  permissions.map((permission) => PERMISSION_TEXTS[permission as Permission]?.title ?? permission).join(', ');

/** Whether every one of `permissions` is the viewer's own. */
const withinOwn = (viewer: Viewer | null, permissions: readonly string[]) =>
  permissions.every((permission) => viewer?.permissions.includes(permission as Permission));

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * After a change the screen reads the roles and people again (what one change does shows in both lists); only after
 * a change: a refusal changed nothing.
 */
function useReadAgain() {
  const client = useApolloClient();
  return () => client.refetchQueries({ include: [StaffAdminDocument] });
}

/** Checkboxes of permissions, each with what it opens. */
function PermissionChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly Permission[];
  onChange(next: Permission[]): void;
  error?: string | undefined;
}) {
  const viewer = useViewer();
  return (
    <fieldset className={styles.choices} aria-describedby={error ? 'permissions-error' : undefined}>
      <legend className={styles.legend}>Permissions</legend>
      {error && (
        <p id="permissions-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
      {PERMISSIONS.map((permission) => (
        <CheckboxField
          key={permission}
          label={PERMISSION_TEXTS[permission].title}
          hint={
            viewer?.isAdmin || withinOwn(viewer, [permission])
              ? PERMISSION_TEXTS[permission].description
              : `${PERMISSION_TEXTS[permission].description}: beyond your own permissions`
          }
          checked={chosen.includes(permission)}
          // A staff manager who is not an owner gives only what they hold themselves (the shop refuses more).
          disabled={!viewer?.isAdmin && !withinOwn(viewer, [permission])}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? PERMISSIONS.filter((each) => each === permission || chosen.includes(each))
                : chosen.filter((each) => each !== permission),
            )
          }
        />
      ))}
    </fieldset>
  );
}

/** A new role (without `role`), or what one of the shop's own allows. `onDone`: the name saved, or nothing. */
function RoleForm({ role, onDone }: { role?: StaffRole; onDone(saved?: string): void }) {
  const [create] = useMutation(CreateStaffRoleDocument);
  const [update] = useMutation(UpdateStaffRoleDocument);
  const readAgain = useReadAgain();
  const [permissions, setPermissions] = useState<Permission[]>((role?.permissions ?? []) as Permission[]);
  const [permissionsError, setPermissionsError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: role?.name ?? '' } });

  const submit = handleSubmit(async ({ name }) => {
    setFailure(undefined);
    setPermissionsError(undefined);
    const trimmed = name.trim();
    const violation = role ? permissionsViolation(permissions) : roleViolation({ name: trimmed, permissions });
    if (violation) {
      if (violation.field === 'permissions') setPermissionsError(violation.message);
      else setError('name', { type: 'rule', message: violation.message }, { shouldFocus: true });
      return;
    }
    try {
      const answer = role
        ? (await update({ variables: { input: { name: role.name, permissions } } })).data?.updateStaffRole
        : (await create({ variables: { input: { name: trimmed, permissions } } })).data?.createStaffRole;
      if (answer?.staffRole) {
        await readAgain();
        onDone(`The role ${roleTitle(answer.staffRole.name)} was saved.`);
        return;
      }
      const errorsLeft = (answer?.userErrors ?? []).filter((error) => {
        if (error.field !== 'permissions') return true;
        setPermissionsError(error.message);
        return false;
      });
      setFailure(showUserErrors(errorsLeft, setError, ['name']));
    } catch {
      setFailure('Failed to save the role. Please try again.');
    }
  });

  const title = role ? `Edit ${roleTitle(role.name)}` : 'New role';
  return (
    <form className={surface(styles.form)} onSubmit={submit} noValidate aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      {!role && (
        <TextField
          label="Name"
          required
          autoComplete="off"
          hint="Capital letters, digits and underscores, such as NIGHT_SHIFT"
          error={errors.name?.message}
          {...register('name')}
        />
      )}
      <PermissionChoices chosen={permissions} onChange={setPermissions} error={permissionsError} />
      <div className={styles.buttons}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Role'}
        </Button>
        <Button variant="secondary" onClick={() => onDone()} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A person's roles: checkboxes of every role. Without `member`, for someone named in the form (their first role).
 * `onDone`: what was saved ("anna is now Order clerk"), or nothing.
 */
function MemberForm({
  member,
  roles,
  onDone,
}: {
  member?: StaffMember;
  roles: readonly StaffRole[];
  onDone(saved?: string): void;
}) {
  const viewer = useViewer();
  const [save] = useMutation(SetStaffRolesDocument);
  const readAgain = useReadAgain();
  const [chosen, setChosen] = useState<string[]>(member?.roles ?? []);
  const [failure, setFailure] = useState<string>();
  const [rolesError, setRolesError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ username: string }>({ defaultValues: { username: member?.username ?? '' } });

  const submit = handleSubmit(async ({ username }) => {
    setFailure(undefined);
    setRolesError(undefined);
    const name = username.trim();
    if (!name) {
      setError('username', { type: 'rule', message: 'Username is required' }, { shouldFocus: true });
      return;
    }
    if (!member && chosen.length === 0) {
      setRolesError('Choose at least one role');
      return;
    }
    try {
      const answer = (await save({ variables: { input: { username: name, roles: chosen } } })).data?.setStaffRoles;
      const saved = answer?.staffMember;
      if (saved) {
        await readAgain();
        onDone(
          saved.roles.length > 0
            ? `${saved.username} is now ${saved.roles.map(roleTitle).join(', ')}.`
            : `${saved.username} holds no staff role now.`,
        );
        return;
      }
      const errorsLeft = (answer?.userErrors ?? []).filter((error) => {
        if (error.field !== 'roles') return true;
        setRolesError(error.message);
        return false;
      });
      setFailure(showUserErrors(errorsLeft, setError, ['username']));
    } catch {
      setFailure('Failed to save the roles. Please try again.');
    }
  });

  const title = member ? `Roles of ${member.username}` : 'Give someone a role';
  return (
    <form className={surface(styles.form)} onSubmit={submit} noValidate aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      {!member && (
        <TextField
          label="Username"
          required
          autoComplete="off"
          hint="The name they log in with"
          error={errors.username?.message}
          {...register('username')}
        />
      )}
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Roles</legend>
        {rolesError && (
          <p className={styles.error} role="alert">
            {rolesError}
          </p>
        )}
        {roles.map((role) => {
          // Only an owner makes or unmakes owners, and a staff manager who is not one gives only what they hold
          // themselves: the shop refuses anything else.
          const ownersOnly = role.name === OWNER_ROLE && !viewer?.isAdmin;
          const beyondOwn = !viewer?.isAdmin && !withinOwn(viewer, role.permissions);
          const locked = ownersOnly || beyondOwn;
          let hint = permissionList(role.permissions);
          if (ownersOnly) hint = 'Only an owner gives or takes this role';
          else if (beyondOwn) hint = `${hint}: beyond your own permissions`;
          return (
            <CheckboxField
              key={role.name}
              label={roleTitle(role.name)}
              hint={hint}
              checked={chosen.includes(role.name)}
              disabled={locked}
              onChange={(event) =>
                setChosen(
                  event.target.checked
                    ? roles.map((each) => each.name).filter((name) => name === role.name || chosen.includes(name))
                    : chosen.filter((name) => name !== role.name),
                )
              }
            />
          );
        })}
      </fieldset>
      <div className={styles.buttons}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Roles'}
        </Button>
        <Button variant="secondary" onClick={() => onDone()} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function StaffAdminRoute() {
  const { data, loading, refetch } = useQuery(StaffAdminDocument);
  /** What is open: 'new-role', 'new-member', a role's name ('role:NAME') or a member's id ('member:ID'). */
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>();
  const [remove, { loading: removing }] = useMutation(DeleteStaffRoleDocument);
  const [resetSecondFactor, { loading: resetting }] = useMutation(ResetTwoFactorDocument);
  const viewer = useViewer();
  const readAgain = useReadAgain();
  // A lost phone: the person signs in with the password alone until they set it up again (asked first).
  const reset = useConfirmedDelete<StaffMember>({
    remove: async (member) =>
      (await resetSecondFactor({ variables: { input: { username: member.username } } })).data?.resetTwoFactor
        .userErrors[0]?.message,
    failure: 'Failed to reset the second factor. Please try again.',
    onDeleted: (member) =>
      setNotice(`${member.username} signs in with their password alone until they set it up again.`),
  });
  const deletion = useConfirmedDelete<StaffRole>({
    remove: async (role) => {
      const answer = (await remove({ variables: { input: { name: role.name } } })).data?.deleteStaffRole;
      if (answer?.deletedStaffRoleName) await readAgain();
      return answer?.userErrors[0]?.message;
    },
    failure: 'Failed to delete the role. Please try again.',
    onDeleted: (role) => setNotice(`The role ${roleTitle(role.name)} was deleted.`),
  });
  const done = (saved?: string) => {
    setEditing(null);
    if (saved) setNotice(saved);
  };
  const roles = data?.staffRoles;
  const members = data?.staffMembers;

  let content;
  if (roles && members) {
    content = (
      <>
        <section className={styles.section} aria-labelledby="staff-people-title">
          <div className={styles.sectionHeader}>
            <h2 id="staff-people-title" className={styles.sectionTitle}>
              People
            </h2>
            <Button size="small" variant="secondary" onClick={() => setEditing('new-member')} disabled={!!editing}>
              Give Someone a Role
            </Button>
          </div>
          {editing === 'new-member' && <MemberForm roles={roles} onDone={done} />}
          <ul className={styles.list} aria-label="Staff">
            {members.map((member) =>
              editing === `member:${member.id}` ? (
                <li key={member.id}>
                  <MemberForm member={member} roles={roles} onDone={done} />
                </li>
              ) : (
                <li key={member.id} className={surface(styles.row)} aria-label={member.username}>
                  <span className={styles.what}>
                    <strong className={styles.name}>{member.username}</strong>
                    <span>{member.roles.map(roleTitle).join(', ')}</span>
                    <span className={styles.muted}>{permissionList(member.permissions)}</span>
                    <span className={styles.muted}>Two-factor sign-in: {member.twoFactorEnabled ? 'on' : 'off'}</span>
                  </span>
                  <span className={styles.buttons}>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setEditing(`member:${member.id}`)}
                      disabled={editing !== null}
                      aria-label={`Change roles of ${member.username}`}
                    >
                      Change Roles
                    </Button>
                    {/* One's own is turned off from the profile, with the password; an owner's only by an owner. */}
                    {member.twoFactorEnabled &&
                      member.username !== viewer?.username &&
                      (viewer?.isAdmin || !member.roles.includes(OWNER_ROLE)) && (
                        <Button
                          variant="dangerOutline"
                          size="small"
                          onClick={() => reset.ask(member)}
                          aria-label={`Reset two-factor sign-in of ${member.username}`}
                        >
                          Reset Two-Factor
                        </Button>
                      )}
                  </span>
                </li>
              ),
            )}
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="staff-roles-title">
          <div className={styles.sectionHeader}>
            <h2 id="staff-roles-title" className={styles.sectionTitle}>
              Roles
            </h2>
            <Button size="small" variant="secondary" onClick={() => setEditing('new-role')} disabled={!!editing}>
              New Role
            </Button>
          </div>
          {editing === 'new-role' && <RoleForm onDone={done} />}
          {roles.length === 0 ? (
            <EmptyState title="No roles" />
          ) : (
            <ul className={styles.list} aria-label="Roles">
              {roles.map((role) =>
                editing === `role:${role.name}` ? (
                  <li key={role.name}>
                    <RoleForm role={role} onDone={done} />
                  </li>
                ) : (
                  <li key={role.name} className={surface(styles.row)} aria-label={roleTitle(role.name)}>
                    <span className={styles.what}>
                      <strong className={styles.name}>
                        {roleTitle(role.name)}{' '}
                        <span className={styles.code}>
                          {role.name}
                          {role.builtIn && ' · built in'}
                        </span>
                      </strong>
                      <span>{permissionList(role.permissions)}</span>
                      <span className={styles.muted}>Held by {people(role.holders)}</span>
                    </span>
                    {!role.builtIn && (
                      <span className={styles.buttons}>
                        <Button
                          variant="secondary"
                          size="small"
                          onClick={() => setEditing(`role:${role.name}`)}
                          disabled={editing !== null}
                          aria-label={`Edit ${roleTitle(role.name)}`}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="dangerOutline"
                          size="small"
                          onClick={() => deletion.ask(role)}
                          aria-label={`Delete ${roleTitle(role.name)}`}
                        >
                          Delete
                        </Button>
                      </span>
                    )}
                  </li>
                ),
              )}
            </ul>
          )}
        </section>
      </>
    );
  } else if (loading)
    content = (
      <div role="status" className={styles.list}>
        <span className="visually-hidden">Loading...</span>
        <Skeleton height="5rem" />
        <Skeleton height="5rem" />
      </div>
    );
  else content = <ErrorState message="Failed to load the staff" onRetry={() => void refetch()} />;

  return (
    <Page title="Staff">
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {content}
      <ConfirmDialog
        open={deletion.asking !== null}
        title={deletion.asking ? `Delete the role ${roleTitle(deletion.asking.name)}?` : ''}
        description="Nobody holds it; the audit trail keeps what it allowed."
        confirmLabel="Delete Role"
        dismissLabel="Keep Role"
        busyLabel="Deleting..."
        busy={removing}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
      <ConfirmDialog
        open={reset.asking !== null}
        title={reset.asking ? `Reset the two-factor sign-in of ${reset.asking.username}?` : ''}
        description="They will sign in with their password alone until they set it up again. Do this only when you know it is them, for a lost or replaced phone."
        confirmLabel="Reset Two-Factor"
        dismissLabel="Keep It"
        busyLabel="Resetting..."
        busy={resetting}
        error={reset.error}
        onConfirm={() => void reset.confirm()}
        onCancel={reset.cancel}
      />
    </Page>
  );
}
