import { asc, eq, inArray } from 'drizzle-orm';
import type { Instrument } from '../../shared/instruments/instrument-schemas';
import type { Db } from '../db/client';
import { instruments, instrumentTestCertificates, orders } from '../db/schema';
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

/** The instruments of some orders, in unit order, each with its papers. */
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
  return rows.map((row) => ({
    ...toInstrument(row.instrument, row.orderNumber),
    papers: papersOf(row.instrument, row.passed ? row.certifiedAt : null, ready),
  }));
}
