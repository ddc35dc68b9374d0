// Security headers: every kind of answer (app pages, assets, API answers and refusals, stored
// files, the embedded single sign-on's pages) checked for the headers helmet and the file service set.
import { mustBeZero, type VerifyRow } from '../rows.ts';
import { collectAnswers, missingHeaders, unsafeScript } from '../../../tests/support/securityHeaders.ts';
import { startServer } from '../../../tests/support/server.ts';

export default async function headers(): Promise<VerifyRow[]> {
  const server = await startServer();
  try {
    const answers = await collectAnswers(server);
    const csp = answers.find((a) => a.what === 'app page')?.headers.get('content-security-policy') ?? '';
    return [
      { area: 'headers', figure: 'kinds of answer checked', value: answers.length },
      mustBeZero('headers', 'answers missing a security header', answers.filter((a) => missingHeaders(a).length).length),
      mustBeZero('headers', "CSPs allowing eval, inline script or any host", answers.filter((a) => unsafeScript(a).length).length),
      mustBeZero('headers', 'file answers without nosniff + sandbox (+ attachment on download)', answers.filter((a) => /file/.test(a.what) && missingHeaders(a).length).length),
      { area: 'headers', figure: "app page script-src", value: /script-src ([^;]*)/.exec(csp)?.[1] ?? '(none)' },
    ];
  } finally {
    await server.close();
  }
}
