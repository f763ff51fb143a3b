// An uploaded picture is shown at the width the screen needs (issue 34): AVIF where the browser reads it, else WebP,
// each at every width the shop keeps, so a phone's listing loads a small one; a linked address is shown as it is.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_PICTURE_SIZES, ProductImage } from './product-image';

const ID = 'c'.repeat(32);
const widths = (format: string) =>
  [160, 320, 640, 1280].map((width) => `/images/uploads/${ID}/${width}.${format} ${width}w`).join(', ');

describe('a product picture', () => {
  it('offers an uploaded picture at every width, as AVIF and WebP, for the width it is shown at', () => {
    const { container } = render(<ProductImage src={`/images/uploads/${ID}`} alt="Gauze" />);
    const source = container.querySelector('picture > source')!;
    expect([source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')]).toEqual([
      'image/avif',
      widths('avif'),
      CARD_PICTURE_SIZES,
    ]);
    const image = container.querySelector('picture > img')!;
    expect([image.getAttribute('src'), image.getAttribute('srcset'), image.getAttribute('sizes')]).toEqual([
      `/images/uploads/${ID}/640.webp`,
      widths('webp'),
      CARD_PICTURE_SIZES,
    ]);
    expect(CARD_PICTURE_SIZES).toBe('(max-width: 639px) 6.5rem, 20rem');
  });

  it('shows a linked address as it is, with no widths to choose from', () => {
    const { container } = render(<ProductImage src="https://cdn.example/gauze.jpg" alt="Gauze" sizes="4rem" />);
    expect(container.querySelector('picture')).toBeNull();
    const image = container.querySelector('img')!;
    expect([image.getAttribute('src'), image.getAttribute('srcset'), image.getAttribute('sizes')]).toEqual([
      'https://cdn.example/gauze.jpg',
      null,
      null,
    ]);
  });
});
