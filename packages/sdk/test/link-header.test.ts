import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../src/index.js';

const cases: Array<[string, { given: string; want: Array<{ uri: string; rels: string[]; params?: Record<string, string> }> }]> = [
  ['one link', { given: '<https://a.example/x?page=2>; rel="next"', want: [{ uri: 'https://a.example/x?page=2', rels: ['next'] }] }],
  [
    'several links',
    {
      given: '</x?page=1>; rel="first", </x?page=3>; rel="next", </x?page=9>; rel="last"',
      want: [
        { uri: '/x?page=1', rels: ['first'] },
        { uri: '/x?page=3', rels: ['next'] },
        { uri: '/x?page=9', rels: ['last'] },
      ],
    },
  ],
  ['several relation types in one rel', { given: '</x?page=2>; rel="next last"', want: [{ uri: '/x?page=2', rels: ['next', 'last'] }] }],
  ['an unquoted rel, upper case', { given: '</x>; REL=Next', want: [{ uri: '/x', rels: ['next'] }] }],
  [
    'commas and semicolons in a quoted parameter',
    {
      given: '</a>; title="x, y; z"; rel="prev", </b>; rel=next',
      want: [
        { uri: '/a', rels: ['prev'], params: { title: 'x, y; z' } },
        { uri: '/b', rels: ['next'] },
      ],
    },
  ],
  [
    'an escaped quote in a quoted parameter',
    { given: '</a>; title="say \\"hi\\", bye"; rel=next', want: [{ uri: '/a', rels: ['next'], params: { title: 'say "hi", bye' } }] },
  ],
  ['a comma inside the target', { given: '</x?ids=1,2>; rel="next"', want: [{ uri: '/x?ids=1,2', rels: ['next'] }] }],
  ['the first rel of two (RFC 8288: later ones are ignored)', { given: '</x>; rel=next; rel=prev', want: [{ uri: '/x', rels: ['next'] }] }],
  ['a link without rel', { given: '</x>; type="text/html"', want: [{ uri: '/x', rels: [], params: { type: 'text/html' } }] }],
  ['empty elements between commas', { given: ' , </x>; rel=next ,, ', want: [{ uri: '/x', rels: ['next'] }] }],
  ['garbage: nothing', { given: 'rel=next', want: [] }],
  ['an unterminated target: nothing from there on', { given: '</a>; rel=prev, </b; rel=next', want: [{ uri: '/a', rels: ['prev'] }] }],
  ['an empty header', { given: '', want: [] }],
];

describe('parseLinkHeader', () => {
  it.each(cases)('parses %s', (_name, { given, want }) => {
    expect(parseLinkHeader(given)).toEqual(want.map((w) => ({ params: {}, ...w })));
  });
});
