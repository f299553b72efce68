import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pollingLoop } from '../jobs/polling-loop';
import { createMailSender, DELIVERY_BATCH, type MailSender, type MailSenderOptions } from './mail-sender';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

/**
 * Starts the outbox sender. It sends what is due as soon as the app is ready, then looks for due
 * e-mail every `intervalMs`; when a whole batch was sent it claims the next one at once, so a
 * backlog (a burst of orders, an SMTP server back after an outage) drains as fast as the messages
 * can be sent instead of one batch a second. One batch is in hand at a time, and closing the app
 * waits for it.
 */
async function mail(
  app: FastifyInstance,
  options: {
    poll: boolean;
    intervalMs?: number;
    /** Draws an attachment queued by name; the feature that queues it supplies it (mail imports no feature). */
    renderAttachment?: MailSenderOptions['renderAttachment'];
    /** The Reply-To of every message (the sales mailbox of the business profile; app.ts supplies it). */
    replyTo?: MailSenderOptions['replyTo'];
    /** The sender of every message (MAIL_FROM, else the business profile's sender; app.ts supplies it). */
    from?: MailSenderOptions['from'];
  },
) {
  const sender = createMailSender({
    db: app.db,
    log: app.log,
    from: options.from ?? app.env.MAIL_FROM ?? `no-reply@${new URL(app.env.publicUrl).hostname}`,
    smtpUrl: app.env.SMTP_URL,
    mailDir: join(app.env.dataDir, 'mail'),
    now: app.now,
    renderAttachment: options.renderAttachment,
    replyTo: options.replyTo,
    privacyPolicyUrl: `${app.env.publicUrl}/privacy-policy`,
  });
  app.decorate('mailSender', sender);
  if (!options.poll) return;
  const loop = pollingLoop({
    intervalMs: options.intervalMs ?? 1000,
    run: async (stopping) => {
      while (!stopping() && (await sender.deliverDue()) === DELIVERY_BATCH);
    },
    onError: (error) => app.log.error({ err: error }, 'mail sender failed'),
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => {
    await loop.stop();
    sender.close();
  });
}

export const mailPlugin = fp(mail, { name: 'mail' });
