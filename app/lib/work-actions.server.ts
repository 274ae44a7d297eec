import { data, redirect, type RouterContextProvider } from "react-router";
import { ErrorCode } from "../../contract/errors.ts";
import { ApiFailure, apiClient } from "./api.server.ts";
import { deleteComment, postComment } from "./upstream/comments.ts";
import { deleteWork, recommendWork, toggleWork, type Toggle } from "./upstream/works.ts";
import { flashCookie, type Flash } from "./flash.server.ts";
import { setCookie, readForm } from "./request.server.ts";
import { signinRedirect } from "./site.server.ts";
import { MARKS_ANCHOR } from "./work.ts";

const toggles: Record<Toggle, { success: string }> = {
  like: { success: "点赞成功" },
  unlike: { success: "已取消点赞" },
  favorite: { success: "收藏成功" },
  unfavorite: { success: "已取消收藏" },
};
const isToggle = (intent: string): intent is Toggle => Object.hasOwn(toggles, intent);

/**
 * The posts a work page takes: like, favorite, comment, delete, and (admins) recommend. Without JavaScript each answers with a redirect
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
  try {
    if (isToggle(intent)) {
      await toggleWork(api, intent, artId);
      toast({ kind: "success", text: toggles[intent].success });
      // Without JavaScript, back to the buttons that were pressed, not the top of the page.
      return back(`#${MARKS_ANCHOR}`);
    }
    if (intent === "comment") {
      await postComment(api, {
        workId: artId,
        content: String(form.get("content") ?? ""),
        replyTo: String(form.get("replyTo") ?? "") || undefined,
      });
      toast({ kind: "success", text: "评论成功" });
      return back("#comments");
    }
    if (intent === "deleteComment") {
      await deleteComment(api, Number(form.get("commentId")));
      toast({ kind: "success", text: "评论已删除" });
      return back("#comments");
    }
    if (intent === "recommend" || intent === "unrecommend") {
      await recommendWork(api, artId, intent === "recommend");
      toast({ kind: "success", text: intent === "recommend" ? "已设为编辑推荐，作者会收到通知" : "已取消编辑推荐" });
      return back();
    }
    if (intent === "deleteWork") {
      await deleteWork(api, artId);
      toast({ kind: "success", text: "作品已删除" });
      return redirect("/");
    }
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    if (err.errorCode === ErrorCode.notSignedIn || err.errorCode === ErrorCode.tokenInvalid)
      throw signinRedirect(context, here);
    // requirements §8: a failed like is ignored; other failures say why.
    if (intent === "like" || intent === "unlike") return js ? { ok: false } : redirect(`${here}#${MARKS_ANCHOR}`);
    if (js) return data({ ok: false, error: err.message }, { status: err.status });
    toast({ kind: "error", text: err.message });
    return redirect(here + (intent === "comment" || intent === "deleteComment" ? "#comments" : `#${MARKS_ANCHOR}`));
  }
  return data({ ok: false, error: "未知操作" }, { status: 400 });
}
