// Pictures that fail to load. jsdom loads no images: a test says which addresses are broken, as a browser reports a
// broken picture (an error event on each <img> showing it).
import { act, fireEvent } from '@testing-library/react';

/** Every picture on the page showing `src` fails to load. */
export function failToLoad(src: string): void {
  act(() => {
    for (const image of document.querySelectorAll(`img[src="${src}"]`)) fireEvent.error(image);
  });
}

/** The addresses of the pictures shown inside `element`, in order. */
export const picturesIn = (element: Element): (string | null)[] =>
  [...element.querySelectorAll('img')].map((image) => image.getAttribute('src'));
