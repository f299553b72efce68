import { cn } from '../ui/cn';
import { useMotionAllowed } from './use-motion-allowed';

interface LoopingVideoProps {
  /** The configured video; empty when none is configured, and then the poster alone shows. */
  src: string;
  poster: string;
  alt: string;
  width: number;
  height: number;
  /** The largest image above the fold loads first and eagerly; the others lazily. */
  priority?: boolean;
  /**
   * The poster as a data URL for the build-time render only: the prerendered page then paints it
   * with no request, and hydration keeps that src (React leaves attributes as rendered).
   */
  prerenderedPoster?: string | undefined;
  className?: string;
}

/**
 * A poster image with, when a video is configured and motion is welcome, a muted looping video
 * over it. The poster stays underneath, so nothing shifts when the video starts.
 */
export function LoopingVideo({ src, poster, alt, width, height, priority = false, prerenderedPoster, className }: LoopingVideoProps) {
  const motionAllowed = useMotionAllowed();
  return (
    <div className={cn('relative overflow-hidden', className)}>
      <img
        src={prerenderedPoster ?? poster}
        suppressHydrationWarning
        alt={alt}
        width={width}
        height={height}
        className="block h-auto w-full"
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
      />
      {src && motionAllowed ? (
        <video
          className="absolute inset-0 size-full object-cover"
          src={src}
          poster={poster}
          autoPlay
          loop
          muted
          playsInline
          aria-hidden="true"
        />
      ) : null}
    </div>
  );
}
