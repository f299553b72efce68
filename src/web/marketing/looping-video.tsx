import { videoSources } from '../../shared/public-settings';
import { cn } from '../ui/cn';
import { useMotionAllowed } from './use-motion-allowed';

interface LoopingVideoProps {
  /** The video (the shop's own unless another is configured); empty for none: the poster alone shows. */
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
 * A poster image with, when there is a video and motion is welcome, a muted looping video over it.
 * The poster stays underneath and paints first (the video is added after hydration, so it never
 * delays the LCP); the video is transparent until its first frame, so nothing shifts when it starts.
 * With prefers-reduced-motion the poster alone shows and the video is not even fetched.
 */
export function LoopingVideo({
  src,
  poster,
  alt,
  width,
  height,
  priority = false,
  prerenderedPoster,
  className,
}: LoopingVideoProps) {
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
        <video className="absolute inset-0 size-full object-cover" autoPlay loop muted playsInline aria-hidden="true">
          {videoSources(src).map(([source, type]) => (
            <source key={source} src={source} type={type} />
          ))}
        </video>
      ) : null}
    </div>
  );
}
