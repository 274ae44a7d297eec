/**
 * 约稿's states and the steps between them (issue 59), written once: the API holds each party to them, the web offers
 * only the steps the viewer may take.
 */
export const commissionStates = {
  pending: "待回复",
  accepted: "已接受",
  declined: "已拒绝",
  in_progress: "进行中",
  delivered: "已交付",
  completed: "已完成",
  cancelled: "已取消",
} as const;
export type CommissionState = keyof typeof commissionStates;

export type Party = "client" | "creator";

/** Each step: who takes it, from which states, to which, and what the other party is told. */
export const commissionSteps = {
  accept: { by: ["creator"], from: ["pending"], to: "accepted", label: "接受约稿", told: "接受了你的约稿" },
  decline: { by: ["creator"], from: ["pending"], to: "declined", label: "婉拒", told: "婉拒了你的约稿" },
  start: { by: ["creator"], from: ["accepted"], to: "in_progress", label: "开始创作", told: "开始创作你的约稿" },
  deliver: { by: ["creator"], from: ["in_progress"], to: "delivered", label: "交付", told: "交付了你的约稿" },
  revise: { by: ["client"], from: ["delivered"], to: "in_progress", label: "需要修改", told: "希望修改约稿" },
  complete: { by: ["client"], from: ["delivered"], to: "completed", label: "确认完成", told: "确认完成了约稿" },
  cancel: {
    by: ["client", "creator"],
    from: ["pending", "accepted", "in_progress"],
    to: "cancelled",
    label: "取消约稿",
    told: "取消了约稿",
  },
} as const satisfies Record<
  string,
  { by: readonly Party[]; from: readonly CommissionState[]; to: CommissionState; label: string; told: string }
>;
export type CommissionStep = keyof typeof commissionSteps;

/** The steps a party may take from a state. */
export function stepsFor(party: Party, state: CommissionState): CommissionStep[] {
  return (Object.keys(commissionSteps) as CommissionStep[]).filter((k) => {
    const s = commissionSteps[k];
    return (s.by as readonly Party[]).includes(party) && (s.from as readonly CommissionState[]).includes(state);
  });
}

/** A state in which nothing more happens. */
export const isClosed = (state: CommissionState) =>
  state === "declined" || state === "completed" || state === "cancelled";
