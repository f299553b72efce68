import { type RefObject, useEffect, useRef, useState } from 'react';
import { videoSources } from '../../shared/public-settings';
import { cn } from '../ui/cn';
import { useMotionAllowed } from './use-motion-allowed';

/**
 * True once the element is within half a screen of the viewport (at once where the browser has no
 * IntersectionObserver). Only asked while `wanted`: nothing is observed for a video that will not play.
 */
function useNearView(ref: RefObject<HTMLElement | null>, wanted: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!wanted || near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, wanted, near]);
  return near;
}

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
 *
 * The video is added when its poster comes within half a screen of the viewport, reported by an
 * IntersectionObserver in a task of its own: the videos below the fold (the comparison's two on the
 * home page) are neither built nor fetched on a first view, and the hero's is no longer built in the
 * same task as hydration's effects (decision 0087).
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
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearView(frame, Boolean(src) && motionAllowed);
  return (
    <div ref={frame} className={cn('relative overflow-hidden', className)}>
      <img
        src={prerenderedPoster ?? poster}
        suppressHydrationWarning
        alt={alt}
        width={width}
        height={height}
        className="block h-auto w-full"
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
      />
      {src && motionAllowed && near ? (
        <video className="absolute inset-0 size-full object-cover" autoPlay loop muted playsInline aria-hidden="true">
          {videoSources(src).map(([source, type]) => (
            <source key={source} src={source} type={type} />
          ))}
        </video>
      ) : null}
    </div>
  );
}
