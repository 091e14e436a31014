/** The single sign-on page: plain HTML, no script, one form posting back to the same address. */

export interface SsoPageFields {
  clientId: string
  redirectUri: string
  state: string
  tenantId: string
  account: string
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** Scripts, frames and foreign resources are refused; the form may post only to this server. */
export const SSO_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:"Microsoft YaHei","PingFang SC","Noto Sans CJK SC",sans-serif;background:linear-gradient(135deg,#0f548c,#2f7ad6);color:#242424}
main{width:380px;background:#fff;border-radius:12px;padding:32px 36px;box-shadow:0 12px 40px rgba(0,0,0,.25)}
h1{font-size:22px;margin:0 0 4px}
p.sub{margin:0 0 20px;color:#616161;font-size:14px}
label{display:block;font-size:14px;margin:14px 0 6px}
input{width:100%;height:38px;padding:0 10px;border:1px solid #d1d1d1;border-radius:6px;font-size:14px}
input:focus{outline:2px solid #0f6cbd;border-color:#0f6cbd}
button{margin-top:22px;width:100%;height:40px;border:0;border-radius:6px;background:#0f6cbd;color:#fff;font-size:15px;cursor:pointer}
.error{margin:0 0 8px;padding:10px 12px;border-radius:6px;background:#fdf3f4;color:#b10e1c;font-size:14px}
`

function layout(body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>单点登录</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

export function ssoFormPage(action: string, fields: SsoPageFields, error = ''): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escape(value)}">`
  return layout(`<h1>单点登录</h1><p class="sub">实验实训管理系统 · 统一身份认证</p>
${error ? `<div class="error" role="alert">${escape(error)}</div>` : ''}
<form method="post" action="${escape(action)}">
${hidden('client_id', fields.clientId)}${hidden('redirect_uri', fields.redirectUri)}${hidden('state', fields.state)}${hidden('response_type', 'code')}
<label for="tenant">租户ID</label><input id="tenant" name="tenant_id" maxlength="12" value="${escape(fields.tenantId)}" required>
<label for="account">账号</label><input id="account" name="username" maxlength="64" autocomplete="username" value="${escape(fields.account)}" required autofocus>
<label for="password">密码</label><input id="password" name="password" type="password" maxlength="128" autocomplete="current-password" required>
<button type="submit">登录</button>
</form>`)
}

/** A request the page cannot serve (unknown client, unregistered redirect): said here, never redirected. */
export function ssoErrorPage(message: string): string {
  return layout(`<h1>单点登录</h1><div class="error" role="alert">${escape(message)}</div>`)
}
