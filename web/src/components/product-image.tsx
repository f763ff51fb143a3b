// A product picture: lazy-loaded, square, and a calm placeholder when there is none or it fails to load. A product
// has several pictures: wherever one is shown, a picture that fails to load gives way to the product's next one, and
// the placeholder shows only when none loads (the same fallback as the product page's gallery, one per product).
import { useState } from 'react';
import { pictureSrcSet, pictureVariantUrl, uploadedPictureId } from '@shop-rules/pictures';
import styles from './product-image.module.css';

/** How wide a listing card's picture is shown: a phone's row thumbnail, else a card's width. */
export const CARD_PICTURE_SIZES = '(max-width: 639px) 6.5rem, 20rem';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** Above the fold (the detail page's main image, the listing's first cards): load at once. */
  eager?: boolean;
  /** The screen's largest picture (its LCP): asked for before the others. */
  first?: boolean;
  className?: string;
  /** Told when the picture fails to load (a gallery then leaves it out rather than show a placeholder for each). */
  onFail?: (src: string) => void;
  /**
   * How wide it is shown (the `sizes` of an uploaded picture's widths): the browser then loads the narrowest that is
   * sharp there, so a phone loads a small one. A card's by default.
   */
  sizes?: string;
}

export function ProductImage({
  src,
  alt,
  eager = false,
  first = false,
  className,
  onFail,
  sizes = CARD_PICTURE_SIZES,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = !!src && failedSrc !== src;
  // An uploaded picture comes at several widths, as AVIF where the browser reads it, else WebP.
  const uploaded = src ? uploadedPictureId(src) : undefined;
  const image = showImage && (
    <img
      className={styles.image}
      src={uploaded ? pictureVariantUrl(uploaded, 640, 'webp') : src}
      srcSet={uploaded ? pictureSrcSet(uploaded, 'webp') : undefined}
      sizes={uploaded ? sizes : undefined}
      alt={alt}
      width={600}
      height={600}
      loading={eager || first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      onError={() => {
        setFailedSrc(src);
        onFail?.(src);
      }}
    />
  );
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {image ? (
        uploaded ? (
          <picture className={styles.picture}>
            <source type="image/avif" srcSet={pictureSrcSet(uploaded, 'avif')} sizes={sizes} />
            {image}
          </picture>
        ) : (
          image
        )
      ) : (
        <div className={styles.placeholder} role="img" aria-label={`${alt}: no image available`}>
          <svg viewBox="0 0 48 48" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
            <rect x="6" y="9" width="36" height="30" rx="4" />
            <circle cx="17" cy="19" r="3.5" />
            <path d="M8 35l11-11 8 8 5-5 9 9" strokeLinejoin="round" />
          </svg>
          <span aria-hidden="true">No image</span>
        </div>
      )}
    </div>
  );
}

/**
 * A product's pictures that have not failed to load here, in their order and each once, and `fail`, to say that one
 * did (give it as a ProductImage's onFail). The first of them is the one to show; none left: the placeholder.
 */
export function useLoadablePictures(urls: readonly string[]): { pictures: string[]; fail: (url: string) => void } {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const pictures = [...new Set(urls)].filter((url) => !failed.has(url));
  const fail = (url: string) => setFailed((before) => (before.has(url) ? before : new Set(before).add(url)));
  return { pictures, fail };
}

/** One of a product's pictures with what it shows, where the shop was told (the graph's ProductImage). */
export interface DescribedPicture {
  url: string;
  alt?: string | null;
}

/** What a picture shows: its own alt text where it has one, else the product's name. */
export const altOf = (images: readonly DescribedPicture[], url: string | undefined, name: string): string =>
  (url !== undefined && images.find((image) => image.url === url)?.alt) || name;

/**
 * A product as one picture (a card, a cart or order line): the first of its pictures that loads, else the placeholder;
 * given the pictures with their alt texts, the one shown is named by its own.
 */
export function ProductPicture({
  urls,
  images,
  alt,
  ...image
}: ({ urls: readonly string[]; images?: never } | { images: readonly DescribedPicture[]; urls?: never }) &
  Omit<ProductImageProps, 'src' | 'onFail'>) {
  const { pictures, fail } = useLoadablePictures(urls ?? images.map((picture) => picture.url));
  const shown = pictures[0];
  return <ProductImage {...image} alt={images ? altOf(images, shown, alt) : alt} src={shown ?? null} onFail={fail} />;
}
