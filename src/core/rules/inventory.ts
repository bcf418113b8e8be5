/**
 * Which object of a request carries the inventory (docs/spec.md#targets): `app`, else `site`, else `dooh`, the first the request
 * has. The interpreter, the compact engine and the generated modules write the publisher and site ids into it.
 */
export const INVENTORY_KEYS = ['app', 'site', 'dooh'] as const;

export type InventoryKey = (typeof INVENTORY_KEYS)[number];
