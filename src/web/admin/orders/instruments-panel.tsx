import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatUkDate } from '../../../shared/dates';
import { type Instrument, instrumentSchema } from '../../../shared/instruments/instrument-schemas';
import { type AdminTestRecord, testRecordSchema } from '../../../shared/instruments/instrument-papers';
import { MODEL_DOCUMENT_BYTES, modelDocumentMessages } from '../../../shared/instruments/model-documents';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { usePermissions } from '../shell/permissions';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';
import { fileAsBase64 } from '../../lib/file-as-base64';

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

/** One instrument's factory test as typed (numbers as text until sent; the server judges them). */
export interface FactoryTestValues {
  rateAccuracyPercent: string;
  volumeDeliveredMl: string;
  testedBy: string;
  testedOn: string;
  /** Issue 51: the software version the unit ships with (blank: the model's in the catalogue). */
  softwareVersion?: string;
  /** The uploaded test record (issue 41): its id and stored name, and whether it shows a pass. */
  testRecordId?: string;
  testRecordName?: string;
  recordPassed?: boolean;
}

const emptyTest: FactoryTestValues = { rateAccuracyPercent: '', volumeDeliveredMl: '', testedBy: '', testedOn: '' };

/**
 * The request's `factoryTests`: a number where one was typed, else the text (the server names the
 * field). With a test record and no results typed, the record and the tester's verdict instead.
 */
export const factoryTestsBody = (values: FactoryTestValues[], count: number) =>
  Array.from({ length: count }, (_, index) => {
    const test = values[index] ?? emptyTest;
    const number = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);
    const record = test.testRecordId ? { testRecordId: test.testRecordId } : {};
    const version = test.softwareVersion?.trim() ? { softwareVersion: test.softwareVersion.trim() } : {};
    if (test.testRecordId && test.rateAccuracyPercent.trim() === '' && test.volumeDeliveredMl.trim() === '')
      return {
        ...record,
        passed: test.recordPassed === true,
        testedBy: test.testedBy,
        testedOn: test.testedOn,
        ...version,
      };
    return {
      rateAccuracyPercent: number(test.rateAccuracyPercent),
      volumeDeliveredMl: number(test.volumeDeliveredMl),
      testedBy: test.testedBy,
      testedOn: test.testedOn,
      ...record,
      ...version,
    };
  });

/** Uploads one instrument's test record (POST /api/admin/orders/{id}/test-records) and keeps its id. */
function TestRecordUpload({
  orderId,
  index,
  value,
  onUploaded,
  onPassed,
  error,
}: {
  orderId: string;
  index: number;
  value: FactoryTestValues | undefined;
  onUploaded: (record: { id: string; filename: string }) => void;
  onPassed: (passed: boolean) => void;
  error: string | undefined;
}) {
  // Issue 48, F10: a test record stands in for the measurements judged against the limits, so it needs a fresh code.
  const { withStepUp, dialog } = useStepUp();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > MODEL_DOCUMENT_BYTES) throw new Error(modelDocumentMessages.tooLarge);
      const body = { filename: file.name, dataBase64: await fileAsBase64(file) };
      return withStepUp(() =>
        adminApi(z.object({ testRecord: testRecordSchema }), `/orders/${orderId}/test-records`, {
          method: 'POST',
          body,
        }),
      );
    },
    onSuccess: (answer) => onUploaded(answer.testRecord),
    onError: (failure) => {
      if (isStepUpCancelled(failure)) return;
      toast.error(
        failure instanceof ApiError ? failure.message : failure instanceof Error ? failure.message : 'Upload failed',
      );
    },
  });
  return (
    <div className="sm:col-span-4 flex flex-wrap items-center gap-3 text-xs">
      <label>
        {`Or upload the test record (PDF, instrument ${index + 1})`}
        <input
          type="file"
          accept="application/pdf,.pdf"
          className="mt-1 block"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
      </label>
      {value?.testRecordName ? <span>{`Uploaded: ${value.testRecordName}`}</span> : null}
      {value?.testRecordId ? (
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={value.recordPassed === true}
            onChange={(event) => onPassed(event.target.checked)}
          />
          {`The record shows a pass (instrument ${index + 1})`}
        </label>
      ) : null}
      {error ? (
        <span role="alert" className="block text-red-700">
          {error}
        </span>
      ) : null}
      {dialog}
    </div>
  );
}

