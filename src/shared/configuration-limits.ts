/** Upper bounds that keep a configuration sensible; larger orders go through sales. (No zod here, for lean browser chunks.) */
export const MAX_INSTRUMENT_QUANTITY = 100;
export const MAX_ACCESSORY_QUANTITY = 100;
