import {
  AiLabel,
  aiLabels,
  licenses,
  watermarkCorners,
  watermarkOpacities,
  type AiLabelValue,
} from "../../../contract/works/rights.ts";
import { Field, inputClass, type FormState } from "../Field.tsx";

export type RightsValues = {
  origin: string;
  sourceUrl: string;
  sourceAuthor: string;
  license: string;
  aiLabel: string;
  noai: string;
  offerOriginal: string;
  watermark: string;
  watermarkOpacity: string;
};

/**
 * 版权与 AI: original or repost (a repost names its source; its licence is its source's), the licence, the AI label
 * (never under what the pictures' metadata says), whether AI may use it, and whether the largest picture is offered.
 * Which of the source and licence boxes shows follows the 原创/转载 choice in CSS (app.css .rights), so it works
 * without JavaScript.
 */
export function RightsFields({
  form,
  aiFloor,
}: {
  /** The publish form's state: the rules its loader took from the schema, the errors and values of the last post. */
  form: FormState & { errors: Record<string, string>; values: RightsValues };
  aiFloor: AiLabelValue;
}) {
  const { errors: e, values: v } = form;
  const error = (name: string) =>
    e[name] && (
      <p id={`f-${name}-error`} role="alert" className="mt-1 text-xs text-danger">
        {e[name]}
      </p>
    );
  const invalid = (name: string) => (e[name] ? { "aria-invalid": true, "aria-describedby": `f-${name}-error` } : {});
  return (
    <fieldset className="rights space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-medium">版权与 AI</legend>
      <div role="radiogroup" aria-label="来源" className="flex gap-5 text-sm">
        {[
          ["original", "原创"],
          ["repost", "转载"],
        ].map(([value, label]) => (
          <label key={value} className="flex items-center gap-1.5">
            <input type="radio" name="origin" value={value} defaultChecked={v.origin === value} />
            {label}
          </label>
        ))}
      </div>
      <div className="repost-only grid gap-3 sm:grid-cols-2">
        <Field formState={form} name="sourceUrl" label="原文链接" type="url" placeholder="https://" />
        <Field formState={form} name="sourceAuthor" label="原作者" />
      </div>
      <div className="original-only">
        <label htmlFor="f-license" className="text-sm font-medium">
          许可协议
        </label>
        <select id="f-license" name="license" defaultValue={v.license} className={inputClass} {...invalid("license")}>
          {licenses.map((l) => (
            <option key={l.key} value={l.key}>
              {l.label}
            </option>
          ))}
        </select>
        {error("license")}
      </div>
      <div>
        <p id="f-aiLabel-label" className="text-sm font-medium">
          AI 标注
        </p>
        <div role="radiogroup" aria-labelledby="f-aiLabel-label" className="mt-1 flex gap-5 text-sm">
          {aiLabels.map((l) => (
            <label key={l.value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="aiLabel"
                value={l.value}
                defaultChecked={Math.max(Number(v.aiLabel) || 0, aiFloor) === l.value}
                disabled={l.value < aiFloor}
              />
              {l.label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-muted">
          {aiFloor === AiLabel.generated
            ? "图片的元数据标明由 AI 生成，作品须标注为 AI 生成"
            : "图片的元数据标明由 AI 生成时，作品会自动标注为 AI 生成"}
        </p>
        {error("aiLabel")}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="f-noai" className="text-sm font-medium">
            AI 使用
          </label>
          <select id="f-noai" name="noai" defaultValue={v.noai} className={inputClass}>
            <option value="1">不允许 AI 使用</option>
            <option value="0">允许本站 AI 引用</option>
          </select>
          <p className="mt-1 text-xs text-muted">不允许时，本站 AI 不会引用它，并请爬虫勿用于训练</p>
        </div>
        <div>
          <label htmlFor="f-offerOriginal" className="text-sm font-medium">
            原图
          </label>
          <select id="f-offerOriginal" name="offerOriginal" defaultValue={v.offerOriginal} className={inputClass}>
            <option value="1">提供原图</option>
            <option value="0">只展示浏览尺寸</option>
          </select>
          <p className="mt-1 text-xs text-muted">加了水印的作品只展示带水印的浏览尺寸</p>
        </div>
        <div>
          <label htmlFor="f-watermark" className="text-sm font-medium">
            水印
          </label>
          <select id="f-watermark" name="watermark" defaultValue={v.watermark} className={inputClass}>
            <option value="none">不加水印</option>
            {watermarkCorners.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-muted">
            在浏览尺寸的图片上加上你的 @用户名，原图保持干净；配合「只展示浏览尺寸」使用
          </p>
          {error("watermark")}
        </div>
        <div>
          <label htmlFor="f-watermarkOpacity" className="text-sm font-medium">
            水印浓淡
          </label>
          <select
            id="f-watermarkOpacity"
            name="watermarkOpacity"
            defaultValue={v.watermarkOpacity}
            className={inputClass}
            {...invalid("watermarkOpacity")}
          >
            {watermarkOpacities.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}（{o.value}%）
              </option>
            ))}
          </select>
          {error("watermarkOpacity")}
        </div>
      </div>
    </fieldset>
  );
}
