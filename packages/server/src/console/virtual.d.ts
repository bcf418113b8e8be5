/** The real bid requests of fixtures/requests, by file name without `.json` (built in by rollup.console.config.mjs). */
declare module 'virtual:bidfields-requests' {
  const requests: Record<string, Record<string, unknown>>;
  export default requests;
}
