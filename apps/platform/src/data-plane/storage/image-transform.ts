/**
 * Image transformations as storage-api offers them at /render/image: the options a request may
 * carry (width, height, resize, quality, format), the string a signed URL's token keeps them in
 * (`width:50,height:50,resize:cover,quality:80`), and the sharp pipeline that applies them to a
 * stream. No I/O here beyond the pipeline itself.
 */
import sharp, { type FitEnum, type OutputInfo, type Sharp } from 'sharp';
import { StorageError } from './errors.ts';

export type Resize = 'cover' | 'contain' | 'fill';
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';
export type OutputFormat = ImageFormat | 'origin';

export interface ImageTransform {
  width: number | null;
  height: number | null;
  resize: Resize;
  quality: number;
  /** null: the client's Accept header chooses (WebP when it takes it, as Supabase does); 'origin' keeps the source's. */
  format: OutputFormat | null;
}

/** Supabase's limits: the largest side it renders, the largest source it reads, the most pixels it decodes. */
export const MAX_DIMENSION = 2500;
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
export const MAX_SOURCE_PIXELS = 50_000_000;

const DEFAULT_QUALITY = 80;
const RESIZES: readonly Resize[] = ['cover', 'contain', 'fill'];
const FORMATS: readonly OutputFormat[] = ['origin', 'avif', 'webp', 'jpeg', 'png'];
/** storage-api's names (cover crops, contain fits inside, fill stretches) as sharp's `fit`. */
const FIT: Record<Resize, keyof FitEnum> = { cover: 'cover', contain: 'inside', fill: 'fill' };

const MIME_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', tiff: 'image/tiff',
};

/**
 * The options from a query string (strings) or a signing request's `transform` (numbers). `where`
 * prefixes errors the way storage-api's validation does: `querystring/width must be integer`.
 */
export function parseTransform(input: Record<string, unknown>, where: string): ImageTransform {
  const invalid = (key: string, rule: string) => new StorageError('InvalidRequest', `${where}/${key} ${rule}`);
  const integer = (key: string, min: number, max: number): number | null => {
    const value = input[key];
    if (value === undefined || value === null || value === '') return null;
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number)) throw invalid(key, 'must be integer');
    if (number < min) throw invalid(key, `must be >= ${min}`);
    if (number > max) throw invalid(key, `must be <= ${max}`);
    return number;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[]): T | null => {
    const value = input[key];
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string' || !allowed.includes(value as T)) throw invalid(key, `must be one of ${allowed.join(', ')}`);
    return value as T;
  };
  // A side larger than the limit is rendered at the limit, as storage-api clamps it; 0 means "not given".
  const side = (key: string) => {
    const value = integer(key, 0, Number.MAX_SAFE_INTEGER);
    return value ? Math.min(value, MAX_DIMENSION) : null;
  };
  return {
    width: side('width'),
    height: side('height'),
    resize: oneOf('resize', RESIZES) ?? 'cover',
    quality: integer('quality', 20, 100) ?? DEFAULT_QUALITY,
    format: oneOf('format', FORMATS),
  };
}

/** What a signed URL's token keeps, and what the `x-transformations` header reports. */
export function transformationsOf(transform: ImageTransform): string {
  const parts: string[] = [];
  if (transform.width) parts.push(`width:${transform.width}`);
  if (transform.height) parts.push(`height:${transform.height}`);
  parts.push(`resize:${transform.resize}`, `quality:${transform.quality}`);
  if (transform.format) parts.push(`format:${transform.format}`);
  return parts.join(',');
}

export function transformFromString(transformations: string): ImageTransform {
  const options: Record<string, string> = {};
  for (const part of transformations.split(',')) {
    const [key, value] = part.split(':');
    if (key && value !== undefined) options[key] = value;
  }
  return parseTransform(options, 'token');
}

export function outputFormatOf(transform: ImageTransform, accept: string | undefined): OutputFormat {
  if (transform.format) return transform.format;
  return /\bimage\/webp\b/i.test(accept ?? '') ? 'webp' : 'origin';
}

/**
 * A duplex that reads the source and writes the transformed image. sharp holds the whole source
 * before it decodes (which MAX_SOURCE_BYTES bounds), and emits `info` just before the result.
 */
export function imageTransformer(transform: ImageTransform, format: OutputFormat): Sharp {
  const image = sharp({ limitInputPixels: MAX_SOURCE_PIXELS, autoOrient: true });
  if (transform.width || transform.height) {
    image.resize({
      width: transform.width ?? undefined,
      height: transform.height ?? undefined,
      fit: FIT[transform.resize],
      // imgproxy, behind Supabase's transformations, never enlarges by default.
      withoutEnlargement: true,
    });
  }
  const quality = transform.quality;
  if (format === 'origin') {
    // Keep the source's format; the quality applies when it is one of these (force: false).
    return image.jpeg({ quality, force: false }).webp({ quality, force: false }).avif({ quality, force: false });
  }
  // PNG is lossless: a quality would turn it into a palette image.
  return format === 'png' ? image.png() : image.toFormat(format, { quality });
}

/** The result's content type: the requested format's, else the source's as sharp wrote it. */
export function contentTypeOf(format: OutputFormat, written: OutputInfo, sourceType: string | undefined): string {
  if (format !== 'origin') return MIME_TYPES[format];
  if (written.format === 'heif') return sourceType?.startsWith('image/') ? sourceType : 'image/avif';
  return MIME_TYPES[written.format] ?? `image/${written.format}`;
}
