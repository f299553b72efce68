import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailFieldDescriptor } from '../../shared/email-address';
import { defineMessages, type MessageDescriptor } from '../../shared/i18n/message';
import { waitlistFieldMessages } from '../../shared/waitlist-field-messages';
import { type PageText, useT } from '../i18n/use-t';
import { ApiError } from '../lib/api-client';
import { Button } from '../ui/button';
import { DialogFrame } from './dialog-frame';
import { useJoinWaitlist } from './join-waitlist';
import '../i18n/field-messages';

/**
 * The form's messages by id (issue 53): zod carries the descriptor's id, never English text, and the
 * form shows the descriptor in the page's language.
 */
const formMessages = defineMessages({
  required: { id: 'waitlist.emailRequired', message: 'Please enter your email address.' },
  tooLong: waitlistFieldMessages.tooLong,
  invalid: emailFieldDescriptor,
});
const formMessageById = new Map<string, MessageDescriptor>(
  Object.values(formMessages).map((descriptor) => [descriptor.id, descriptor]),
);

const formSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: formMessages.required.id })
    .max(254, { error: formMessages.tooLong.id })
    .pipe(z.email({ error: formMessages.invalid.id })),
});
type WaitlistForm = z.infer<typeof formSchema>;

/** A field message (its id) in the page's language. */
function fieldMessage(text: PageText, id: string): string {
  const descriptor = formMessageById.get(id);
  return descriptor ? text.message(descriptor) : text.said(id);
}

/** The sentence on what the address is used for (shared/waitlist.ts `waitlistUse`), in the page's language. */
export const waitlistUseIn = ({ t }: PageText) =>
  t(
    'waitlist.use',
    'We use this address only to send you one e-mail when Dropwise ships to the USA. We e-mail you a link to leave the list at any time.',
  );

/** The USA waitlist: a form, then 'You're on the list!' once the e-mail is stored. In the page's language (issue 40). */
export function WaitlistDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [done, setDone] = useState(false);
  const join = useJoinWaitlist();
  const fieldId = useId();
  const text = useT();
  const { t } = text;
  /** The dialog's own error toasts, dismissed once the e-mail is stored or the dialog closes. */
  const errorToasts = useRef<(string | number)[]>([]);
  const showError = (title: string, description: string) => {
    errorToasts.current.push(toast.error(title, { description }));
  };
  const dismissErrors = () => {
    for (const id of errorToasts.current) toast.dismiss(id);
    errorToasts.current = [];
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WaitlistForm>({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      dismissErrors();
      // Opening again starts with an empty form.
      setDone(false);
      reset();
      join.reset();
    }
  };

  const submit = handleSubmit(
    async ({ email }) => {
      try {
        await join.mutateAsync(email);
        // The success shows once, in the dialog; an earlier error toast would contradict it.
        dismissErrors();
        setDone(true);
      } catch (error) {
        dismissErrors();
        if (error instanceof ApiError && error.status === 409) {
          showError(
            t('waitlist.already', 'Already signed up'),
            t('waitlist.alreadyText', 'This email is already on our USA waitlist.'),
          );
        } else if (error instanceof ApiError && error.status === 429) {
          showError(t('waitlist.error', 'Error'), text.said(error));
        } else if (error instanceof ApiError && error.status === 400) {
          // The shared schema's refusal of the address, by its id in the page's language (issue 53).
          showError(t('waitlist.error', 'Error'), text.said(error.fieldError('email') ?? error));
        } else {
          showError(t('waitlist.error', 'Error'), t('waitlist.failed', 'Failed to add to waitlist. Please try again.'));
        }
      }
    },
    (invalid) => {
      dismissErrors();
      if (invalid.email?.message === formMessages.required.id)
        showError(t('waitlist.emailRequiredTitle', 'Email required'), fieldMessage(text, formMessages.required.id));
    },
  );

  return (
    <DialogFrame
      open={open}
      onOpenChange={close}
      title={done ? t('waitlist.doneTitle', "You're on the list!") : t('waitlist.title', 'Join the USA waitlist')}
      description={
        done
          ? t('waitlist.doneText', "We'll notify you as soon as the product is available in the USA.")
          : t(
              'waitlist.intro',
              'Dropwise is not yet available in the USA. Leave your email and we will tell you as soon as it is.',
            )
      }
    >
      {done ? (
        <div className="flex flex-col items-start gap-4">
          <p className="flex items-center gap-2 font-medium text-green-800">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {t('waitlist.added', 'Successfully added to waitlist!')}
          </p>
          <Button variant="outline" onClick={() => close(false)}>
            {t('common.close', 'Close')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div>
            <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-navy-800">
              {t('waitlist.email', 'Email address')}
            </label>
            <input
              id={fieldId}
              type="email"
              autoComplete="email"
              maxLength={254}
              aria-invalid={errors.email ? 'true' : undefined}
              aria-describedby={errors.email ? `${fieldId}-error` : undefined}
              className="h-11 w-full rounded-md border border-navy-300 px-3 text-navy-900 aria-[invalid=true]:border-red-700"
              {...register('email')}
            />
            {errors.email && (
              <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                {fieldMessage(text, errors.email.message ?? '')}
              </p>
            )}
          </div>
          <p className="text-sm text-navy-700">
            {waitlistUseIn(text)} {t('waitlist.seeOur', 'See our')}{' '}
            <a
              href="/privacy-policy"
              target="_blank"
              rel="noopener"
              className="font-medium text-accent-700 underline underline-offset-2"
            >
              {t('waitlist.privacyPolicy', 'privacy policy')}
            </a>
            .
          </p>
          <Button type="submit" disabled={join.isPending}>
            {join.isPending ? t('waitlist.joining', 'Joining...') : t('waitlist.join', 'Join the waitlist')}
          </Button>
        </form>
      )}
    </DialogFrame>
  );
}
