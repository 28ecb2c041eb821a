import { describe, expect, it } from 'vitest';
import { diffContracts } from '../../../scripts/spec-diff/diff.js';

type Json = Record<string, any>;

/** A one-operation contract: `GET /things` answering `response`, taking `body` and `parameters`, plus one webhook. */
function contract({ response = {}, body, parameters = [], payload = {}, headers = {}, operation = {} }: Json = {}): Json {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/things': {
        post: {
          parameters,
          ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
          responses: { '200': { description: 'ok', headers, content: { 'application/json': { schema: response } } } },
          ...operation,
        },
      },
    },
    webhooks: {
      thing: {
        post: { requestBody: { content: { 'application/json': { schema: payload } } }, responses: { '200': { description: 'ok' } } },
      },
    },
    components: { schemas: { Shared: { type: 'object', properties: { a: { type: 'string' } } } } },
  };
}

function withResponses(responses: Json): Json {
  const c = contract();
  c.paths['/things'].post.responses = responses;
  return c;
}

const obj = (properties: Json, required: string[] = []) => ({ type: 'object', properties, required, additionalProperties: false });
const str = { type: 'string' };
const color = (...values: string[]) => ({ type: 'string', enum: values });
const notices = { Deprecation: { schema: str }, Sunset: { schema: str } };
const deprecationHeadersAdded: Array<[string, string]> = [
  ['response-header-added', 'non-breaking'],
  ['response-header-added', 'non-breaking'],
];
const query = (name: string, required = false) => ({ in: 'query', name, required, schema: str });

