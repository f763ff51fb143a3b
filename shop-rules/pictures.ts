// Pictures admins upload (issue 34): what may be uploaded, the widths each is kept at, and where each is served.
// Shared by the REST service (which checks, resizes and keeps them: rest/src/pictures), the gateway (which passes an
// upload on) and the web app (which offers the upload, and shows each picture at the width the screen needs).

/** The types a picture may be uploaded as; anything else is refused and nothing is kept. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest picture an upload takes. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** The most pixels a picture may have (a 50-megapixel camera's), so that no upload can exhaust the memory. */
export const MAX_PICTURE_PIXELS = 50_000_000;
/** The widths every picture is kept at (never wider than it came), each as WebP and AVIF. */
export const PICTURE_WIDTHS = [160, 320, 640, 1280] as const;
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const PICTURE_TYPE_REFUSED = 'Only JPEG, PNG and WebP pictures can be uploaded';
export const PICTURE_TOO_LARGE = `A picture can be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`;

/** Where an uploaded picture is: its address is a product's image URL as any other (the largest WebP). */
export const UPLOADED_PICTURES_PATH = '/images/uploads/';
const UPLOADED = /^\/images\/uploads\/([0-9a-f]{32})$/;

export const uploadedPictureUrl = (id: string) => `${UPLOADED_PICTURES_PATH}${id}`;

/** The address of a picture at a width and in a format (the nearest width it is kept at, when it came smaller). */
export const pictureVariantUrl = (id: string, width: number, format: PictureFormat) =>
  `${UPLOADED_PICTURES_PATH}${id}/${width}.${format}`;

/** An uploaded picture's id, from its address; undefined for any other image URL (a link, a demo picture). */
export function uploadedPictureId(url: string): string | undefined {
  return UPLOADED.exec(url)?.[1];
}

/** The `srcset` of an uploaded picture in a format: every width it is kept at. */
export const pictureSrcSet = (id: string, format: PictureFormat) =>
  PICTURE_WIDTHS.map((width) => `${pictureVariantUrl(id, width, format)} ${width}w`).join(', ');