/**
 * Each instrument's final factory test at dispatch (issue 41): the measured rate accuracy and volume,
 * the tester and the day, against the limits from the settings. The server decides pass or fail and
 * refuses to ship a failed or missing test; its message goes beside the field.
 */
export function FactoryTestFields({
  count,
  values,
  onChange,
  errors,
  limits,
  orderId,
}: {
  count: number;
  values: FactoryTestValues[];
  onChange: (values: FactoryTestValues[]) => void;
  errors: Record<string, string>;
  limits?: { rateLimitPercent: number; nominalVolumeMl: number; volumeLimitPercent: number };
  /** With it, each instrument may take an uploaded test record instead of typed results. */
  orderId?: string;
}) {
  if (count === 0) return null;
  const update = (index: number, change: Partial<FactoryTestValues>) => {
    const next = Array.from({ length: count }, (__, i) => values[i] ?? emptyTest);
    next[index] = { ...(next[index] ?? emptyTest), ...change };
    onChange(next);
  };
  const set = (
    index: number,
    name: 'rateAccuracyPercent' | 'volumeDeliveredMl' | 'testedBy' | 'testedOn' | 'softwareVersion',
    value: string,
  ) => update(index, { [name]: value });
  const input = (
    index: number,
    name: 'rateAccuracyPercent' | 'volumeDeliveredMl' | 'testedBy' | 'testedOn' | 'softwareVersion',
    label: string,
    type = 'text',
  ) => (
    <label>
      {label}
      <input
        className={field}
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        step={type === 'number' ? 'any' : undefined}
        value={values[index]?.[name] ?? ''}
        onChange={(event) => set(index, name, event.target.value)}
      />
      {errors[`factoryTests.${index}.${name}`] ? (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {errors[`factoryTests.${index}.${name}`]}
        </span>
      ) : null}
    </label>
  );
  return (
    <fieldset className="text-sm text-navy-800 sm:col-span-2">
      <legend className="font-medium">Factory test results (one per instrument shipped)</legend>
      {limits ? (
        <p className="text-xs text-navy-600">
          {`Limits: rate accuracy within ±${limits.rateLimitPercent} %; volume ${limits.nominalVolumeMl} mL ±${limits.volumeLimitPercent} %.`}
        </p>
      ) : null}
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          className="mt-2 grid gap-2 sm:grid-cols-4"
          role="group"
          aria-label={`Factory test ${index + 1}`}
        >
          {input(index, 'rateAccuracyPercent', `Rate accuracy % (instrument ${index + 1})`, 'number')}
          {input(index, 'volumeDeliveredMl', `Volume delivered mL (instrument ${index + 1})`, 'number')}
          {input(index, 'testedBy', `Tested by (instrument ${index + 1})`)}
          {input(index, 'testedOn', `Test date (instrument ${index + 1})`, 'date')}
          {input(index, 'softwareVersion', `Software version shipped (instrument ${index + 1}; blank: the model's)`)}
          {orderId ? (
            <TestRecordUpload
              orderId={orderId}
              index={index}
              value={values[index]}
              onUploaded={(record) => update(index, { testRecordId: record.id, testRecordName: record.filename })}
              onPassed={(passed) => update(index, { recordPassed: passed })}
              error={errors[`factoryTests.${index}.testRecordId`] ?? errors[`factoryTests.${index}.passed`]}
            />
          ) : null}
        </div>
      ))}
      {errors.factoryTests ? (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {errors.factoryTests}
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

/**
 * The order's instruments: serial number, model, delivery, warranty and service dates, their papers and
 * the factory test record staff uploaded (a download, staff only); staff may correct a serial.
 */
export function InstrumentsPanel({
  instruments,
  testRecords = [],
}: {
  instruments: Instrument[];
  testRecords?: AdminTestRecord[];
}) {
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
            <th>Papers</th>
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
              <td>
                {(instrument.papers ?? []).length === 0 &&
                !testRecords.some((record) => record.instrumentId === instrument.id)
                  ? 'None'
                  : (instrument.papers ?? []).map((paper) => (
                      <a key={paper.id} className="mr-2 block text-navy-700 underline" href={paper.url} download>
                        {paper.label}
                      </a>
                    ))}
                {testRecords
                  .filter((record) => record.instrumentId === instrument.id)
                  .map((record) => (
                    <a key={record.id} className="mr-2 block text-navy-700 underline" href={record.url} download>
                      {`Test record (${record.filename})`}
                    </a>
                  ))}
              </td>
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
