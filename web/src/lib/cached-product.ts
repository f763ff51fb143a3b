// Every field of a product the screens show, in one fragment: what a save's answer (the product form) and a live
// event (productUpdated) write over the cached product, so every screen showing it changes at once. A field a screen
// starts showing is added here, and both writers carry it.
import { gql } from '@apollo/client';

if (false) {
  gql`
    fragment CachedProduct on Product {
      id
      name
      description
      unitPrice {
        ...MoneyFields @unmask
      }
      quantity
      inStock
      imageUrl
      imageUrls
      images {
        url
        alt
      }
      sku
      lowStockThreshold
    }
  `;
}
