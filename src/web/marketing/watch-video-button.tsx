import { Play } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../ui/button';
import type { VideoDialogProps } from './video-dialog';

/**
 * Watch Video: the dialog's code loads only when the button is pressed, so the home page's
 * first load stays small. The dialog is unmounted on close, which stops the embedded player.
 */
export function WatchVideoButton({ embedUrl }: { embedUrl: string }) {
  const [Dialog, setDialog] = useState<ComponentType<VideoDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  async function openDialog() {
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
      <Button variant="outline" onClick={openDialog} aria-haspopup="dialog" disabled={loading}>
        <Play aria-hidden="true" className="size-4 text-accent-700" />
        Watch Video
      </Button>
      {Dialog && open ? <Dialog embedUrl={embedUrl} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
