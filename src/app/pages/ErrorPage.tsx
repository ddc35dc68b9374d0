import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../homePath.ts';

const PAGES: Record<string, { status: '403' | '404' | '500'; title: string; text: string }> = {
  '/403': { status: '403', title: '403', text: '抱歉，您无权访问此页面。' },
  '/noauth': { status: '403', title: '暂无权限', text: '您的账号没有开通该功能的权限，请联系管理员。' },
  '/500': { status: '500', title: '500', text: '抱歉，系统出现异常，请稍后重试。' },
};
const NOT_FOUND = { status: '404' as const, title: '404', text: '抱歉，您访问的页面不存在。' };

/** /403, /noauth, /500, /404 and every unknown path. */
export default function ErrorPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const page = PAGES[pathname] ?? NOT_FOUND;
  return (
    <Result
      status={page.status}
      title={page.title}
      subTitle={page.text}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
