// Pictures admins upload (issue 34): checked by what they are (not by what the upload says they are), resized with
// sharp to PICTURE_WIDTHS as WebP and AVIF, and kept in the database by their content's digest, so the same picture
// uploaded twice is kept once and its addresses never change (they are served as immutable).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Database } from '../db/schema.js';
import { HttpError, badRequest } from '../shared/http-errors.js';
import { now } from '../shared/timestamps.js';
import {
  MAX_PICTURE_PIXELS,
  PICTURE_FORMATS,
  PICTURE_TYPE_REFUSED,
  PICTURE_WIDTHS,
  type PictureFormat,
  uploadedPictureUrl,
} from '../../../shop-rules/pictures.js';

/** What sharp reads a picture as, for each type an upload may be. */
const READABLE = new Set(['jpeg', 'png', 'webp']);

export interface UploadedPicture {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** The widths a picture of `width` is kept at: each standard one it reaches, and its own when it is narrower. */
export function widthsFor(width: number): number[] {
  const widths: number[] = PICTURE_WIDTHS.filter((each) => each <= width);
  if (width < PICTURE_WIDTHS.at(-1)! && !widths.includes(width)) widths.push(width);
  return widths;
}

const ENCODE: Record<PictureFormat, (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 78 }),
  // effort 2 of 9: about as small as the default for pictures of this size, several times faster to make.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
};

export class PictureService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Checks, resizes and keeps a picture; the one kept already when the same bytes come again. */
  async upload(uploader: number, bytes: Buffer): Promise<UploadedPicture> {
    const id = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const kept = await this.db.selectFrom('pictures').selectAll().where('id', '=', id).executeTakeFirst();
    if (kept) return { id, url: uploadedPictureUrl(id), width: kept.width, height: kept.height };

    const source = () => sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' });
    let metadata: Metadata;
    try {
      metadata = await source().metadata();
    } catch {
      throw new HttpError(415, PICTURE_TYPE_REFUSED, 'UNSUPPORTED_MEDIA_TYPE', 'body');
    }
    if (!READABLE.has(metadata.format ?? '') || !metadata.width || !metadata.height)
      throw new HttpError(415, PICTURE_TYPE_REFUSED, 'UNSUPPORTED_MEDIA_TYPE', 'body');
    if (metadata.width * metadata.height > MAX_PICTURE_PIXELS)
      throw badRequest(`A picture can have at most ${MAX_PICTURE_PIXELS / 1_000_000} million pixels`, 'body');
    // A camera's picture is stored turned, with a note of how to show it: turned upright here, the note dropped.
    const upright = metadata.orientation && metadata.orientation >= 5;
    const [width, height] = upright ? [metadata.height, metadata.width] : [metadata.width, metadata.height];

    let variants: { width: number; format: PictureFormat; bytes: Buffer }[];
    try {
      // Read once, upright and no wider than the widest kept; every width is made from that (a 50-megapixel upload is
      // decoded once, not once a variant).
      const widest = await source()
        .rotate()
        .resize({ width: Math.min(width, PICTURE_WIDTHS.at(-1)!), withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: widest.info.width, height: widest.info.height, channels: widest.info.channels };
      variants = await Promise.all(
        widthsFor(width).flatMap((each) =>
          PICTURE_FORMATS.map(async (format) => ({
            width: each,
            format,
            bytes: await ENCODE[format](sharp(widest.data, { raw }).resize({ width: each })).toBuffer(),
          })),
        ),
      );
    } catch {
      // A picture whose header reads well and whose pixels do not (cut short, corrupt).
      throw badRequest('The picture could not be read: it may be damaged. Nothing was kept', 'body');
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('pictures')
        .values({ id, width, height, uploadedBy: uploader, uploadedAt: now() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      await trx
        .insertInto('pictureVariants')
        .values(variants.map((variant) => ({ pictureId: id, ...variant })))
        .onConflict((conflict) => conflict.columns(['pictureId', 'format', 'width']).doNothing())
        .execute();
    });
    return { id, url: uploadedPictureUrl(id), width, height };
  }

  /**
   * A picture's bytes at `width` in `format`: the widest it is kept at that is no wider (the narrowest when all are),
   * so any width of PICTURE_WIDTHS answers; none for a picture nobody uploaded.
   */
  async variant(id: string, format: PictureFormat, width?: number): Promise<Buffer | undefined> {
    const kept = await this.db
      .selectFrom('pictureVariants')
      .select(['width', 'bytes'])
      .where('pictureId', '=', id)
      .where('format', '=', format)
      .orderBy('width')
      .execute();
    if (kept.length === 0) return undefined;
    const fitting = kept.filter((each) => width === undefined || each.width <= width);
    return (fitting.at(-1) ?? kept[0]!).bytes;
  }
}
