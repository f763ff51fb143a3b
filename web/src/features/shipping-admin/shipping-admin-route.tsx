// /admin/shipping (issue 35): the shop's shipping methods, for admins: each with how long it takes and its rates by
// country (free from an order value); add one, change one (retire it by unticking 'Offered to shoppers': orders keep
// its name), delete one (asked first). Countries are typed as their two-letter codes and read back by name under the
// field. The shop's own messages are shown at the field they are about, a rate's included.
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { COUNTRY_CODES, countryName } from '@shop-rules/address-rules';
import { MAX_RATES, checkShippingMethod } from '@shop-rules/shipping-rules';
import { decimalToCents } from '@shop-rules/money';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { CheckboxField, TextField } from '@/components/field';
import { Page } from '@/components/page';
import { DeleteShippingMethodDocument, SaveShippingMethodDocument, ShippingMethodsDocument } from '@/gql/graphql';
import { type ShippingMethod, priceText } from '@/lib/shipping';
import { useFormats } from '@/lib/use-formats';
import { useConfirmedDelete } from '@/lib/use-confirmed-delete';
import { showUserErrors } from '@/lib/user-errors';
import styles from './shipping-admin.module.css';

interface RateValues {
  countries: string;
  price: string;
  freeFrom: string;
}

interface MethodValues {
  name: string;
  description: string;
  minDays: string;
  maxDays: string;
  active: boolean;
  rates: RateValues[];
}

const EMPTY_RATE: RateValues = { countries: '', price: '', freeFrom: '' };

const valuesOf = (method?: ShippingMethod): MethodValues =>
  method
    ? {
        name: method.name,
        description: method.description ?? '',
        minDays: String(method.minDays),
        maxDays: String(method.maxDays),
        active: method.active,
        rates: method.rates.map((rate) => ({
          countries: rate.countries.map((country) => country.code).join(', '),
          price: rate.price.amount,
          freeFrom: rate.freeFrom?.amount ?? '',
        })),
      }
    : { name: '', description: '', minDays: '2', maxDays: '4', active: true, rates: [{ ...EMPTY_RATE }] };

/** "DE, at  fr" → ["DE", "AT", "FR"]: codes split at commas and spaces. */
const codesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** The countries a field names, by name, as the admin reads them back ("Germany, Austria"); unknown codes left out. */
const countryNames = (text: string) =>
  codesOf(text)
    .filter((code) => COUNTRY_CODES.includes(code))
    .map(countryName)
    .join(', ');

/** A whole number of days, or NaN (the rule then says what is wrong). */
const days = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The shop's field names for a rate (`rates[1].priceAmount`) as the form's (`rates.1.price`). */
function formFieldOf(field: string | null): string | null {
  if (!field) return null;
  const rate = /^rates\[(\d+)\]\.(countries|priceAmount|freeFromAmount|price|freeFrom)$/.exec(field);
  if (!rate) return field;
  const part = rate[2]!.replace('Amount', '');
  return `rates.${rate[1]}.${part}`;
}

/** What the shop's rules say of the form before it is sent: every problem, each at its field. */
function problemsOf(values: MethodValues) {
  const checked = checkShippingMethod({
    name: values.name,
    description: values.description,
    minDays: days(values.minDays),
    maxDays: days(values.maxDays),
    rates: values.rates.map((rate) => ({
      countries: codesOf(rate.countries),
      // Amounts as the shop reads them: exact text, whole cents; anything else is refused by its rule.
      price: rate.price.trim() === '' ? Number.NaN : centsAsDollars(rate.price),
      freeFrom: rate.freeFrom.trim() === '' ? null : centsAsDollars(rate.freeFrom),
    })),
  });
  return Array.isArray(checked) ? checked : [];
}

function centsAsDollars(text: string): number {
  const cents = decimalToCents(text.trim());
  return cents === undefined ? Number.NaN : cents / 100;
}

