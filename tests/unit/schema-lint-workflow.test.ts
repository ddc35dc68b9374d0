import { describe, expect, it } from 'vitest';
import { approvalPointers, approvalProblems, workflowProblems } from '../../server/engine/workflowCheck.ts';
import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

// The schema lint's cross-check of a resource's workflow and approvals over small in-memory
// resources (issue 43: the mutation run's tests for server/engine/workflowCheck.ts).
const fields = {
  state: { type: 'string' },
  title: { type: 'string' },
  level: { type: 'integer' },
  handler_id: { type: 'integer' },
  accepted_at: { type: 'datetime' },
  due_at: { type: 'datetime' },
  note: { type: 'text' },
  moves: { type: 'json', enum: { hold: '挂起', extend: '延期' } },
};
const states = { draft: {}, pending: {}, open: {}, done: {} };
const transitions = [
  { name: 'submit', from: ['draft'], to: 'pending' },
  { name: 'approve', from: ['pending'], to: 'open' },
  { name: 'reject', from: ['pending'], to: 'draft' },
  { name: 'finish', from: ['open'], to: 'done', stamp: 'accepted_at', actorField: 'handler_id', assignActor: 'handler_id', inputs: { note: {} } },
];
const resource = (workflow: object | undefined, more: object = {}) =>
  ({ name: 'ticket', fields, permissions: {}, ...(workflow ? { workflow: { field: 'state', initial: 'draft', states, transitions, ...workflow } } : {}), ...more }) as unknown as ResourceDef;
const withTransition = (t: object) => resource({ transitions: [...transitions, { name: 'extra', from: ['open'], to: 'done', ...t }] });

describe('a workflow checked against its resource', () => {
  it('a consistent workflow, or none: no problem', () => {
    expect(workflowProblems(resource({ timers: [{ state: 'pending', transition: 'reject' }, { from: 'open', at: 'due_at', transition: 'finish' }] }))).toEqual([]);
    expect(workflowProblems(resource(undefined))).toEqual([]);
  });
  it('its field: a string field of the resource', () => {
    expect(workflowProblems(resource({ field: 'level' }))).toEqual([['/workflow/field', '"level" must be a string field of this resource']]);
    expect(workflowProblems(resource({ field: 'status' }))).toEqual([['/workflow/field', '"status" must be a string field of this resource']]);
  });
  it('a move each record may allow names a json list field of the resource and one of its values', () => {
    const allowedBy = (field: string, value: string) => withTransition({ allowedBy: { field, value, message: '不允许' } });
    expect(workflowProblems(allowedBy('moves', 'hold'))).toEqual([]);
    expect(workflowProblems(allowedBy('title', 'hold'))).toEqual([['/workflow/transitions/4/allowedBy/field', '"title" must be a json field of this resource holding the list of allowed moves']]);
    expect(workflowProblems(allowedBy('nothing', 'hold'))).toEqual([['/workflow/transitions/4/allowedBy/field', '"nothing" must be a json field of this resource holding the list of allowed moves']]);
    expect(workflowProblems(allowedBy('moves', 'copy'))).toEqual([['/workflow/transitions/4/allowedBy/value', '"copy" is not one of the values of "moves"']]);
  });
  it('its initial state and the states of each transition are declared', () => {
    expect(workflowProblems(resource({ initial: 'new' }))).toEqual([['/workflow/initial', '"new" is not one of the states']]);
    expect(workflowProblems(withTransition({ from: ['open', 'paused'], to: 'closed' }))).toEqual([
      ['/workflow/transitions/4', 'state "paused" is not declared in "states"'],
      ['/workflow/transitions/4', 'state "closed" is not declared in "states"'],
    ]);
  });
  it('a stamp is a datetime field; an actor field and an assigned actor are integer fields', () => {
    expect(workflowProblems(withTransition({ stamp: 'note' }))).toEqual([['/workflow/transitions/4/stamp', '"note" must be a datetime field of this resource']]);
    expect(workflowProblems(withTransition({ stamp: 'closed_at' }))).toEqual([['/workflow/transitions/4/stamp', '"closed_at" must be a datetime field of this resource']]);
    expect(workflowProblems(withTransition({ actorField: 'title', assignActor: 'owner_id' }))).toEqual([
      ['/workflow/transitions/4/actorField', '"title" must be an integer field of this resource holding a staff id'],
      ['/workflow/transitions/4/assignActor', '"owner_id" must be an integer field of this resource holding a staff id'],
    ]);
  });
  it('a move writes fields of the resource, never the state field', () => {
    expect(workflowProblems(withTransition({ inputs: { note: {}, remark: {}, state: {} } }))).toEqual([
      ['/workflow/transitions/4/inputs/remark', '"remark" is not a field of this resource that a move may write'],
      ['/workflow/transitions/4/inputs/state', '"state" is not a field of this resource that a move may write'],
    ]);
  });
  it('a timer names a declared state, a datetime field and a transition that starts from its state', () => {
    expect(workflowProblems(resource({ timers: [{ state: 'waiting', transition: 'reject' }] }))).toEqual([
      ['/workflow/timers/0/state', '"waiting" is not one of the states'],
      ['/workflow/timers/0/transition', '"reject" cannot start from "waiting"'],
    ]);
    expect(workflowProblems(resource({ timers: [{ state: 'pending', transition: 'expire' }, { from: 'draft', at: 'level', transition: 'approve' }] }))).toEqual([
      ['/workflow/timers/0/transition', 'no transition "expire"'],
      ['/workflow/timers/1/at', '"level" must be a datetime field of this resource'],
      ['/workflow/timers/1/transition', '"approve" cannot start from "draft"'],
    ]);
    expect(workflowProblems(resource({ timers: [{ from: 'open', at: 'closing_at', transition: 'finish' }] }))).toEqual([['/workflow/timers/0/at', '"closing_at" must be a datetime field of this resource']]);
    expect(workflowProblems(resource({ timers: [{ from: 'ended', at: 'due_at', transition: 'finish' }] }))).toEqual([
      ['/workflow/timers/0/from', '"ended" is not one of the states'],
      ['/workflow/timers/0/transition', '"finish" cannot start from "ended"'],
    ]);
  });
});

