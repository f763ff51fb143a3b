// The product's pictures: the chosen one large, the others as thumbnails to choose from.
import { useState } from 'react';
import { ProductImage } from '../../components/product-image';
import styles from './product-detail.module.css';

export function ProductGallery({ name, imageUrls }: { name: string; imageUrls: readonly string[] }) {
  const [chosen, setChosen] = useState(0);
  const current = imageUrls[chosen] ?? imageUrls[0];
  return (
    <div className={styles.gallery}>
      <ProductImage src={current} alt={name} eager />
      {imageUrls.length > 1 && (
        <ul className={styles.thumbnails} aria-label="More pictures">
          {imageUrls.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={index === chosen}
                aria-label={`Picture ${index + 1} of ${imageUrls.length}`}
                onClick={() => setChosen(index)}
              >
                <ProductImage src={url} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
