import type { Route } from "./+types/about";
import { privileges } from "../../../contract/scores/growth.ts";
import { markStanding } from "../../../contract/charts/charts.ts";
import { SiteLink } from "../../components/SiteLink.tsx";
import { FEEDBACK } from "../../components/Footer.tsx";
import { DocumentPage } from "../../components/DocumentPage.tsx";
import { apiClient } from "../../lib/api.server.ts";
import { siteInfoPage } from "../../lib/site.server.ts";

/** The text an admin wrote in /admin/pages, if any; when the API cannot answer, the built-in text stands. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await siteInfoPage(apiClient(request, context), "about").catch(() => null);
  return { html: page?.html ?? "" };
}

export const meta: Route.MetaFunction = () => [{ title: "关于我们" }];

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <DocumentPage html={loaderData.html} heading={(title) => `关于${title}`}>
      {(title, description) => (
        <>
          <p>{description}</p>
          <h2>我们在做什么</h2>
          <p>
            {title}
            是一个为创作者准备的中文社区。插画师、摄影师、设计师、音乐人、写作者和做项目的人，在这里发布作品、互相关注、彼此点赞与交流。
          </p>
          <ul>
            <li>按节点浏览：插画、摄影、设计、音乐、手作……每一个节点都是一个小小的展厅。</li>
            <li>
              推荐算法只看作品本身获得的喜爱与时间，不看粉丝数量，新人的好作品同样会被看见。为防止刷榜，注册满
              {markStanding.verifiedDays}天并验证了邮箱或手机（或注册满{markStanding.days}
              天）的成员的点赞、收藏和评论才计入推荐、排行榜和积分。
            </li>
            <li>
              签到、发布作品和作品受到喜爱都能获得积分；等级越高，
              {privileges.map((p) => p.label).join("和")}越多（详见“我的积分”）。
            </li>
          </ul>
          <h2>联系我们</h2>
          <p>
            如果你发现了问题，或者有任何建议，欢迎通过页面底部的
            <SiteLink to={FEEDBACK}>意见反馈</SiteLink>
            告诉我们。
          </p>
        </>
      )}
    </DocumentPage>
  );
}
