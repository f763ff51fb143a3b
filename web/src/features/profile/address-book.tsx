// The profile's Addresses tab (issue 35): the viewer's address book, the last used first. Add Address and Edit open
// the address's form in place (Save Address / Cancel); Delete asks first (orders sent there keep their address). The
// book holds MAX_ADDRESSES at most: Add Address says so instead of failing. Where the shop keeps no address books
// (the plain contract), the tab says that, and checkout still takes an address typed in.
import { isNotSupported } from '@/lib/not-supported';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { MAX_ADDRESSES, TOO_MANY_ADDRESSES } from '@shop-rules/address-rules';
import { AddressFields } from '@/components/address-fields';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { DeleteAddressDocument, SaveAddressDocument, ViewerAddressesDocument } from '@/gql/graphql';
import {
  ADDRESS_PARTS,
  type AddressFieldsForm,
  type SavedAddress,
  addressValuesOf,
  emptyAddress,
  forgetAddressList,
  onAddressFields,
} from '@/lib/addresses';
import { useFormats } from '@/lib/use-formats';
import { useTransientMessage } from '@/lib/use-transient-message';
import { showUserErrors } from '@/lib/user-errors';
import { PROFILE_MESSAGE_MS } from './profile-information';
import styles from './profile.module.css';

export const ADDRESS_SAVED = 'Address saved';
export const ADDRESS_DELETED = 'Address deleted';
export const NO_ADDRESS_BOOK = 'This shop does not keep address books: type the address in at checkout.';

const FORM_FIELDS = ADDRESS_PARTS.map((part) => `address.${part}` as const);

