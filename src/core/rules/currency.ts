/** An ISO 4217 currency code as OpenRTB writes it: three capital letters (`USD`). */
export const CURRENCY = /^[A-Z]{3}$/;

export const isCurrency = (value: unknown): value is string => typeof value === 'string' && CURRENCY.test(value);
