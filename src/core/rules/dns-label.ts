/**
 * One DNS label in the spelling hosts are compared in (lower case, letter-digit-hyphen, 1 to 63 characters, no
 * hyphen at either end): the known-endpoint host check, the values of an endpoint template's host placeholders, and
 * the in-repository Prebid.js module, which writes this expression out (it may import nothing of bidfields).
 */
export const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
