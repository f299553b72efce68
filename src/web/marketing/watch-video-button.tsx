import { Play } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { buttonClasses } from '../ui/button';
import type { PublicSettings } from '../../shared/public-settings';
import type { VideoDialogProps } from './video-dialog';
import { useT } from '../i18n/use-t';

/**
 * Watch Video: the dialog's code loads only when the button is pressed, so the home page's
 * first load stays small. The dialog is unmounted on close, which stops the video or embedded player.
 */
export function WatchVideoButton({ videos }: { videos: PublicSettings['videos'] }) {
  const [Dialog, setDialog] = useState<ComponentType<VideoDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { t } = useT();

  async function openDialog() {
    if (loading) return;
    setLoading(true);
    try {
      if (!Dialog) {
        const module = await import('./video-dialog');
        setDialog(() => module.VideoDialog);
      }
      setOpen(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClasses('outline', 'md')}
        onClick={openDialog}
        aria-haspopup="dialog"
        aria-busy={loading}
      >
        <Play aria-hidden="true" className="size-4 text-accent-700" />
        {t('home.watchVideo', 'Watch Video')}
      </button>
      {Dialog && open ? (
        <Dialog
          videos={videos}
          onClose={() => {
            setOpen(false);
            // Focus goes back to the button that opened the dialog, once the dialog (and its focus trap) is gone.
            window.setTimeout(() => buttonRef.current?.focus(), 0);
          }}
        />
      ) : null}
    </>
  );
}
