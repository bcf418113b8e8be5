// What JavaScript callers (not JSON) can hand the engines: null for options, revoked proxies for inputs. The
// non-throwing APIs stay non-throwing, and an in-place enrichment (`mutate`) that fails for anything but a
// path_conflict leaves the caller's request untouched.
import { describe, expect, it } from 'vitest';
import { compileCompact } from '../../src/core/compact/engine.js';
import { compile, validateAdapter, type FieldDefinition } from '../../src/index.js';

const fields: FieldDefinition[] = [{ name: 'zone', type: 'text', display: 'Zone' }];
/** Requests as JavaScript callers may pass them (not typed as OpenRTB). */
const loose = (request: unknown) => request as never;
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

describe('callers that pass null or revoked proxies', () => {
  it('takes null options as no options', () => {
    expect(validateAdapter(fields, null as never)).toEqual([]);
    const adapter = compile(fields, null as never);
    expect(adapter.safeEnrich(loose({ imp: [{}] }), { zone: 'a' }, null as never)).toEqual({
      ok: true,
      request: { imp: [{ ext: { zone: 'a' } }] },
      warnings: [],
    });
    expect(adapter.bind({ zone: 'a' }).safeEnrich(loose({ imp: [{}] }), null as never).ok).toBe(true);
    expect(compileCompact(fields).safeEnrich({ imp: [{}] }, { zone: 'a' }, null as never).ok).toBe(true);
  });

  it.each([true, false])('reports a revoked proxy as the wrong kind of input, never throws (codegen: %s)', (codegen) => {
    const adapter = compile(fields, { codegen });
    expect(adapter.safeEnrich(loose(revoked()), { zone: 'a' })).toMatchObject({ ok: false, issues: [{ code: 'invalid_request', path: '' }] });
    expect(adapter.validateValues(revoked())).toMatchObject([{ code: 'invalid_value', path: '' }]);
    expect(validateAdapter(revoked())).toMatchObject([{ code: 'schema', path: '' }]);
    expect(() => compileCompact(revoked())).toThrow(expect.objectContaining({ name: 'BidfieldsError' }));
    expect(compileCompact(fields).safeEnrich(revoked(), { zone: 'a' })).toMatchObject({ ok: false, issues: [{ code: 'invalid_request' }] });
  });
});

