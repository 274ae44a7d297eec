import type { Route } from "./+types/protocol";
import { DocumentPage } from "../../components/DocumentPage.tsx";
import { apiClient } from "../../lib/api.server.ts";
import { siteInfoPage } from "../../lib/site.server.ts";

/** The text an admin wrote in /admin/pages, if any; when the API cannot answer, the built-in text stands. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await siteInfoPage(apiClient(request, context), "protocol").catch(() => null);
  return { html: page?.html ?? "" };
}

export const meta: Route.MetaFunction = () => [{ title: "用户协议" }];

/** The user agreement, shown at /protocol and /agreement/agreement. */
export default function Protocol({ loaderData }: Route.ComponentProps) {
  return (
    <DocumentPage html={loaderData.html} heading={(title) => `${title}用户协议`}>
      {(title) => (
        <>
          <p>欢迎使用{title}。注册或使用本站，即表示你已阅读并同意以下条款。</p>
          <h2>一、账号</h2>
          <p>
            你应当使用真实、合法的信息注册账号，并妥善保管密码。账号仅限本人使用，因保管不善造成的损失由你自行承担。
          </p>
          <h2>二、作品与版权</h2>
          <p>
            你在本站发布的作品，版权归你本人所有。你授予本站在站内展示、推荐该作品的非独占许可。请勿发布他人享有版权的内容。
          </p>
          <h2>三、社区规范</h2>
          <ul>
            <li>不得发布违反法律法规、危害国家安全或社会公共利益的内容。</li>
            <li>不得发布色情、暴力、歧视、骚扰他人的内容。</li>
            <li>不得发布广告、刷赞刷粉或其他扰乱社区秩序的行为。</li>
          </ul>
          <h2>四、个人信息</h2>
          <p>我们只收集提供服务所必需的信息，密码经加密存储，不会向第三方出售你的个人信息。</p>
          <h2>五、AI 生成内容</h2>
          <p>本站部分内容由已备案的国产AI大模型生成，仅供参考，重要信息请注意核实。</p>
          <h2>六、协议变更</h2>
          <p>本协议可能随社区发展而更新，更新后会在本页公布。继续使用本站即视为同意更新后的协议。</p>
        </>
      )}
    </DocumentPage>
  );
}
