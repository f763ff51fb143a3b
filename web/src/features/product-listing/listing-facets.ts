// The listing's facets (issue 34): how many products each category one level down, each price band and "in stock"
// hold for the search and filters in the address, asked for beside the products (never before them), and the choices
// they make: a band is the filter's own price bounds, "in stock" its minimum stock of 1, each kept in the address. A
// shop that cannot count them (the plain contract) shows none.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ListingFacetsDocument, type ProductFilter } from '@/gql/graphql';
import { useFormats } from '@/lib/use-formats';
import { IN_STOCK_MIN_QUANTITY, type PriceBand, priceBandLabel } from '@shop-rules/product-facets';
import type { FilterValues } from './filter-panel';

if (false) {
  gql`
    query ListingFacets($filter: ProductFilter, $search: String) {
      productFacets(filter: $filter, search: $search) {
        inStockCount
        categories {
          category {
            id
          }
          count
        }
        priceBands {
          minPrice {
            amount
            currencyCode
            minorUnits
          }
          maxPrice {
            amount
            currencyCode
            minorUnits
          }
          count
        }
      }
    }
  `;
}

/** A way of narrowing the list: what it reads, how many products it leaves, whether it is chosen, and its address. */
export interface FacetChoice {
  label: string;
  count: number;
  chosen: boolean;
  /** The filter values with it chosen (or, when it is, without it). */
  values: FilterValues;
}

export interface ListingFacets {
  /** Each category one level down, by id: how many of the list's products it holds. */
  categoryCounts: ReadonlyMap<string, number>;
  priceBands: FacetChoice[];
  inStock: FacetChoice;
}

/** "1 product", "3 products": a count as a screen reader says it beside a choice. */
export const productCount = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** A price in the address's way (dollars, as the Min and Max price fields take them) from cents. */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
/** The cents of a price as the address has it; undefined when blank. */
const centsOf = (value: string) => (value.trim() === '' ? undefined : Math.round(Number(value) * 100));

/** The facets of the list the address shows; undefined until they come, or where the shop cannot count them. */
export function useListingFacets(
  filter: ProductFilter | undefined,
  search: string | undefined,
  values: FilterValues,
): ListingFacets | undefined {
  const formats = useFormats();
  const { data, previousData } = useQuery(ListingFacetsDocument, { variables: { filter, search }, errorPolicy: 'all' });
  // While another list's counts come, the last ones stay (choices computed for the new address): nothing jumps.
  const facets = (data ?? previousData)?.productFacets;
  if (!facets) return undefined;
  const [minCents, maxCents] = [centsOf(values.minPrice), centsOf(values.maxPrice)];
  const priceBands = facets.priceBands.map((facet) => {
    const band: PriceBand = { minCents: facet.minPrice.minorUnits, maxCents: facet.maxPrice?.minorUnits ?? null };
    const chosen = (minCents ?? 0) === band.minCents && (maxCents ?? null) === band.maxCents;
    const label = priceBandLabel(band, (cents) =>
      formats.money({ amount: dollarsOf(cents), currencyCode: facet.minPrice.currencyCode }),
    );
    return {
      label,
      count: facet.count,
      chosen,
      values: chosen
        ? { ...values, minPrice: '', maxPrice: '' }
        : {
            ...values,
            minPrice: band.minCents === 0 ? '' : dollarsOf(band.minCents),
            maxPrice: band.maxCents === null ? '' : dollarsOf(band.maxCents),
          },
    };
  });
  const inStockChosen = values.minQuantity.trim() === String(IN_STOCK_MIN_QUANTITY);
  return {
    categoryCounts: new Map(facets.categories.map((facet) => [facet.category.id, facet.count])),
    priceBands,
    inStock: {
      label: 'In stock',
      count: facets.inStockCount,
      chosen: inStockChosen,
      values: { ...values, minQuantity: inStockChosen ? '' : String(IN_STOCK_MIN_QUANTITY) },
    },
  };
}
