import { Link } from "react-router";
import type { Route } from "./+types/likers";
import { PersonList } from "../../components/PersonList.tsx";
import { NextPage } from "../../components/NextPage.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { useSite } from "../../lib/site.ts";
import { getWork, listLikers } from "../../lib/upstream/works.ts";
import { workIdOf, workTitle } from "../../lib/work.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `喜欢《${loaderData.title}》的人` : "喜欢的人" },
  { name: "robots", content: "noindex" },
];

/** 喜欢的人: who liked a work, latest first, each with a follow button (requirements §2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = workIdOf(params.id);
  const api = apiClient(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const [work, page] = await Promise.all([orErrorPage(getWork(api, id)), orErrorPage(listLikers(api, id, cursor))]);
  return { artId: work.artId, title: workTitle(work), likeCount: work.likeCount, page };
}

export default function Likers({ loaderData }: Route.ComponentProps) {
  const viewer = useSite()?.user;
  const { artId, title, likeCount, page } = loaderData;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-xl font-semibold">
        喜欢
        <Link to={`/art/${artId}`} className="text-primary hover:underline">
          《{title}》
        </Link>
        的人
      </h1>
      <p className="mt-1 text-sm text-muted">{`共 ${likeCount} 人，最近喜欢的在前。`}</p>
      <div className="mt-6">
        <PersonList people={page.results} viewerId={viewer?.id} empty="还没有人喜欢这件作品" />
        {page.hasMore && <NextPage cursor={page.cursor} />}
      </div>
    </main>
  );
}