/** One address's form: a new one (no `address`) or a change to one. */
function AddressEditor({ address, onDone }: { address?: SavedAddress; onDone(saved: boolean): void }) {
  const form = useForm<AddressFieldsForm>({
    defaultValues: { address: address ? addressValuesOf(address) : emptyAddress() },
  });
  const [failure, setFailure] = useState<string>();
  const [save] = useMutation(SaveAddressDocument, {
    update(cache, { data }) {
      // A new one takes its place in the shop's order; a change updates the cached address by its id.
      if (data?.saveAddress.address && !address) forgetAddressList(cache);
    },
  });
  const headingId = useId();
  const {
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = form;
  useEffect(() => setFocus('address.name'), [setFocus]);

  const submit = handleSubmit(async ({ address: values }) => {
    setFailure(undefined);
    try {
      const { data } = await save({ variables: { input: { ...values, ...(address ? { id: address.id } : {}) } } });
      if (data?.saveAddress.address) {
        onDone(true);
        return;
      }
      setFailure(showUserErrors(onAddressFields(data?.saveAddress.userErrors ?? []), setError, FORM_FIELDS));
    } catch {
      setFailure('Failed to save the address');
    }
  });

  return (
    <FormProvider {...form}>
      <form className={styles.addressForm} onSubmit={submit} noValidate aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.addressFormTitle}>
          {address ? 'Edit Address' : 'New Address'}
        </h3>
        {failure && <Alert tone="error">{failure}</Alert>}
        <AddressFields />
        <div className={styles.actions}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Address'}
          </Button>
          <Button variant="secondary" onClick={() => onDone(false)} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** A saved address as it prints, when it was last used, and its buttons. */
function AddressEntry({
  address,
  onEdit,
  onDelete,
  editingOther,
}: {
  address: SavedAddress;
  onEdit(): void;
  onDelete(): void;
  editingOther: boolean;
}) {
  const formats = useFormats();
  const nameId = useId();
  return (
    <article className={styles.addressEntry} aria-labelledby={nameId}>
      <p className={styles.addressPrinted}>
        <strong id={nameId}>{address.name}</strong>
        {'\n'}
        {address.printed.split('\n').slice(1).join('\n')}
      </p>
      <p className={styles.addressUsed}>
        {address.lastUsedAt ? `Last used ${formats.longDate(address.lastUsedAt)}` : 'Not used for an order yet'}
      </p>
      <div className={styles.addressActions}>
        <Button variant="secondary" size="small" onClick={onEdit} disabled={editingOther} aria-describedby={nameId}>
          Edit
        </Button>
        <Button variant="dangerOutline" size="small" onClick={onDelete} aria-describedby={nameId}>
          Delete
        </Button>
      </div>
    </article>
  );
}

export function AddressBook() {
  const { data, error, loading, refetch } = useQuery(ViewerAddressesDocument);
  // 'new', an address's id, or nothing: one form at a time.
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string>();
  const [message, setMessage] = useTransientMessage();
  const addRef = useRef<HTMLButtonElement>(null);
  const [remove, { loading: removing }] = useMutation(DeleteAddressDocument, {
    update(cache, { data: answer }) {
      const id = answer?.deleteAddress.deletedAddressId;
      if (!id) return;
      cache.evict({ id: cache.identify({ __typename: 'Address', id }) });
      cache.gc();
    },
  });

  if (isNotSupported(error)) return <p className={styles.unavailable}>{NO_ADDRESS_BOOK}</p>;
  const addresses = data?.viewer?.addresses;
  if (!addresses) {
    if (loading)
      return (
        <div role="status" className={styles.addressList}>
          <span className="visually-hidden">Loading...</span>
          <Skeleton height="7rem" />
          <Skeleton height="7rem" />
        </div>
      );
    return <ErrorState message="Failed to load your addresses" onRetry={() => void refetch()} />;
  }

  const full = addresses.length >= MAX_ADDRESSES;
  const done = (saved: boolean) => {
    setEditing(null);
    if (saved) setMessage({ text: ADDRESS_SAVED, tone: 'success', durationMs: PROFILE_MESSAGE_MS });
    // Back to where the form was opened from (the entry's Edit is gone while it shows: Add Address stays).
    requestAnimationFrame(() => addRef.current?.focus());
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteFailure(undefined);
    try {
      const { data: answer } = await remove({ variables: { input: { id: deleting.id } } });
      const refusal = answer?.deleteAddress.userErrors[0];
      // Gone already (deleted in another tab): the list is read again, and there is nothing left to do.
      if (refusal && refusal.code !== 'NOT_FOUND') {
        setDeleteFailure(refusal.message);
        return;
      }
      if (refusal) void refetch();
      setDeleting(null);
      setMessage({ text: ADDRESS_DELETED, tone: 'success', durationMs: PROFILE_MESSAGE_MS });
      addRef.current?.focus();
    } catch {
      setDeleteFailure('Failed to delete the address');
    }
  };

  return (
    <div className={styles.addressBook}>
      <div className={styles.panelHeader}>
        <div>
          <h2>Saved Addresses</h2>
          <p className={styles.addressIntro}>Choose one of these at checkout, or save a new one there.</p>
        </div>
        <Button
          ref={addRef}
          size="small"
          onClick={() => setEditing('new')}
          disabled={full || editing !== null}
          aria-describedby={full ? 'address-book-full' : undefined}
        >
          Add Address
        </Button>
      </div>
      {full && (
        <p id="address-book-full" className={styles.addressHint}>
          {TOO_MANY_ADDRESSES}.
        </p>
      )}
      <div role="status" className={styles.message}>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </div>
      {editing === 'new' && <AddressEditor onDone={done} />}
      {addresses.length === 0 && editing !== 'new' ? (
        <EmptyState title="No saved addresses yet" hint="Add one here, or save one when you check out." />
      ) : (
        <ul className={styles.addressList} aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id}>
              {editing === address.id ? (
                <AddressEditor address={address} onDone={done} />
              ) : (
                <AddressEntry
                  address={address}
                  editingOther={editing !== null}
                  onEdit={() => setEditing(address.id)}
                  onDelete={() => {
                    setDeleteFailure(undefined);
                    setDeleting(address);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        description={
          deleting && (
            <>
              <span className={styles.addressPrinted}>{deleting.printed}</span>
              <br />
              Orders already sent there keep it.
            </>
          )
        }
        confirmLabel="Delete Address"
        dismissLabel="Keep Address"
        busyLabel="Deleting..."
        busy={removing}
        error={deleteFailure}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
