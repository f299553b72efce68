import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/** The configurator's modal dialog: a titled panel over a dimmed page, closed by Escape, the overlay or the × button. */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-xl font-semibold text-navy-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-navy-700">{description}</Dialog.Description>
          <div className="mt-5">{children}</div>
          <Dialog.Close
            aria-label={t('common.close', 'Close')}
            className="absolute top-4 right-4 grid size-9 place-items-center rounded-md text-navy-600 hover:bg-navy-50 hover:text-navy-900"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
