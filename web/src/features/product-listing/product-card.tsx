// A product in the listing (spec §2): its first image that loads, name linking to the detail page, price, stock and
// description; admins also get Edit and Delete. The fields are also those of the detail page, so a product
// opened from here shows at once, from the cache. Found by a search, its words are marked in the name, and the part
// of the description around the first one is shown in place of its start.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/button';
import { Skeleton } from '@/components/feedback';
import { ProductPicture } from '@/components/product-image';
import { ProductCard_ProductFragmentDoc } from '@/gql/graphql';
import { useFormats } from '@/lib/use-formats';
import { surface } from '@/components/card';
import styles from './product-card.module.css';

if (false) {
  gql`
    fragment ProductCard_product on Product {
      id
      name
      description
      unitPrice {
        ...MoneyFields @unmask
      }
      quantity
      images {
        url
        alt
      }
    }
  `;
}

interface TextPart {
  text: string;
  match: boolean;
}

/** A text in parts, the words a search found marked. */
function Marked({ parts }: { parts: readonly TextPart[] }) {
  return parts.map((part, index) =>
    part.match ? (
      <mark key={index} className={styles.match}>
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

interface ProductCardProps {
  product: FragmentType<typeof ProductCard_ProductFragmentDoc>;
  /** Where a search's words are in the product's name and description (null or left out: not a search's list). */
  highlight?: { name: readonly TextPart[]; excerpt: readonly TextPart[] | null } | null | undefined;
  /** Set for admins: the card offers Edit and Delete. */
  onDelete?: ((product: { id: string; name: string }) => void) | undefined;
  /** For admins: the product is at or under its low-stock threshold (issue 34), marked beside its stock. */
  lowStock?: boolean | undefined;
  /**
   * Where it stands in the list: the first cards are on the first screen, so their pictures are asked for at once
   * (lazily, the browser would wait for the layout), the very first one before anything else.
   */
  position?: number;
}

/** Cards whose pictures the first screen shows, on a phone's list and a wide screen's first row. */
const FIRST_SCREEN_CARDS = 4;

export function ProductCard({ product, highlight, onDelete, lowStock, position }: ProductCardProps) {
  const { data, complete } = useFragment({
    fragment: ProductCard_ProductFragmentDoc,
    fragmentName: 'ProductCard_product',
    from: product,
  });
  const formats = useFormats();
  if (!complete) return null;
  const detailPath = `/products/${encodeURIComponent(data.id)}`;
  // Marked only while the text is the one the search read: a product changed since (live) shows as it is now.
  const joined = (parts: readonly TextPart[]) => parts.map((part) => part.text).join('');
  const markedName = highlight && joined(highlight.name) === data.name ? highlight.name : undefined;
  const excerpt = highlight?.excerpt;
  const markedExcerpt =
    excerpt && data.description.includes(joined(excerpt).replace(/^…|…$/g, '')) ? excerpt : undefined;
  return (
    <article className={surface(styles.card)} aria-label={data.name}>
      <Link to={detailPath} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <ProductPicture
          images={data.images}
          alt={data.name}
          className={styles.image}
          eager={position !== undefined && position < FIRST_SCREEN_CARDS}
          first={position === 0}
        />
      </Link>
      <div className={styles.body}>
        <h2 className={styles.name}>
          {/* Cut to three lines on screen; the whole name stays the link's name, and its title on hover. */}
          <Link to={detailPath} title={data.name}>
            {markedName ? <Marked parts={markedName} /> : data.name}
          </Link>
        </h2>
        <div className={styles.meta}>
          <span className={styles.price}>{formats.money(data.unitPrice)}</span>
          <span className={[styles.stock, data.quantity === 0 && styles.outOfStock].filter(Boolean).join(' ')}>
            Stock: {data.quantity}
            {lowStock && (
              <>
                <span className="visually-hidden">, </span>
                <span className={styles.lowStock}>Low stock</span>
              </>
            )}
          </span>
        </div>
        <p className={styles.description}>{markedExcerpt ? <Marked parts={markedExcerpt} /> : data.description}</p>
      </div>
      {onDelete && (
        <div className={styles.actions}>
          <ButtonLink to={`/edit/${encodeURIComponent(data.id)}`} size="small" aria-label={`Edit ${data.name}`}>
            Edit
          </ButtonLink>
          <Button
            variant="dangerOutline"
            size="small"
            aria-label={`Delete ${data.name}`}
            onClick={() => onDelete({ id: data.id, name: data.name })}
          >
            Delete
          </Button>
        </div>
      )}
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className={surface(styles.card)} aria-hidden="true">
      <Skeleton height="auto" style={{ aspectRatio: '1 / 1', borderRadius: 0 }} />
      <div className={styles.skeletonBody}>
        <Skeleton width="75%" height="1.1rem" />
        <Skeleton width="40%" height="1.3rem" />
        <Skeleton height="0.8rem" />
        <Skeleton width="85%" height="0.8rem" />
      </div>
    </div>
  );
}
