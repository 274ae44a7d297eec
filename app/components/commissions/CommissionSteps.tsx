import { Form } from "react-router";
import type { CommissionView } from "../../../contract/commissions/views.ts";
import { commissionSteps, type CommissionStep } from "../../../contract/commissions/states.ts";
import { commissionLimits } from "../../../contract/shared/limits.ts";
import { inputClass } from "../Field.tsx";

/** What each step asks of the one who takes it. */
const hints: Partial<Record<CommissionStep, string>> = {
  accept: "接受后可以在下方和对方确认细节，准备好后点「开始创作」。",
  deliver: `上传交付的图片（最多${commissionLimits.files}张），只有你们两位能看到。`,
  revise: "说明希望修改的地方，创作者修改后会再次交付。",
  complete: "确认后约稿完成，不能再修改。",
};

/**
 * The steps the viewer may take now, each a form of its own (a plain post; 交付 a multipart form with its pictures), the
 * main one first. A note goes with each into the thread.
 */
export function CommissionSteps({ commission: c }: { commission: CommissionView }) {
  if (!c.steps.length) return null;
  const main = c.steps.filter((s) => s !== "cancel" && s !== "decline");
  const minor = c.steps.filter((s) => s === "cancel" || s === "decline");
  return (
    <section aria-labelledby="next-step" className="space-y-3 rounded-2xl border border-primary bg-surface p-5">
      <h2 id="next-step" className="font-semibold">
        下一步
      </h2>
      {main.map((step) => (
        <Form
          key={`${step}-${c.state}`}
          method="post"
          encType={step === "deliver" ? "multipart/form-data" : undefined}
          className="space-y-2"
        >
          {hints[step] && <p className="text-sm text-muted">{hints[step]}</p>}
          {step === "deliver" && (
            <label className="block text-sm">
              交付的图片
              <input type="file" name="images" accept="image/*" multiple required className={`${inputClass} text-sm`} />
            </label>
          )}
          <label className="block text-sm">
            说明（可不填）
            <textarea name="note" rows={2} maxLength={commissionLimits.message} className={`${inputClass} text-sm`} />
          </label>
          <button name="intent" value={step} className="rounded-lg bg-primary px-4 py-2 text-sm text-on-primary">
            {commissionSteps[step].label}
          </button>
        </Form>
      ))}
      {minor.length > 0 && (
        <div className="flex flex-wrap gap-3 border-t border-line pt-3">
          {minor.map((step) => (
            <Form key={step} method="post">
              <button
                name="intent"
                value={step}
                className="rounded-lg border border-line px-4 py-1.5 text-sm text-muted hover:border-danger hover:text-danger"
              >
                {commissionSteps[step].label}
              </button>
            </Form>
          ))}
        </div>
      )}
    </section>
  );
}
