import { inputClass } from "../Field.tsx";
import type { Captcha } from "../../lib/upstream/account.ts";

/**
 * The picture captcha: its answer, the picture, and 换一张 (a submit that asks the page for a new one, so it works
 * without JavaScript). Right or wrong, an answer spends it: the page's answer carries the next.
 */
export function CaptchaField({ captcha, error }: { captcha: Captcha; error?: string }) {
  return (
    <div>
      <label htmlFor="f-captchaCode" className="text-sm font-medium">
        图形验证码
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id="f-captchaCode"
          name="captchaCode"
          autoComplete="off"
          maxLength={10}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "f-captchaCode-error" : undefined}
          className={`${inputClass} mt-0 min-w-0 flex-1`}
        />
        <input type="hidden" name="captchaId" value={captcha.captchaId} />
        <img
          src={captcha.captchaUrl}
          alt="图形验证码"
          width={150}
          height={50}
          className="h-11 w-[132px] shrink-0 rounded-lg border border-line"
        />
        <button
          type="submit"
          name="refreshCaptcha"
          value="1"
          formNoValidate
          className="shrink-0 text-xs text-muted hover:text-primary"
        >
          换一张
        </button>
      </div>
      {error && (
        <p id="f-captchaCode-error" className="mt-1 text-xs text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
