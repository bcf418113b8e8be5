// autocannon ships no types; the load script uses its documented options and result fields.
declare module 'autocannon';
