import { commissionStates, isClosed, type CommissionState } from "../../../contract/commissions/states.ts";

/** A commission's state as a small label: warm while it moves, grey once it is closed. */
export function CommissionStateLabel({ state }: { state: CommissionState }) {
  const tone = isClosed(state) ? "bg-surface-2 text-muted" : "bg-primary-soft text-primary";
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${tone}`} data-testid="commission-state">
      {commissionStates[state]}
    </span>
  );
}
