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
  className?: string;
}

/**
 * A poster image with, when a video is configured and motion is welcome, a muted looping video
 * over it. The poster stays underneath, so nothing shifts when the video starts.
 */
export function LoopingVideo({ src, poster, alt, width, height, priority = false, className }: LoopingVideoProps) {
  const motionAllowed = useMotionAllowed();
  return (
    <div className={cn('relative overflow-hidden', className)}>
      <img
        src={poster}
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
