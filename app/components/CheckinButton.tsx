import { Form, useLocation } from "react-router";
import type { CheckinState } from "../../contract/scores/views.ts";

/** 签到 in the user menu: a form post that works without JavaScript, or today's standing once signed in. */
export function CheckinButton({ state, className = "" }: { state: CheckinState | null; className?: string }) {
  const location = useLocation();
  if (!state) return null;
  if (state.today)
    return (
      <p className={`px-3 py-2 text-sm text-muted ${className}`} data-testid="checkin-done">
        今日已签到 · 连续 {state.streak} 天
      </p>
    );
  return (
    <Form method="post" action="/user/checkin" className={className}>
      <input type="hidden" name="ref" value={location.pathname + location.search} />
      <button
        type="submit"
        className="flex w-full items-center justify-between gap-2 rounded-lg bg-primary-soft px-3 py-2 text-sm font-medium text-primary hover:opacity-90"
      >
        <span>每日签到</span>
        <span className="text-xs">+{state.reward} 积分</span>
      </button>
    </Form>
  );
}
