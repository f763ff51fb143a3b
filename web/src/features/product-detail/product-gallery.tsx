// The product's pictures: the chosen one large, the others as thumbnails to choose from. A picture that fails to
// load leaves the gallery (its thumbnail too), so that a product with several broken pictures shows the ones that
// work, or a single placeholder when none does, never one "No image" per broken address (useLoadablePictures, the
// fallback every picture of a product shares).
import { useState } from 'react';
import { type DescribedPicture, ProductImage, altOf, useLoadablePictures } from '@/components/product-image';
import styles from './product-detail.module.css';

export function ProductGallery({ name, images }: { name: string; images: readonly DescribedPicture[] }) {
  const [chosen, setChosen] = useState<string>();
  const { pictures, fail } = useLoadablePictures(images.map((image) => image.url));
  const current = chosen !== undefined && pictures.includes(chosen) ? chosen : pictures[0];
  return (
    <div className={styles.gallery}>
      <ProductImage
        src={current ?? null}
        alt={altOf(images, current, name)}
        eager
        onFail={fail}
        sizes="(max-width: 767px) calc(100vw - 2rem), 32rem"
      />
      {pictures.length > 1 && (
        <ul className={styles.thumbnails} aria-label="More pictures">
          {pictures.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={url === current}
                aria-label={`Picture ${index + 1} of ${pictures.length}`}
                onClick={() => setChosen(url)}
              >
                <ProductImage src={url} alt="" onFail={fail} sizes="4rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
