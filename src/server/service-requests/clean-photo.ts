import sharp from 'sharp';
import { SERVICE_PHOTO_MAX_PIXELS } from '../../shared/service-requests/service-lifecycle';

/** Why a photo was refused; the caller words it for the customer. */
export type PhotoRefusal = 'type' | 'too_many_pixels' | 'unreadable';

export class PhotoRefused extends Error {
  constructor(readonly reason: PhotoRefusal) {
    super(`photo refused: ${reason}`);
    this.name = 'PhotoRefused';
  }
}

/** The longest side kept: ample for a service photo, and it bounds what one stored photo weighs. */
export const SERVICE_PHOTO_MAX_SIDE = 4096;

const formatOf = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * The photo as the shop stores and serves it: decoded and written anew, so nothing of the upload's
 * metadata (EXIF with its GPS position, XMP, ICC, comments) nor any bytes hidden after the image
 * survive. A JPEG stays a JPEG; a PNG or WebP becomes a WebP (which keeps transparency). Turned
 * upright by its EXIF orientation first, since the orientation goes with the rest of the metadata,
 * and shrunk to fit 4096 pixels a side. The pixel count is read from the header before anything is
 * decoded: a 175 KB PNG may declare 30,000 × 30,000 pixels, 3.4 GiB once decoded.
 */
export async function cleanPhoto(
  bytes: Buffer,
  declared: keyof typeof formatOf,
): Promise<{ contentType: 'image/jpeg' | 'image/webp'; bytes: Buffer }> {
  // The header only (no pixel is decoded), so no limit is needed to read it.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PhotoRefused('unreadable');
    });
  if (header.format !== formatOf[declared]) throw new PhotoRefused('type');
  if (!header.width || !header.height) throw new PhotoRefused('unreadable');
  if (header.width * header.height > SERVICE_PHOTO_MAX_PIXELS) throw new PhotoRefused('too_many_pixels');

  // The same limit again on the decode itself, should the header and the data disagree.
  const image = sharp(bytes, { limitInputPixels: SERVICE_PHOTO_MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: SERVICE_PHOTO_MAX_SIDE, height: SERVICE_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const jpeg = declared === 'image/jpeg';
  try {
    const clean = await (jpeg ? image.jpeg({ quality: 85, mozjpeg: true }) : image.webp({ quality: 85 })).toBuffer();
    return { contentType: jpeg ? 'image/jpeg' : 'image/webp', bytes: clean };
  } catch (error) {
    throw new PhotoRefused(
      error instanceof Error && /pixel limit/i.test(error.message) ? 'too_many_pixels' : 'unreadable',
    );
  }
}
