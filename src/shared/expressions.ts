import jsep from 'jsep';

/**
 * The evaluator of `{{ }}` expressions in page schemas (x-reactions, x-visible...). Formily
 * compiles them with `new Function`, which a Content-Security-Policy without unsafe-eval
 * forbids and which would run any code a schema holds. This one parses with jsep and
 * evaluates only what a condition needs: literals, names of the scope ($deps, $self, $values,
 * $form...), member access, arithmetic, comparison, logical and conditional operators, arrays.
 * No calls, no assignment, no prototype walking.
 */
type Scope = Record<string, unknown>;

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '==': (a, b) => a == b,
  '!=': (a, b) => a != b,
  '<': (a, b) => (a as number) < (b as number),
  '<=': (a, b) => (a as number) <= (b as number),
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  '+': (a, b) => (a as number) + (b as number),
  '-': (a, b) => (a as number) - (b as number),
  '*': (a, b) => (a as number) * (b as number),
  '/': (a, b) => (a as number) / (b as number),
  '%': (a, b) => (a as number) % (b as number),
};

export class ExpressionError extends Error {}

function evaluateNode(node: jsep.Expression, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'undefined') return undefined;
      if (!Object.prototype.hasOwnProperty.call(scope, name)) return undefined;
      return scope[name];
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const object = evaluateNode(m.object, scope) as Record<string, unknown> | null | undefined;
      const key = m.computed ? evaluateNode(m.property, scope) : (m.property as jsep.Identifier).name;
      if (typeof key !== 'string' && typeof key !== 'number') throw new ExpressionError('invalid member');
      if (FORBIDDEN.has(String(key))) throw new ExpressionError(`"${String(key)}" is not allowed`);
      if (object === null || object === undefined) return undefined;
      return Object.prototype.hasOwnProperty.call(object, key) || Array.isArray(object) || typeof object === 'object' ? object[key as string] : undefined;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const value = evaluateNode(u.argument, scope);
      if (u.operator === '!') return !value;
      if (u.operator === '-') return -(value as number);
      if (u.operator === '+') return +(value as number);
      throw new ExpressionError(`operator ${u.operator} is not allowed`);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return evaluateNode(b.left, scope) && evaluateNode(b.right, scope);
      if (b.operator === '||') return evaluateNode(b.left, scope) || evaluateNode(b.right, scope);
      if (b.operator === '??') return evaluateNode(b.left, scope) ?? evaluateNode(b.right, scope);
      const op = BINARY[b.operator];
      if (!op) throw new ExpressionError(`operator ${b.operator} is not allowed`);
      return op(evaluateNode(b.left, scope), evaluateNode(b.right, scope));
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return evaluateNode(c.test, scope) ? evaluateNode(c.consequent, scope) : evaluateNode(c.alternate, scope);
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((e) => (e ? evaluateNode(e, scope) : undefined));
    default:
      throw new ExpressionError(`${node.type} is not allowed in a schema expression`);
  }
}

jsep.addBinaryOp('??', 1);
const cache = new Map<string, jsep.Expression>();

/** Parses (once) and evaluates an expression against a scope. */
export function evaluate(expression: string, scope: Scope = {}): unknown {
  let tree = cache.get(expression);
  if (!tree) {
    tree = jsep(expression);
    cache.set(expression, tree);
  }
  return evaluateNode(tree, scope);
}

/** Throws with the reason when an expression would not be allowed (used by the schema lint). */
export function checkExpression(expression: string): void {
  const visit = (node: jsep.Expression): void => {
    switch (node.type) {
      case 'Literal':
      case 'Identifier':
        return;
      case 'MemberExpression': {
        const m = node as jsep.MemberExpression;
        visit(m.object);
        if (m.computed) visit(m.property);
        else if (FORBIDDEN.has((m.property as jsep.Identifier).name)) throw new ExpressionError(`"${(m.property as jsep.Identifier).name}" is not allowed`);
        return;
      }
      case 'UnaryExpression':
        if (!['!', '-', '+'].includes((node as jsep.UnaryExpression).operator)) throw new ExpressionError(`operator ${(node as jsep.UnaryExpression).operator} is not allowed`);
        return visit((node as jsep.UnaryExpression).argument);
      case 'BinaryExpression': {
        const b = node as jsep.BinaryExpression;
        if (!BINARY[b.operator] && !['&&', '||', '??'].includes(b.operator)) throw new ExpressionError(`operator ${b.operator} is not allowed`);
        visit(b.left);
        return visit(b.right);
      }
      case 'ConditionalExpression': {
        const c = node as jsep.ConditionalExpression;
        visit(c.test);
        visit(c.consequent);
        return visit(c.alternate);
      }
      case 'ArrayExpression':
        for (const e of (node as jsep.ArrayExpression).elements) if (e) visit(e);
        return;
      default:
        throw new ExpressionError(`${node.type} is not allowed in a schema expression`);
    }
  };
  visit(jsep(expression));
}

/** Every `{{ }}` expression in a JSON value, with its JSON pointer. */
export function findExpressions(value: unknown, pointer = ''): { pointer: string; expression: string }[] {
  if (typeof value === 'string') {
    const match = /^\s*\{\{([\s\S]*)\}\}\s*$/.exec(value);
    return match ? [{ pointer, expression: match[1]!.trim() }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => findExpressions(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => findExpressions(v, `${pointer}/${k}`));
  return [];
}