describe('approvals checked against the workflow', () => {
  const approval = { kind: 'ticket', title: 'title', submit: 'submit', onApprove: 'approve', onReject: 'reject' };
  it('a consistent approval, one of a list, or none: no problem', () => {
    expect(approvalProblems(resource({}, { approval }))).toEqual([]);
    expect(approvalProblems(resource({}, { approval: [approval, { ...approval, kind: 'ticket2', onReject: undefined }] }))).toEqual([]);
    expect(approvalProblems(resource({}))).toEqual([]);
  });
  it('where each is declared', () => {
    expect(approvalPointers(resource({}, { approval }))).toEqual(['/approval']);
    expect(approvalPointers(resource({}, { approval: [approval, approval] }))).toEqual(['/approval/0', '/approval/1']);
    expect(approvalPointers(resource({}))).toEqual([]);
  });
  it('an approvable resource needs a workflow', () => {
    expect(approvalProblems(resource(undefined, { approval }))).toEqual([['/approval', 'an approvable resource needs a "workflow" whose transitions the approval names']]);
    expect(approvalProblems(resource(undefined, { approval: [approval] }))).toEqual([['/approval/0', 'an approvable resource needs a "workflow" whose transitions the approval names']]);
  });
  it('transitions the workflow lacks', () => {
    const names = 'use one of submit, approve, reject, finish';
    expect(approvalProblems(resource({}, { approval: [approval, { ...approval, submit: 'send', withdraw: 'recall' }] }))).toEqual([
      ['/approval/1/submit', `no transition "send" in the workflow; ${names}`],
      ['/approval/1/withdraw', `no transition "recall" in the workflow; ${names}`],
    ]);
  });
  it('outcomes start from the state submit leads to', () => {
    expect(approvalProblems(resource({}, { approval: { ...approval, onApprove: 'finish', withdraw: 'submit' } }))).toEqual([
      ['/approval/onApprove', '"finish" cannot start from "pending", the state "submit" leads to'],
      ['/approval/withdraw', '"submit" cannot start from "pending", the state "submit" leads to'],
    ]);
  });
  it('its title is a field', () => {
    expect(approvalProblems(resource({}, { approval: { ...approval, title: 'subject' } }))).toEqual([['/approval/title', '"subject" is not a field of this resource']]);
  });
});
