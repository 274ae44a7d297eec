import { Link } from "react-router";
import { ScorePrivileges } from "../../components/ScorePrivileges.tsx";
import type { Route } from "./+types/scores";
import { checkinRule, levels, rewards } from "../../../contract/scores/growth.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { CheckinButton } from "../../components/CheckinButton.tsx";
import { Panel } from "../../components/Panel.tsx";
import { RelativeTime } from "../../components/RelativeTime.tsx";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { requireUser } from "../../lib/site.server.ts";
import { getLeaderboard, getScores } from "../../lib/upstream/inbox.ts";

export const meta: Route.MetaFunction = () => [{ title: "我的积分" }, { name: "robots", content: "noindex" }];

/** /user/scores (requirements §2): balance, level, the day's sign-in, every change with its reason, and the leaderboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  const api = apiClient(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const [summary, board] = await Promise.all([orErrorPage(getScores(api, cursor)), orErrorPage(getLeaderboard(api))]);
  return { summary, board, meId: me.id };
}

const ways: [string, string][] = [
  [
    "每日签到",
    `${checkinRule.base} 分起，连续签到每天多 ${checkinRule.step} 分，最多 ${checkinRule.max} 分；断签从头算`,
  ],
  ["发布作品", `每件 ${rewards.publish} 分，每天前 ${rewards.publishPerDay} 件有效；作品删除后收回`],
  ["作品被点赞", `每人每件作品 ${rewards.like} 分（取消再赞不重复计）`],
  ["作品被收藏", `每人每件作品 ${rewards.favorite} 分`],
  ["作品被评论", `每条他人的评论 ${rewards.comment} 分`],
  ["获得新粉丝", `每位粉丝 ${rewards.fan} 分（取关再关注不重复计）`],
  ["作品被推荐", `每件作品被编辑推荐一次 ${rewards.recommended} 分`],
];

export default function Scores({ loaderData }: Route.ComponentProps) {
  const { summary, board, meId } = loaderData;
  const { level } = summary;
  const progress =
    level.next === null ? 100 : Math.round(((summary.score - level.min) / (level.next - level.min)) * 100);
  return (
    <main className="mx-auto grid max-w-5xl gap-5 px-4 py-6 lg:grid-cols-[1fr_320px]">
      <div className="space-y-5">
        <h1 className="text-2xl font-semibold">我的积分</h1>
        <section
          className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2"
          aria-label="积分与等级"
        >
          <div>
            <p className="text-sm text-muted">当前积分</p>
            <p className="text-4xl font-semibold text-primary" data-testid="score-balance">
              {summary.score}
            </p>
            <p className="mt-1 text-sm text-muted">排行第 {summary.rank} 名</p>
          </div>
          <div>
            <p className="text-sm text-muted">等级</p>
            <p className="text-xl font-semibold" data-testid="score-level">
              Lv{level.level} {level.name}
            </p>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-surface-2"
              role="progressbar"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label="升级进度"
            >
              <div
                className="h-full rounded-full bg-primary"
                style={{ width: `${Math.max(0, Math.min(progress, 100))}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-muted">
              {level.next === null ? "已是最高等级" : `再得 ${level.next - summary.score} 分升到下一级`}
            </p>
          </div>
          <div className="sm:col-span-2">
            {summary.checkin.today ? (
              <CheckinButton state={summary.checkin} className="rounded-lg bg-surface-2" />
            ) : (
              <div className="flex items-center gap-3">
                <div className="min-w-0 flex-1 text-sm text-muted">
                  {summary.checkin.streak ? `已连续签到 ${summary.checkin.streak} 天，今天签到继续` : "今天还没有签到"}
                </div>
                <CheckinButton state={summary.checkin} className="w-44" />
              </div>
            )}
          </div>
        </section>

        <Panel id="ledger" title="积分明细">
          {summary.ledger.results.length ? (
            <ul className="divide-y divide-line" data-testid="score-ledger">
              {summary.ledger.results.map((e) => (
                <li key={e.entryId} className="flex items-center gap-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    {e.label}
                    <RelativeTime ms={e.createdAt} className="ml-2 text-xs text-muted" />
                  </span>
                  <span className={`w-14 text-right font-medium ${e.delta >= 0 ? "text-success" : "text-danger"}`}>
                    {e.delta >= 0 ? `+${e.delta}` : e.delta}
                  </span>
                  <span className="w-16 text-right text-xs text-muted">余 {e.balance}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="py-6 text-center text-sm text-muted">还没有积分记录，先签个到吧</p>
          )}
          {summary.ledger.hasMore && (
            <p className="mt-3 text-center">
              <Link to={`?cursor=${encodeURIComponent(summary.ledger.cursor)}`} className="text-sm text-primary">
                更早的记录
              </Link>
            </p>
          )}
        </Panel>

        <Panel id="privileges" title="积分的用处">
          <p className="mb-2 text-sm text-muted">等级越高，能做的越多：</p>
          <ScorePrivileges score={summary.score} />
        </Panel>

        <Panel id="rules" title="怎样获得积分">
          <table className="w-full text-sm">
            <tbody>
              {ways.map(([what, how]) => (
                <tr key={what} className="border-b border-line last:border-0">
                  <th scope="row" className="w-28 py-2 text-left font-medium">
                    {what}
                  </th>
                  <td className="py-2 text-muted">{how}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-muted">
            等级：{levels.map((l) => `Lv${l.level} ${l.name}（${l.min}）`).join(" · ")}
          </p>
        </Panel>
      </div>

      <aside aria-labelledby="board" className="h-fit rounded-2xl border border-line bg-surface p-4">
        <h2 id="board" className="mb-2 font-semibold">
          积分排行
        </h2>
        {board.length ? (
          <ol className="space-y-1" data-testid="leaderboard">
            {board.map((e) => (
              <li
                key={e.user.id}
                className={`flex items-center gap-2 rounded-lg p-1.5 text-sm ${e.user.id === meId ? "bg-primary-soft" : ""}`}
              >
                <span className={`w-6 text-center font-semibold ${e.rank <= 3 ? "text-primary" : "text-muted"}`}>
                  {e.rank}
                </span>
                <Link to={`/user/${e.user.id}`} className="flex min-w-0 flex-1 items-center gap-2 hover:text-primary">
                  <Avatar user={e.user} size={24} />
                  <span className="truncate">{e.user.nickname}</span>
                </Link>
                <span className="text-xs text-muted">Lv{e.level}</span>
                <span className="w-12 text-right font-medium">{e.score}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="py-6 text-center text-sm text-muted">还没有人上榜</p>
        )}
      </aside>
    </main>
  );
}
