import { data, redirect, type RouterContextProvider } from "react-router";
import { ErrorCode } from "../../../contract/shared/errors.ts";
import { apiClient, type ApiClient } from "../../lib/api.server.ts";
import { attempt, refused, toastAndGo } from "../../lib/form-action.server.ts";
import { deleteComment, likeComment, postComment } from "../../lib/upstream/comments.ts";
import { deleteWork, recommendWork, toggleWork, type Toggle } from "../../lib/upstream/works.ts";
import { tipWork } from "../../lib/upstream/commissions.ts";
import { addToSeries } from "../../lib/upstream/series.ts";
import { pinWork } from "../../lib/upstream/people.ts";
import { createFolder, putInFolder } from "../../lib/upstream/folders.ts";
import { flashCookie, type Flash } from "../../lib/flash.server.ts";
import { setCookie, readForm } from "../../lib/request.server.ts";
import { signinRedirect } from "../../lib/site.server.ts";
import { MARKS_ANCHOR } from "../../lib/work.ts";

const toggles: Record<Toggle, { success: string }> = {
  like: { success: "点赞成功" },
  unlike: { success: "已取消点赞" },
  favorite: { success: "收藏成功" },
  unfavorite: { success: "已取消收藏" },
};
const isToggle = (intent: string): intent is Toggle => Object.hasOwn(toggles, intent);

/**
 * The posts a work page takes: like, favorite, comment, delete, add to a series, and (admins) recommend. Without JavaScript each answers with a redirect
 * back and a toast; with it (`js=1`), with data for the fetcher, and the toast comes with the revalidation.
 */
export async function workAction(request: Request, context: Readonly<RouterContextProvider>, artId: number) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const js = form.get("js") === "1";
  const api = apiClient(request, context);
  const here = `/art/${artId}`;
  const toast = (flash: Flash) => setCookie(context, flashCookie(flash));
  const back = (hash = "") => (js ? { ok: true } : redirect(here + hash));

  if (!api.token) throw signinRedirect(context, here);
  const hash = intent.endsWith("likeComment")
    ? `#comment-${Number(form.get("commentId"))}`
    : intent === "comment" || intent === "deleteComment"
      ? "#comments"
      : intent === "addToSeries"
        ? "#series"
        : `#${MARKS_ANCHOR}`;
  const call = callFor(api, intent, artId, form);
  if (!call) return data({ ok: false, error: "未知操作" }, { status: 400 });
  const sent = await attempt(call.run());
  if (sent.ok) {
    if (call.success) toast({ kind: "success", text: call.success });
    // Without JavaScript, back to the buttons that were pressed, not the top of the page.
    return intent === "deleteWork" ? redirect("/") : back(hash);
  }
  const { failure } = sent;
  if (failure.errorCode === ErrorCode.notSignedIn || failure.errorCode === ErrorCode.tokenInvalid)
    throw signinRedirect(context, here);
  // requirements §8: a failed like is ignored; other failures say why.
  if (intent === "like" || intent === "unlike") return js ? { ok: false } : redirect(`${here}#${MARKS_ANCHOR}`);
  if (js) return refused(failure, { ok: false, error: failure.message });
  return toastAndGo(context, failure, here + hash);
}

/** The API call a work page's post stands for, and its toast; null for an intent the page does not have. */
function callFor(
  api: ApiClient,
  intent: string,
  artId: number,
  form: FormData,
): { run: () => Promise<unknown>; success: string } | null {
  if (isToggle(intent)) return { run: () => toggleWork(api, intent, artId), success: toggles[intent].success };
  if (intent === "comment")
    return {
      run: () =>
        postComment(api, {
          workId: artId,
          content: String(form.get("content") ?? ""),
          replyTo: String(form.get("replyTo") ?? "") || undefined,
        }),
      success: "评论成功",
    };
  if (intent === "deleteComment")
    return { run: () => deleteComment(api, Number(form.get("commentId"))), success: "评论已删除" };
  if (intent === "recommend" || intent === "unrecommend")
    return {
      run: () => recommendWork(api, artId, intent === "recommend", String(form.get("reason") ?? "")),
      success: intent === "recommend" ? "已选入编辑精选，作者会收到通知" : "已移出编辑精选",
    };
  if (intent === "deleteWork") return { run: () => deleteWork(api, artId), success: "作品已删除" };
  if (intent === "tip")
    return { run: () => tipWork(api, artId, Number(form.get("amount"))), success: "打赏成功，谢谢你支持创作者" };
  // A comment's like says nothing: the heart and its count change where it was pressed.
  if (intent === "likeComment" || intent === "unlikeComment")
    return { run: () => likeComment(api, Number(form.get("commentId")), intent === "likeComment"), success: "" };
  if (intent === "pin" || intent === "unpin")
    return {
      run: () => pinWork(api, artId, intent === "pin"),
      success: intent === "pin" ? "已置顶到个人主页" : "已取消置顶",
    };
  if (intent === "putFolder")
    return {
      run: () => putInFolder(api, Number(form.get("folderId")), artId, form.get("on") === "1"),
      success: form.get("on") === "1" ? "已放入收藏夹" : "已移出收藏夹",
    };
  if (intent === "newFolder")
    return {
      run: async () => {
        const made = await createFolder(api, {
          name: String(form.get("name") ?? ""),
          public: form.get("public") ? "1" : "",
        });
        return putInFolder(api, made.folderId, artId, true);
      },
      success: "已新建收藏夹并放入",
    };
  if (intent === "addToSeries")
    return { run: () => addToSeries(api, Number(form.get("seriesId")), artId), success: "已加入合集" };
  return null;
}
