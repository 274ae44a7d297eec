import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/detail";
import type { WorkDetailView } from "../../../contract/works/views.ts";
import { Comments } from "../../components/Comments.tsx";
import { ShareMenu } from "../../components/ShareMenu.tsx";
import { ToggleButton } from "../../components/ToggleButton.tsx";
import { TipBox } from "../../components/TipBox.tsx";
import { WorkBody } from "../../components/WorkBody.tsx";
import { TagList } from "../../components/WorkLabels.tsx";
import { WorkRights } from "../../components/WorkRights.tsx";
import { WorkHead } from "../../components/WorkHead.tsx";
import { Gallery } from "../../components/Gallery.tsx";
import { SeriesNav } from "../../components/SeriesNav.tsx";
import { FolderPicker } from "../../components/FolderPicker.tsx";
import { listSeriesOf } from "../../lib/upstream/series.ts";
import { currentUser } from "../../lib/site.server.ts";
import { licenseOf, NOAI_ROBOTS } from "../../../contract/works/rights.ts";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { listComments } from "../../lib/upstream/comments.ts";
import { getWork, listWorks, viewWork } from "../../lib/upstream/works.ts";
import { getProfile } from "../../lib/upstream/people.ts";
import { AuthorCard } from "../../components/AuthorCard.tsx";
import { workAction } from "./work-actions.server.ts";
import { MARKS_ANCHOR, workIdOf, workTitle } from "../../lib/work.ts";
import { claimPath, isDataRequest, reportPath, routePattern } from "../../lib/ref.ts";
import { webContext } from "../../lib/context.ts";
import { hasFlash } from "../../lib/flash.server.ts";
import { isCrawler } from "../../lib/request.server.ts";
import { useViewCount } from "./view-count.ts";
import { WorkType } from "../../../contract/shared/kinds.ts";
import { useSite } from "../../lib/site.ts";
import { jsonForScript } from "../../../contract/shared/html.ts";
import { pack, unpack } from "../../speed/packed.ts";
import { storedForVisitors } from "../../lib/visitor-cache.ts";

// /art, /project and /link without an id go to their listings (by the route's pattern in app/routes.ts).
const listingOf: Record<string, string> = { "art/:id?": "/arts", "project/:id?": "/projects", "link/:id?": "/links" };

export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  if (!params.id) throw redirect(listingOf[routePattern(pattern)] ?? "/arts");
  const id = workIdOf(params.id);
  const url = new URL(request.url);
  const api = apiClient(request, context);
  // A person opening the page is one view: a document GET. Data requests (revalidation after a like or a comment,
  // paging the comments) only read, and so does the page a form post redirects back to (it carries its toast);
  // a client-side arrival counts itself from the browser (useViewCount). A crawler's fetch is no one's view, and
  // its page must not count itself either (search engines run the page's script).
  const crawler = isCrawler(request);
  const counted = request.method === "GET" && !isDataRequest(request) && !hasFlash(request) && !crawler;
  // The work comes with the series it is in and the reader's favorite folders (contract/works/work-page.ts).
  const [{ seriesAround: around, folders, ...work }, comments, me] = await orErrorPage(
    Promise.all([
      counted ? viewWork(api, id) : getWork(api, id),
      listComments(api, id, url.searchParams.get("comments") || undefined),
      currentUser(request, context),
    ]),
  );
  // The author's own series, for the form that adds the work to one; nobody else's page asks for them.
  const [author, byAuthor, own] = await orErrorPage(
    Promise.all([
      getProfile(api, work.user.id),
      listWorks(api, { userId: work.user.id, order: "newest", limit: 5 }),
      me?.id === work.user.id ? listSeriesOf(api, me.id) : null,
    ]),
  );
  const more = unpack(byAuthor.results)
    .filter((w) => w.artId !== work.artId)
    .slice(0, 4);
  const canonical = `${context.get(webContext).siteUrl}/art/${id}`;
  const replyId = Number(url.searchParams.get("replyTo"));
  const replyTo = comments.results.flatMap((c) => [c, ...c.replies]).find((c) => c.commentId === replyId) ?? null;
  // A Markdown body goes to the page once, as HTML: its source would double the page's data and is never drawn.
  // Packed: a work with its comments, author and more works is some 250 values to turbo-stream otherwise.
  // The same wish in a header, for crawlers that read the answer's headers rather than the page.
  // A visitor's page reads the same for every visitor until the work, its comments or its author change.
  const headers: Record<string, string> = {
    ...(work.rights.noai && { "X-Robots-Tag": NOAI_ROBOTS }),
    ...(!me && storedForVisitors(work.artId)),
  };
  return data(
    pack({
      work: work.contentHtml ? { ...work, content: "" } : work,
      comments,
      canonical,
      replyTo,
      counted: counted || crawler,
      author,
      more,
      series: { around, own },
      folders,
    }),
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context, params }: Route.ActionArgs) {
  return workAction(request, context, workIdOf(params.id));
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "作品不存在" }];
  const { work, canonical } = unpack(loaderData);
  const title = workTitle(work);
  const description = (work.summary || work.content).replace(/\s+/g, " ").slice(0, 120);
  const tags: Record<string, string>[] = [
    { title: `${title} · ${work.user.nickname}` },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  // The share poster (cover, title, author and QR code) stands for the work wherever its link is shared.
  if (!work.state)
    tags.push(
      { property: "og:image", content: new URL(`/api/art/poster/${work.artId}`, canonical).href },
      { property: "og:image:width", content: "750" },
      { property: "og:image:height", content: "1060" },
    );
  // The author keeps it from AI: crawlers that honour it are asked not to learn from the page or its pictures.
  if (work.rights.noai) tags.push({ name: "robots", content: NOAI_ROBOTS });
  return tags;
};

