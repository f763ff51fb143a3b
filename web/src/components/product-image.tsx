// A product picture: lazy-loaded, square, and a calm placeholder when there is none or it fails to load.
import { useState } from 'react';
import styles from './product-image.module.css';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** Above the fold (the detail page's main image): load at once. */
  eager?: boolean;
  className?: string;
  /** Told when the picture fails to load (a gallery then leaves it out rather than show a placeholder for each). */
  onFail?: (src: string) => void;
}

export function ProductImage({ src, alt, eager = false, className, onFail }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = !!src && failedSrc !== src;
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {showImage ? (
        <img
          className={styles.image}
          src={src}
          alt={alt}
          width={600}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => {
            setFailedSrc(src);
            onFail?.(src);
          }}
        />
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
