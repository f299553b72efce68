import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Instrument } from '../../shared/instruments/instrument-schemas';
import type { Db } from '../db/client';
import { instruments, instrumentTestCertificates, orderItems, orders, productConfigurations } from '../db/schema';
import type { ModelDocumentLink } from '../../shared/instruments/model-documents';
import { modelDocumentLinks } from '../catalogue/model-documents';
import {
  type InstrumentPaper,
  instrumentPaperId,
  instrumentPaperKinds,
  instrumentPaperLabels,
} from '../../shared/instruments/instrument-papers';
import type { SystemSettings } from '../../shared/settings';
import { getCachedSettings } from '../settings/settings-service';
import { documentUrl } from './order-documents';

type InstrumentRow = typeof instruments.$inferSelect;

/** The instrument as the customer's pages, the API and the admin show it. */
export const toInstrument = (row: InstrumentRow, orderNumber: string): Instrument => ({
  id: row.id,
  orderId: row.orderId,
  orderNumber,
  unitIndex: row.unitIndex,
  serialNumber: row.serialNumber,
  model: row.model,
  warrantyYears: row.warrantyYears,
  deliveredOn: row.deliveredOn,
  warrantyEndsOn: row.warrantyEndsOn,
  servicePlanEndsOn: row.servicePlanEndsOn,
  nextServiceOn: row.nextServiceOn,
  softwareVersion: row.softwareVersion,
});

/**
 * An instrument's papers (issue 41): with a passing factory test, its certificate and IQ/OQ
 * protocol, and its declaration of conformity once staff have entered the legislation.
 */
export function papersOf(
  row: Pick<InstrumentRow, 'orderId' | 'unitIndex'>,
  certifiedAt: Date | null,
  declarationReady: boolean,
): InstrumentPaper[] {
  if (!certifiedAt) return [];
  return instrumentPaperKinds
    .filter((kind) => kind !== 'declaration_of_conformity' || declarationReady)
    .map((kind) => {
      const id = instrumentPaperId(kind, row.unitIndex);
      return {
        id,
        kind,
        label: instrumentPaperLabels[kind],
        url: documentUrl(row.orderId, id),
        issuedAt: certifiedAt.toISOString(),
      };
    });
}

/** Whether the settings hold the legislation a declaration of conformity names (UKCA or CE). */
export const declarationReady = (settings: SystemSettings) =>
  settings.conformityUkcaLegislation.length > 0 || settings.conformityCeLegislation.length > 0;

/** The datasheet and manual of each order's model (its base configuration), by order id. */
async function modelDocumentsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, ModelDocumentLink[]>> {
  const bases = await db
    .select({ orderId: orderItems.orderId, configurationId: productConfigurations.id })
    .from(orderItems)
    .innerJoin(productConfigurations, eq(productConfigurations.configId, orderItems.itemId))
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.itemType, 'base_configuration')));
  const links = await modelDocumentLinks(db, [...new Set(bases.map((base) => base.configurationId))]);
  return new Map(bases.map((base) => [base.orderId, links.get(base.configurationId) ?? []]));
}

/** The instruments of some orders, in unit order, each with its papers and its model's documents. */
export async function instrumentsOfOrders(db: Db, orderIds: string[]): Promise<Instrument[]> {
  if (orderIds.length === 0) return [];
  const [rows, settings] = await Promise.all([
    db
      .select({
        instrument: instruments,
        orderNumber: orders.orderNumber,
        certifiedAt: instrumentTestCertificates.createdAt,
        passed: instrumentTestCertificates.passed,
      })
      .from(instruments)
      .innerJoin(orders, eq(orders.id, instruments.orderId))
      .leftJoin(instrumentTestCertificates, eq(instrumentTestCertificates.instrumentId, instruments.id))
      .where(inArray(instruments.orderId, orderIds))
      .orderBy(asc(orders.createdAt), asc(instruments.unitIndex)),
    getCachedSettings(db),
  ]);
  const ready = declarationReady(settings);
  const models = await modelDocumentsOfOrders(db, orderIds);
  return rows.map((row) => ({
    ...toInstrument(row.instrument, row.orderNumber),
    papers: papersOf(row.instrument, row.passed ? row.certifiedAt : null, ready),
    modelDocuments: models.get(row.instrument.orderId) ?? [],
  }));
}
