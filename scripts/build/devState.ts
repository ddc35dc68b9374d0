import fs from 'node:fs';
import type { Plugin, ProxyOptions } from 'vite';

// `npm run dev` (scripts/devServer.mjs) writes how the reference server is into PMS_DEV_STATE:
// a schema the validator refused shows in Vite's error overlay (the old schemas keep serving),
// and the pages reload once the server runs again.

/** Shows the dev loop's refused schemas in the overlay, and reloads the page when it recovers. */
export function devStatePlugin(): Plugin {
  return {
    name: 'pms-dev-state',
    apply: 'serve',
    configureServer(server) {
      const file = process.env.PMS_DEV_STATE;
      if (!file) return;
      let last = '';
      const read = () => {
        let state: { state?: string; errors?: string[] } = {};
        try {
          state = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof state;
        } catch {
          return;
        }
        if (state.state === 'error') server.ws.send({ type: 'error', err: { message: `Schema 校验未通过，服务器继续使用上一版：\n${(state.errors ?? []).join('\n')}`, stack: '', plugin: 'pms-schemas' } });
        else if (state.state === 'ok' && last && last !== 'ok') server.ws.send({ type: 'full-reload' });
        last = state.state ?? '';
      };
      // Polled: the file is replaced whole, which a rename-based watch may miss.
      fs.watchFile(file, { interval: 300 }, read);
      server.httpServer?.once('close', () => fs.unwatchFile(file, read));
    },
  };
}

/** While the server restarts, the proxy answers 正在重新加载 (503) instead of a bare 500 the screens show as 系统异常. */
export const reloadingAnswer: ProxyOptions['configure'] = (proxy) => {
  proxy.on('error', (_error, _request, response) => {
    if (!('writeHead' in response) || response.headersSent) return;
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status: '503', code: '503', message: '正在重新加载，请稍候重试' }));
  });
};
