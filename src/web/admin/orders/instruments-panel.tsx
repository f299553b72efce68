import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatUkDate } from '../../../shared/dates';
import { type Instrument, instrumentSchema } from '../../../shared/instruments/instrument-schemas';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { usePermissions } from '../shell/permissions';

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';
const dayOrDash = (value: string | null) => (value ? formatUkDate(value) : 'Not yet');

/** One serial number input per instrument to ship (shipping requires them, decision 0043). */
export function SerialNumberFields({
  count,
  values,
  onChange,
  errors,
}: {
  count: number;
  values: string[];
  onChange: (values: string[]) => void;
  errors: Record<string, string>;
}) {
  if (count === 0) return null;
  return (
    <fieldset className="text-sm text-navy-800 sm:col-span-2">
      <legend className="font-medium">Serial numbers (one per instrument shipped)</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {Array.from({ length: count }, (_, index) => (
          <label key={index}>
            {`Serial number ${index + 1}`}
            <input
              className={field}
              value={values[index] ?? ''}
              maxLength={40}
              onChange={(event) => {
                const next = Array.from({ length: count }, (__, i) => values[i] ?? '');
                next[index] = event.target.value;
                onChange(next);
              }}
            />
            {errors[`serialNumbers.${index}`] ? (
              <span role="alert" className="mt-1 block text-xs text-red-700">
                {errors[`serialNumbers.${index}`]}
              </span>
            ) : null}
          </label>
        ))}
      </div>
      {errors.serialNumbers ? (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {errors.serialNumbers}
        </span>
      ) : null}
    </fieldset>
  );
}

function CorrectSerial({ instrument }: { instrument: Instrument }) {
  const invalidate = useInvalidateAdmin();
  const [value, setValue] = useState(instrument.serialNumber);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: () =>
      adminApi(z.object({ instrument: instrumentSchema }), `/instruments/${instrument.id}`, {
        method: 'PATCH',
        body: { serialNumber: value },
      }),
    onMutate: () => setError(''),
    onSuccess: () => {
      toast.success('Serial number corrected');
      void invalidate();
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'Correcting failed'),
  });
  return (
    <form
      aria-label={`Correct serial number ${instrument.serialNumber}`}
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== instrument.serialNumber) save.mutate();
      }}
    >
      <label className="text-xs text-navy-700">
        Correct
        <input className={field} value={value} maxLength={40} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Save
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** The order's instruments: serial number, model, delivery, warranty and service dates; staff may correct a serial. */
export function InstrumentsPanel({ instruments }: { instruments: Instrument[] }) {
  const { can } = usePermissions();
  if (instruments.length === 0) return null;
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="instruments-heading">
      <h2 id="instruments-heading" className="text-lg font-semibold text-navy-900">
        Instruments
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr>
            <th>Serial number</th>
            <th>Model</th>
            <th>Delivered</th>
            <th>Warranty ends</th>
            <th>Service plan ends</th>
            <th>Next service</th>
            {can('orders.edit') ? <th>Correction</th> : null}
          </tr>
        </thead>
        <tbody>
          {instruments.map((instrument) => (
            <tr key={instrument.id}>
              <td className="font-mono">{instrument.serialNumber}</td>
              <td>{instrument.model}</td>
              <td>{dayOrDash(instrument.deliveredOn)}</td>
              <td>{dayOrDash(instrument.warrantyEndsOn)}</td>
              <td>{instrument.servicePlanEndsOn ? formatUkDate(instrument.servicePlanEndsOn) : 'None'}</td>
              <td>{dayOrDash(instrument.nextServiceOn)}</td>
              {can('orders.edit') ? (
                <td>
                  <CorrectSerial instrument={instrument} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