// A getter or proxy that throws when read, anywhere a JavaScript caller can put one (JSON cannot make one): the safe
// APIs refuse it as the wrong kind of input (where it is when the checks see it, else at the part's root),
// validateAdapter reports it, and compile and bind throw
// BidfieldsError, never the caller's error.
describe('callers whose inputs throw when read', () => {
  const trap = () => {
    throw new Error('trap');
  };
  const throwing = () => new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, has: trap, getOwnPropertyDescriptor: trap });
  const getter = (object: object, key: string) => Object.defineProperty(object, key, { get: trap, enumerable: true });
  const extFields: FieldDefinition[] = [...fields, { name: 'predefinedRequestExt.p.q', type: 'text', display: 'Q' }];

  it('validateAdapter and compile: a schema issue', () => {
    for (const input of [
      [throwing()],
      [getter({ type: 'text', display: 'Zone' }, 'name')],
      { protocol: 'prebid-server', fields: [{ name: 'zone', type: 'text', display: 'Zone' }], constants: [{ name: 'k', value: { a: throwing() } }] },
    ]) {
      expect(validateAdapter(input)).toMatchObject([{ code: 'schema' }]);
      expect(() => compile(input as never)).toThrow(expect.objectContaining({ name: 'BidfieldsError', issues: [expect.objectContaining({ code: 'schema' })] }));
    }
  });

  it.each([true, false])('safeEnrich, safeEnrichImps, validateValues and bind (codegen: %s)', (codegen) => {
    const adapter = compile(extFields, { codegen });
    const requests = [
      { imp: [throwing()] },
      { imp: [getter({}, 'ext')] },
      { imp: [{}], ext: throwing() },
      { imp: [{}], ext: { p: getter({}, 'q') } },
      getter({ imp: [{}] }, 'site'),
    ];
    for (const request of requests) {
      // A proxy the checks see is no object (invalid_request, or path_conflict where a write goes through it).
      const refused = { ok: false, issues: [{ code: expect.stringMatching(/^(invalid_request|path_conflict)$/) }] };
      expect(adapter.safeEnrich(loose(request), { zone: 'a', 'predefinedRequestExt.p.q': 'b' })).toMatchObject(refused);
      expect(adapter.safeEnrichImps(loose(request), [{ zone: 'a', 'predefinedRequestExt.p.q': 'b' }])).toMatchObject(refused);
      expect(adapter.bind({ zone: 'a', 'predefinedRequestExt.p.q': 'b' }).safeEnrich(loose(request))).toMatchObject(refused);
      // The throwing forms throw BidfieldsError, never the caller's error.
      expect(() => adapter.enrich(loose(request), { zone: 'a', 'predefinedRequestExt.p.q': 'b' })).toThrow(expect.objectContaining({ name: 'BidfieldsError' }));
      expect(() => adapter.bind({ zone: 'a', 'predefinedRequestExt.p.q': 'b' }).enrich(loose(request))).toThrow(
        expect.objectContaining({ name: 'BidfieldsError' }),
      );
    }
    for (const values of [throwing(), getter({}, 'zone')]) {
      expect(adapter.safeEnrich(loose({ imp: [{}] }), values)).toMatchObject({ ok: false, issues: [{ code: 'invalid_value', path: '' }] });
      expect(adapter.safeEnrichImps(loose({ imp: [{}, {}] }), [{ zone: 'a' }, values])).toMatchObject({
        ok: false,
        issues: [{ code: 'invalid_value', path: '/1' }],
      });
      expect(adapter.validateValues(values)).toMatchObject([{ code: 'invalid_value', path: '' }]);
      expect(() => adapter.bind(values)).toThrow(expect.objectContaining({ name: 'BidfieldsError' }));
    }
  });
});

// On both engines: code generated from the plan, and the interpreter.
for (const codegen of [true, false])
  describe(`mutate: true (${codegen ? 'generated code' : 'interpreter'})`, () => {
    it('writes nothing when the request has no inventory object for a publisher or site id', () => {
      const adapter = compile([...fields, { name: 'prd.appSiteId', type: 'text', display: 'Site' }] as FieldDefinition[], { codegen });
      const request = { id: 'r', imp: [{ id: '1' }] };
      expect(adapter.safeEnrich(request, { zone: 'a', 'prd.appSiteId': 's' }, { mutate: true }).ok).toBe(false);
      expect(request).toEqual({ id: 'r', imp: [{ id: '1' }] });
    });

    it('writes nothing when an imp in reach is not an object', () => {
      const request = { id: 'r', imp: [{ id: '1' }, 'bad'] };
      const result = compile(fields, { codegen }).safeEnrich(loose(request), { zone: 'a' }, { mutate: true, allImps: true });
      expect(result).toMatchObject({ ok: false, issues: [{ code: 'invalid_request', path: '/imp/1' }] });
      expect(request).toEqual({ id: 'r', imp: [{ id: '1' }, 'bad'] });
    });

    it('reports the same issues as a copying call', () => {
      const request = () => loose({ id: 'r', imp: [{ id: '1', ext: { zone: 'x' } }, 'bad'] });
      const nested = compile([{ name: 'zone.id', type: 'text', display: 'Zone' }], { codegen });
      const copying = nested.safeEnrich(request(), { 'zone.id': 'a' }, { allImps: true });
      const inPlace = nested.safeEnrich(request(), { 'zone.id': 'a' }, { allImps: true, mutate: true });
      expect(inPlace).toEqual(copying);
      expect(copying).toMatchObject({
        ok: false,
        issues: [
          { code: 'path_conflict', path: '/imp/0/ext/zone' },
          { code: 'invalid_request', path: '/imp/1' },
        ],
      });
    });
  });
