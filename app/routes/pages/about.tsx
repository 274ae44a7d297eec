import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/about";
import type { loader as rootLoader } from "../../root.tsx";

export const meta: Route.MetaFunction = () => [{ title: "关于我们" }];

export default function About() {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const title = site?.config.siteTitle ?? "艺社";
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article className="prose-work rounded-2xl border border-line bg-surface p-6 sm:p-8">
        <h1 className="mb-4 text-2xl font-bold">关于{title}</h1>
        <p>{site?.config.siteDescription}</p>
        <h2>我们在做什么</h2>
        <p>
          {title}
          是一个为创作者准备的中文社区。插画师、摄影师、设计师、音乐人、写作者和做项目的人，在这里发布作品、互相关注、彼此点赞与交流。
        </p>
        <ul>
          <li>按节点浏览：插画、摄影、设计、音乐、手作……每一个节点都是一个小小的展厅。</li>
          <li>推荐算法只看作品本身获得的喜爱与时间，不看粉丝数量，新人的好作品同样会被看见。</li>
          <li>每日签到可以获得积分，积分会用于社区里的小小特权。</li>
        </ul>
        <h2>联系我们</h2>
        <p>如果你发现了问题，或者有任何建议，欢迎通过页面底部的链接告诉我们。</p>
      </article>
    </main>
  );
}
