import { Form } from "react-router";
import { Field, inputClass, type FormState } from "../Field.tsx";
import { FormAlert } from "../FormAlert.tsx";
import { SubmitButton } from "../SubmitButton.tsx";
import { commissionStates, linkSites } from "../../../contract/people/portfolio.ts";

/** 作品集 in 编辑资料: where one is, what one does, commissions and links elsewhere (a plain form). */
export function PortfolioForm({ form, message }: { form: FormState; message?: string | false | null }) {
  const v = (form.values ?? {}) as Record<string, string>;
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="portfolio" />
      <FormAlert message={message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field formState={form} name="city" label="城市" />
        <Field formState={form} name="occupation" label="职业" hint="如：插画师、独立音乐人" />
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <label className="text-sm font-medium">
          接稿状态
          <select name="commission" defaultValue={v.commission ?? ""} className={inputClass}>
            <option value="">不显示</option>
            {commissionStates.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <Field formState={form} name="commissionNote" label="接稿说明" hint="如：接头像与封面，排期两周" />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">其他平台</legend>
        {linkSites.map((s) => (
          <Field
            key={s.key}
            formState={form}
            name={s.key}
            label={s.label}
            type="url"
            placeholder={s.hosts ? `https://${s.hosts[0]}/…` : "https://"}
          />
        ))}
      </fieldset>
      <SubmitButton label="保存作品集" />
    </Form>
  );
}
