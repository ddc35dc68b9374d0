import { describe, expect, it } from 'vitest';
import { actionProblems, missingEndpoint, type ActionRefs } from '../../server/engine/actionCheck.ts';
import type { Action, ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's cross-check of page actions over a small in-memory set of schemas (issue 43:
// the mutation run's tests for server/engine/actionCheck.ts; schema-lint.test.ts corrupts real files).
const ticket = {
  name: 'ticket',
  permissions: { list: 'ticket:list', reveal: 'ticket:reveal' },
  workflow: { field: 'state', initial: 'open', states: {}, transitions: [{ name: 'accept' }, { name: 'close' }] },
} as unknown as ResourceDef;
const plain = { name: 'note', permissions: { list: 'note:list' } } as unknown as ResourceDef;
const refs: ActionRefs = {
  resource: (name) => {
    if (typeof name !== 'string') throw new Error(`asked for resource ${name}`);
    return ({ ticket, note: plain } as Record<string, ResourceDef>)[name];
  },
  hasEndpoint: (id) => ['ticket.export', 'ticket.import', 'ticket.close', 'shared.export'].includes(id),
  routeExists: (to) => ['/ticket/list', '/403'].includes(to),
  pageKind: (route) => ({ '/ticket/form': 'form', '/ticket/list': 'list' } as Record<string, string>)[route],
};
const problems = (actions: unknown[] | undefined, resource: string | undefined = 'ticket') => actionProblems(actions as Action[], resource, refs);

describe('the actions of a page, checked against the other schemas', () => {
  it('actions whose every reference exists: no problem', () => {
    expect(
      problems([
        { type: 'reveal' },
        { type: 'request', label: '关闭', endpoint: 'ticket.close' },
        { type: 'transition', transition: 'accept' },
        { type: 'export', label: '导出' },
        { type: 'import', label: '导入' },
        { type: 'export', label: '导出', endpoint: 'shared.export' },
        { type: 'navigate', label: '列表', to: '/ticket/list' },
        { type: 'navigate', label: '无权限', to: '/403' },
        { type: 'form', label: '编辑', form: '/ticket/form' },
      ]),
    ).toEqual([]);
    expect(problems(undefined)).toEqual([]);
  });
  it('reveal on a resource without permissions.reveal, or without a resource', () => {
    const message = (r: string) => `resource "${r}" declares no "permissions.reveal", so nothing can be revealed; mark its personal fields with "mask" and declare the code`;
    expect(problems([{ type: 'reveal' }], 'note')).toEqual([['/0/type', message('note')]]);
    expect(actionProblems([{ type: 'reveal' }], undefined, refs)).toEqual([['/0/type', message('undefined')]]);
    expect(actionProblems([{ type: 'reveal' }], 'gone', refs)).toEqual([['/0/type', message('gone')]]);
  });
  it('a request, export or import calling an endpoint nobody declares', () => {
    expect(problems([{ type: 'request', label: '催办', endpoint: 'ticket.urge' }])).toEqual([['/0/endpoint', missingEndpoint('ticket.urge')]]);
    expect(problems([{ type: 'export', label: '导出' }, { type: 'import', label: '导入' }], 'note')).toEqual([
      ['/0/endpoint', missingEndpoint('note.export')],
      ['/1/endpoint', missingEndpoint('note.import')],
    ]);
    expect(problems([{ type: 'import', label: '导入', endpoint: 'ticket.bulk' }])).toEqual([['/0/endpoint', missingEndpoint('ticket.bulk')]]);
    expect(missingEndpoint('a.b')).toBe('endpoint "a.b" does not exist; use "<resource>.<list|detail|add|update|delete|enable|export|import|options>" or declare it in schemas/endpoints.json');
  });
  it('a transition the resource’s workflow lacks, or a resource without a workflow', () => {
    expect(problems([{ type: 'transition', transition: 'reopen' }])).toEqual([['/0/transition', 'no transition "reopen" in the workflow of "ticket"; use one of accept, close']]);
    expect(problems([{ type: 'transition', transition: 'accept' }], 'note')).toEqual([['/0/transition', 'resource "note" has no workflow']]);
    expect(problems([{ type: 'transition', transition: 'accept' }], 'gone')).toEqual([['/0/transition', 'resource "gone" has no workflow']]);
  });
  it('a label on every action but a transition or a reveal', () => {
    expect(problems([{ type: 'request', endpoint: 'ticket.close' }, { type: 'transition', transition: 'close' }, { type: 'reveal' }, { type: 'navigate', to: '/403' }])).toEqual([
      ['/0/label', 'missing "label"'],
      ['/3/label', 'missing "label"'],
    ]);
  });
  it('a navigation to a route no screen has', () => {
    expect(problems([{ type: 'navigate', label: '详情', to: '/ticket/detail' }])).toEqual([['/0/to', 'no screen has the route "/ticket/detail"; add its page schema or fix the path']]);
  });
  it('a form action opening a route that is no form page, or no page', () => {
    expect(problems([{ type: 'form', label: '编辑', form: '/ticket/list' }, { type: 'form', label: '新增', form: '/ticket/add' }])).toEqual([
      ['/0/form', '"/ticket/list" is not the route of a form page'],
      ['/1/form', '"/ticket/add" is not the route of a form page'],
    ]);
  });
});
