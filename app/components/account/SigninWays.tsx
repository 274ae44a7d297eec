import { Form } from "react-router";
import { oauthLabels, oauthProviders } from "../../../contract/signin/ways-in.ts";
import type { SigninWaysView } from "../../../contract/account/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Captcha } from "../../lib/upstream/account.ts";
import { Field, type FormState } from "../Field.tsx";
import { CaptchaField } from "../signin/CaptchaField.tsx";
import { SmsCodeField } from "../signin/SmsCodeField.tsx";
import { RelativeTime } from "../RelativeTime.tsx";

const card = "space-y-3 rounded-2xl border border-line bg-surface p-5";
const smallButton = "rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary";

/** What the page's last answer said about one of these forms. */
export type WaysAnswer = {
  intent: string;
  message: string;
  fieldErrors: Record<string, string>;
  sent?: { at: number; resendAfter: number; phone: string } | null;
  values?: { phone?: string };
  captcha?: Captcha | null;
} | null;

/**
 * 登录方式 in 账号与安全: the phone number (bind with a code, or unbind) and the third-party accounts (link, or
 * unlink). The API refuses to remove the last way in; the page says so.
 */
export function SigninWays({
  user,
  ways,
  captcha,
  answer,
}: {
  user: CurrentUserView;
  ways: SigninWaysView;
  captcha: Captcha | null;
  answer: WaysAnswer;
}) {
  const said = (intents: string[]) =>
    answer && intents.includes(answer.intent) && !Object.keys(answer.fieldErrors).length ? answer.message : null;
  const phoneForm: FormState = {
    errors: answer && ["bindPhone", "sendCode"].includes(answer.intent) ? answer.fieldErrors : {},
    values: answer?.values,
  };
  const shownProviders = oauthProviders.filter(
    (p) => ways.providers.includes(p) || ways.identities.some((i) => i.provider === p),
  );
  return (
    <section className={card} aria-labelledby="ways-title">
      <h2 id="ways-title" className="font-semibold">
        登录方式
      </h2>
      <div className="space-y-2" data-testid="phone-way">
        <h3 className="text-sm font-medium">短信验证码登录</h3>
        {user.phone ? (
          <Form method="post" className="flex items-center justify-between gap-3 text-sm">
            <input type="hidden" name="intent" value="unbindPhone" />
            <span>已绑定 {user.phone}，可用短信验证码登录</span>
            <button type="submit" className="text-xs text-muted hover:text-danger">
              解绑
            </button>
          </Form>
        ) : (
          <Form method="post" noValidate className="space-y-3" aria-label="绑定手机号">
            <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
            <input type="hidden" name="intent" value="bindPhone" />
            {answer?.sent && (
              <p role="status" className="text-sm text-muted">
                验证码已发送至 {answer.sent.phone}，5分钟内有效
              </p>
            )}
            <Field formState={phoneForm} label="手机号" name="phone" type="tel" inputMode="numeric" maxLength={20} />
            {captcha && <CaptchaField captcha={captcha} error={phoneForm.errors?.captchaCode} />}
            <SmsCodeField error={phoneForm.errors?.verifyCode} sent={answer?.sent} />
            <button type="submit" className={smallButton}>
              绑定手机号
            </button>
          </Form>
        )}
        {said(["bindPhone", "sendCode", "unbindPhone"]) && (
          <p role="alert" className="text-sm text-danger">
            {said(["bindPhone", "sendCode", "unbindPhone"])}
          </p>
        )}
      </div>
      {shownProviders.length > 0 && (
        <div className="space-y-2 border-t border-line pt-3" data-testid="oauth-ways">
          <h3 className="text-sm font-medium">第三方账号</h3>
          <ul className="divide-y divide-line">
            {shownProviders.map((p) => {
              const linked = ways.identities.find((i) => i.provider === p);
              return (
                <li key={p} className="flex items-center gap-3 py-2 text-sm">
                  <span className="w-20 font-medium">{oauthLabels[p]}</span>
                  <span className="min-w-0 flex-1 truncate text-muted">
                    {linked ? (
                      <>
                        已绑定 {linked.name} · <RelativeTime ms={linked.linkedAt} />
                      </>
                    ) : (
                      "未绑定"
                    )}
                  </span>
                  {linked ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="unlink" />
                      <input type="hidden" name="provider" value={p} />
                      <button type="submit" className="text-xs text-muted hover:text-danger">
                        解绑<span className="sr-only">{oauthLabels[p]}</span>
                      </button>
                    </Form>
                  ) : (
                    ways.providers.includes(p) && (
                      <Form method="post" action={`/user/oauth/${p}`} reloadDocument>
                        <button type="submit" className="text-xs text-primary">
                          绑定<span className="sr-only">{oauthLabels[p]}</span>
                        </button>
                      </Form>
                    )
                  )}
                </li>
              );
            })}
          </ul>
          {said(["unlink"]) && (
            <p role="alert" className="text-sm text-danger">
              {said(["unlink"])}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
