import { message } from 'antd';
import { runtimeConfig } from './runtimeConfig.ts';
import { clearSession } from './session.ts';

/** Spec 8: after token_code -1/-2 the user reads the message for 3 seconds, then is signed out. */
export const EXPIRED_LOGOUT_DELAY_MS = 3000;

let ending = false;

let rendered!: () => void;
/**
 * Resolved once the app's first screen is on the page (main.tsx). The start-up menu call is made
 * while the code still loads: a session end it finds is shown after that first render, or the
 * render would eat into the 3 seconds the message stays readable.
 */
const appRendered = new Promise<void>((resolve) => (rendered = resolve));
export const markAppRendered = () => rendered();

/** Clears local storage and goes to the single sign-on logout, which returns to the app. */
export function logoutToSso(): void {
  const { sso } = runtimeConfig();
  clearSession();
  if (!sso.endSessionEndpoint) {
    window.location.assign('/userlogin');
    return;
  }
  const url = new URL(sso.endSessionEndpoint, window.location.origin);
  url.searchParams.set('client_id', sso.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${window.location.origin}/`);
  window.location.assign(url.toString());
}

/**
 * Reacts once to a response that says the session is over (spec 8): token_code -1 or -2 shows
 * 当前账号已过期，请重新登录！ and signs out after 3 seconds; a plain 401 shows the
 * 登录失效 modal. Concurrent failing calls raise it only once.
 */
export function handleSessionEnd(response: Response): void {
  if (ending) return;
  // An initial password (new or reset account): the server answers nothing else until it is changed.
  if (response.headers.get('password_change') === 'required') {
    if (window.location.pathname !== '/alter/password') {
      ending = true;
      window.location.assign('/alter/password');
    }
    return;
  }
  const code = response.headers.get('token_code');
  if (code === '-1' || code === '-2') {
    ending = true;
    void appRendered.then(() => {
      message.error('当前账号已过期，请重新登录！');
      setTimeout(logoutToSso, EXPIRED_LOGOUT_DELAY_MS);
    });
    return;
  }
  if (response.status === 401) {
    ending = true;
    void appRendered.then(() => errorModal('登录失效，请重新登录'));
  }
}

/** The session-ended modal; antd's Modal loads only when one is shown (not with the sign-in page). */
async function errorModal(content: string): Promise<void> {
  const { default: Modal } = await import('antd/es/modal');
  Modal.error({ title: '提示', content, okText: '确定', onOk: logoutToSso });
}

/** Spec 8 "login failed": the modal whose OK clears storage and goes to the single sign-on logout. */
export function showLoginFailed(): void {
  void errorModal('登录失败，请重新登录');
}
