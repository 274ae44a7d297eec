import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { Avatar } from "../../../components/Avatar.tsx";
import { Field, inputClass } from "../../../components/Field.tsx";
import { AvatarCropper } from "../../../components/AvatarCropper.tsx";
import { BackgroundForm } from "../../../components/BackgroundForm.tsx";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import { setAvatar, setRightsDefaults, updateProfile } from "../../../lib/upstream/account.ts";
import { licenses } from "../../../../contract/works/rights.ts";
import { getProfile, savePortfolio } from "../../../lib/upstream/people.ts";
import { announceUserUpdated } from "../../../lib/user-updated.ts";
import { formRules } from "../../../../contract/shared/fields.ts";
import { profileSchema } from "../../../../contract/account/schemas.ts";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { Panel } from "../../../components/Panel.tsx";
import { attempt, done, fieldsOf, refused } from "../../../lib/form-action.server.ts";
import { avatarCropSchema, portfolioSchema, rightsDefaultsSchema } from "../../../../contract/account/schemas.ts";
import { linkSites } from "../../../../contract/people/portfolio.ts";
import type { PortfolioView } from "../../../../contract/people/views.ts";
import { PortfolioForm } from "../../../components/account/PortfolioForm.tsx";

export const meta: Route.MetaFunction = () => [{ title: "编辑资料" }];

/** A saved portfolio as the form's values. */
const portfolioValues = (p: PortfolioView) => ({
  city: p.city,
  occupation: p.occupation,
  commission: p.commission ? (p.commission.open ? "open" : "closed") : "",
  commissionNote: p.commission?.note ?? "",
  ...Object.fromEntries(p.links.map((l) => [l.key, l.url])),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const profile = await orErrorPage(getProfile(apiClient(request, context), user.id));
  const saved = new URL(request.url).searchParams.has("saved");
  return {
    profile,
    saved,
    defaults: user.rightsDefaults,
    rules: formRules(profileSchema, ["nickname", "description"]),
    portfolioRules: formRules(portfolioSchema, [
      "city",
      "occupation",
      "commissionNote",
      ...linkSites.map((s) => s.key),
    ]),
  };
}

/** Saves the profile (intent `profile`) or a new avatar (intent `avatar`, the picture in a multipart post). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const asked = form.get("intent");
  const intent = asked === "avatar" || asked === "rights" || asked === "portfolio" ? asked : "profile";
  const values = { nickname: String(form.get("nickname") ?? ""), description: String(form.get("description") ?? "") };
  let saving;
  if (intent === "avatar") {
    const body = new FormData();
    for (const name of ["avatar", ...Object.keys(avatarCropSchema.shape)]) {
      const v = form.get(name);
      if (v !== null) body.set(name, v);
    }
    saving = setAvatar(api, body);
  } else if (intent === "rights") saving = setRightsDefaults(api, fieldsOf(form, rightsDefaultsSchema));
  else if (intent === "portfolio") {
    const typed = fieldsOf(form, portfolioSchema);
    const sent = await attempt(savePortfolio(api, typed));
    if (!sent.ok) return refused(sent.failure, { intent, values: typed });
    return done(context, "作品集已保存", "/user/profile?saved=1");
  } else saving = updateProfile(api, { ...values, favoritesPublic: form.get("favoritesPublic") ? "on" : "" });
  const saved = await attempt(saving);
  if (!saved.ok) return refused(saved.failure, { intent, values });
  const toast = { avatar: "头像已更新", rights: "默认设置已保存", profile: "资料已保存", portfolio: "" }[intent];
  return done(context, toast, "/user/profile?saved=1");
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, rules, saved, defaults, portfolioRules } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [picked, setPicked] = useState<File | null>(null);
  // A new avatar saved: the cropper closes.
  useEffect(() => setPicked(null), [profile.avatar]);
  const errors = actionData?.fieldErrors ?? {};
  const form = { rules, errors, values: actionData?.intent === "profile" ? actionData.values : profile };
  useEffect(() => {
    if (saved) announceUserUpdated();
  }, [saved, profile]);
  return (
    <div className="space-y-6">
      <Panel id="avatar-title" title="头像">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-4">
          <Avatar user={profile} size={80} />
          <input type="hidden" name="intent" value="avatar" />
          <label className="text-sm">
            <span className="block text-muted">选择一张图片，拖动圆框选出头像（不能运行脚本时从中间裁成正方形）</span>
            <input
              type="file"
              name="avatar"
              accept="image/*"
              className="mt-1 text-sm"
              aria-label="选择头像图片"
              onChange={(e) => setPicked(e.currentTarget.files?.[0] ?? null)}
            />
          </label>
          <AvatarCropper picked={picked} />
          <button type="submit" disabled={busy} className="rounded-full border border-line px-4 py-1.5 text-sm">
            上传头像
          </button>
          {actionData?.intent === "avatar" && (
            <p role="alert" className="w-full text-sm text-danger">
              {actionData.fieldErrors?.avatar ?? actionData.message}
            </p>
          )}
        </Form>
      </Panel>
      <Panel id="profile-title" title="基本资料">
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <FormAlert message={actionData?.intent === "profile" && !Object.keys(errors).length && actionData.message} />
          <Field formState={form} name="nickname" label="昵称" hint="最多20个字，不能与他人重复" />
          <Field formState={form} name="description" label="个人简介" multiline rows={3} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="favoritesPublic" defaultChecked={profile.favoritesPublic} />
            公开我的收藏（所有人都能在个人中心看到）
          </label>
          <SubmitButton label="保存资料" />
        </Form>
      </Panel>
      <Panel id="portfolio-title" title="作品集">
        <PortfolioForm
          form={{
            rules: portfolioRules,
            errors: actionData?.intent === "portfolio" ? errors : {},
            values: actionData?.intent === "portfolio" ? actionData.values : portfolioValues(profile.portfolio),
          }}
          message={actionData?.intent === "portfolio" && !Object.keys(errors).length && actionData.message}
        />
      </Panel>
      <Panel id="rights-title" title="作品默认设置">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="rights" />
          <FormAlert message={actionData?.intent === "rights" && actionData.message} />
          <p className="text-sm text-muted">新发布的作品从这里的设置开始，每件作品发布时仍可单独修改。</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm font-medium">
              默认许可协议
              <select name="license" defaultValue={defaults.license} className={inputClass}>
                {licenses.map((l) => (
                  <option key={l.key} value={l.key}>
                    {l.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium">
              AI 使用
              <select name="noai" defaultValue={defaults.noai ? "1" : "0"} className={inputClass}>
                <option value="1">不允许 AI 使用</option>
                <option value="0">允许本站 AI 引用</option>
              </select>
            </label>
          </div>
          <SubmitButton label="保存默认设置" />
        </Form>
      </Panel>
      <Panel id="background-title" title="个人中心背景">
        <div
          className="mb-3 h-24 rounded-xl bg-gradient-to-r from-primary-soft to-surface-2 bg-cover bg-center"
          style={
            profile.backgroundImage
              ? { backgroundImage: `url("${encodeURI(profile.smallBackgroundImage)}")` }
              : undefined
          }
        />
        <BackgroundForm
          back="/user/profile"
          className="inline-flex items-center gap-3 rounded-full border border-line px-4 py-1.5 text-sm"
        />
      </Panel>
    </div>
  );
}
