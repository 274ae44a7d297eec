import { Form, Link } from "react-router";
import type { Route } from "./+types/favorites-folder";
import { apiClient, orErrorPage } from "../lib/api.server.ts";
import { idParam } from "../lib/params.ts";
import { readForm } from "../lib/request.server.ts";
import { requireUser } from "../lib/site.server.ts";
import { attempt, done, toastAndGo } from "../lib/form-action.server.ts";
import { getFolder, removeFolder, updateFolder } from "../lib/upstream/folders.ts";
import { useSite } from "../lib/site.ts";
import { WorkFeed } from "../components/WorkFeed.tsx";
import { Avatar } from "../components/Avatar.tsx";
import { ConfirmPost } from "../components/ConfirmPost.tsx";
import { folderLimits } from "../../contract/shared/limits.ts";

/** /favorites/:id: a favorite folder's works, the latest put in first; its owner renames it or deletes it here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, "收藏夹不存在或未公开");
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  return { page: await orErrorPage(getFolder(apiClient(request, context), id, cursor)) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? [{ title: `${d.page.folder.name} · ${d.page.user.nickname}的收藏夹` }, { name: "robots", content: "noindex" }]
    : [{ title: "收藏夹不存在" }];

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context);
  const id = idParam(params.id, "收藏夹不存在或未公开");
  const here = `/favorites/${id}`;
  const api = apiClient(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const gone = await attempt(removeFolder(api, id));
    if (!gone.ok) return toastAndGo(context, gone.failure, here);
    return done(context, "收藏夹已删除，里面的作品仍在收藏中", "/user/favorites");
  }
  const saved = await attempt(
    updateFolder(api, id, { name: String(form.get("name") ?? ""), public: form.get("public") ? "1" : "" }),
  );
  if (!saved.ok) return toastAndGo(context, saved.failure, here);
  return done(context, "收藏夹已保存", here);
}

export default function FolderPage({ loaderData }: Route.ComponentProps) {
  const { folder, user, works } = loaderData.page;
  const mine = useSite()?.user?.id === user.id;
  return (
    <main className="mx-auto max-w-6xl space-y-5 px-4 py-6 lg:px-6">
      <header className="rounded-2xl border border-line bg-surface p-5">
        <p className="mb-1 text-xs text-primary">收藏夹{folder.public ? "" : " · 私密"}</p>
        <h1 className="text-2xl font-bold">{folder.name}</h1>
        <p className="mt-3 flex items-center gap-3 text-sm text-muted">
          <Link to={`/user/${user.id}`} className="flex items-center gap-2 text-fg hover:text-primary">
            <Avatar user={user} size={24} />
            {user.nickname}
          </Link>
          <span>{folder.workCount} 件作品</span>
        </p>
        {mine && (
          <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-line pt-4 text-sm">
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <label className="text-xs text-muted">
                名称
                <input
                  name="name"
                  required
                  defaultValue={folder.name}
                  maxLength={folderLimits.name}
                  className="mt-1 block rounded-lg border border-line bg-surface px-2 py-1 text-sm text-fg"
                />
              </label>
              <label className="flex items-center gap-1">
                <input type="checkbox" name="public" value="1" defaultChecked={folder.public} /> 公开
              </label>
              <button type="submit" className="rounded-full border border-line px-4 py-1 hover:border-primary">
                保存
              </button>
            </Form>
            <ConfirmPost action="" intent="delete" confirm={`删除收藏夹“${folder.name}”？里面的作品仍在收藏中。`}>
              删除收藏夹
            </ConfirmPost>
          </div>
        )}
      </header>
      <h2 className="sr-only">收藏的作品</h2>
      <WorkFeed page={works} empty="这个收藏夹还是空的" />
    </main>
  );
}
