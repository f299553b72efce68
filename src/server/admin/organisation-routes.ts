import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToOrganisationRequestSchema,
  adminCustomerOrganisationSchema,
  adminOrganisationsAnswerSchema,
  adminOrganisationsQuerySchema,
  organisationSettingsRequestSchema,
  organisationSettingsSchema,
} from '../../shared/accounts/organisation-schemas';
import { customerMessages } from '../../shared/customers/customer-schemas';
import { notFound } from '../http/http-error';
import {
  addCustomerToOrganisation,
  customerOrganisation,
  searchOrganisations,
  setOrganisationSettings,
} from '../organisations/organisations';
import { emailStatement } from '../customers/statement-mail';
import { adminOf, adminRoute } from './admin-route-config';

/**
 * Customers' organisations as staff see them (issue 39, decision 0068): the organisations to choose
 * from, and "Add to organisation" on a customer's page, which lets the customer read the
 * organisation's records: a fresh step-up, and audited on the customer. Also the customer's
 * statement by e-mail, with a copy for each accounts-payable member.
 */
export async function adminOrganisationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/organisations',
    {
      config: adminRoute('customers.view'),
      schema: { querystring: adminOrganisationsQuerySchema, response: { 200: adminOrganisationsAnswerSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { organisations: await searchOrganisations(app.db, request.query.search) };
    },
  );

  r.post(
    '/customers/:key/organisation',
    {
      config: adminRoute('customers.edit', { stepUp: true }),
      schema: {
        params: z.object({ key: z.uuid() }),
        body: addToOrganisationRequestSchema,
        response: { 200: z.object({ organisation: adminCustomerOrganisationSchema }) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.db.transaction((tx) =>
        addCustomerToOrganisation(tx, { admin, userId: request.params.key, ...request.body, now: app.now() }),
      );
      const organisation = await customerOrganisation(app.db, request.params.key);
      if (!organisation) throw notFound(customerMessages.notFound);
      return { organisation };
    },
  );

  // "Orders need an accepted quote" and "Orders require a PO number" for one organisation (issue 39):
  // relaxing either weakens a control, so
  // customers.edit with a fresh step-up either way; audited on the organisation.
  r.put(
    '/organisations/:id/settings',
    {
      config: adminRoute('customers.edit', { stepUp: true }),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: organisationSettingsRequestSchema,
        response: { 200: organisationSettingsSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const updated = await app.db.transaction((tx) =>
        setOrganisationSettings(tx, { admin, organisationId: request.params.id, ...request.body, now: app.now() }),
      );
      return {
        ordersRequireAcceptedQuote: updated.ordersRequireAcceptedQuote,
        ordersRequirePoNumber: updated.ordersRequirePoNumber,
      };
    },
  );

  // The statement by e-mail: to the customer and their organisation's accounts payable (Owner, Sales, Finance, Support).
  r.post(
    '/customers/:key/statement/send',
    {
      config: adminRoute('customers.view'),
      schema: {
        params: z.object({ key: z.uuid() }),
        response: { 200: z.object({ sentTo: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const sentTo = await app.db.transaction((tx) =>
        emailStatement(tx, { admin, userId: request.params.key, now: app.now(), publicUrl: app.env.publicUrl }),
      );
      return { sentTo };
    },
  );
}