const cases: Array<[string, { given: [Json, Json]; want: Array<[rule: string, level: string]> }]> = [
  [
    'response property removed',
    {
      given: [contract({ response: obj({ a: str, b: str }) }), contract({ response: obj({ a: str }) })],
      want: [['response-property-removed', 'breaking']],
    },
  ],
  [
    'optional response property added',
    {
      given: [contract({ response: obj({ a: str }) }), contract({ response: obj({ a: str, b: str }) })],
      want: [['response-property-added', 'non-breaking']],
    },
  ],
  [
    'required response property became optional',
    {
      given: [contract({ response: obj({ a: str }, ['a']) }), contract({ response: obj({ a: str }) })],
      want: [['response-property-became-optional', 'breaking']],
    },
  ],
  [
    'response enum gains a value',
    {
      given: [contract({ response: obj({ c: color('red') }) }), contract({ response: obj({ c: color('red', 'blue') }) })],
      want: [['response-enum-value-added', 'breaking']],
    },
  ],
  [
    'response enum loses a value',
    {
      given: [contract({ response: obj({ c: color('red', 'blue') }) }), contract({ response: obj({ c: color('red') }) })],
      want: [['response-enum-value-removed', 'non-breaking']],
    },
  ],
  [
    'response type becomes nullable',
    {
      given: [contract({ response: obj({ a: str }) }), contract({ response: obj({ a: { type: ['string', 'null'] } }) })],
      want: [['response-type-widened', 'breaking']],
    },
  ],
  [
    'response maxLength raised',
    {
      given: [contract({ response: { ...str, maxLength: 5 } }), contract({ response: { ...str, maxLength: 9 } })],
      want: [['response-constraint-widened', 'breaking']],
    },
  ],
  [
    'required request property added',
    {
      given: [contract({ body: obj({ a: str }) }), contract({ body: obj({ a: str, b: str }, ['b']) })],
      want: [['request-required-property-added', 'breaking']],
    },
  ],
  [
    'optional request property added',
    {
      given: [contract({ body: obj({ a: str }) }), contract({ body: obj({ a: str, b: str }) })],
      want: [['request-property-added', 'non-breaking']],
    },
  ],
  [
    'request enum narrowed',
    {
      given: [contract({ body: obj({ c: color('red', 'blue') }) }), contract({ body: obj({ c: color('red') }) })],
      want: [['request-enum-value-removed', 'breaking']],
    },
  ],
  [
    'request enum widened',
    {
      given: [contract({ body: obj({ c: color('red') }) }), contract({ body: obj({ c: color('red', 'blue') }) })],
      want: [['request-enum-value-added', 'non-breaking']],
    },
  ],
  [
    'request type narrowed',
    {
      given: [contract({ body: obj({ n: { type: 'number' } }) }), contract({ body: obj({ n: { type: 'integer' } }) })],
      want: [['request-type-narrowed', 'breaking']],
    },
  ],
  [
    'request minimum raised',
    {
      given: [
        contract({ body: obj({ n: { type: 'integer', minimum: 0 } }) }),
        contract({ body: obj({ n: { type: 'integer', minimum: 1 } }) }),
      ],
      want: [['request-constraint-narrowed', 'breaking']],
    },
  ],
  [
    'required query parameter added',
    { given: [contract(), contract({ parameters: [query('q', true)] })], want: [['request-required-parameter-added', 'breaking']] },
  ],
  [
    'optional query parameter added',
    { given: [contract(), contract({ parameters: [query('q')] })], want: [['request-optional-parameter-added', 'non-breaking']] },
  ],
  [
    'query parameter removed',
    { given: [contract({ parameters: [query('q')] }), contract()], want: [['request-parameter-removed', 'breaking']] },
  ],
  [
    'query parameter became required',
    {
      given: [contract({ parameters: [query('q')] }), contract({ parameters: [query('q', true)] })],
      want: [['request-parameter-became-required', 'breaking']],
    },
  ],
  [
    'response header removed',
    { given: [contract({ headers: { Link: { schema: str } } }), contract()], want: [['response-header-removed', 'breaking']] },
  ],
  [
    'response header added',
    { given: [contract(), contract({ headers: { Link: { schema: str } } })], want: [['response-header-added', 'non-breaking']] },
  ],
  [
    'success status removed',
    {
      given: [contract(), withResponses({ '201': { description: 'created' } })],
      want: [
        ['response-success-status-removed', 'breaking'],
        ['response-status-added', 'non-breaking'],
      ],
    },
  ],
  [
    'error status removed',
    {
      given: [
        withResponses({ '200': { description: 'ok' }, '404': { description: 'gone' } }),
        withResponses({ '200': { description: 'ok' } }),
      ],
      want: [['response-non-success-status-removed', 'non-breaking']],
    },
  ],
  [
    'response media type removed',
    {
      given: [contract(), withResponses({ '200': { description: 'ok', content: { 'text/plain': { schema: str } } } })],
      want: [
        ['response-media-type-removed', 'breaking'],
        ['response-media-type-added', 'non-breaking'],
      ],
    },
  ],
  [
    'payload property removed',
    {
      given: [contract({ payload: obj({ a: str, b: str }) }), contract({ payload: obj({ a: str }) })],
      want: [['payload-property-removed', 'breaking']],
    },
  ],
  [
    'payload enum gains a value',
    {
      given: [contract({ payload: obj({ c: color('red') }) }), contract({ payload: obj({ c: color('red', 'blue') }) })],
      want: [['payload-enum-value-added', 'breaking']],
    },
  ],
  [
    'required payload property added',
    {
      given: [contract({ payload: obj({ a: str }) }), contract({ payload: obj({ a: str, b: str }, ['b']) })],
      want: [['payload-required-property-added', 'non-breaking']],
    },
  ],
  [
    'shared schema change judged at each place',
    {
      given: [
        contract({ body: { $ref: '#/components/schemas/Shared' }, payload: { $ref: '#/components/schemas/Shared' } }),
        (() => {
          const c = contract({ body: { $ref: '#/components/schemas/Shared' }, payload: { $ref: '#/components/schemas/Shared' } });
          c.components.schemas.Shared.properties.a = color('x');
          return c;
        })(),
      ],
      want: [
        ['request-constraint-narrowed', 'breaking'],
        ['payload-constraint-narrowed', 'non-breaking'],
      ],
    },
  ],
  [
    'security scope changed',
    { given: [contract(), contract({ operation: { security: [{ apiKey: ['admin'] }] } })], want: [['api-security-changed', 'breaking']] },
  ],
  [
    'security no longer required',
    {
      given: [contract({ operation: { security: [{ apiKey: ['admin'] }] } }), contract()],
      want: [['api-security-removed', 'non-breaking']],
    },
  ],
  [
    'deprecated without dates',
    {
      given: [contract(), contract({ headers: notices, operation: { deprecated: true } })],
      want: [['endpoint-deprecated', 'non-breaking'], ...deprecationHeadersAdded, ['api-deprecated-sunset-missing', 'breaking']],
    },
  ],
  [
    'deprecated without declaring its headers',
    {
      given: [contract(), contract({ operation: { deprecated: true, 'x-deprecated-at': '2026-01-01', 'x-sunset': '2026-07-01' } })],
      want: [
        ['endpoint-deprecated', 'non-breaking'],
        ['api-deprecation-headers-undeclared', 'breaking'],
      ],
    },
  ],
  [
    'sunset too close to deprecation',
    {
      given: [
        contract(),
        contract({ headers: notices, operation: { deprecated: true, 'x-deprecated-at': '2026-01-01', 'x-sunset': '2026-03-01' } }),
      ],
      want: [['endpoint-deprecated', 'non-breaking'], ...deprecationHeadersAdded, ['api-sunset-date-too-small', 'breaking']],
    },
  ],
  [
    'deprecated with six months of notice',
    {
      given: [
        contract(),
        contract({ headers: notices, operation: { deprecated: true, 'x-deprecated-at': '2026-01-01', 'x-sunset': '2026-07-01' } }),
      ],
      want: [['endpoint-deprecated', 'non-breaking'], ...deprecationHeadersAdded],
    },
  ],
];

