import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailSchema, passwordSchema, sanitiseText, signInSchema } from '../../shared/accounts/auth-schemas';
import { joinedOrdersNotice } from '../../shared/accounts/joined-orders';
import { ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { type PageText, useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { pathAfterSignIn } from './after-sign-in';
import { friendlyAuthMessage, isAlreadyRegistered } from './auth-error-message';
import { AuthField } from './auth-field';
import { useRecoverPassword } from './recover-password';
import { useResendConfirmation } from './resend-confirmation';
import { useResetPassword } from './reset-password';
import { useSignIn } from './sign-in';
import { useSignUp } from './sign-up';
import { useHydrated } from '../lib/use-hydrated';
import { useRefreshSession, useSession } from '../lib/use-session';
import '../i18n/field-messages';

type Mode = 'signin' | 'signup' | 'reset';
type Status = 'idle' | 'loading' | 'success' | 'error';

/** The e-mail as the forms check and send it: cleaned first, then the shared e-mail rule. */
const cleanEmailSchema = z.string().transform(sanitiseText).pipe(emailSchema);

/** The client-side checks of section 5 (the server checks again) with the shared sign-in schema. */
const credentialsSchema = signInSchema.extend({ email: cleanEmailSchema, remember: z.boolean() });
type CredentialsInput = z.input<typeof credentialsSchema>;
type Credentials = z.output<typeof credentialsSchema>;

const resetRequestSchema = z.object({ email: cleanEmailSchema });
type ResetRequestInput = z.input<typeof resetRequestSchema>;
type ResetRequest = z.output<typeof resetRequestSchema>;

const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'The passwords do not match.' });
type NewPassword = z.infer<typeof newPasswordSchema>;

/** The one message the sign-in and sign-up form shows for its input: a missing field first, then the e-mail, then the password. */
function credentialsProblem(
  text: PageText,
  { email, password }: CredentialsInput,
  errors: FieldErrors<CredentialsInput>,
): string {
  const both = text.t('login.fillBoth', 'Please fill in both your email and password.');
  if (!sanitiseText(email) || !password) return both;
  const problem = errors.email?.message ?? errors.password?.message;
  return problem ? text.said(problem) : both;
}

