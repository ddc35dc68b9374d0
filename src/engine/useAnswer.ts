import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiResponse, Params } from '../core/request.ts';
import { call, earlyAnswer } from './data.ts';

/** Two answers with the same content: a refresh that changed nothing does not render the rows again. */
const sameAnswer = (a: ApiResponse<unknown> | undefined, b: ApiResponse<unknown>) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The answer of a catalogued call, asked again whenever the call's id or parameters or `version`
 * change; the previous answer stays until the new one is back (`loading` meanwhile).
 * - A screen's first render already has the answer when the early call (data.ts callEarly) is
 *   back, so it draws its rows at once instead of an empty table first and the rows a task later (#11).
 * - When keepAlive shows a hidden page again its effects run again: the call is made again and
 *   its answer replaces the shown one only if something changed, without a spinner.
 */
export function useAnswer<T>(id: string, params: Params, version: number): { answer?: ApiResponse<T>; loading: boolean } {
  const key = JSON.stringify([id, params, version]);
  const [answered, setAnswered] = useState(() => ({ key, answer: earlyAnswer<T>(id, params) }));
  const ask = useEffectEvent(() => call<T>(id, params));
  useEffect(() => {
    let live = true;
    void ask().then((answer) => {
      if (live) setAnswered((shown) => (shown.key === key && shown.answer && sameAnswer(shown.answer, answer) ? shown : { key, answer }));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { answer: answered.answer, loading: answered.key !== key || !answered.answer };
}
