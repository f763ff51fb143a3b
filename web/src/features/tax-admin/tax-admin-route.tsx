// /admin/tax (issue 35): the shop's tax, for admins. Whether the prices entered include tax (or it is added on top at
// checkout), and the rates: each country's standard rate, and its reduced rates for categories (each covering the
// categories under it). Add a rate, change one, delete one (asked first). The shop's rules are applied before sending,
// and its own messages shown at the field they are about.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type TaxRateForm, checkTaxRate, percentText } from '@shop-rules/tax-rules';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CountryOptions } from '@/components/address-fields';
import { Alert, EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { SelectField, TextField } from '@/components/field';
import { Page } from '@/components/page';
import {
  DeleteTaxRateDocument,
  SaveTaxRateDocument,
  TaxAdminDocument,
  type TaxAdminQuery,
  UpdateTaxSettingsDocument,
} from '@/gql/graphql';
import { useCategoryChoices } from '@/lib/categories';
import { useConfirmedDelete } from '@/lib/use-confirmed-delete';
import { showUserErrors } from '@/lib/user-errors';
import styles from './tax-admin.module.css';

if (false) {
  gql`
    fragment TaxRateFields on TaxRate {
      id
      country {
        code
        name
      }
      categoryId
      categoryName
      rate
    }

    query TaxAdmin {
      taxRates {
        ...TaxRateFields @unmask
      }
      taxSettings {
        pricesIncludeTax
      }
    }

    mutation SaveTaxRate($input: SaveTaxRateInput!) {
      saveTaxRate(input: $input) {
        taxRate {
          ...TaxRateFields @unmask
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation DeleteTaxRate($input: DeleteTaxRateInput!) {
      deleteTaxRate(input: $input) {
        deletedTaxRateId
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation UpdateTaxSettings($input: UpdateTaxSettingsInput!) {
      updateTaxSettings(input: $input) {
        taxSettings {
          pricesIncludeTax
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

type TaxRate = TaxAdminQuery['taxRates'][number];

interface RateValues {
  country: string;
  /** A category's id, or '' for the country's standard rate. */
  categoryId: string;
  rate: string;
}

const FORM_FIELDS = ['country', 'categoryId', 'rate'] as const;

/** "7,5" or "7.5 %" as the number the rules read; anything else is NaN (the rule then says what is wrong). */
const percentOf = (text: string) => {
  const cleaned = text.replace('%', '').replace(',', '.').trim();
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

/** "Germany, standard rate" or "Germany, Medicines": how a rate is named in headings and dialogs. */
const rateName = (rate: TaxRate) => `${rate.country.name}, ${rate.categoryName ?? 'standard rate'}`;

/** `onDone`: with what was saved, or nothing when cancelled. */
function RateForm({ rate, onDone }: { rate?: TaxRate; onDone(saved?: TaxRate): void }) {
  const categories = useCategoryChoices();
  const [save] = useMutation(SaveTaxRateDocument, {
    refetchQueries: (result) => (result.data?.saveTaxRate.taxRate && !rate ? [TaxAdminDocument] : []),
    awaitRefetchQueries: true,
  });
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<RateValues>({
    defaultValues: rate
      ? { country: rate.country.code, categoryId: rate.categoryId ?? '', rate: String(rate.rate) }
      : { country: '', categoryId: '', rate: '' },
  });

  // The categories may come after the form: a rate's own is chosen once its option is there (a select shows its first
  // option for a value it does not offer, and would send that), unless the admin chose meanwhile.
  const category = rate?.categoryId ?? '';
  const offered = categories.choices.some((choice) => choice.id === category);
  useEffect(() => {
    if (category && offered && !getFieldState('categoryId').isDirty) setValue('categoryId', category);
  }, [category, offered, getFieldState, setValue]);

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    // The rules on what the shop would keep (a category's id is the graph's: checked by the shop).
    const form: TaxRateForm = { country: values.country, rate: percentOf(values.rate) };
    const checked = checkTaxRate(form);
    if (Array.isArray(checked)) {
      setFailure(showUserErrors(checked, setError, [...FORM_FIELDS]));
      return;
    }
    try {
      const { data } = await save({
        variables: {
          input: {
            ...(rate ? { id: rate.id } : {}),
            country: values.country,
            ...(values.categoryId ? { categoryId: values.categoryId } : {}),
            rate: form.rate,
          },
        },
      });
      const saved = data?.saveTaxRate.taxRate;
      if (saved) {
        onDone(saved);
        return;
      }
      setFailure(showUserErrors(data?.saveTaxRate.userErrors ?? [], setError, [...FORM_FIELDS]));
    } catch {
      setFailure('Failed to save the tax rate. Please try again.');
    }
  });

  const title = rate ? `Edit ${rateName(rate)}` : 'New tax rate';
  return (
    <form className={surface(styles.form)} onSubmit={submit} noValidate aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.fields}>
        <SelectField label="Country" required error={errors.country?.message} {...register('country')}>
          <CountryOptions />
        </SelectField>
        <SelectField
          label="Applies to"
          hint="A category’s rate covers the categories under it; a product in several is taxed at the lowest."
          error={errors.categoryId?.message}
          {...register('categoryId')}
        >
          <option value="">Every product (the standard rate)</option>
          {categories.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Rate (%)"
          inputMode="decimal"
          required
          autoComplete="off"
          hint="From 0 to 100, such as 19 or 7.5"
          error={errors.rate?.message}
          {...register('rate')}
        />
      </div>
      <div className={styles.buttons}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Rate'}
        </Button>
        <Button variant="secondary" onClick={() => onDone()} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Whether the prices entered include tax: two choices, saved with their button. */
function PricesSetting({ included, onSaved }: { included: boolean; onSaved(included: boolean): void }) {
  // The settings have no id to be kept by in the cache: the screen reads them again once saved.
  const [update, { loading }] = useMutation(UpdateTaxSettingsDocument, {
    refetchQueries: (result) => (result.data?.updateTaxSettings.taxSettings ? [TaxAdminDocument] : []),
    awaitRefetchQueries: true,
  });
  const [choice, setChoice] = useState(included);
  const [failure, setFailure] = useState<string>();
  const submit = async () => {
    setFailure(undefined);
    try {
      const { data } = await update({ variables: { input: { pricesIncludeTax: choice } } });
      const saved = data?.updateTaxSettings.taxSettings;
      if (saved) onSaved(saved.pricesIncludeTax);
      else setFailure(data?.updateTaxSettings.userErrors[0]?.message ?? 'Failed to save the setting.');
    } catch {
      setFailure('Failed to save the setting. Please try again.');
    }
  };
  return (
    <form
      className={surface(styles.setting)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className={styles.choices}>
        <legend className={styles.formTitle}>Prices</legend>
        {failure && <Alert tone="error">{failure}</Alert>}
        {[
          { value: true, label: 'The prices I enter include tax', hint: 'Shoppers pay the price shown.' },
          { value: false, label: 'Tax is added to the prices I enter', hint: 'Checkout adds it on top.' },
        ].map((option) => (
          <label key={String(option.value)} className={styles.choice}>
            <input
              type="radio"
              name="pricesIncludeTax"
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            <span>
              {option.label}
              <span className={styles.hint}>{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" size="small" disabled={loading || choice === included}>
          {loading ? 'Saving...' : 'Save Setting'}
        </Button>
      </div>
    </form>
  );
}

export function TaxAdminRoute() {
  const { data, loading, refetch } = useQuery(TaxAdminDocument);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>();
  const [remove, { loading: removing }] = useMutation(DeleteTaxRateDocument, {
    update(cache, { data: answer }) {
      const id = answer?.deleteTaxRate.deletedTaxRateId;
      if (!id) return;
      cache.evict({ id: cache.identify({ __typename: 'TaxRate', id }) });
      cache.gc();
    },
  });
  const rates = data?.taxRates;
  const deletion = useConfirmedDelete<TaxRate>({
    remove: async (rate) =>
      (await remove({ variables: { input: { id: rate.id } } })).data?.deleteTaxRate.userErrors[0]?.message,
    failure: 'Failed to delete the tax rate. Please try again.',
    onDeleted: (rate) => setNotice(`The rate for ${rateName(rate)} was deleted.`),
  });
  const done = (saved?: TaxRate) => {
    setEditing(null);
    if (saved) setNotice(`${rateName(saved)}: ${percentText(Math.round(saved.rate * 100))} was saved.`);
  };

  let content;
  if (data && rates) {
    content = (
      <>
        <PricesSetting
          included={data.taxSettings.pricesIncludeTax}
          onSaved={(included) =>
            setNotice(included ? 'Prices now include tax.' : 'Tax is now added to the prices at checkout.')
          }
        />
        <section className={styles.section} aria-labelledby="tax-rates-title">
          <h2 id="tax-rates-title" className={styles.sectionTitle}>
            Rates
          </h2>
          {editing === 'new' && <RateForm onDone={done} />}
          {rates.length === 0 && editing !== 'new' ? (
            <EmptyState
              title="No tax rates yet"
              hint="Without one, orders carry no tax. Add each country’s standard rate, and reduced rates for categories."
            />
          ) : (
            <ul className={styles.list} aria-label="Tax rates">
              {rates.map((rate) =>
                editing === rate.id ? (
                  <li key={rate.id}>
                    <RateForm rate={rate} onDone={done} />
                  </li>
                ) : (
                  <li key={rate.id} className={surface(styles.rate)} aria-label={rateName(rate)}>
                    <span className={styles.rateWhere}>
                      <strong>{rate.country.name}</strong>
                      <span className={styles.muted}>{rate.categoryName ?? 'Standard rate'}</span>
                    </span>
                    <span className={styles.percent}>{percentText(Math.round(rate.rate * 100))}</span>
                    <span className={styles.buttons}>
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => setEditing(rate.id)}
                        disabled={editing !== null}
                        aria-label={`Edit ${rateName(rate)}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="dangerOutline"
                        size="small"
                        onClick={() => deletion.ask(rate)}
                        aria-label={`Delete ${rateName(rate)}`}
                      >
                        Delete
                      </Button>
                    </span>
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
        <Skeleton height="6rem" />
        <Skeleton height="4rem" />
      </div>
    );
  else content = <ErrorState message="Failed to load the tax rates" onRetry={() => void refetch()} />;

  return (
    <Page
      title="Tax"
      actions={
        <Button onClick={() => setEditing('new')} disabled={editing !== null || !rates}>
          Add Rate
        </Button>
      }
    >
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {content}
      <ConfirmDialog
        open={deletion.asking !== null}
        title={deletion.asking ? `Delete the rate for ${rateName(deletion.asking)}?` : ''}
        description="Orders placed keep the tax they were charged. New orders there are taxed without it."
        confirmLabel="Delete Rate"
        dismissLabel="Keep Rate"
        busyLabel="Deleting..."
        busy={removing}
        error={deletion.error}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Page>
  );
}
