import { describe, expect, it } from 'vitest';
import { orderSlots } from '../../server/engine/resources/reorder.ts';

/** The order values a reorder hands out: those the rows held, ascending, made distinct. */
describe('orderSlots', () => {
  it('hands back the values the rows held, smallest first', () => {
    expect(orderSlots([30, 10, 20])).toEqual([10, 20, 30]);
  });
  it('makes shared or missing values distinct, keeping the smallest', () => {
    expect(orderSlots([5, 5, 5])).toEqual([5, 6, 7]);
    expect(orderSlots([null, 10, 10, null])).toEqual([10, 11, 12, 13]);
    expect(orderSlots([null, null])).toEqual([1, 2]);
  });
});
