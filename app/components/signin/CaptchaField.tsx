import { CodeRow } from "./CodeRow.tsx";
import type { Captcha } from "../../lib/upstream/account.ts";

/**
 * The picture captcha: its answer, the picture, and 换一张 (a submit that asks the page for a new one, so it works
 * without JavaScript). Right or wrong, an answer spends it: the page's answer carries the next.
 */
export function CaptchaField({ captcha, error }: { captcha: Captcha; error?: string }) {
  return (
    <CodeRow name="captchaCode" label="图形验证码" error={error} input={{ autoComplete: "off", maxLength: 10 }}>
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
    </CodeRow>
  );
}
