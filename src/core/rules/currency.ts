/** An ISO 4217 currency code as OpenRTB writes it: three capital letters (`USD`). */
export const isCurrency = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{3}$/.test(value);