describe('spec-diff rules', () => {
  it.each(cases)('%s', (_name, { given: [before, after], want }) => {
    const got = diffContracts(before, after, new Date('2026-11-25')).map((c) => [c.rule, c.level]);
    expect(got).toEqual(want);
  });

  const deprecated = (sunset: string) =>
    contract({ headers: notices, operation: { deprecated: true, 'x-deprecated-at': '2025-01-01', 'x-sunset': sunset } });
  const removed = () => {
    const c = contract();
    delete c.paths['/things'];
    return c;
  };
  it.each([
    ['was never deprecated', contract(), 'api-removed-without-deprecation'],
    ['is deprecated but before its sunset', deprecated('2027-01-01'), 'api-removed-before-sunset'],
    ['is past its sunset', deprecated('2026-01-01'), 'api-removed-after-sunset'],
  ])('judges the removal of an operation that %s', (_name, before, rule) => {
    expect(diffContracts(before, removed(), new Date('2026-11-25')).map((c) => c.rule)).toEqual([rule]);
  });

  it('asks a deprecated webhook for dates but not for Deprecation and Sunset headers, which only our answers carry', () => {
    const after = contract();
    Object.assign(after.webhooks.thing.post, { deprecated: true, 'x-deprecated-at': '2026-01-01', 'x-sunset': '2026-07-01' });
    expect(diffContracts(contract(), after).map((c) => [c.rule, c.side])).toEqual([['endpoint-deprecated', 'receiver']]);
  });

  it('compares recursive schemas without looping', () => {
    const tree = (extra: Json) => {
      const c = contract({ response: { $ref: '#/components/schemas/Node' } });
      c.components.schemas.Node = obj({ children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, ...extra });
      return c;
    };
    expect(diffContracts(tree({ a: str }), tree({})).map((c) => [c.rule, c.location])).toEqual([
      ['response-property-removed', 'response 200 application/json /a'],
    ]);
  });
});
