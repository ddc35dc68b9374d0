/** The embedded provider's pages, in Chinese, with no script and every value escaped. */
const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}-PMS</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,#e6f4ff,#f0f5ff);font-family:-apple-system,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif}
.card{width:360px;background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08);padding:32px}
h1{font-size:22px;text-align:center;margin:0 0 8px}p.sub{color:#888;text-align:center;margin:0 0 24px;font-size:13px}
label{display:block;font-size:14px;margin:12px 0 6px}input{width:100%;box-sizing:border-box;height:38px;border:1px solid #d9d9d9;border-radius:6px;padding:0 11px;font-size:14px}
button{width:100%;height:40px;margin-top:24px;border:0;border-radius:6px;background:#1677ff;color:#fff;font-size:16px;cursor:pointer}
.back{display:block;text-align:center;margin-top:16px;color:#1677ff;font-size:14px;text-decoration:none}.code{color:#bbb;text-align:center;font-size:12px;margin:8px 0 0}
.error{background:#fff2f0;border:1px solid #ffccc7;color:#ff4d4f;border-radius:6px;padding:8px 12px;font-size:14px}
</style></head><body><div class="card">${body}</div></body></html>`;
}

export function signInPage(options: { action: string; account?: string; error?: string }): string {
  return layout(
    '统一身份认证',
    `<h1>统一身份认证</h1><p class="sub">悦家物业 · PMS 物业管理平台</p>
${options.error ? `<div class="error" role="alert">${escape(options.error)}</div>` : ''}
<form method="post" action="${escape(options.action)}" autocomplete="on">
<label for="account">账号</label><input id="account" name="account" placeholder="请输入账号" value="${escape(options.account ?? '')}" required autofocus autocomplete="username">
<label for="password">密码</label><input id="password" name="password" type="password" placeholder="请输入密码" required autocomplete="current-password">
<button type="submit">登 录</button></form>`,
  );
}

/** A message with a way back to the console (the provider is served on the console's own address). */
export function messagePage(title: string, text: string, code?: string): string {
  return layout(
    title,
    `<h1>${escape(title)}</h1><p class="sub">${escape(text)}</p>${code ? `<p class="code">错误代码：${escape(code)}</p>` : ''}<a class="back" href="/">返回系统首页</a>`,
  );
}

/** What the provider's OAuth errors mean to a user, in Chinese; the code stays beside it for the administrator. */
const ERROR_TEXTS: Record<string, string> = {
  invalid_redirect_uri: '当前访问地址未登记为本系统的登录回调地址。请使用管理员提供的地址访问系统，或请管理员在 PMS_PUBLIC_URL 中登记该地址。',
  invalid_client: '登录请求来自未登记的应用，请从系统首页重新登录。',
  invalid_request: '登录请求不完整或已失效，请从系统首页重新登录。',
  invalid_grant: '登录凭证已失效，请从系统首页重新登录。',
  invalid_scope: '登录请求的权限范围不正确，请从系统首页重新登录。',
  unauthorized_client: '该应用无权使用此登录方式，请联系管理员。',
  unsupported_response_type: '不支持的登录方式，请从系统首页重新登录。',
  access_denied: '登录已取消或被拒绝。',
  login_required: '请先登录。',
  consent_required: '需要授权后才能继续，请从系统首页重新登录。',
  interaction_required: '需要重新登录，请从系统首页重新登录。',
  session_not_found: '登录会话已过期，请从系统首页重新登录。',
  server_error: '认证服务暂时出错，请稍后重试。',
  temporarily_unavailable: '认证服务暂时不可用，请稍后重试。',
};

export function errorPage(error: string): string {
  return messagePage('认证失败', ERROR_TEXTS[error] ?? '登录过程出现问题，请从系统首页重新登录。', error);
}

/** rp-initiated logout: one button ends the single sign-on session too (no script, so CSP stays strict). */
export function logoutPage(form: string): string {
  return layout(
    '退出登录',
    `<h1>退出登录</h1><p class="sub">您已退出 PMS，是否同时退出统一身份认证？</p>${form.replace('<form', '<form id="op.logoutForm"')}
<button form="op.logoutForm" name="logout" value="yes">确认退出</button>`,
  );
}
