// The product's pictures: the chosen one large, the others as thumbnails to choose from. A picture that fails to
// load leaves the gallery (its thumbnail too), so that a product with several broken pictures shows the ones that
// work, or a single placeholder when none does, never one "No image" per broken address (useLoadablePictures, the
// fallback every picture of a product shares).
import { useState } from 'react';
import { ProductImage, useLoadablePictures } from '@/components/product-image';
import styles from './product-detail.module.css';

export function ProductGallery({ name, imageUrls }: { name: string; imageUrls: readonly string[] }) {
  const [chosen, setChosen] = useState<string>();
  const { pictures, fail } = useLoadablePictures(imageUrls);
  const current = chosen !== undefined && pictures.includes(chosen) ? chosen : pictures[0];
  return (
    <div className={styles.gallery}>
      <ProductImage
        src={current ?? null}
        alt={name}
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
