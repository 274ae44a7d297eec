import { data, Link } from "react-router";
import type { Route } from "./+types/detail";
import type { WorkDetailView } from "../../../api/types.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { RelativeTime } from "../../components/RelativeTime.tsx";
import { apiClient, asPageError } from "../../lib/api.server.ts";
import { formatDuration, hostOf, workTitle, workTypeLabel } from "../../lib/work.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw data("作品不存在或已删除", { status: 404 });
  try {
    const work = await apiClient(request, context).get<WorkDetailView>(`/art/${params.id}`);
    return { work, url: new URL(request.url).href };
  } catch (err) {
    asPageError(err);
  }
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: "作品不存在" }];
  const { work, url } = data;
  const title = workTitle(work);
  const description = (work.summary || work.content).slice(0, 120);
  const tags = [
    { title: `${title} · ${work.user.nickname}` },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
  ];
  if (work.cover) tags.push({ property: "og:image", content: new URL(work.cover.url, url).href });
  return tags;
};

export default function WorkPage({ loaderData }: Route.ComponentProps) {
  const { work } = loaderData;
  const title = workTitle(work);
  const isPost = work.type === 1;
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[1fr_300px] lg:px-6">
      <article className="min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="work-detail">
        <div className="mb-3 flex items-center gap-2 text-sm text-muted">
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{workTypeLabel[work.type]}</span>
          {work.node && <Link to={`/arts/node/${work.node.nodeId}`} className="hover:text-primary">{work.node.name}</Link>}
        </div>
        <header className="mb-4 flex items-start gap-3">
          {work.type === 2 && work.logo && <img src={work.logo} alt="" width={56} height={56} className="rounded-xl" />}
          <h1 className={`${isPost ? "text-lg" : "text-2xl font-bold"} leading-snug whitespace-pre-wrap break-words`}>{isPost ? work.content : title}</h1>
        </header>
        <div className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <Link to={`/user/${work.user.id}`} className="flex items-center gap-2 text-fg hover:text-primary">
            <Avatar user={work.user} size={30} />
            {work.user.nickname}
          </Link>
          <RelativeTime ms={work.createdAt} />
          <span>{work.viewCount} 次浏览</span>
          <span>♥ {work.likeCount}</span>
        </div>

        {work.type === 3 && work.url && (
          <a href={work.url} target="_blank" rel="nofollow ugc noopener noreferrer" className="mb-5 flex items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 p-4 hover:border-primary">
            <span className="min-w-0">
              <span className="block text-sm text-muted">将前往</span>
              <span className="block truncate font-medium text-primary">{hostOf(work.url)}</span>
              <span className="block truncate text-xs text-muted">{work.url}</span>
            </span>
            <span aria-hidden className="text-xl">↗</span>
          </a>
        )}
        {work.type === 2 && work.url && (
          <p className="mb-5">
            <a href={work.url} target="_blank" rel="nofollow ugc noopener noreferrer" className="inline-flex items-center gap-1 rounded-full bg-primary px-4 py-1.5 text-sm text-on-primary">
              项目主页 ↗
            </a>
          </p>
        )}
        {work.type === 4 && work.audio && (
          <figure className="mb-5 rounded-xl bg-surface-2 p-4">
            <figcaption className="mb-2 text-sm text-muted">♪ {title} · {formatDuration(work.duration)}</figcaption>
            <audio controls preload="metadata" src={work.audio} className="w-full" aria-label={`播放 ${title}`}>
              你的浏览器不支持音频播放。
            </audio>
          </figure>
        )}

        {work.images.length > 0 && (
          <div className="mb-5 space-y-3">
            {work.images.map((img, i) => (
              <img
                key={img.url}
                src={img.url}
                alt={img.alt || `${title} 第${i + 1}张`}
                width={img.width || undefined}
                height={img.height || undefined}
                loading={i < 2 ? "eager" : "lazy"}
                className="h-auto w-full rounded-xl bg-surface-2"
              />
            ))}
          </div>
        )}

        {work.contentHtml ? (
          <div className="prose-work leading-relaxed" dangerouslySetInnerHTML={{ __html: work.contentHtml }} />
        ) : (
          !isPost && work.content && <p className="whitespace-pre-wrap break-words leading-relaxed">{work.content}</p>
        )}

        {work.tags.length > 0 && (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="标签">
            {work.tags.map((t) => (
              <li key={t.tagId}>
                <Link to={`/arts/tag/${t.tagId}`} className="rounded-full bg-surface-2 px-3 py-1 text-sm text-muted hover:text-primary"># {t.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </article>

      <aside className="space-y-4">
        <section className="rounded-2xl border border-line bg-surface p-4" aria-label="作者">
          <Link to={`/user/${work.user.id}`} className="flex items-center gap-3">
            <Avatar user={work.user} size={50} />
            <span>
              <span className="block font-medium">{work.user.nickname}</span>
              <span className="block text-xs text-muted">@{work.user.username}</span>
            </span>
          </Link>
        </section>
      </aside>
    </main>
  );
}
