import { message, Spin } from 'antd';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { HOME_PATH } from '../homePath.ts';
import { isLoggedIn, takeReturnUrl } from '../../core/session.ts';
import { completeSignOn, startSignOn } from '../../core/sso.ts';

let exchange: Promise<unknown> | null = null;

/** /yslogin: the single sign-on return page (spec 2.2, 4). */
export default function YsLogin() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const hasCode = query.has('code');
  const loggedIn = isLoggedIn();

  useEffect(() => {
    if (loggedIn) return;
    if (!hasCode) {
      startSignOn('/');
      return;
    }
    // One exchange per code, even when React runs the effect twice.
    exchange ??= completeSignOn(query).then((outcome) => {
      exchange = null;
      if (outcome.ok) {
        navigate(takeReturnUrl(), { replace: true });
        return;
      }
      message.error('获取信息失败');
      navigate(outcome.status === '404' ? '/noauth' : '/500', { replace: true });
    });
  }, [hasCode, loggedIn, navigate, query]);

  if (loggedIn) return <Navigate to={HOME_PATH} replace />;
  return <Spin fullscreen tip="正在登录…" />;
}
