import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../ui/button';

/** A staff-only note on a timeline (an order's comments, a quote's notes): sends the text unless blank, then empties the field. */
export function StaffNoteForm<Answer>({
  formLabel,
  fieldLabel,
  submitLabel,
  maxLength,
  save,
  onSaved,
  onError,
}: {
  formLabel: string;
  fieldLabel: string;
  submitLabel: string;
  maxLength?: number;
  save: (text: string) => Promise<Answer>;
  onSaved: (answer: Answer) => void;
  onError: (error: Error) => void;
}) {
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => save(text),
    onSuccess: (answer) => {
      setText('');
      onSaved(answer);
    },
    onError,
  });
  return (
    <form
      aria-label={formLabel}
      className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) add.mutate();
      }}
    >
      <label className="text-sm text-navy-800">
        {fieldLabel}
        <textarea
          rows={2}
          maxLength={maxLength}
          className="mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <Button type="submit" size="sm" className="self-end" disabled={add.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
