/**
 * The Prebid.js bid requests of a fixture case as Prebid hands them to an adapter. A fixture is JSON, so what is a
 * function in Prebid is a table there: a bid's `getFloor` (the floors module's) is an object whose keys are the
 * questions, `"<mediaType> <size>"` (`"* *"`, `"banner *"`, `"banner 300x250"`), and whose values are the answers
 * (`{ "floor": 1.5, "currency": "USD" }`, any JSON); a question the table has no key for is answered `{}` (no rule
 * matches: no floor), and a `null` answer makes getFloor throw (rules that cannot price the ad unit). Every
 * implementation of the Prebid kinds runs its bids through this one function: the bidder runs (runSpec) and the
 * in-repository run inside Prebid's own core.
 * @example withGetFloor([{ bidId: 'b1', getFloor: { '* *': { floor: 1, currency: 'USD' } } }])[0].getFloor({ currency: 'USD', mediaType: '*', size: '*' }) // { floor: 1, currency: 'USD' }
 */
export function withGetFloor<T extends Record<string, unknown>>(bids: readonly T[]): T[] {
  return bids.map((bid) => {
    const table = bid.getFloor;
    if (table === null || typeof table !== 'object' || Array.isArray(table)) return bid;
    const answers = table as Record<string, unknown>;
    const getFloor = ({ mediaType, size }: { currency?: unknown; mediaType?: unknown; size?: unknown }) => {
      const question = `${String(mediaType)} ${Array.isArray(size) ? size.join('x') : String(size)}`;
      if (!Object.hasOwn(answers, question)) return {};
      const answer = answers[question];
      if (answer === null) throw new Error(`no floor rule prices ${question}`);
      // A copy, so an adapter that changes the answer cannot change the table (or the next answer).
      return JSON.parse(JSON.stringify(answer)) as unknown;
    };
    return { ...bid, getFloor };
  });
}
