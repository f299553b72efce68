import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

/**
 * The frame of the MFA challenge and the admin's mandatory setup (spec section 2): it covers the page
 * below the navigation and cannot be dismissed by Escape or a click outside.
 */
export function MfaBlockingDialog({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Dialog.Root open modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className={cn('fixed inset-x-0 bottom-0 top-16 z-30 bg-navy-950/70 p-4', className)}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
