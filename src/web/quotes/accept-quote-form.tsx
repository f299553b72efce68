import { type FormEvent, type PointerEvent, useRef, useState } from 'react';
import { type AcceptQuoteInput, acceptQuoteRequestSchema } from '../../shared/quotes/quote-acceptance';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { api, ApiError } from '../lib/api-client';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n/use-t';
import { failure, quotePath, useRefresh } from './quote-action-helpers';
import '../i18n/field-messages';

/**
 * Issue 39 (decision 0065): the "Accept this quote" dialog, loaded only when the buyer opens it (the
 * quote page is public; the signature pad stays out of its first bundle). Name, job title,
 * organisation, e-mail and a signature: typed, or drawn on a small canvas with a pointer (keyboard
 * users type it). The drawing travels as a PNG data URL; the server checks and re-encodes it.
 */

type Fields = 'name' | 'jobTitle' | 'organization' | 'email' | 'signature' | 'signatureImage';
type TextValues = Record<Exclude<Fields, 'signatureImage'>, string>;

const PAD_WIDTH = 480;
const PAD_HEIGHT = 160;

/** A canvas to sign on with a mouse, pen or finger; "Clear" starts again. */
function SignaturePad({ onChange, error }: { onChange: (dataUrl: string | null) => void; error?: string | undefined }) {
  const { t } = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * PAD_WIDTH) / (box.width || PAD_WIDTH),
      y: ((event.clientY - box.top) * PAD_HEIGHT) / (box.height || PAD_HEIGHT),
    };
  };
  const context = () => canvas.current?.getContext('2d') ?? null;

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0b1f3a';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!drawing.current || !ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    onChange(canvas.current?.toDataURL('image/png') ?? null);
  };
  const clear = () => {
    const ctx = context();
    ctx?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    setSigned(false);
    onChange(null);
  };

  return (
    <div className="sm:col-span-2">
      <canvas
        ref={canvas}
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        aria-label={t('accept.pad', 'Signature pad: sign with a mouse, pen or finger')}
        className="w-full max-w-[480px] touch-none rounded-md border border-navy-300 bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="mt-2 flex items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!signed}>
          {t('accept.clear', 'Clear')}
        </Button>
        <span className="text-sm text-navy-700">
          {signed
            ? t('accept.signed', 'Signed.')
            : t('accept.signHere', 'Sign in the box above. Using a keyboard? Choose “Type” instead.')}
        </span>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AcceptForm({ quote, onDone }: { quote: QuoteResource; onDone: () => void }) {
  const refresh = useRefresh(quote);
  const text = useT();
  const { t } = text;
  const [kind, setKind] = useState<'typed' | 'drawn'>('typed');
  const [values, setValues] = useState<TextValues>({
    name: '',
    jobTitle: '',
    organization: quote.customerInfo?.organization ?? '',
    email: '',
    signature: '',
  });
  const [drawing, setDrawing] = useState<string | null>(null);
  /** Each field's message: a shared field message's id (issue 53), shown by `said` in the page's language. */
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof TextValues) => ({
    value: values[key],
    error: errors[key] === undefined ? undefined : text.said(errors[key]),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { signature, ...rest } = values;
    const body: AcceptQuoteInput =
      kind === 'typed'
        ? { ...rest, signature }
        : { ...rest, signatureKind: 'drawn', ...(drawing ? { signatureImage: drawing } : {}) };
    const parsed = acceptQuoteRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<{ quote: QuoteResource }>(`${quotePath(quote)}/accept`, { body: parsed.data });
      refresh(answer.quote);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        // The server's 400 answers each field's id beside its English (`fieldMessageIds`).
        const next: Partial<Record<Fields, string>> = {};
        for (const name of Object.keys(error.fields)) next[name as Fields] = error.fieldError(name);
        setErrors(next);
      }
      setMessage(failure(error, text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField label={t('accept.fullName', 'Full name')} autoComplete="name" maxLength={100} {...field('name')} />
      <TextField
        label={t('accept.jobTitle', 'Job title')}
        autoComplete="organization-title"
        maxLength={100}
        {...field('jobTitle')}
      />
      <TextField
        label={t('accept.organisation', 'Organisation')}
        autoComplete="organization"
        maxLength={200}
        {...field('organization')}
      />
      <TextField
        label={t('accept.email', 'E-mail')}
        type="email"
        autoComplete="email"
        maxLength={254}
        {...field('email')}
      />
      <fieldset className="flex gap-4 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-navy-900">{t('accept.howSign', 'How will you sign?')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="signature-kind" checked={kind === 'typed'} onChange={() => setKind('typed')} />
          {t('accept.type', 'Type')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="signature-kind" checked={kind === 'drawn'} onChange={() => setKind('drawn')} />
          {t('accept.draw', 'Draw')}
        </label>
      </fieldset>
      {kind === 'typed' ? (
        <TextField
          className="sm:col-span-2"
          label={t('accept.signature', 'Signature')}
          hint={t('accept.signatureHint', 'Type your full name as your signature.')}
          maxLength={100}
          style={{ fontFamily: 'cursive' }}
          {...field('signature')}
        />
      ) : (
        <SignaturePad
          onChange={setDrawing}
          error={errors.signatureImage === undefined ? undefined : text.said(errors.signatureImage)}
        />
      )}
      <p className="text-sm text-navy-700 sm:col-span-2">
        {t(
          'accept.agree',
          "By accepting you agree to the quote's prices and terms for your organisation. We record your details, the date and your network address with the acceptance.",
        )}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('accept.accepting', 'Accepting…') : t('accept.accept', 'Accept quote')}
        </Button>
      </div>
    </form>
  );
}
