import { z } from 'zod';

/**
 * A production batch's places (issue 26, decision 0042): its capacity in instruments (null: not
 * limited), the places confirmed orders hold, and what is free.
 */
export const batchPlacesSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  soldOut: z.boolean(),
  capacity: z.number().int().nullable(),
  taken: z.number().int(),
  /** Null when the capacity is not limited. */
  free: z.number().int().nullable(),
});
export type BatchPlaces = z.infer<typeof batchPlacesSchema>;

const places = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;

/** Whether a batch can take `quantity` more instruments: not marked sold out, and room left. */
export const hasRoom = (batch: Pick<BatchPlaces, 'soldOut' | 'free'>, quantity = 1) =>
  !batch.soldOut && (batch.free === null || batch.free >= quantity);

/** The batches with room for `quantity`, in list order. */
export const batchesWithRoom = <Batch extends Pick<BatchPlaces, 'soldOut' | 'free'>>(
  batches: Batch[],
  quantity = 1,
): Batch[] => batches.filter((batch) => hasRoom(batch, quantity));

export const batchPlacesMessages = {
  unknown: (id: string) => `Unknown batch: ${id}`,
  sameBatch: (name: string) => `The order is already in ${name}.`,
  notMovable: 'Only a pending, confirmed or in-production order can move to another batch.',
  /** A batch filled between the buyer's price and the order (issue 38: places are held from ordering). */
  fullAtOrder: (name: string, quantity: number) =>
    `${name} has no room left for ${quantity === 1 ? 'this instrument' : `${quantity} instruments`}: choose another batch.`,
  /** "Batch 3 is full: 2 places left, this order needs 3. Move it to Batch 4 (12 places free) to confirm." */
  full: (
    batch: Pick<BatchPlaces, 'name' | 'free'>,
    quantity: number,
    next: Pick<BatchPlaces, 'name' | 'free'> | null,
  ) => {
    const left = `${places(batch.free ?? 0)} left`;
    const move = next
      ? `Move it to ${next.name} (${next.free === null ? 'not limited' : `${places(next.free)} free`}) to confirm.`
      : 'No other batch has room: add a batch or raise a capacity first.';
    return `${batch.name} is full: ${left}, this order needs ${quantity}. ${move}`;
  },
};

/** "3 places left" when few remain (the batchFewPlacesThreshold setting), else null. */
export const placesLeftText = (free: number | null, threshold: number): string | null =>
  free !== null && free > 0 && free <= threshold ? `${places(free)} left` : null;

/**
 * An order's batch history: its moves to another batch, and the date changes of the batch it is in.
 * The customer's view leaves out the reason and who moved it (staff notes).
 */
export const batchHistorySchema = z.object({
  moves: z.array(
    z.object({
      id: z.string(),
      fromName: z.string().nullable(),
      toName: z.string(),
      reason: z.string().nullable(),
      changedBy: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  dateChanges: z.array(
    z.object({
      id: z.string(),
      batchName: z.string(),
      oldDate: z.string().nullable(),
      newDate: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type BatchHistory = z.infer<typeof batchHistorySchema>;

/** The admin order page's batch panel: the places the order holds and every batch's room, to move it. */
export const orderBatchPanelSchema = z.object({
  holds: z.object({ name: z.string(), places: z.number().int() }).nullable(),
  batches: z.array(batchPlacesSchema),
});
export type OrderBatchPanel = z.infer<typeof orderBatchPanelSchema>;

export const moveOrderBatchRequestSchema = z.object({
  batch: z.string().trim().min(1).max(100),
  reason: z.string().trim().max(500).optional(),
});
export type MoveOrderBatchRequest = z.infer<typeof moveOrderBatchRequestSchema>;
