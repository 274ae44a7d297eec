import { data, Form, useFetcher } from "react-router";
import type { Route } from "./+types/push";
import { apiClient, orErrorPage } from "../../../lib/api.server.ts";
import { readForm } from "../../../lib/request.server.ts";
import { requireUser } from "../../../lib/site.server.ts";
import {
  addPushDevice,
  forgetPushDevice,
  getPushSettings,
  removePushDevice,
  savePushKinds,
} from "../../../lib/upstream/push.ts";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { KindChoices } from "../../../components/account/KindChoices.tsx";
import { RelativeTime } from "../../../components/RelativeTime.tsx";
import { PushDevice, type PushDeviceSave } from "../../../components/account/PushDevice.tsx";
import { attempt, done, formBody, refused } from "../../../lib/form-action.server.ts";
import { push } from "../../../../contract/push/endpoints.ts";
import { pushKinds } from "../../../../contract/push/kinds.ts";

export const meta: Route.MetaFunction = () => [{ title: "推送通知" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { settings: await orErrorPage(getPushSettings(apiClient(request, context))) };
}

/** The kinds (a form of its own, with or without the script); this browser's subscription and the list's 移除. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const api = apiClient(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const to = "/user/profile/push";
  if (intent === "kinds") {
    const saved = await attempt(savePushKinds(api, formBody(push.saveKinds, form)));
    if (!saved.ok) return refused(saved.failure, {});
    return done(context, saved.value.kinds.length ? "推送通知已保存" : "已关闭全部推送", to);
  }
  if (intent === "remove") {
    const gone = await attempt(removePushDevice(api, Number(form.get("deviceId")) || 0));
    if (!gone.ok) return refused(gone.failure, {});
    return done(context, "已移除这台设备", to);
  }
  if (intent === "subscribe" || intent === "refresh" || intent === "forget") {
    const call =
      intent === "forget"
        ? forgetPushDevice(api, formBody(push.forget, form))
        : addPushDevice(api, formBody(push.subscribe, form));
    const saved = await attempt(call);
    if (!saved.ok) return refused(saved.failure, {});
    // Answered to the page's script, which already says what happened.
    return data({ message: "", fieldErrors: {} });
  }
  return data({ message: "未知操作", fieldErrors: {} }, 400);
}

const card = "space-y-4 rounded-2xl border border-line bg-surface p-5";

/** 推送通知: news sent to one's devices while the site is closed; none unless chosen, each device added here. */
export default function PushSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const device = useFetcher<typeof action>();
  const save = (fields: PushDeviceSave) => device.submit(fields, { method: "post" });
  const deviceMessage = device.data?.message;
  return (
    <div className="space-y-6">
      <Form method="post" className={card}>
        <FormAlert message={actionData?.message} />
        <input type="hidden" name="intent" value="kinds" />
        <p className="text-sm text-muted">
          选中的通知会推送到你开启了推送的设备上，即使没有打开艺社也能收到；不选就不会推送。
        </p>
        <KindChoices legend="推送这些通知" kinds={pushKinds} chosen={settings.kinds} />
        <SubmitButton label="保存" />
      </Form>
      <section className={card} aria-labelledby="devices-title">
        <h2 id="devices-title" className="font-semibold">
          设备
        </h2>
        <PushDevice publicKey={settings.publicKey} onSave={save} />
        {deviceMessage && (
          <p className="text-sm text-danger" role="alert">
            {deviceMessage}
          </p>
        )}
        {settings.devices.length > 0 ? (
          <ul className="divide-y divide-line" aria-label="已开启推送的设备">
            {settings.devices.map((d) => (
              <li key={d.id} className="flex items-center gap-3 py-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{d.label}</span>
                  <span className="ml-2 text-muted">
                    添加于 <RelativeTime ms={d.createdAt} />
                    {d.lastSentAt && (
                      <>
                        {" · 最近推送 "}
                        <RelativeTime ms={d.lastSentAt} />
                      </>
                    )}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="deviceId" value={d.id} />
                  <button type="submit" className="text-xs text-muted hover:text-danger">
                    移除<span className="sr-only">{d.label}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">还没有设备开启推送。</p>
        )}
      </section>
    </div>
  );
}
