import { describe, expect, it } from 'vitest';
import { buttonRefusal, declarationProblem, needsSession, sessionFailure, stoppedForPassword } from '../../server/engine/access/guards.ts';

// The route permission rules (spec 6) without a server, fast enough for the mutation run
// (npm run test:mutation) to run per mutant. Expected texts are written out here, not rebuilt
// from the product's own helpers.
const catalogue = new Set(['workorder:add', 'workorder:view']);

describe('a route declares what it needs, or is not registered', () => {
  it('refuses a route declaring nothing, naming it', () => {
    expect(declarationProblem('GET', '/api/x', {}, catalogue)).toBe('GET /api/x: declare config.btnCode, config.anyStaff or config.public');
    expect(declarationProblem('POST', '/api/y', { btnCode: [] }, catalogue)).toBe('POST /api/y: declare config.btnCode, config.anyStaff or config.public');
    expect(declarationProblem('POST', '/api/y', { public: false, anyStaff: false }, catalogue)).not.toBeNull();
  });
  it('accepts public, any signed-in staff, or known codes', () => {
    expect(declarationProblem('GET', '/api/x', { public: true }, catalogue)).toBeNull();
    expect(declarationProblem('GET', '/api/x', { anyStaff: true }, catalogue)).toBeNull();
    expect(declarationProblem('GET', '/api/x', { btnCode: 'workorder:view' }, catalogue)).toBeNull();
    expect(declarationProblem('GET', '/api/x', { btnCode: ['workorder:view', 'workorder:add'] }, catalogue)).toBeNull();
  });
  it('refuses a code the catalogue lacks, wherever it stands in the list, naming it', () => {
    expect(declarationProblem('GET', '/api/x', { btnCode: 'nope:view' }, catalogue)).toBe('GET /api/x: btnCode "nope:view" is not in the permission catalogue');
    expect(declarationProblem('GET', '/api/x', { btnCode: ['workorder:view', 'nope:add'] }, catalogue)).toBe('GET /api/x: btnCode "nope:add" is not in the permission catalogue');
    // Declaring public does not excuse a wrong code either.
    expect(declarationProblem('GET', '/api/x', { public: true, btnCode: 'nope:view' }, catalogue)).toBe('GET /api/x: btnCode "nope:view" is not in the permission catalogue');
  });
});

describe('a caller needs one of the route codes', () => {
  const names: Record<string, string> = { 'workorder:add': '新增工单', 'workorder:view': '查看工单' };
  const nameOf = (c: string) => names[c];
  it('lets through the holder of any one of them, and any caller of a route without codes', () => {
    expect(buttonRefusal(['workorder:add'], new Set(['workorder:add']), nameOf)).toBeNull();
    expect(buttonRefusal(['workorder:view', 'workorder:add'], new Set(['workorder:add']), nameOf)).toBeNull();
    expect(buttonRefusal([], new Set(), nameOf)).toBeNull();
  });
  it('refuses anyone else, naming the permissions (the code itself when it has no name)', () => {
    expect(buttonRefusal(['workorder:add'], new Set(['workorder:view']), nameOf)).toBe('没有权限执行该操作（需要「新增工单」权限）');
    expect(buttonRefusal(['workorder:add', 'x:y'], new Set(), nameOf)).toBe('没有权限执行该操作（需要「新增工单」或「x:y」权限）');
  });
});

describe('sessions', () => {
  it('every route but a public one needs a live session', () => {
    expect(needsSession({ public: true })).toBe(false);
    expect(needsSession({ anyStaff: true })).toBe(true);
    expect(needsSession({ public: false })).toBe(true);
    expect(needsSession(undefined)).toBe(true);
  });
  it('an unchanged initial password is stopped everywhere but the routes that change it', () => {
    expect(stoppedForPassword({ anyStaff: true }, true)).toBe(true);
    expect(stoppedForPassword(undefined, true)).toBe(true);
    expect(stoppedForPassword({ anyStaff: true, beforePasswordChange: true }, true)).toBe(false);
    expect(stoppedForPassword({ anyStaff: true }, false)).toBe(false);
  });
  it('a dead session answers spec 8: -1 ran out, -2 ended elsewhere, otherwise a plain failure', () => {
    const expired = '当前账号已过期，请重新登录！';
    expect(sessionFailure('idle-expired')).toEqual({ message: expired, token_code: '-1' });
    expect(sessionFailure('max-expired')).toEqual({ message: expired, token_code: '-1' });
    expect(sessionFailure('revoked')).toEqual({ message: expired, token_code: '-2' });
    expect(sessionFailure('disabled')).toEqual({ message: expired, token_code: '-2' });
    expect(sessionFailure('missing')).toEqual({ message: '登录失效，请重新登录' });
    expect(sessionFailure('toString')).toEqual({ message: '登录失效，请重新登录' });
  });
});
