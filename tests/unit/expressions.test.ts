import { describe, expect, it } from 'vitest';
import { checkExpression, evaluate, findExpressions } from '../../src/shared/expressions.ts';

describe('schema expressions, evaluated without new Function', () => {
  it('evaluates conditions over the Formily scope', () => {
    expect(evaluate("$deps[0] !== 'mechanical'", { $deps: ['ground'] })).toBe(true);
    expect(evaluate('$values.spaces > 100 && !$self.disabled', { $values: { spaces: 120 }, $self: { disabled: false } })).toBe(true);
    expect(evaluate("$deps[0] === 'a' ? 1 : 2", { $deps: ['b'] })).toBe(2);
    expect(evaluate('$values.missing.deeper ?? 0', { $values: {} })).toBe(0);
    expect(evaluate("['a','b'][1]")).toBe('b');
  });

  it('refuses calls, assignment-like tricks and prototype walking', () => {
    for (const bad of ['alert(1)', '$values.constructor', "$values['__proto__']", 'this', 'new Date()', '(() => 1)()']) {
      expect(() => evaluate(bad, { $values: {} }), bad).toThrow();
    }
    expect(() => checkExpression('fetch("/api")')).toThrow('CallExpression is not allowed in a schema expression');
  });

  it('finds every {{ }} expression in a schema with its pointer', () => {
    expect(findExpressions({ a: { 'x-reactions': { fulfill: { state: { visible: "{{ $deps[0] === 'x' }}" } } } }, b: 'plain' })).toEqual([
      { pointer: '/a/x-reactions/fulfill/state/visible', expression: "$deps[0] === 'x'" },
    ]);
  });
});