/** Structured data for crawlers; "<" is escaped so no text can close the script element. */
function jsonLd(work: WorkDetailView, canonical: string): string {
  const type =
    work.type === WorkType.music ? "MusicRecording" : work.type === WorkType.article ? "Article" : "CreativeWork";
  const doc = {
    "@context": "https://schema.org",
    "@type": type,
    name: workTitle(work),
    headline: workTitle(work).slice(0, 110),
    url: canonical,
    datePublished: new Date(work.createdAt).toISOString(),
    dateModified: new Date(work.updatedAt).toISOString(),
    author: { "@type": "Person", name: work.user.nickname, url: new URL(`/user/${work.user.id}`, canonical).href },
    image: work.images.map((i) => new URL(i.url, canonical).href),
    keywords: work.tags.map((t) => t.name).join(","),
    ...(work.rights.source
      ? { isBasedOn: work.rights.source.url }
      : { license: new URL(licenseOf(work.rights.license).url, canonical).href }),
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: work.likeCount,
      },
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: work.commentCount,
      },
    ],
  };
  return jsonForScript(doc);
}

export default function WorkPage({ loaderData }: Route.ComponentProps) {
  const { work, comments, canonical, replyTo, counted, author, more, series, folders } = unpack(loaderData);
  useViewCount(work.artId, counted);
  const viewer = useSite()?.user;
  const action = `/art/${work.artId}`;
  // A work of pictures shows them across the page on a wide screen; an article keeps them by its text, a song by its
  // player.
  const showcase = work.images.length > 0 && (work.type === WorkType.post || work.type === WorkType.project);
  const card = "min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-6";
  const pinned = author.isSelf && author.portfolio.pinned.includes(work.artId);
  const head = <WorkHead work={work} viewer={viewer ?? null} action={action} pinned={pinned} awards={work.awards} />;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 lg:px-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(work, canonical) }} />
      <article className={showcase ? "space-y-6" : "grid gap-6 lg:grid-cols-[1fr_300px]"} data-testid="work-detail">
        {showcase && (
          <div className={card}>
            {head}
            <Gallery images={work.images} title={workTitle(work)} wide />
          </div>
        )}
        <div className={showcase ? "grid gap-6 lg:grid-cols-[1fr_300px]" : "contents"}>
          <div className={card}>
            {!showcase && head}
            <WorkBody work={work} pictures={!showcase} />
            {work.tags.length > 0 && (
              <TagList
                tags={work.tags}
                className="mt-6 flex flex-wrap gap-2"
                aria-label="标签"
                chip={() => ({
                  className: "rounded-full bg-surface-2 px-3 py-1 text-sm text-muted hover:text-primary",
                })}
              />
            )}
            <WorkRights rights={work.rights} />
            <SeriesNav around={series.around} own={series.own} action={action} authorId={work.user.id} />
            <div id={MARKS_ANCHOR} className="mt-6 flex scroll-mt-24 flex-wrap items-center gap-3">
              <ToggleButton action={action} mark="like" on={work.liked} count={work.likeCount} />
              <ToggleButton action={action} mark="favorite" on={work.favorited} count={work.favoriteCount} />
              {folders && <FolderPicker folders={folders} action={action} />}
              <TipBox
                tips={work.tips}
                action={action}
                mayTip={viewer?.id !== work.user.id && !work.state}
                balance={viewer ? viewer.score : null}
              />
              {work.likeCount > 0 && (
                <Link to={`/art/${work.artId}/likers`} className="text-sm text-muted hover:text-primary">
                  喜欢的人
                </Link>
              )}
              <ShareMenu
                url={canonical}
                title={workTitle(work)}
                qrSrc={`/art/${work.artId}/qr.svg`}
                posterSrc={work.state ? null : `/api/art/poster/${work.artId}`}
              />
              {viewer?.id !== work.user.id && (
                <Link
                  to={reportPath("work", work.artId, `/art/${work.artId}`)}
                  aria-label="举报这件作品"
                  className="ml-auto text-sm text-muted hover:text-primary"
                >
                  举报
                </Link>
              )}
              {viewer?.id !== work.user.id && (
                <Link
                  to={claimPath(work.artId, `/art/${work.artId}`)}
                  className="text-sm text-muted hover:text-primary"
                >
                  版权申诉
                </Link>
              )}
            </div>
            <Comments artId={work.artId} page={comments} viewerId={viewer?.id ?? null} replyTo={replyTo} />
          </div>
          <aside className="space-y-4">
            <AuthorCard author={author} more={more} />
          </aside>
        </div>
      </article>
    </main>
  );
}
