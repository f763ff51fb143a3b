// The listing's five filters (spec §2, §5): name, price and stock bounds, applied with Apply Filters and reset
// with Clear Filters. The values live in the address (?name=…&minPrice=…), so a filtered listing can be shared,
// reloaded and left with Back. On a phone or a narrow window the name stays in sight and the four bounds fold
// behind a Filters button that counts the ones in use, so that the products start in the first screen.
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import type { ProductFilter } from '@/gql/graphql';
import { surface } from '@/components/card';
import { type FacetChoice, productCount } from './listing-facets';
import styles from './filter-panel.module.css';

export interface FilterValues {
  name: string;
  minPrice: string;
  maxPrice: string;
  minQuantity: string;
  maxQuantity: string;
}

export const FILTER_FIELDS = ['name', 'minPrice', 'maxPrice', 'minQuantity', 'maxQuantity'] as const;

/** The filters that fold away on a narrow screen. */
const BOUND_FIELDS = ['minPrice', 'maxPrice', 'minQuantity', 'maxQuantity'] as const;

export function filterValuesOf(params: URLSearchParams): FilterValues {
  const values = {} as FilterValues;
  for (const field of FILTER_FIELDS) values[field] = params.get(field) ?? '';
  return values;
}

/** The graph's filter for the values; unset fields do not filter, and nothing set is no filter at all. */
export function productFilterOf(values: FilterValues): ProductFilter | undefined {
  const filter: ProductFilter = {};
  const name = values.name.trim();
  if (name) filter.name = name;
  if (values.minPrice !== '') filter.minPrice = Number(values.minPrice);
  if (values.maxPrice !== '') filter.maxPrice = Number(values.maxPrice);
  if (values.minQuantity !== '') filter.minQuantity = Number(values.minQuantity);
  if (values.maxQuantity !== '') filter.maxQuantity = Number(values.maxQuantity);
  return Object.keys(filter).length > 0 ? filter : undefined;
}

const priceRule = (label: string) => (value: string) =>
  value === '' || (Number.isFinite(Number(value)) && Number(value) >= 0) || `${label} must be a number of at least 0`;
const quantityRule = (label: string) => (value: string) =>
  value === '' ||
  (Number.isInteger(Number(value)) && Number(value) >= 0) ||
  `${label} must be a whole number of at least 0`;

interface FilterPanelProps {
  values: FilterValues;
  onApply(values: FilterValues): void;
  onClear(): void;
  /** The price bands and "in stock" with their counts (issue 34); none until they come, or where the shop has none. */
  facets?: { priceBands: FacetChoice[]; inStock: FacetChoice } | undefined;
  /** The listing's address with these filter values, the rest of it kept. */
  hrefFor(values: FilterValues): string;
}

/** Choices that narrow the list at once, each a link (Back undoes it), each with how many products it leaves. */
function FacetGroup({
  label,
  choices,
  hrefFor,
}: {
  label: string;
  choices: FacetChoice[];
  hrefFor: FilterPanelProps['hrefFor'];
}) {
  const labelId = useId();
  return (
    <div className={styles.facetGroup}>
      <span id={labelId} className={styles.facetLabel}>
        {label}
      </span>
      <ul className={styles.facetChoices} aria-labelledby={labelId}>
        {choices.map((choice) => (
          <li key={choice.label}>
            <Link
              to={hrefFor(choice.values)}
              className={styles.facet}
              aria-current={choice.chosen ? 'true' : undefined}
              // Said in words: "Under $10.00, 3 products" (the count alone would run into the label).
              aria-label={`${choice.label}, ${productCount(choice.count)}${choice.chosen ? ', chosen: choose again to remove' : ''}`}
              // A choice that leaves nothing is still offered (Back is always there), only quieter.
              data-empty={choice.count === 0 || undefined}
            >
              {choice.label}
              <span className={styles.facetCount}>{choice.count}</span>
              {choice.chosen && <span className={styles.facetRemove}>×</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FilterPanel({ values, onApply, onClear, facets, hrefFor }: FilterPanelProps) {
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<FilterValues>({ defaultValues: values });
  // Back and forward change the address: the fields follow.
  useEffect(() => reset(values), [reset, values]);
  const [boundsOpen, setBoundsOpen] = useState(false);
  const boundsId = useId();
  const boundsInUse = BOUND_FIELDS.filter((field) => values[field] !== '').length;

  const notBelow = (minField: 'minPrice' | 'minQuantity', label: string) => (value: string) => {
    const min = getValues(minField);
    return value === '' || min === '' || Number(value) >= Number(min) || `${label} must not be below the minimum`;
  };

  return (
    <section className={surface(styles.panel)} aria-labelledby="filter-title" data-open={boundsOpen || undefined}>
      <h2 id="filter-title" className={styles.title}>
        Filter products
      </h2>
      <form
        onSubmit={handleSubmit(
          (applied) => {
            setBoundsOpen(false);
            onApply(applied);
          },
          // A folded bound that is wrong is shown, with its message.
          (invalid) => {
            if (BOUND_FIELDS.some((field) => invalid[field])) setBoundsOpen(true);
          },
        )}
        noValidate
        role="search"
        aria-label="Filter products"
      >
        <div className={styles.fields}>
          <div className={styles.name}>
            <TextField
              label="Name"
              type="search"
              placeholder="e.g. thermometer, or a SKU"
              error={errors.name?.message}
              {...register('name')}
            />
          </div>
          {/* Narrow screens only (the stylesheet hides it where every field fits). */}
          <Button
            variant="secondary"
            className={styles.boundsToggle}
            aria-expanded={boundsOpen}
            aria-controls={boundsId}
            onClick={() => setBoundsOpen((open) => !open)}
          >
            Filters{' '}
            {boundsInUse > 0 && (
              <span className={styles.inUse}>
                {boundsInUse} <span className="visually-hidden">in use</span>
              </span>
            )}
          </Button>
          <div id={boundsId} className={styles.bounds}>
            <TextField
              label="Min price ($)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              error={errors.minPrice?.message}
              {...register('minPrice', { validate: priceRule('Min price') })}
            />
            <TextField
              label="Max price ($)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              error={errors.maxPrice?.message}
              {...register('maxPrice', {
                validate: { rule: priceRule('Max price'), order: notBelow('minPrice', 'Max price') },
              })}
            />
            <TextField
              label="Min stock"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.minQuantity?.message}
              {...register('minQuantity', { validate: quantityRule('Min stock') })}
            />
            <TextField
              label="Max stock"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.maxQuantity?.message}
              {...register('maxQuantity', {
                validate: { rule: quantityRule('Max stock'), order: notBelow('minQuantity', 'Max stock') },
              })}
            />
          </div>
        </div>
        {facets && (
          <div className={styles.facets}>
            <FacetGroup label="Price" choices={facets.priceBands} hrefFor={hrefFor} />
            <FacetGroup label="Availability" choices={[facets.inStock]} hrefFor={hrefFor} />
          </div>
        )}
        <div className={styles.buttons}>
          <Button type="submit">Apply Filters</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setBoundsOpen(false);
              reset({ name: '', minPrice: '', maxPrice: '', minQuantity: '', maxQuantity: '' });
              onClear();
            }}
          >
            Clear Filters
          </Button>
        </div>
      </form>
    </section>
  );
}
