import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  SERVICE_DESCRIPTION_MAX,
  SERVICE_PHOTO_BYTES,
  SERVICE_PHOTO_MAX,
  serviceFieldMessages,
} from '../../shared/service-requests/service-lifecycle';
import { useT } from '../i18n/use-t';
import { ApiError } from '../lib/api-client';
import { signOutDestination } from '../lib/sign-out';
import { useSession } from '../lib/use-session';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { TextField } from '../ui/text-field';
import { fileAsBase64 } from '../lib/file-as-base64';
import { useOpenServiceRequest, useServiceInstrument } from './service-api';
import { CoverNote, LoadFailed, Section, ServiceHead, ServiceNotFound } from './service-parts';
import '../i18n/field-messages';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * /service-requests/new?serial=…: the owner of the instrument's order signed in, or a guest from
 * the guest order page with `&order=…&key=…`, tells us what happened, with up to 3 photos.
 */
export function NewServiceRequestPage() {
  const [search] = useSearchParams();
  const serial = search.get('serial') ?? '';
  const order = search.get('order');
  const key = search.get('key');
  const guest = order && key ? { order, key } : null;
  const session = useSession();
  const ready = guest !== null || (session.signedIn && !session.mfaStep);
  const instrument = useServiceInstrument(serial, guest, ready);
  const { t } = useT();

  if (!guest && session.isSuccess && !session.signedIn) return <Navigate to={signOutDestination('/login')} replace />;
  if (!ready || instrument.isPending)
    return <PageLoading label={t('service.loadingInstrument', 'Loading your instrument...')} />;
  if (instrument.isError) {
    if (instrument.error instanceof ApiError && instrument.error.status === 404) return <ServiceNotFound instrument />;
    return <LoadFailed retry={() => void instrument.refetch()} />;
  }
  return <RequestForm instrument={instrument.data} guest={guest} />;
}

function RequestForm({
  instrument,
  guest,
}: {
  instrument: NonNullable<ReturnType<typeof useServiceInstrument>['data']>;
  guest: { order: string; key: string } | null;
}) {
  const navigate = useNavigate();
  const openRequest = useOpenServiceRequest();
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const text = useT();
  const { t } = text;

  const choosePhotos = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    setProblem(null);
    if (chosen.length > SERVICE_PHOTO_MAX) return setProblem(text.message(serviceFieldMessages.tooManyPhotos));
    if (chosen.some((file) => !PHOTO_TYPES.includes(file.type)))
      return setProblem(t('service.photoType', 'Photos must be JPEG, PNG or WebP images.'));
    if (chosen.some((file) => file.size > SERVICE_PHOTO_BYTES))
      return setProblem(t('service.photoTooLarge', 'Each photo must be 5 MB or smaller.'));
    setPhotos(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // The shared schema's field messages (issue 53), in the page's language.
    if (description.trim() === '') return setProblem(text.message(serviceFieldMessages.descriptionRequired));
    if (description.trim().length > SERVICE_DESCRIPTION_MAX)
      return setProblem(text.message(serviceFieldMessages.descriptionTooLong));
    try {
      const request = await openRequest.mutateAsync({
        serial: instrument.serialNumber,
        description,
        photos: await Promise.all(photos.map(async (file) => ({ dataBase64: await fileAsBase64(file) }))),
        ...(guest ? { order: guest.order, key: guest.key } : {}),
      });
      const page = `/service-requests/${encodeURIComponent(request.requestNumber)}`;
      navigate(guest ? `${page}?key=${encodeURIComponent(guest.key)}` : page);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? text.said(error)
          : t('service.sendFailed', 'Your request could not be sent. Please try again.'),
      );
    }
  };

  return (
    <Container className="max-w-2xl py-10">
      <ServiceHead title={t('service.ask', 'Ask for service')} />
      <h1 className="text-3xl font-semibold tracking-tight text-navy-900">{t('service.ask', 'Ask for service')}</h1>
      <p className="mt-1 text-navy-600">
        {t('service.askText', 'Tell us what happened and we will reply with what to do next.')}
      </p>
      <div className="mt-6 space-y-6">
        <Section title={t('service.yourInstrument', 'Your instrument')}>
          <dl className="text-sm">
            <div className="flex justify-between py-1">
              <dt className="text-navy-600">{t('service.model', 'Model')}</dt>
              <dd className="font-medium text-navy-900">{instrument.model}</dd>
            </div>
            <div className="flex justify-between py-1">
              <dt className="text-navy-600">{t('service.order', 'Order')}</dt>
              <dd className="font-medium text-navy-900">{instrument.orderNumber}</dd>
            </div>
            {instrument.warrantyEndsOn ? (
              <div className="flex justify-between py-1">
                <dt className="text-navy-600">{t('service.warrantyEnds', 'Warranty ends')}</dt>
                <dd className="font-medium text-navy-900">{text.date(instrument.warrantyEndsOn)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-3">
            <CoverNote underWarranty={instrument.underWarranty} />
          </div>
        </Section>
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <TextField label={t('service.serialNumber', 'Serial number')} value={instrument.serialNumber} readOnly />
          <div>
            <label htmlFor="service-description" className="block text-sm font-medium text-navy-900">
              {t('service.whatHappened', 'What happened')}
            </label>
            <textarea
              id="service-description"
              required
              maxLength={SERVICE_DESCRIPTION_MAX}
              rows={6}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              className="mt-1 block w-full rounded-md border border-navy-200 bg-white p-3 text-base text-navy-900 shadow-sm"
            />
          </div>
          <div>
            <label htmlFor="service-photos" className="block text-sm font-medium text-navy-900">
              {t('service.photos', 'Photos')}{' '}
              <span className="font-normal text-navy-500">
                {t('service.photosHint', '(optional: up to 3 JPEG, PNG or WebP, 5 MB each)')}
              </span>
            </label>
            <input
              id="service-photos"
              type="file"
              accept={PHOTO_TYPES.join(',')}
              multiple
              onChange={(event) => choosePhotos(event.target.files)}
              className="mt-1 block text-sm"
            />
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <Button type="submit" disabled={openRequest.isPending}>
            {openRequest.isPending ? t('service.sending', 'Sending...') : t('service.send', 'Send request')}
          </Button>
        </form>
      </div>
    </Container>
  );
}
