// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoopingVideo } from './looping-video';

/** An IntersectionObserver the test drives: `enter()` reports every observed element in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements = [];
  }
  enter() {
    const entries = this.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const motion = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );

const video = (props: Partial<Parameters<typeof LoopingVideo>[0]> = {}) => (
  <LoopingVideo
    src="/media/hero.mp4"
    poster="/media/hero.svg"
    alt="The instrument"
    width={640}
    height={480}
    {...props}
  />
);

describe('LoopingVideo (decision 0087: a video is built when it comes near the view)', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the poster alone, with no video fetched, until the poster comes near the viewport', async () => {
    motion(false);
    const { container } = render(video());
    await act(async () => {});
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('The instrument');
    expect(container.querySelector('video')).toBeNull();

    await act(async () => FakeObserver.all.forEach((observer) => observer.enter()));
    const played = container.querySelector('video');
    expect(played).not.toBeNull();
    expect(played?.muted).toBe(true);
    expect(played?.loop).toBe(true);
    expect([...(played?.querySelectorAll('source') ?? [])].map((source) => source.getAttribute('src'))).toContain(
      '/media/hero.mp4',
    );
  });

  it('observes nothing and adds no video when the visitor asks for reduced motion, or there is no video', async () => {
    motion(true);
    const { container } = render(
      <>
        {video()}
        {video({ src: '' })}
      </>,
    );
    await act(async () => {});
    expect(FakeObserver.all.flatMap((observer) => observer.elements)).toEqual([]);
    await act(async () => FakeObserver.all.forEach((observer) => observer.enter()));
    expect(container.querySelector('video')).toBeNull();
  });

  it('adds the video at once where the browser has no IntersectionObserver', async () => {
    motion(false);
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(video());
    await act(async () => {});
    expect(container.querySelector('video')).not.toBeNull();
  });
});