/** `onDone`: with the method's name as saved (it may be a new name), or nothing when cancelled. */
function MethodForm({ method, onDone }: { method?: ShippingMethod; onDone(savedName?: string): void }) {
  const [save] = useMutation(SaveShippingMethodDocument, {
    refetchQueries: (result) =>
      result.data?.saveShippingMethod.shippingMethod && !method ? [ShippingMethodsDocument] : [],
    awaitRefetchQueries: true,
  });
  const [failure, setFailure] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MethodValues>({ defaultValues: valuesOf(method) });
  const rates = useFieldArray({ control, name: 'rates' });
  const typedRates = useWatch({ control, name: 'rates' });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    const problems = problemsOf(values);
    if (problems.length > 0) {
      setFailure(
        showUserErrors(
          problems.map((problem) => ({ ...problem, field: formFieldOf(problem.field) })),
          setError,
          FORM_FIELDS(values),
        ),
      );
      return;
    }
    try {
      const { data } = await save({
        variables: {
          input: {
            ...(method ? { id: method.id } : {}),
            name: values.name,
            description: values.description,
            minDays: days(values.minDays),
            maxDays: days(values.maxDays),
            active: values.active,
            rates: values.rates.map((rate) => ({
              countries: codesOf(rate.countries),
              priceAmount: rate.price.trim(),
              ...(rate.freeFrom.trim() ? { freeFromAmount: rate.freeFrom.trim() } : {}),
            })),
          },
        },
      });
      if (data?.saveShippingMethod.shippingMethod) {
        onDone(data.saveShippingMethod.shippingMethod.name);
        return;
      }
      const userErrors = (data?.saveShippingMethod.userErrors ?? []).map((error) => ({
        ...error,
        field: formFieldOf(error.field),
      }));
      setFailure(showUserErrors(userErrors, setError, FORM_FIELDS(values)));
    } catch {
      setFailure('Failed to save the shipping method. Please try again.');
    }
  });

  return (
    <form
      className={surface(styles.form)}
      onSubmit={submit}
      noValidate
      aria-label={method ? `Edit ${method.name}` : 'New shipping method'}
    >
      <h2 className={styles.formTitle}>{method ? `Edit ${method.name}` : 'New shipping method'}</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.fields}>
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Description"
          hint="What shoppers should know, shown with it at checkout (optional)"
          autoComplete="off"
          error={errors.description?.message}
          {...register('description')}
        />
        <div className={styles.pair}>
          <TextField
            label="Shortest delivery (business days)"
            inputMode="numeric"
            required
            error={errors.minDays?.message}
            {...register('minDays')}
          />
          <TextField
            label="Longest delivery (business days)"
            inputMode="numeric"
            required
            error={errors.maxDays?.message}
            {...register('maxDays')}
          />
        </div>
        <CheckboxField
          label="Offered to shoppers"
          hint="Untick to retire it: orders placed with it keep its name."
          {...register('active')}
        />
      </div>
      <fieldset className={styles.rates}>
        <legend className={styles.formTitle}>Rates</legend>
        {errors.rates?.message && <p className={styles.error}>{errors.rates.message}</p>}
        {rates.fields.map((field, index) => {
          const names = countryNames(typedRates[index]?.countries ?? '');
          const rateErrors = errors.rates?.[index];
          return (
            <div key={field.id} className={styles.rate} role="group" aria-label={`Rate ${index + 1}`}>
              <TextField
                label="Countries"
                hint={names || 'Two-letter codes, such as DE, AT, FR'}
                required
                autoComplete="off"
                error={rateErrors?.countries?.message}
                {...register(`rates.${index}.countries`)}
              />
              <div className={styles.pair}>
                <TextField
                  label="Price"
                  inputMode="decimal"
                  required
                  error={rateErrors?.price?.message}
                  {...register(`rates.${index}.price`)}
                />
                <TextField
                  label="Free from"
                  inputMode="decimal"
                  hint="Order value from which it is free (optional)"
                  error={rateErrors?.freeFrom?.message}
                  {...register(`rates.${index}.freeFrom`)}
                />
              </div>
              {rates.fields.length > 1 && (
                <div>
                  <Button variant="ghost" size="small" onClick={() => rates.remove(index)}>
                    Remove rate {index + 1}
                  </Button>
                </div>
              )}
            </div>
          );
        })}
        {rates.fields.length < MAX_RATES && (
          <div>
            <Button variant="secondary" size="small" onClick={() => rates.append({ ...EMPTY_RATE })}>
              Add Rate
            </Button>
          </div>
        )}
      </fieldset>
      <div className={styles.buttons}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Method'}
        </Button>
        <Button variant="secondary" onClick={() => onDone()} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Every field of the form a message may be about, the rates' included. */
