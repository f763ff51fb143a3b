// The shop's settings admins change while it runs (issue 34): the low-stock threshold, asked for by admins only, once
// (the cache keeps it; saving a new one updates it there). None where the shop keeps none (the plain contract).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ShopSettingsDocument } from '@/gql/graphql';

if (false) {
  gql`
    query ShopSettings {
      shopSettings {
        lowStockThreshold
      }
    }
  `;
}

/** The shop's low-stock threshold for an admin; undefined for anyone else, until it comes, or where there is none. */
export function useShopLowStockThreshold(isAdmin: boolean): number | undefined {
  const { data } = useQuery(ShopSettingsDocument, { skip: !isAdmin, errorPolicy: 'all' });
  return data?.shopSettings?.lowStockThreshold;
}