function Card({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  const { t } = useT();
  return (
    <Container className="flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-md rounded-xl border border-navy-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-navy-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-navy-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        <div className="mt-6 border-t border-navy-100 pt-4 text-center">
          <Button asChild variant="ghost" size="sm">
            <Link to="/">{t('login.home', 'Home')}</Link>
          </Button>
        </div>
      </div>
    </Container>
  );
}

function Message({ kind, children }: { kind: 'error' | 'success'; children: React.ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={
        kind === 'error'
          ? 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800'
          : 'rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800'
      }
    >
      {children}
    </p>
  );
}

function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const recover = useRecoverPassword();
  const { register, handleSubmit } = useForm<ResetRequestInput, unknown, ResetRequest>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const text = useT();
  const { t } = text;
  const submit = handleSubmit(
    ({ email }) => {
      setError(null);
      recover.mutate(
        { email },
        {
          onSuccess: () => {
            setSent(true);
            toast.success(t('login.resetSent', 'Reset email sent!'), {
              description: t('login.checkReset', 'Please check your email for password reset instructions.'),
            });
          },
          onError: (failure) =>
            setError(
              failure instanceof ApiError && failure.status === 429
                ? text.said(friendlyAuthMessage(failure))
                : failure instanceof ApiError && failure.status >= 400
                  ? t(
                      'login.resetFailedSupport',
                      'Unable to send reset email. Please try again or contact support if the problem persists.',
                    )
                  : t('login.resetFailed', 'Unable to send reset email. Please try again.'),
            ),
        },
      );
    },
    (errors) => setError(errors.email?.message ? text.said(errors.email.message) : null),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {sent ? (
        <Message kind="success">
          {t('login.checkReset', 'Please check your email for password reset instructions.')}
        </Message>
      ) : null}
      {error ? <Message kind="error">{error}</Message> : null}
      <AuthField
        label={t('login.email', 'Email')}
        type="email"
        autoComplete="email"
        placeholder={t('login.enterEmail', 'Enter your email')}
        required
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={recover.isPending}>
        {recover.isPending ? t('login.sending', 'Sending...') : t('login.sendReset', 'Send reset link')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="block w-full text-center text-sm font-medium text-accent-700 hover:underline"
      >
        {t('login.back', 'Back to sign in')}
      </button>
    </form>
  );
}

const checkEmail = ({ t }: PageText) =>
  t('login.checkEmail', 'Account created! Please check your email for a confirmation link before signing in.');

/** Stays on the sign-in form after a sign-up: the "check your e-mail" note and a way to get the link again. */
function ConfirmationPending({ email }: { email: string }) {
  const resend = useResendConfirmation();
  const [note, setNote] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const text = useT();
  const { t } = text;
  const again = () => {
    setNote(null);
    resend.mutate(
      { email },
      {
        onSuccess: () =>
          setNote({
            kind: 'success',
            text: t('login.resent', 'We have sent a new confirmation link to {email}.', { email }),
          }),
        onError: (failure) =>
          setNote({
            kind: 'error',
            text:
              failure instanceof ApiError && failure.status === 429
                ? text.said(friendlyAuthMessage(failure))
                : t('login.resendFailed', 'Unable to resend the confirmation e-mail. Please try again.'),
          }),
      },
    );
  };
  return (
    <div
      className="space-y-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800"
      data-testid="confirmation-pending"
    >
      <p role="status">{note?.kind === 'success' ? note.text : checkEmail(text)}</p>
      {note?.kind === 'error' ? (
        <p role="alert" className="text-red-800">
          {note.text}
        </p>
      ) : null}
      <button
        type="button"
        disabled={resend.isPending}
        onClick={again}
        className="font-medium text-accent-700 underline hover:no-underline disabled:opacity-60"
      >
        {resend.isPending ? t('login.sending', 'Sending...') : t('login.resend', 'Resend confirmation e-mail')}
      </button>
    </div>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const { register, handleSubmit } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const text = useT();
  const { t } = text;
  const submit = handleSubmit(
    ({ password }) => {
      setError(null);
      reset.mutate(
        { token, password },
        {
          onSuccess: () => {
            toast.success(t('login.passwordUpdated', 'Password updated'), {
              description: t('login.signInWithNew', 'You can now sign in with your new password.'),
            });
            onDone();
          },
          onError: (failure) => setError(text.said(friendlyAuthMessage(failure))),
        },
      );
    },
    (errors) => {
      const problem = errors.password?.message ?? errors.confirm?.message;
      setError(
        problem === 'The passwords do not match.'
          ? t('login.noMatch', 'The passwords do not match.')
          : problem
            ? text.said(problem)
            : null,
      );
    },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Message kind="error">{error}</Message> : null}
      <AuthField
        label={t('login.newPassword', 'New password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('login.createPassword', 'Create a password (min 6 characters)')}
        required
        {...register('password')}
      />
      <AuthField
        label={t('login.confirmNew', 'Confirm new password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('login.repeatNew', 'Repeat the new password')}
        required
        {...register('confirm')}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? t('login.updating', 'Updating...') : t('login.update', 'Update password')}
      </Button>
    </form>
  );
}

/** /login: sign in ('Welcome Back'), sign up ('Create Account'), reset, and the new-password form of a reset link. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const text = useT();
  const { t, language } = text;
  const refreshSession = useRefreshSession();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const [mode, setMode] = useState<Mode>('signin');
  const [status, setStatus] = useState<Status>('idle');
  const { register, handleSubmit, getValues, setValue } = useForm<CredentialsInput, unknown, Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const [message, setMessage] = useState<string | null>(null);
  /** The address of the sign-up just made, until the buyer signs in or starts another sign-up. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const leaving = useRef(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // /login is prerendered: the query string is read, and the form enabled, only once hydrated.
  const hydrated = useHydrated();
  const resetToken = hydrated && params.get('type') === 'recovery' ? params.get('token') : null;
  const confirmed = hydrated ? params.get('confirmed') : null;
  // Guest orders placed with the address that joined the account when it was confirmed.
  const joinedOrders = hydrated ? Number.parseInt(params.get('orders') ?? '', 10) : Number.NaN;

  // The login screen's own guard: a signed-in user goes home; one still facing the MFA challenge stays (the challenge guard handles them).
  useEffect(() => {
    if (session.signedIn && !session.mfaStep && !leaving.current && !resetToken) navigate('/', { replace: true });
  }, [session.signedIn, session.mfaStep, navigate, resetToken]);

  const switchMode = (next: Mode, clear = false) => {
    window.clearTimeout(timer.current);
    setMode(next);
    setStatus('idle');
    setMessage(null);
    if (clear) {
      setValue('email', '');
      setValue('password', '');
    }
  };

  const showProblem = (errors: FieldErrors<CredentialsInput>) => {
    setStatus('error');
    setMessage(credentialsProblem(text, getValues(), errors));
  };

  const submit = handleSubmit(async ({ email: cleanEmail, password, remember }) => {
    setStatus('loading');
    setMessage(null);
    if (mode === 'signin') {
      try {
        const result = await signIn.mutateAsync({ email: cleanEmail, password, remember });
        if (result.mfaRequired) {
          // "MFA required": the form stays idle and the challenge takes over.
          setStatus('idle');
          await refreshSession();
          return;
        }
        leaving.current = true;
        setStatus('success');
        toast.success(t('login.welcomeToast', 'Welcome back!'), {
          description: t('login.signedIn', 'You have successfully signed in.'),
        });
        await refreshSession();
        navigate(pathAfterSignIn());
      } catch (failure) {
        setStatus('error');
        setMessage(text.said(friendlyAuthMessage(failure)));
      }
      return;
    }
    try {
      // Issue 53: the account reads in the page's language until it chooses another.
      await signUp.mutateAsync({ email: cleanEmail, password, language });
      setStatus('success');
      setMessage(checkEmail(text));
      setPendingEmail(cleanEmail);
      toast.success(t('login.created', 'Account created successfully!'), {
        description: t('login.activate', 'Please check your email for a confirmation link to activate your account.'),
      });
      timer.current = window.setTimeout(() => switchMode('signin', true), 2000);
    } catch (failure) {
      setStatus('error');
      setMessage(text.said(friendlyAuthMessage(failure)));
      if (isAlreadyRegistered(failure)) timer.current = window.setTimeout(() => switchMode('signin'), 3000);
    }
  }, showProblem);

  const head = (
    <PageHead
      title="Customer Login | Dropwise"
      description="Sign in to your Dropwise account to see your orders, profile and settings."
      noindex
    />
  );

  if (resetToken) {
    return (
      <>
        {head}
        <Card
          title={t('login.setNew', 'Set a new password')}
          subtitle={t('login.chooseNew', 'Choose a new password for your Dropwise account.')}
        >
          <NewPasswordForm
            token={resetToken}
            onDone={() => {
              setParams({}, { replace: true });
              switchMode('signin', true);
            }}
          />
        </Card>
      </>
    );
  }

  if (mode === 'reset') {
    return (
      <>
        {head}
        <Card
          title={t('login.reset', 'Reset Password')}
          subtitle={t('login.resetIntro', 'Enter your email and we will send you a link to reset your password.')}
        >
          <ResetRequestForm onBack={() => switchMode('signin')} />
        </Card>
      </>
    );
  }

  const signingUp = mode === 'signup';
  const busy = status === 'loading' || !hydrated;
  return (
    <>
      {head}
      <Card
        title={signingUp ? t('login.createAccount', 'Create Account') : t('login.welcome', 'Welcome Back')}
        subtitle={
          signingUp
            ? t('login.signUpIntro', 'Sign up to track your orders and quotes.')
            : t('login.signInIntro', 'Sign in to your account.')
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {confirmed === '1' && !message ? (
            <Message kind="success">
              {t('login.confirmed', 'Your email is confirmed.')}{' '}
              {!(joinedOrders > 0) ? null : language === 'en' ? (
                `${joinedOrdersNotice(joinedOrders)} `
              ) : (
                // The shared notice has no translation yet: English, marked as such.
                <span lang="en">{joinedOrdersNotice(joinedOrders)} </span>
              )}
              {t('login.canSignIn', 'You can now sign in.')}
            </Message>
          ) : null}
          {confirmed === '0' && !message ? (
            <Message kind="error">
              {t('login.linkInvalid', 'This confirmation link is invalid or has expired.')}
            </Message>
          ) : null}
          {pendingEmail && !signingUp ? <ConfirmationPending email={pendingEmail} /> : null}
          {message ? <Message kind={status === 'error' ? 'error' : 'success'}>{message}</Message> : null}
          <AuthField
            label={t('login.email', 'Email')}
            type="email"
            autoComplete="email"
            placeholder={t('login.enterEmail', 'Enter your email')}
            required
            disabled={busy}
            {...register('email')}
          />
          <AuthField
            label={t('login.password', 'Password')}
            type="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            placeholder={
              signingUp
                ? t('login.createPassword', 'Create a password (min 6 characters)')
                : t('login.enterPassword', 'Enter your password')
            }
            required
            disabled={busy}
            {...register('password')}
          />
          {signingUp ? null : (
            <div className="flex items-center justify-between gap-4">
              <label className="inline-flex items-center gap-2 text-sm text-navy-800">
                <input
                  type="checkbox"
                  disabled={busy}
                  className="size-4 rounded border-navy-300 accent-accent-600"
                  {...register('remember')}
                />
                {t('login.remember', 'Remember me')}
              </label>
              <button
                type="button"
                disabled={busy}
                onClick={() => switchMode('reset')}
                className="text-sm font-medium text-accent-700 hover:underline"
              >
                {t('login.forgot', 'Forgot your password?')}
              </button>
            </div>
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy
              ? signingUp
                ? t('login.creating', 'Creating account...')
                : t('login.signingIn', 'Signing in...')
              : signingUp
                ? t('login.createAccount', 'Create Account')
                : t('login.signIn', 'Sign In')}
          </Button>
          <button
            type="button"
            disabled={busy}
            onClick={() => switchMode(signingUp ? 'signin' : 'signup')}
            className="block w-full text-center text-sm font-medium text-accent-700 hover:underline"
          >
            {signingUp
              ? t('login.haveAccount', 'Already have an account? Sign in')
              : t('login.noAccount', "Don't have an account? Sign up")}
          </button>
        </form>
      </Card>
    </>
  );
}
