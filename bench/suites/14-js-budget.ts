// JavaScript budget, measured from the network in chromium: the bodies of every JavaScript
// response a cold load fetched until the screen was there, each gzipped by the bench at level 9
// as the build's size check weighs them (scripts/bundle-size.ts), summed; the peer column adds
// the bytes the server actually sent (its brotli copies, scripts/build/precompress.ts). The sign-in
// page, the list page (with its lazy route chunk), and the same list built with amis and with
// plain antd, all served alike.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { coldLoad, kb, type Load } from '../support/measure.ts';
import { LIST_SCREEN, SIGN_IN_SCREEN } from '../support/pages.ts';

export default async (): Promise<VerifyRow[]> => {
  const signIn = await coldLoad(SIGN_IN_SCREEN.path, SIGN_IN_SCREEN.ready, false);
  const [ours, antd, amis] = [await coldLoad(LIST_SCREEN.ours.path, LIST_SCREEN.ours.ready), await coldLoad(LIST_SCREEN.antd.path, LIST_SCREEN.antd.ready), await coldLoad(LIST_SCREEN.amis.path, LIST_SCREEN.amis.ready)];
  const area = 'JS 预算';
  const figure = (what: string) => `${what} initial JS (KB gzip; raw and sent in the peer column)`;
  const sizes = (load: Load) => `raw ${kb(load.jsBytes)} · sent ${kb(load.jsSent)}`;
  return [
    { area, figure: figure('sign-in page'), value: kb(signIn.jsGzip), target: '< 200', ok: kb(signIn.jsGzip) < 200, peer: sizes(signIn) },
    { area, figure: figure('list page'), value: kb(ours.jsGzip), target: '< 350', ok: kb(ours.jsGzip) < 350, peer: `amis ${kb(amis.jsGzip)} · antd ${kb(antd.jsGzip)} · ${sizes(ours)}` },
    { area, figure: figure('amis list page'), value: kb(amis.jsGzip), target: '≈ 650 (issue)', peer: sizes(amis) },
  ];
};
