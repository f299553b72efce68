import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { renderQuoteDocument } from '../quotes/quote-document';
import { createMailSender, type MailSender } from './mail-sender';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

/** Starts the outbox sender: it looks for due e-mail every `intervalMs` (and stops with the app). */
async function mail(app: FastifyInstance, options: { poll: boolean; intervalMs?: number }) {
  const sender = createMailSender({
    db: app.db,
    log: app.log,
    from: app.env.MAIL_FROM,
    smtpUrl: app.env.SMTP_URL,
    mailDir: join(app.env.dataDir, 'mail'),
    now: app.now,
    renderAttachment: (render) => renderQuoteDocument(app.db, render.reference, app.now()),
  });
  app.decorate('mailSender', sender);
  if (!options.poll) return;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sender.deliverDue()).catch((error: unknown) => app.log.error({ err: error }, 'mail sender failed'));
  }, options.intervalMs ?? 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    sender.close();
  });
}

export const mailPlugin = fp(mail, { name: 'mail' });
