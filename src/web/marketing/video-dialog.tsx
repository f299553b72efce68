import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { company } from '../../shared/company';
import { ownVideos } from '../../shared/own-videos';
import { type PublicSettings, videoSources } from '../../shared/public-settings';

export interface VideoDialogProps {
  /** `embedUrl`, when configured, replaces the shop's own explainer (`explainerUrl`). */
  videos: PublicSettings['videos'];
  onClose: () => void;
}

/** Asks the embedded player to start on open (the dialog is opened by a click, so autoplay is allowed). */
function autoplayUrl(embedUrl: string): string {
  try {
    const url = new URL(embedUrl);
    url.searchParams.set('autoplay', '1');
    return url.toString();
  } catch {
    return embedUrl;
  }
}

/**
 * The product video in a modal dialog; rendered only while open, so closing it removes the player.
 * A configured embed shows in a frame; otherwise the shop's own explainer plays from its origin, with
 * controls. It starts on open (the visitor asked for it with a click), except for visitors who prefer
 * reduced motion: for them it waits, paused on its poster, for the play button.
 */
export function VideoDialog({ videos, onClose }: VideoDialogProps) {
  const { embedUrl } = videos;
  // The shop's own explainer also before the settings have arrived (the home page's defaults leave it out).
  const explainerUrl = videos.explainerUrl || ownVideos.explainerUrl;
  // The dialog only ever renders in the browser, after a click, so the media query can be read at once.
  const [reducedMotion] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/80" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-4 shadow-2xl focus:outline-none sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-navy-900">
                {company.productName} in action
              </Dialog.Title>
              <Dialog.Description className="text-sm text-navy-600">
                Controlled-rate, drop-wise addition with mixing, from syringe to finished sample.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-navy-700 hover:bg-navy-50"
              aria-label="Close video"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="aspect-video overflow-hidden rounded-lg bg-navy-50">
            {embedUrl ? (
              <iframe
                src={autoplayUrl(embedUrl)}
                title={`${company.productName} product video`}
                className="size-full"
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <video
                className="size-full bg-navy-50 object-contain"
                poster="/media/hero-instrument.svg"
                aria-label={`${company.productName} product video`}
                controls
                autoPlay={!reducedMotion}
                muted
                playsInline
              >
                {videoSources(explainerUrl).map(([source, type]) => (
                  <source key={source} src={source} type={type} />
                ))}
              </video>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
