/** Error codes of the API envelope, each with its Chinese message and HTTP status. */
export const ErrorCode = {
  badRequest: 1000,
  validation: 1001,
  captcha: 1002,
  notSignedIn: 1003,
  tokenInvalid: 1004,
  forbidden: 1005,
  notFound: 1006,
  usernameTaken: 1010,
  nicknameTaken: 1016,
  emailTaken: 1011,
  passwordMismatch: 1012,
  userNotFound: 1013,
  wrongPassword: 1014,
  userDisabled: 1015,
  tooManyRequests: 1029,
  internal: 5000,
} as const;
export type ErrorCodeName = keyof typeof ErrorCode;

export const errorDefaults: Record<ErrorCodeName, { message: string; status: number }> = {
  badRequest: { message: "请求格式不正确", status: 400 },
  validation: { message: "提交的内容有误", status: 400 },
  captcha: { message: "验证码错误", status: 400 },
  notSignedIn: { message: "请先登录", status: 401 },
  tokenInvalid: { message: "登录已失效，请重新登录", status: 401 },
  forbidden: { message: "没有权限进行此操作", status: 403 },
  notFound: { message: "内容不存在", status: 404 },
  usernameTaken: { message: "用户名已被占用", status: 409 },
  nicknameTaken: { message: "昵称已被占用", status: 409 },
  emailTaken: { message: "该邮箱已被注册", status: 409 },
  passwordMismatch: { message: "两次输入的密码不一致", status: 400 },
  userNotFound: { message: "用户不存在", status: 400 },
  wrongPassword: { message: "用户名或密码错误", status: 400 },
  userDisabled: { message: "账号已被禁用", status: 403 },
  tooManyRequests: { message: "操作太频繁，请稍后再试", status: 429 },
  internal: { message: "服务器开小差了，请稍后再试", status: 500 },
};