const FORM_FIELDS = (values: MethodValues) =>
  [
    'name',
    'description',
    'minDays',
    'maxDays',
    'rates',
    ...values.rates.flatMap((_rate, index) => [
      `rates.${index}.countries`,
      `rates.${index}.price`,
      `rates.${index}.freeFrom`,
    ]),
  ] as FieldPath<MethodValues>[];

/** A method as the list shows it: its name (retired or not), how long it takes, and each rate. */
function MethodEntry({ method, onEdit, onDelete }: { method: ShippingMethod; onEdit(): void; onDelete(): void }) {
  const formats = useFormats();
  return (
    <article className={surface(styles.method)} aria-label={method.name}>
      <div className={styles.methodHead}>
        <h2 className={styles.methodName}>{method.name}</h2>
        {!method.active && <span className={styles.retired}>Retired</span>}
      </div>
      <p className={styles.muted}>
        {method.estimate}
        {method.description ? ` · ${method.description}` : ''}
      </p>
      <ul className={styles.rateList} aria-label={`Rates of ${method.name}`}>
        {method.rates.map((rate) => (
          <li key={rate.countries.map((country) => country.code).join()}>
            <span>{rate.countries.map((country) => country.name).join(', ')}</span>
            <span className={styles.ratePrice}>
              {priceText(rate.price, formats.money)}
              {rate.freeFrom ? `, free from ${formats.money(rate.freeFrom)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.buttons}>
        <Button variant="secondary" size="small" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="dangerOutline" size="small" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}

export function ShippingAdminRoute() {
  const { data, loading, refetch } = useQuery(ShippingMethodsDocument);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>();
  const [remove, { loading: removing }] = useMutation(DeleteShippingMethodDocument, {
    update(cache, { data: answer }) {
      const id = answer?.deleteShippingMethod.deletedShippingMethodId;
      if (!id) return;
      cache.evict({ id: cache.identify({ __typename: 'ShippingMethod', id }) });
      cache.gc();
    },
  });
  const methods = data?.shippingMethods;
  const deletion = useConfirmedDelete<ShippingMethod>({
    remove: async (method) =>
      (await remove({ variables: { input: { id: method.id } } })).data?.deleteShippingMethod.userErrors[0]?.message,
    failure: 'Failed to delete the shipping method. Please try again.',
    onDeleted: (method) => setNotice(`“${method.name}” was deleted.`),
  });
  const done = (savedName?: string) => {
    setEditing(null);
    if (savedName) setNotice(`“${savedName}” was saved.`);
  };

  let content;
  if (methods) {
    content = (
      <>
        {editing === 'new' && <MethodForm onDone={done} />}
        {methods.length === 0 && editing !== 'new' ? (
          <EmptyState
            title="No shipping methods yet"
            hint="Without one, orders are placed with no shipping charged. Add the ways you ship, with their prices by country."
          />
        ) : (
          <ul className={styles.list} aria-label="Shipping methods">
            {methods.map((method) => (
              <li key={method.id}>
                {editing === method.id ? (
                  <MethodForm method={method} onDone={done} />
                ) : (
                  <MethodEntry
                    method={method}
                    onEdit={() => setEditing(method.id)}
                    onDelete={() => deletion.ask(method)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  } else if (loading)
    content = (
      <div role="status" className={styles.list}>
        <span className="visually-hidden">Loading...</span>
        <Skeleton height="8rem" />
        <Skeleton height="8rem" />
      </div>
    );
  else content = <ErrorState message="Failed to load the shipping methods" onRetry={() => void refetch()} />;

  return (
    <Page
      title="Shipping Methods"
      actions={
        <Button onClick={() => setEditing('new')} disabled={editing !== null || !methods}>
          Add Method
        </Button>
      }
    >
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {content}
      <ConfirmDialog
        open={deletion.asking !== null}
        title={`Delete ${deletion.asking?.name ?? ''}?`}
        description="Orders placed with it keep its name and what they paid. To stop offering it and keep it, untick 'Offered to shoppers' instead."
        confirmLabel="Delete Method"
        dismissLabel="Keep Method"
        busyLabel="Deleting..."
        busy={removing}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Page>
  );
}
