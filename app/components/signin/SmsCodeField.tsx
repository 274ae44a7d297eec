import { useEffect, useState } from "react";
import { useHydrated } from "../../lib/hydrated.ts";
import { CodeRow } from "./CodeRow.tsx";
import { smsLimits } from "../../../contract/signin/ways-in.ts";

/**
 * 短信验证码 and its 获取验证码 button (a submit named `sendCode`). With JavaScript the button counts down the wait
 * after a send; without it the button stays pressable and the server says how long to wait if pressed too soon.
 */
export function SmsCodeField({
  error,
  sent,
}: {
  error?: string;
  /** The last send this page was answered with: when, and how long until the next. */
  sent?: { at: number; resendAfter: number } | null;
}) {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!sent) return;
    const tick = () => setLeft(Math.max(0, Math.ceil(sent.resendAfter - (Date.now() - sent.at) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [sent]);
  const waiting = hydrated && left > 0;
  return (
    <CodeRow
      name="verifyCode"
      label="短信验证码"
      error={error}
      // After a send the code is what comes next.
      input={{
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: smsLimits.codeLength,
        pattern: "\\d*",
        autoFocus: !!sent,
      }}
    >
      <button
        type="submit"
        name="sendCode"
        value="1"
        formNoValidate
        disabled={waiting}
        className="shrink-0 rounded-lg border border-line px-3 py-2 text-sm hover:border-primary hover:text-primary disabled:text-muted disabled:hover:border-line"
      >
        {waiting ? `${left}秒后重新获取` : sent ? "重新获取" : "获取验证码"}
      </button>
    </CodeRow>
  );
}
