import type { Route } from "./+types/people";
import { PersonList } from "../../components/PersonList.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { userIdOf } from "../../lib/people.ts";
import { routePattern } from "../../lib/ref.ts";
import { useSite } from "../../lib/site.ts";
import { listFans, listFollowing } from "../../lib/upstream/people.ts";
import { NextPage } from "../../components/NextPage.tsx";

// Which list each route of app/routes.ts that uses this module shows, by its pattern there.
const served = {
  "user/:userId/followers": { list: listFans, empty: "还没有粉丝" },
  "user/:userId/following": { list: listFollowing, empty: "还没有关注任何人" },
} as const;

/** A person's followers, or the people they follow, latest first; 加载更多 is a link to the next cursor. */
export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const { list, empty } = served[routePattern(pattern) as keyof typeof served] ?? served["user/:userId/followers"];
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const page = await orErrorPage(list(apiClient(request, context), userIdOf(params.userId), cursor));
  return { page, empty };
}

export default function People({ loaderData }: Route.ComponentProps) {
  const viewer = useSite()?.user;
  const { page, empty } = loaderData;
  return (
    <section>
      <PersonList people={page.results} viewerId={viewer?.id} empty={empty} />
      {page.hasMore && <NextPage cursor={page.cursor} />}
    </section>
  );
}
