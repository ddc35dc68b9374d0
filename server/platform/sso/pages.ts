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

export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p class="sub">${escape(text)}</p>`);
}

/** rp-initiated logout: one button ends the single sign-on session too (no script, so CSP stays strict). */
export function logoutPage(form: string): string {
  return layout(
    '退出登录',
    `<h1>退出登录</h1><p class="sub">您已退出 PMS，是否同时退出统一身份认证？</p>${form.replace('<form', '<form id="op.logoutForm"')}
<button form="op.logoutForm" name="logout" value="yes">确认退出</button>`,
  );
}
