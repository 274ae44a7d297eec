/**
 * The loader of an address that only takes form posts (follow, check-in, upload, background): someone who opens it
 * in the browser gets 405 and a short Chinese page with the way back, not React Router's bare JSON error.
 */
export function formOnly(): Response {
  const html =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>此地址只接受表单提交</title></head>' +
    '<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center">' +
    '<h1 style="color:#b3361d;font-size:1.25rem">此地址只接受表单提交</h1>' +
    "<p>这里是页面上按钮提交的地址，不能直接打开。请回到页面上操作。</p>" +
    '<p><a href="/">返回首页</a></p></body></html>';
  return new Response(html, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
