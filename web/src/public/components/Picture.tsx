import type { Photo } from '../../api/types';
import { cn } from '../../lib/cn';

/** A frame's side in CSS pixels from a viewport width on (`null`: the smallest screens). */
export type Frame = readonly [minWidth: number | null, side: number];

/**
 * The `sizes` of a photo shown in square frames with `object-cover`: the
 * picture covers the frame, so a landscape photo is drawn wider than the frame
 * (by its aspect ratio) and the browser must pick its copy by that width, or a
 * 4:3 photo would look soft on every screen.
 */
export function photoSizes(photo: Photo, frames: readonly Frame[]): string {
  const stretch = Math.max(1, photo.width / photo.height);
  return frames
    .map(([minWidth, side]) => {
      const width = `${Math.ceil(side * stretch)}px`;
      return minWidth === null ? width : `(min-width: ${minWidth}px) ${width}`;
    })
    .join(', ');
}

type PictureProps = {
  photo: Photo;
  frames: readonly Frame[];
  alt: string;
  /** The frame's size in CSS pixels on large screens: reserves the space before the picture loads. */
  size: number;
  className?: string;
  loading?: 'lazy';
  fetchPriority?: 'high';
};

/**
 * An uploaded photo in its sizes (src/media/photos.rs): WebP for browsers that take
 * it, JPEG for the others, each the copy closest to the frame on this screen.
 * The `<picture>` is the frame (`className`: its size, shape and ring) and the
 * `<img>` covers it.
 */
export function Picture({ photo, frames, alt, size, className, loading, fetchPriority }: PictureProps) {
  const sizes = photoSizes(photo, frames);
  return (
    <picture className={cn('block overflow-hidden', className)}>
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img
        src={photo.src}
        srcSet={photo.jpeg}
        sizes={sizes}
        alt={alt}
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className="size-full object-cover"
      />
    </picture>
  );
}
