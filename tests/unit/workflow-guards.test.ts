import { describe, expect, it } from 'vitest';
import { actorRefusal, allowedRefusal, noteRefusal, stateRefusal } from '../../server/engine/resources/workflowGuards.ts';

// The guards of a workflow move (issue 43, finding 2: a move into the state a record is already
// in was accepted) without a server, for the mutation run. Expected texts are written out here.
const workflow = { states: { pending: { text: '待受理' }, accepted: { text: '已受理' }, done: { text: '已完成' } } };
const accept = { from: ['pending'], label: '受理' };
const finish = { from: ['pending', 'accepted'], label: '完成' };

describe('a move starts only from its declared states', () => {
  it('goes on from each of them', () => {
    expect(stateRefusal(workflow, accept, 'pending')).toBeNull();
    expect(stateRefusal(workflow, finish, 'pending')).toBeNull();
    expect(stateRefusal(workflow, finish, 'accepted')).toBeNull();
  });
  it('refuses the state it leads to (a repeated move) and any other, by the state text', () => {
    expect(stateRefusal(workflow, accept, 'accepted')).toBe('当前状态为「已受理」，不能受理');
    expect(stateRefusal(workflow, finish, 'done')).toBe('当前状态为「已完成」，不能完成');
  });
  it('names an undeclared state by its value', () => {
    expect(stateRefusal(workflow, accept, 'lost')).toBe('当前状态为「lost」，不能受理');
    expect(stateRefusal(workflow, accept, '')).toBe('当前状态为「」，不能受理');
  });
});

describe('a move naming an actor field is the actor’s own', () => {
  const resource = { fields: { handler_id: { title: '处理人' }, other_id: {} } } as never;
  it('lets the actor through, and anyone when no actor field is named', () => {
    expect(actorRefusal(resource, { actorField: 'handler_id', label: '完成' }, { handler_id: 7 }, 7)).toBeNull();
    expect(actorRefusal(resource, { label: '完成' }, { handler_id: 7 }, 8)).toBeNull();
  });
  it('refuses anyone else, a missing actor included, naming the field', () => {
    expect(actorRefusal(resource, { actorField: 'handler_id', label: '完成' }, { handler_id: 7 }, 8)).toBe('只有处理人本人可以完成');
    expect(actorRefusal(resource, { actorField: 'handler_id', label: '完成' }, { handler_id: null }, 8)).toBe('只有处理人本人可以完成');
    expect(actorRefusal(resource, { actorField: 'handler_id', label: '完成' }, { handler_id: '7' }, 7)).toBe('只有处理人本人可以完成');
    expect(actorRefusal(resource, { actorField: 'other_id', label: '签收' }, {}, 8)).toBe('只有指定人员本人可以签收');
    expect(actorRefusal(resource, { actorField: 'ghost_id', label: '签收' }, {}, 8)).toBe('只有指定人员本人可以签收');
  });
});

describe('a required note', () => {
  it('refuses an absent, empty or blank note only when required', () => {
    const required = { note: 'required' as const, label: '退回' };
    expect(noteRefusal(required, undefined)).toBe('请填写退回说明');
    expect(noteRefusal(required, '')).toBe('请填写退回说明');
    expect(noteRefusal(required, ' \n\t')).toBe('请填写退回说明');
    expect(noteRefusal(required, ' 材料不全 ')).toBeNull();
    expect(noteRefusal({ note: 'optional', label: '退回' }, '')).toBeNull();
    expect(noteRefusal({ label: '退回' }, undefined)).toBeNull();
  });
});

describe('a move each record may allow', () => {
  it('is refused with its message unless the record lists it, however the list is stored', () => {
    const suspend = { allowedBy: { field: 'actions', value: 'suspend', message: '该任务的作业模板不允许挂起' } };
    expect(allowedRefusal(suspend, { actions: '["transfer","suspend"]' })).toBeNull();
    expect(allowedRefusal(suspend, { actions: ['suspend'] })).toBeNull();
    expect(allowedRefusal(suspend, { actions: '["transfer"]' })).toBe('该任务的作业模板不允许挂起');
    for (const actions of [null, undefined, '', '[]', 'suspend', '{"suspend":true}', '[ broken']) expect(allowedRefusal(suspend, { actions })).toBe('该任务的作业模板不允许挂起');
    expect(allowedRefusal({}, { actions: null })).toBeNull();
  });
});
